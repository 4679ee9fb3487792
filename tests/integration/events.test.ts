import { expect, it } from "vitest";
import { publishChange } from "#app/db/changes.server.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { openChangeFeed } from "#app/services/events.server.ts";
import { enqueueMail } from "#app/services/mail.server.ts";
import { describeEachDatabase } from "../support/database.ts";

function nextEvents(count: number, feed: Awaited<ReturnType<typeof openChangeFeed>>, timeoutMs = 3000) {
  return new Promise<unknown[]>((resolve) => {
    const seen: unknown[] = [];
    const stop = feed.subscribe((event) => {
      seen.push(event);
      if (seen.length === count) finish();
    });
    const timer = setTimeout(finish, timeoutMs);
    function finish() {
      clearTimeout(timer);
      stop();
      resolve(seen);
    }
  });
}

describeEachDatabase("change events", (database) => {
  it("delivers a change after its transaction commits, and nothing for a rollback", async () => {
    const feed = await openChangeFeed(database());
    try {
      const events = nextEvents(2, feed);
      await expect(
        database().db.transaction(async (tx) => {
          await publishChange(tx, { table: "customers", id: "rolled-back" });
          throw new Error("rollback");
        }),
      ).rejects.toThrow("rollback");
      await database().db.transaction(async (tx) => {
        await publishChange(tx, { table: "contact_submissions", id: "a" });
      });
      await publishChange(database().db, { table: "invoices", id: "b" });
      expect(await events).toEqual([
        { table: "contact_submissions", id: "a" },
        { table: "invoices", id: "b" },
      ]);
    } finally {
      await feed.close();
    }
  });

  it("stops delivering after unsubscribe and close", async () => {
    const feed = await openChangeFeed(database());
    const seen: unknown[] = [];
    const stop = feed.subscribe((event) => seen.push(event));
    stop();
    // no fixed wait: events arrive in order, so once a later one reached another subscriber,
    // "x" would have reached the unsubscribed one
    const later = nextEvents(2, feed);
    await publishChange(database().db, { table: "projects", id: "x" });
    await publishChange(database().db, { table: "projects", id: "later" });
    expect(await later).toEqual([
      { table: "projects", id: "x" },
      { table: "projects", id: "later" },
    ]);
    expect(seen).toEqual([]);
    await feed.close();
  });

  it("tells the mail worker that mail was queued once the transaction commits, and not for a rollback", async () => {
    await seedBaseline(database().db);
    const feed = await openChangeFeed(database());
    try {
      const heard: string[] = [];
      // a change event published after each step marks when the mail notice would have arrived
      const marks = feed.subscribe((event) => heard.push(event.id));
      feed.onMailQueued(() => heard.push("mail"));
      const settled = nextEvents(2, feed);
      await expect(
        database().db.transaction(async (tx) => {
          await enqueueMail(tx, { to: "a@example.test", subject: "Rolled back", text: "No." });
          throw new Error("rollback");
        }),
      ).rejects.toThrow("rollback");
      await publishChange(database().db, { table: "projects", id: "after the rollback" });
      await database().db.transaction(async (tx) => {
        await enqueueMail(tx, { to: "a@example.test", subject: "One", text: "One." });
        await enqueueMail(tx, { to: "b@example.test", subject: "Two", text: "Two." });
        expect(heard).not.toContain("mail");
      });
      await publishChange(database().db, { table: "projects", id: "after the commit" });
      await settled;
      marks();
      // one notice for the committed transaction's two mails (identical notices fold into one)
      expect(heard).toEqual(["after the rollback", "mail", "after the commit"]);
    } finally {
      await feed.close();
    }
  });
});
