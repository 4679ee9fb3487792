/**
 * Layout of the back-office pages in Chromium at three sizes: the row actions of every list and the
 * header's buttons (Home, Settings, Logout) are visible, inside the viewport horizontally without
 * scrolling, and not covered by anything (the element at their centre is them). Also with a toast on
 * screen. Add a page by adding its path to `adminLayoutPaths` (tests/support/admin-pages.ts). Screenshots go to /tmp/shots-admin-layout/.
 */
import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import {
  auditLog,
  automationRuns,
  bookings,
  contactSubmissions,
  invoices,
  ownerNotices,
  payments,
  projects,
  questionnaireRequests,
  questionnaires,
  questionnaireVersions,
  reviewItems,
  suspectedSpam,
  testimonials,
  timeEntries,
  users,
} from "#app/db/schema.ts";
import { scheduleRuns } from "#app/models/automations.server.ts";
import { adminAccount } from "../support/accounts.ts";
import { adminLayoutPaths, adminLayoutViewports, adminPagesWithoutRows } from "../support/admin-pages.ts";
import { hydrated } from "../support/browser.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomers } from "../support/records.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

/**
 * Layouts known to fail today, each with its reason: these run as `it.fails`, so the suite stays green
 * and the day the layout is fixed the test reports it; then delete the entry.
 */
const knownLayoutFailures: { path: string; width: number; reason: string }[] = [];

/** What a list offers per row: elements marked `data-row-action`, and the inbox's View links. */
const rowActionSelector = '[data-row-action], a[aria-label^="View submission from"]';
const headerButtons = ["Home", "Settings", "Logout"];
/** the inbox page header's actions, where the next click often goes right after a toast */
const pageActions = ["Refresh", "Export CSV"];
const shots = "/tmp/shots-admin-layout";

type Placement = {
  label: string;
  visible: boolean;
  left: number;
  right: number;
  viewportWidth: number;
  /** the element at the centre is the element itself or inside it */
  uncovered: boolean;
  coveredBy: string;
  /** an ancestor that scrolls or clips horizontally and cuts part of the element off */
  clippedBy: string | null;
};

/**
 * Where each element is, after scrolling the window vertically (only) so its centre is on screen.
 * Runs in the page.
 */
