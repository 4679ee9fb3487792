/**
 * The Spam view in Chromium: deleting for good asks first (a dialog addressed by the URL, so the
 * question is also in the server's HTML), Cancel keeps the message, confirming removes it, and
 * Restore turns a message into a submission in the inbox.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { suspectedSpam } from "#app/db/schema.ts";
import { hydrated } from "../support/browser.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

describe("suspected spam", () => {
  let server: TestServer;
  let cookie: string;
  let app: SignedInApp;
  const ids: Record<string, string> = {};

  async function seed(dataDir: string) {
    const database = await openDatabase({ dataDir });
    const rows = await database.db
      .insert(suspectedSpam)
      .values(
        ["Quick Quentin", "Real Rita"].map((name, i) => ({
          reason: "too-fast" as const,
          fields: {
            first_name: name.split(" ")[0] ?? "",
            last_name: name.split(" ")[1] ?? "",
            email: `person${i}@example.test`,
            project_type: "website",
            message: `Message from ${name}`,
          },
          createdAt: new Date(Date.UTC(2026, 10, 20, 10, i)),
        })),
      )
      .returning({ id: suspectedSpam.id, fields: suspectedSpam.fields });
    for (const row of rows) ids[String(row.fields.first_name)] = row.id;
    // a post the inquiry form's rules refuse (no email): it cannot become a lead
    await database.db.insert(suspectedSpam).values({
      reason: "honeypot",
      fields: { first_name: "Bot", last_name: "Spammer", message: "buy now" },
      createdAt: new Date(Date.UTC(2026, 10, 20, 9, 0)),
    });
    await database.close();
  }

  beforeAll(async () => {
    app = await startSignedInApp({ seed });
    ({ server, cookie } = app);
  });
  afterAll(() => app?.stop());

  const signedInPage = (): Promise<Page> => app.adminPage({ viewport: { width: 1280, height: 800 } });

  it("asks before deleting for good, also in the server's HTML", async () => {
    const response = await fetch(`${server.url}/admin/spam?delete=${ids.Quick}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Delete for good?");
    expect(html).toContain("The message from Quick Quentin will be deleted and cannot be restored.");
  });

  it("Cancel keeps the message; confirming deletes it", async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/admin/spam`);
    await hydrated(page);
    const quick = page.getByRole("row").filter({ hasText: "Quick Quentin" });
    await quick.getByRole("link", { name: "Delete for good" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete for good?" });
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect(page.getByText("Quick Quentin", { exact: true }).count()).resolves.toBe(1);

    await quick.getByRole("link", { name: "Delete for good" }).click();
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await page.getByText("Deleted for good.").waitFor();
    await page.getByText("Quick Quentin", { exact: true }).waitFor({ state: "detached" });
    await expect(page.getByText("Real Rita", { exact: true }).count()).resolves.toBe(1);
    await page.context().close();
  });

  it("a Restore the form's rules refuse is a 409 shown above the list; the message stays", async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/admin/spam`);
    await hydrated(page);
    const answered = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/admin/spam"),
    );
    await page.getByRole("row").filter({ hasText: "Bot Spammer" }).getByRole("button", { name: "Restore" }).click();
    expect((await answered).status()).toBe(409);
    const alert = page.getByRole("main").getByRole("alert").filter({ hasText: "This message cannot be restored: " });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/spam");
    await expect(page.getByText("Bot Spammer", { exact: true }).count()).resolves.toBe(1);
    await page.context().close();
  });

  it("Restore turns the message into a submission in the inbox", async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/admin/spam`);
    await hydrated(page);
    await page.getByRole("row").filter({ hasText: "Real Rita" }).getByRole("button", { name: "Restore" }).click();
    await page.waitForURL(/\/admin\/dashboard\?submission=/);
    await page.getByText("Restored to the inbox.").waitFor();
    await page.getByRole("dialog", { name: "Submission Details" }).getByText("Message from Real Rita").waitFor();
    await page.context().close();
  });
});
