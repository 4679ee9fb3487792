/**
 * A document saved in send mode is mailed exactly once even when the process dies in between (issue 35,
 * ADR 0049): the production server makes a send-mode retainer's invoice at start and is killed with
 * SIGKILL the moment the invoice can be seen. The invoice and its mail were one transaction: the data
 * directory holds a sent invoice and its one queued mail (never a sent invoice without a mail, nor a
 * mail without its invoice). Restarted, the server delivers that mail once, with the PDF rendered then
 * (it says Sent), and its job makes no second invoice and no second mail.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { invoiceSends, invoices, mailOutbox, projects, recurringSchedules, sessions, users } from "#app/db/schema.ts";
import { todayIn } from "#app/domain/dates.ts";
import type { ProjectPricing } from "#app/domain/projects.ts";
import { hashToken } from "#app/services/auth/tokens.server.ts";
import { adminAccount, dataDirWithAccounts } from "../support/accounts.ts";
import { mailParts } from "../support/mime.ts";
import { pdfText } from "../support/pdf.ts";
import { insertCustomer } from "../support/records.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const fees: ProjectPricing = {
  type: "fixed",
  phases: [],
  recurring_fees: [{ id: "fee-1", name: "Hosting", amount: 49 }],
};

/** A customer with a monthly send-mode schedule due today, and a session for the admin (its cookie). */
async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const today = todayIn("America/New_York");
    const ada = await insertCustomer(db, { name: "Ada Lovelace", email: "ada@client.test" });
    const [project] = await db
      .insert(projects)
      .values({ customerId: ada?.id ?? "", projectName: "Hosting", pricingDetails: fees })
      .returning();
    const [schedule] = await db
      .insert(recurringSchedules)
      .values({
        projectId: project?.id ?? "",
        customerId: ada?.id ?? "",
        frequency: "month",
        startDate: today,
        nextDue: today,
        mode: "send",
      })
      .returning();
    const [owner] = await db.select().from(users).where(eq(users.email, adminAccount.email));
    const token = randomBytes(32).toString("base64url");
    await db
      .insert(sessions)
      .values({ id: hashToken(token), userId: owner?.id ?? "", expiresAt: new Date(Date.now() + 86_400_000) });
    const cookie = `studio_session=${encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64"))}`;
    return { scheduleId: schedule?.id ?? "", cookie };
  } finally {
    await database.close();
  }
}

async function stored(dataDir: string, scheduleId: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const made = await db.select().from(invoices).where(eq(invoices.scheduleId, scheduleId));
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "ada@client.test"));
    const sends = await db.select().from(invoiceSends);
    // a claim the killed process held would expire after some minutes: that time passes here
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(mailOutbox.status, "pending"), eq(mailOutbox.to, "ada@client.test")));
    return { made, mail, sends };
  } finally {
    await database.close();
  }
}

describe("kill -9 right after a send-mode invoice is saved [pglite]", () => {
  const dirs: string[] = [];
  let server: TestServer | null = null;
  afterAll(async () => {
    await server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("mails it once after the restart, with a PDF that says Sent", async () => {
    const dataDir = dataDirWithAccounts();
    dirs.push(dataDir);
    const { scheduleId, cookie } = await seed(dataDir);
    const sink = await startSmtpSink();
    try {
      server = await startServer({ dataDir, env: { SMTP_URL: sink.url } });
      // the job runs once the server is ready: kill it the moment the invoice is there
      await until(
        async () => {
          const list = await fetch(`${server?.url}/admin/invoices`, { headers: { cookie } }).catch(() => null);
          return list && (await list.text()).includes("INV-0001");
        },
        { timeoutMs: 30_000, intervalMs: 5, what: "the retainer's invoice" },
      );
      server.process.kill("SIGKILL");
      await new Promise((resolve) => server?.process.once("exit", resolve));
      server = null;

      const crashed = await stored(dataDir, scheduleId);
      expect(crashed.made.map((invoice) => [invoice.invoiceNumber, invoice.status])).toEqual([["INV-0001", "sent"]]);
      expect(crashed.mail).toHaveLength(1);
      expect(crashed.sends).toHaveLength(1);

      server = await startServer({ dataDir, env: { SMTP_URL: sink.url } });
      const mail = await until(() => sink.received.find((message) => message.to.includes("ada@client.test")), {
        timeoutMs: 30_000,
        what: "the invoice's mail",
      });
      const parts = mailParts(mail.raw);
      expect(parts.text).toContain("Please find invoice INV-0001 for $49.00");
      expect(parts.html).toContain("Please find invoice INV-0001 for $49.00");
      const pdf = parts.files.find((file) => file.headers.includes("INV-0001.pdf"));
      expect(await pdfText(new Uint8Array(pdf?.body ?? []))).toMatch(/Status: Sent/);
      // the restarted job (it runs at start) finds the period done: stop, and count
      await until(() => server?.logs().some((line) => line.msg === "ready"), { timeoutMs: 30_000, what: "ready" });
      await server.stop();
      server = null;
      const after = await stored(dataDir, scheduleId);
      expect(after.made).toHaveLength(1);
      expect(after.mail.map((row) => row.status)).toEqual(["sent"]);
      expect(after.sends).toHaveLength(1);
      expect(sink.received.filter((message) => message.to.includes("ada@client.test"))).toHaveLength(1);
    } finally {
      await sink.stop();
    }
  });
});