function placements(page: Page, selector: string, labels: "text" | "aria"): Promise<Placement[]> {
  return page.evaluate(
    async ({ selector, labels }) => {
      const describe = (node: Element | null) =>
        node ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${node.className}`.slice(0, 120) : "none";
      const found = [...document.querySelectorAll<HTMLElement>(selector)].filter(
        // elements inside a hidden layout (the cards on a wide screen, the table on a narrow one) do not count
        (node) => node.getClientRects().length > 0,
      );
      const result = [];
      for (const node of found) {
        const before = node.getBoundingClientRect();
        const centre = before.top + before.height / 2;
        // scroll (and let the page settle a frame) only when the element's centre is off screen
        if (centre < 16 || centre > window.innerHeight - 16) {
          const top = before.top + window.scrollY;
          window.scrollTo({
            left: window.scrollX,
            top: Math.max(0, top - window.innerHeight / 2),
            behavior: "instant",
          });
          await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        }
        // an inline element that wraps onto several lines is tested where its first line is
        const rect = node.getClientRects()[0] ?? node.getBoundingClientRect();
        const style = getComputedStyle(node);
        const middle = rect.top + rect.height / 2;
        const hit = document.elementFromPoint(rect.left + rect.width / 2, middle);
        // the right edge too: a pinned column may cover the end of a cell while its middle shows
        const edge = document.elementFromPoint(rect.right - 2, middle);
        let clipper: Element | null = null;
        for (let parent = node.parentElement; parent && !clipper; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX === "visible") continue;
          const box = parent.getBoundingClientRect();
          if (rect.left < box.left - 1 || rect.right > box.right + 1) clipper = parent;
        }
        result.push({
          label: (labels === "aria" ? node.getAttribute("aria-label") : null) ?? node.textContent?.trim() ?? "",
          visible: rect.width > 0 && rect.height > 0 && style.visibility !== "hidden" && Number(style.opacity) > 0,
          left: Math.round(rect.left),
          right: Math.round(rect.right),
          viewportWidth: document.documentElement.clientWidth,
          uncovered:
            hit !== null &&
            (hit === node || node.contains(hit)) &&
            edge !== null &&
            (edge === node || node.contains(edge)),
          coveredBy: hit
            ? describe(hit)
            : `nothing at (${Math.round(rect.left + rect.width / 2)}, ${Math.round(middle)}) of ${window.innerWidth}x${window.innerHeight}`,
          clippedBy: clipper ? describe(clipper) : null,
        });
      }
      window.scrollTo({ left: 0, top: 0, behavior: "instant" });
      return result;
    },
    { selector, labels },
  );
}

function problems(found: Placement[]): string[] {
  return found.flatMap((item) => {
    const where = `${item.label} (${item.left}-${item.right} of ${item.viewportWidth} px)`;
    const wrong: string[] = [];
    if (!item.visible) wrong.push(`${where}: not visible`);
    if (item.left < 0 || item.right > item.viewportWidth) wrong.push(`${where}: outside the viewport`);
    if (item.visible && !item.uncovered) wrong.push(`${where}: covered by ${item.coveredBy}`);
    if (item.clippedBy) wrong.push(`${where}: cut off by ${item.clippedBy} (scrolls or clips horizontally)`);
    return wrong;
  });
}

async function checkHeaderAndRows(page: Page, name: string, hasRows = true) {
  const header = await placements(page, "header a, header button", "text");
  const buttons = header.filter((item) => headerButtons.includes(item.label));
  expect(
    buttons.map((item) => item.label),
    `${name}: header buttons`,
  ).toEqual(headerButtons);
  expect(problems(buttons), `${name}: header buttons`).toEqual([]);
  const rows = await placements(page, rowActionSelector, "aria");
  if (hasRows) expect(rows.length, `${name}: row actions`).toBeGreaterThan(0);
  expect(problems(rows), `${name}: row actions`).toEqual([]);
  // every cell of a list's rows is in view and uncovered (the pinned actions column covers none)
  // the cells themselves (a value that is text only) and what is inside them
  const cells = await placements(
    page,
    ".data-table tbody td:not(.data-actions), .data-table tbody td:not(.data-actions) > *",
    "text",
  );
  expect(problems(cells), `${name}: cells`).toEqual([]);
  // from 1280 px every column is in the table: nothing the spec names is hidden on a laptop
  const width = page.viewportSize()?.width ?? 0;
  if (width >= 1280) {
    const hidden = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".data-table th")]
        .filter((th) => th.getClientRects().length === 0)
        .map((th) => th.textContent?.trim()),
    );
    expect(hidden, `${name}: columns hidden at ${width} px`).toEqual([]);
  }
  // a cell is never squeezed below a few characters by a long value in another column
  const squeezed = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".data-table tbody td:not(.data-actions)")]
      .filter((td) => td.getClientRects().length > 0 && getComputedStyle(td).display === "table-cell")
      .filter((td) => (td.textContent?.trim().length ?? 0) >= 4 && td.clientWidth < 48)
      .map((td) => `${td.dataset.label ?? "primary"}: ${td.textContent?.trim().slice(0, 30)} (${td.clientWidth} px)`),
  );
  expect(squeezed, `${name}: squeezed cells`).toEqual([]);
  // a chart's labels stay inside the chart (the revenue axis's "$" was cut off)
  const clippedLabels = await page.evaluate(() =>
    [...document.querySelectorAll<SVGTextElement>("main svg text")]
      .filter((text) => {
        const frame = text.closest("svg")?.getBoundingClientRect();
        const box = text.getBoundingClientRect();
        return frame && box.width > 0 && (box.left < frame.left - 0.5 || box.right > frame.right + 0.5);
      })
      .map((text) => text.textContent),
  );
  expect(clippedLabels, `${name}: chart labels cut off`).toEqual([]);
  // nothing needs horizontal scrolling
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

const longName = (i: number) => `Maximiliana Featherstonehaugh-Worthington ${i}`;
const longEmail = (i: number) => `maximiliana.featherstonehaugh.worthington.${i}@a-rather-long-domain-name.example`;
const longBusiness = (i: number) => `The Extraordinarily Long Business Name Bakery and Café ${i}`;

/** A value with no place to break a line (a hash, a pasted link), in a row of every list. */
const unbroken = (what: string) => `${what}-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef`;

/**
 * A few rows with long names, emails and businesses in every list, so the lists are wide, and in
 * each list one row whose value has no place to break.
 */
async function seedLists(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const six = Array.from({ length: 6 }, (_, i) => i);
  await database.db.insert(contactSubmissions).values(
    six.map((i) => ({
      name: i === 0 ? unbroken("Lead") : longName(i),
      email: longEmail(i),
      businessName: i === 1 ? unbroken("Business") : longBusiness(i),
      projectType: "webapp" as const,
      budgetRange: "large" as const,
      message: `Seeded message ${i}`,
      status: "new" as const,
      createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
    })),
  );
  const customerRows = await insertCustomers(
    database.db,
    six.map((i) => ({
      name: i === 0 ? unbroken("Customer") : longName(i),
      email: longEmail(i),
      businessName: i === 1 ? unbroken("Business") : longBusiness(i),
      phoneNumber: "+1 (555) 010-0000",
    })),
  );
  const projectRows = await database.db
    .insert(projects)
    .values(
      customerRows.map((customer, i) => ({
        customerId: customer.id,
        projectName: i === 0 ? unbroken("Project") : `A Remarkably Long Project Name for an Online Store Redesign ${i}`,
        fixedPrice: "12500.00",
      })),
    )
    .returning({ id: projects.id });
  const invoiceRows = await database.db
    .insert(invoices)
    .values(
      customerRows.map((customer, i) => ({
        invoiceNumber: `INV-${String(9000 + i)}`,
        customerId: customer.id,
        projectId: projectRows[i]?.id,
        issueDate: "2025-01-10",
        dueDate: "2025-02-09",
        subtotal: "123456.78",
        totalAmount: "123456.78",
        balanceDue: "123456.78",
        status: "sent" as const,
      })),
    )
    .returning({ id: invoices.id });
  // a large payment this month: the revenue chart's axis has long labels
  await database.db.insert(payments).values({
    invoiceId: invoiceRows[0]?.id ?? "",
    paidOn: new Date().toISOString().slice(0, 10),
    amount: "123456.78",
    method: "bank_transfer",
  });
  await database.db.insert(suspectedSpam).values(
    six.map((i) => ({
      reason: "too-fast" as const,
      fields: { first_name: "Maximiliana", last_name: `Featherstonehaugh ${i}`, email: longEmail(i), message: "Hi" },
    })),
  );
  // the owner's notices, long ones, with Open and Mark read
  await database.db.insert(ownerNotices).values(
    six.map((i) => ({
      kind: "payment_dispute",
      message: `Invoice INV-${9000 + i}: the client disputed a payment of $123,456.78 (needs response). Answer it in Stripe's dashboard.`,
      link: "/admin/invoices",
    })),
  );
  // upcoming consultations (a week ahead, an hour apart): rows with Move and Cancel
  const weekAhead = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 7 * 86_400_000;
  await database.db.insert(bookings).values(
    six.map((i) => ({
      startsAt: new Date(weekAhead + i * 3_600_000),
      endsAt: new Date(weekAhead + i * 3_600_000 + 30 * 60_000),
      name: i === 0 ? unbroken("Guest") : longName(i),
      email: longEmail(i),
      note: `A note about a remarkably long project ${i}`,
    })),
  );
  // the audit log: a signature's 64-character hash and a long name in the Event column
  await database.db.insert(auditLog).values(
    six.map((i) => ({
      event: "proposal_signed_by_client",
      email: i === 0 ? unbroken("owner@studio.test") : adminAccount.email,
      ipAddress: "203.0.113.7",
      detail: { proposal: `PRO-000${i}`, signedAs: longName(i), hash: "a".repeat(64), total: "3031.54" },
    })),
  );
  // time: the owner's entries on the long-named projects, long notes, Edit and Delete on each row
  const [timeOwner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, adminAccount.email));
  await database.db.insert(timeEntries).values(
    six.map((i) => ({
      userId: timeOwner?.id ?? "",
      projectId: projectRows[i]?.id ?? "",
      workDate: `2025-01-${String(10 + i)}`,
      minutes: 90 + i,
      note: i === 0 ? unbroken("Note") : `A remarkably long note about the checkout redesign's edge cases ${i}`,
    })),
  );
  // testimonials: long names, roles and words; one on the home page, one the owner keeps (no permission)
  await database.db.insert(testimonials).values(
    six.map((i) => ({
      authorName: i === 0 ? unbroken("Client") : longName(i),
      authorRole: `Founder and managing director, ${longBusiness(i)}`,
      quote: `A remarkably long testimonial about the checkout redesign and the launch that followed it ${i}. `.repeat(
        4,
      ),
      rating: i === 5 ? 3 : 5,
      permission: i === 4 ? ("none" as const) : ("owner_note" as const),
      permissionNote: "Email",
      featured: i === 1,
      projectId: projectRows[i]?.id ?? null,
    })),
  );
  // proposals: two sent to the long-named customers
  const actor = { userId: "00000000-0000-4000-8000-000000000000", email: adminAccount.email };
  const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, adminAccount.email));
  for (const customer of customerRows.slice(0, 2)) {
    await createSentProposal(database.db, {
      customerId: customer.id,
      expiresOn: "2099-12-31",
      actor: { ...actor, userId: owner?.id ?? actor.userId },
    });
  }
  // onboarding questionnaires, long-named; a copy sent to the first customer whose answer proposes a long address
  const questionnaireRows = await database.db
    .insert(questionnaires)
    .values(
      six.map((i) => ({
        name: i === 0 ? unbroken("Questionnaire") : `${longBusiness(i)} kick-off`,
        projectType: "website",
      })),
    )
    .returning({ id: questionnaires.id });
  const versionRows = await database.db
    .insert(questionnaireVersions)
    .values(
      questionnaireRows.map((row) => ({
        questionnaireId: row.id,
        version: 1,
        questions: [
          {
            id: "q1",
            kind: "long_text" as const,
            label: "Billing address",
            help: null,
            required: false,
            options: [],
            mapsTo: "billing_address" as const,
          },
        ],
      })),
    )
    .returning({ id: questionnaireVersions.id });
  const [sentCopy] = await database.db
    .insert(questionnaireRequests)
    .values({
      questionnaireId: questionnaireRows[0]?.id ?? "",
      versionId: versionRows[0]?.id ?? "",
      customerId: customerRows[0]?.id ?? "",
      state: "submitted",
      answers: { q1: unbroken("Street") },
      submittedAt: new Date(),
    })
    .returning({ id: questionnaireRequests.id });
  await database.db.insert(reviewItems).values({
    requestId: sentCopy?.id ?? "",
    customerId: customerRows[0]?.id ?? "",
    field: "billing_address",
    questionLabel: "Billing address",
    proposedValue: unbroken("Street"),
    currentValue: null,
  });
  // the automations' history: long subjects, and a failed run whose error has no place to break
  const now = new Date();
  await scheduleRuns(
    database.db,
    "booking-reminder",
    six.map((i) => ({
      subjectType: "booking",
      subjectId: `seeded-${i}`,
      subjectLabel: i === 0 ? unbroken("Visitor") : `${longName(i)} <${longEmail(i)}>`,
      dueAt: new Date(now.getTime() + i * 3_600_000),
    })),
    now,
  );
  await database.db
    .update(automationRuns)
    .set({ status: "failed", attempts: 5, lastError: unbroken("Error") })
    .where(eq(automationRuns.subjectId, "seeded-1"));
  await database.close();
}

