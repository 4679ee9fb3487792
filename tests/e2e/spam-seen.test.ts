/**
 * Suspected spam is seen: the sidebar's Spam entry shows how many are held, and the inbox says how
 * many inquiries were held today (in the studio's time zone), linking to the Spam view; at 1280 and
 * 390 px, axe clean, the line reachable by keyboard. Screenshots go to /tmp/shots-spam-seen/.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { suspectedSpam } from "#app/db/schema.ts";
import { startOfTodayIn } from "#app/domain/dates.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-spam-seen";
const fields = { first_name: "Held", last_name: "Post", email: "held@example.test", message: "buy now" };

describe("suspected spam is seen", () => {
  let app: SignedInApp;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({
      async seed(dataDir) {
        const database = await openDatabase({ dataDir });
        const midnight = startOfTodayIn(await studioTimeZone(database.db));
        // two held today, one the evening before (the studio's yesterday)
        await database.db.insert(suspectedSpam).values([
          { reason: "honeypot", fields, createdAt: new Date() },
          { reason: "too-fast", fields, createdAt: new Date() },
          { reason: "too-fast", fields, createdAt: new Date(midnight.getTime() - 60_000) },
        ]);
        await database.close();
      },
    });
  });
  afterAll(() => app?.stop());

  it("the sidebar counts what is held; the inbox names today's and leads to the Spam view", async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const page = await app.adminPage({ viewport: { width, height } });
      await page.goto(`${app.server.url}/admin/dashboard`);
      await hydrated(page);
      const line = page.locator("[data-spam-today]");
      expect(await line.textContent()).toBe("2 inquiries held as suspected spam today");
      if (width === 1280) {
        const spam = page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: /^Spam/ });
        expect(await spam.textContent()).toBe("Spam3 held as suspected spam");
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/inbox-${width}.png`, fullPage: true });
      // by keyboard: the line is a link to the Spam view
      await line.getByRole("link").focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${app.server.url}/admin/spam`);
      await page.getByRole("heading", { name: "Spam", level: 1 }).waitFor();
      await page.context().close();
    }
  });
});