describe("back-office layout", () => {
  let server: TestServer;
  let app: SignedInApp;
  const signedInPage = (viewport: { width: number; height: number }) => app.adminPage({ viewport });
  /**
   * The read-only page walks share one signed-in page per screen size: a new browser context per page
   * cost ~450 ms of start-up and cold script compiling each (69 walks), and a page read changes nothing
   * the next walk sees (each starts with a fresh navigation, scrolled to the top).
   */
  const walkers = new Map<number, Promise<Page>>();
  const walker = (viewport: { width: number; height: number }) => {
    let page = walkers.get(viewport.width);
    if (!page) {
      page = signedInPage(viewport);
      walkers.set(viewport.width, page);
    }
    return page;
  };

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed: seedLists });
    server = app.server;
  });
  afterAll(async () => {
    for (const page of walkers.values()) await (await page).context().close();
    await app?.stop();
  });

  for (const path of [...adminLayoutPaths, ...adminPagesWithoutRows]) {
    for (const viewport of adminLayoutViewports) {
      const known = knownLayoutFailures.find((entry) => entry.path === path && entry.width === viewport.width);
      const title = `${path} at ${viewport.width}x${viewport.height}: row actions and header buttons in view and uncovered`;
      (known ? it.fails : it)(known ? `${title} (known failure: ${known.reason})` : title, async () => {
        const page = await walker(viewport);
        expect((await page.goto(`${server.url}${path}`))?.status()).toBe(200);
        await hydrated(page);
        const file = `${path.replace(/^\/admin\//, "").replaceAll("/", "-")}-${viewport.width}.png`;
        await page.screenshot({ path: `${shots}/${file}`, fullPage: true });
        await checkHeaderAndRows(page, `${path} at ${viewport.width} px`, !adminPagesWithoutRows.includes(path));
      });
    }
  }

  for (const viewport of adminLayoutViewports.filter((size) => size.width === 1280 || size.width === 390)) {
    it(`a list renders each row once at ${viewport.width}x${viewport.height}: a table row, or a card made of that row`, async () => {
      const page = await signedInPage(viewport);
      await page.goto(`${server.url}/admin/invoices`);
      const rows = page.locator("[data-invoice-row]");
      expect(await rows.count()).toBe(6);
      const seen = await page.evaluate(() => {
        const main = document.querySelector("main")?.textContent ?? "";
        const numbers = [...document.querySelectorAll("[data-invoice-row]")].map(
          (row) => row.querySelector("td")?.textContent?.match(/INV-\d+/)?.[0] ?? "",
        );
        return numbers.map((number) => ({ number, times: main.split(number).length - 1 }));
      });
      expect(seen.map((entry) => entry.number).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `INV-${9000 + i}`));
      // each number is in the page once: no second copy of the list for the other screen size
      for (const entry of seen) expect(entry.times, entry.number).toBe(1);
      const display = await rows.first().evaluate((row) => getComputedStyle(row).display);
      expect(display).toBe(viewport.width >= 768 ? "table-row" : "flex");
      expect(await rows.first().isVisible()).toBe(true);
      await page.context().close();
    });

    it(`a toast leaves the header's buttons and the page's actions uncovered at ${viewport.width}x${viewport.height}`, async () => {
      const page = await signedInPage(viewport);
      await page.goto(`${server.url}/admin/dashboard`);
      await hydrated(page);
      await page.locator(rowActionSelector).locator("visible=true").first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Update" }).click();
      await page
        .getByRole("region", { name: /Notifications/ })
        .getByText("Submission updated successfully")
        .waitFor();
      // the toast has slid into place
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== "running"),
      );
      await page.screenshot({ path: `${shots}/toast-${viewport.width}.png` });
      const buttons = (await placements(page, "header a, header button", "text")).filter((item) =>
        headerButtons.includes(item.label),
      );
      expect(problems(buttons)).toEqual([]);
      const actions = (await placements(page, "main a, main button", "text")).filter((item) =>
        pageActions.includes(item.label),
      );
      expect(actions.map((item) => item.label).sort()).toEqual([...pageActions].sort());
      expect(problems(actions)).toEqual([]);
      await page.context().close();
    });
  }

  it("a skip link is the first Tab stop and moves focus to the main content; the sidebar marks the current section", async () => {
    const page = await signedInPage({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/customers`);
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect.poll(() => skip.evaluate((node) => node === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(10);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("admin-main");
    const sidebar = page.locator("#admin-sidebar");
    expect(await sidebar.getByRole("link", { name: "Customers" }).getAttribute("aria-current")).toBe("page");
    // a record page: its section is marked as the location, and only that one
    const record = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLAnchorElement>("main a")]
          .map((link) => link.pathname)
          .find((path) => /^\/admin\/customers\/[0-9a-f-]{36}$/.test(path)) ?? "",
    );
    expect(record).not.toBe("");
    await page.goto(`${server.url}${record}`);
    expect(await sidebar.getByRole("link", { name: "Customers" }).getAttribute("aria-current")).toBe("location");
    expect(await sidebar.locator("[aria-current]").count()).toBe(1);
    for (const [path, name] of [
      ["/admin/invoices", "Invoices"],
      ["/admin/reports", "Reports"],
      ["/admin/settings/team", "Team"],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      const marked = sidebar.locator("[aria-current]");
      expect(await marked.count()).toBe(1);
      expect((await marked.textContent())?.trim()).toBe(name);
    }
    await page.context().close();
  });
});
