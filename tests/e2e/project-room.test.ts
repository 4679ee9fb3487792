/**
 * The client's project room in Chromium against the production build and a real SMTP sink (ADR 0057),
 * the whole chain: a proposal naming an onboarding questionnaire is signed → the questionnaire is mailed
 * → the client, at 390 px, uploads a logo and proposes a new billing address → the owner accepts the
 * change in the review queue → on the signed project, with a milestone due when its design phase is
 * approved, the owner adds
 * the pricing's phases and a deliverable, uploads design v1 (a PNG) and mails it → the client, at 390 px
 * from the mail's link, asks for changes (a comment is required) → v2 → the client approves v2 from its
 * mail → the phase is approved and the milestone invoice is mailed with its PDF; the owner's mail tells
 * of each answer. A stale page of a replaced version (without JavaScript) is refused with a link to the
 * current one. The room shown in the portal, and View as this client. axe finds nothing serious.
 * Screenshots go to /tmp/shots-room/.
 */
import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { persistentSecret } from "#app/config.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { contracts, portalLinks, proposals, users } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { portalLinkExpiry, portalLinkPath } from "#app/domain/portal.ts";
import { questionFormSchema } from "#app/domain/questionnaires.ts";
import { getContract, saveSchedule } from "#app/models/contracts.server.ts";
import { newClientToken } from "#app/services/client-links.server.ts";
import { findClientProposal, signProposal } from "#app/services/proposals.server.ts";
import { editQuestions, putQuestion, saveQuestionnaire } from "#app/services/questionnaires.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { plain } from "../support/booking-mail.ts";
import { hydrated } from "../support/browser.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomers } from "../support/records.ts";
import { testConfig } from "../support/routes.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { type ReceivedMail, startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-room";
/** A person's browser (headless Chromium says HeadlessChrome, which the view beacon takes for a bot). */
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Ada's signed proposal: a project whose pricing phases come from its lines, a milestone due on the first. */
async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const today = todayIn("America/New_York");
  const [ada] = await insertCustomers(db, [
    { name: "Ada Lovelace", email: "ada@client.test", billingAddress: "1 Old Road" },
  ]);
  if (!ada) throw new Error("no customer");
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).limit(1);
  if (!user) throw new Error("no account");
  const actor = { userId: user.id, email: user.email };
  const sent = await createSentProposal(db, { customerId: ada.id, expiresOn: addDaysIso(today, 30), actor });
  // the proposal names the onboarding questionnaire: a billing address (a record field) and the logo
  const questionnaire = await saveQuestionnaire(db, { id: null, name: "Kick-off", projectType: null, actor, ip: null });
  if (!questionnaire.ok) throw new Error("no questionnaire");
  for (const question of [
    { intent: "add-question", label: "Billing address", kind: "long_text", maps_to: "billing_address" },
    { intent: "add-question", label: "Your logo", kind: "file" },
  ]) {
    const edited = await editQuestions(
      db,
      { questionnaireId: questionnaire.id, actor, ip: null },
      putQuestion(questionFormSchema.parse(question)),
    );
    if (!edited.ok) throw new Error(JSON.stringify(edited));
  }
  await db.update(proposals).set({ questionnaireId: questionnaire.id }).where(eq(proposals.id, sent.id));
  const opened = await findClientProposal(db, sent.token, "127.0.0.1");
  if (!opened.ok) throw new Error(opened.reason);
  const signed = await signProposal(
    // the server's own secret (from its data directory): the mails signing queues are sealed with it
    { db, config: { ...testConfig, sessionSecret: persistentSecret(dataDir) }, logger: pino({ level: "silent" }) },
    {
      token: sent.token,
      form: {
        intent: "sign",
        tier: "t2",
        addons: ["a1"],
        signer_name: "Ada Lovelace",
        agree: true,
        content_hash: opened.contentHash,
      },
      ip: "127.0.0.1",
      userAgent: "Test",
    },
  );
  if (!signed.ok || !signed.projectId) throw new Error(JSON.stringify(signed));
  const [contract] = await db.select().from(contracts).where(eq(contracts.sourceProposalId, sent.id));
  if (!contract) throw new Error("no contract");
  const read = await getContract(db, contract.id);
  const design = read?.project?.phases[0];
  const balance = read?.schedule.find((item) => item.kind === "balance");
  if (!design || !balance) throw new Error("no schedule");
  const saved = await saveSchedule(db, contract.id, [
    { kind: "milestone", label: "Design approved", basis: "percent", value: 2000, due_phase: design.id },
    { id: balance.id, kind: "balance", label: balance.label, basis: "percent" },
  ]);
  if (!saved?.ok) throw new Error(JSON.stringify(saved));
  // the client's portal link (the owner sends it from the customer page; here it is stored as the app stores it)
  const portalToken = newClientToken();
  await db.insert(portalLinks).values({
    customerId: ada.id,
    tokenHash: portalToken.hash,
    expiresAt: portalLinkExpiry(new Date()),
  });
  await database.close();
  return {
    customerId: ada.id,
    projectId: signed.projectId,
    designPhase: design.name,
    portalPath: portalLinkPath(portalToken.token),
  };
}

function deliverableLink(mail: ReceivedMail, base: string): string {
  const match = /https?:\/\/[^\s"<>]+\/d\/([A-Za-z0-9_-]{43})/.exec(plain(mail.raw));
  if (!match) throw new Error("no deliverable link in the mail");
  return match[0].replace(/^https?:\/\/[^/]+/, base);
}

describe("the client's project room", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: SignedInApp<Awaited<ReturnType<typeof seed>>>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    app = await startSignedInApp({ seed, env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  const mailWith = (what: string, test: (mail: ReceivedMail) => boolean) =>
    until(() => sink.received.find(test), { timeoutMs: 30_000, what });
  const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? "";

  it("signed → questionnaire answered with a logo at 390 px → address accepted → design v1 → changes requested → v2 → approved from the mail → milestone invoice mailed with its PDF", async () => {
    const { server, seeded } = app;
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();

    // signing mailed the questionnaire the proposal names; the client answers it on a phone, with the logo
    const questionnaireMail = await mailWith("the questionnaire mail", (mail) =>
      /\/q\/[A-Za-z0-9_-]{43}/.test(plain(mail.raw)),
    );
    expect(questionnaireMail.to).toEqual(["ada@client.test"]);
    const questionnairePath = /\/q\/[A-Za-z0-9_-]{43}/.exec(plain(questionnaireMail.raw))?.[0] ?? "";
    const onboarding = await app.browser.newContext({ viewport: { width: 390, height: 844 }, userAgent });
    const answering = await onboarding.newPage();
    await answering.goto(`${server.url}${questionnairePath}`);
    await answering.getByRole("heading", { name: "Kick-off" }).waitFor();
    await answering.getByLabel("Billing address").fill("2 New Street, Springfield");
    await answering.getByLabel("Your logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await answering.getByRole("button", { name: "Submit" }).click();
    await answering.getByText("Thank you: your answers were sent.").waitFor();
    expect(await answering.locator("main").textContent()).toContain("logo.png");
    await onboarding.close();

    // the answer proposes a change to the record: nothing changed until the owner accepts it
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 }, userAgent });
    await owner.goto(`${server.url}/admin/customers/${seeded.customerId}`);
    expect(await owner.locator("main").textContent()).toContain("1 Old Road");
    await owner.goto(`${server.url}/admin/reviews`);
    await hydrated(owner);
    await owner.locator('[data-review="Billing address"]').getByRole("button", { name: "Accept" }).click();
    await owner.getByText("Accepted: the customer record is updated").first().waitFor();
    await owner.goto(`${server.url}/admin/customers/${seeded.customerId}`);
    await owner.getByText("2 New Street, Springfield").waitFor();

    await owner.goto(`${server.url}/admin/projects/${seeded.projectId}`);
    await hydrated(owner);
    await owner.getByRole("link", { name: "Project room" }).click();
    await owner.getByRole("heading", { name: "Project room", level: 1 }).waitFor();
    await owner.getByRole("button", { name: "Add the pricing's 3 phases" }).click();
    await owner.getByText("3 phases added from the pricing").first().waitFor();
    const addDeliverable = owner.getByRole("form", { name: "Add a deliverable" });
    await addDeliverable.getByLabel("New deliverable").fill("Homepage design");
    await addDeliverable.getByLabel("Phase", { exact: true }).selectOption({ label: seeded.designPhase });
    await addDeliverable.getByLabel("Its approval approves the phase").check();
    await addDeliverable.getByRole("button", { name: "Add deliverable" }).click();
    await owner.getByText("Homepage design added").first().waitFor();

    // v1: a PNG and a note, mailed to the client
    const postV1 = owner.getByRole("form", { name: "Post Homepage design v1" });
    await postV1.getByLabel("Files for v1").setInputFiles({ name: "home-v1.png", mimeType: "image/png", buffer: png });
    await postV1.getByLabel("Note to the client").fill("The hero in the brand's blue.");
    await postV1.getByRole("button", { name: "Post v1 of Homepage design" }).click();
    await owner.getByText("Homepage design v1 posted and emailed to the client").first().waitFor();
    await owner.locator('[data-version="v1"]').getByText("Waiting for the client's answer").waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.screenshot({ path: `${shots}/room-1280.png`, fullPage: true });

    const firstMail = await mailWith("the v1 mail", (mail) => subjectOf(mail).includes("Homepage design v1 is ready"));
    expect(firstMail.to).toEqual(["ada@client.test"]);
    const v1Link = deliverableLink(firstMail, server.url);

    // the client, on a phone
    const phone = await app.browser.newContext({ viewport: { width: 390, height: 844 }, userAgent });
    const client = await phone.newPage();
    const response = await client.goto(v1Link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await client.getByRole("heading", { name: "Homepage design", level: 1 }).waitFor();
    // the image's bytes come after the page (a lazy image, on a busy machine after its load event): its
    // decoded width is waited for, not read once
    await expect
      .poll(() =>
        client.getByRole("img", { name: "home-v1.png" }).evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(800);
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(client)).toEqual([]);
    await client.screenshot({ path: `${shots}/deliverable-v1-390.png`, fullPage: true });
    // the view is the client's: in the customer's activity once the page was on screen
    await client.locator("[data-view-beacon][data-view-sent]").waitFor({ state: "attached" });
    await owner.goto(`${server.url}/admin/customers/${seeded.customerId}?tab=activity`);
    await owner.getByText("Viewed Homepage design v1").waitFor();
    await owner.goto(`${server.url}/admin/projects/${seeded.projectId}/room`);
    await hydrated(owner);
    // changes need a comment: refused on the page
    await client.getByLabel("Your name").fill("Ada Lovelace");
    await client.getByRole("button", { name: "Request changes" }).click();
    await client.getByText("Please say what should change").waitFor();
    await client.getByLabel("Your name").fill("Ada Lovelace");
    await client.getByLabel(/Comment/).fill("A bigger logo, please.");
    await client.getByRole("button", { name: "Request changes" }).click();
    await client.getByText("Thank you: your change request is recorded.").waitFor();
    await mailWith("the owner's mail of the change request", (mail) =>
      subjectOf(mail).includes("Ada Lovelace asked for changes to Homepage design v1"),
    );

    // v2: a link to the staging site
    await owner.reload();
    await hydrated(owner);
    const postV2 = owner.getByRole("form", { name: "Post Homepage design v2" });
    await postV2.getByLabel("Or a link (a staging site)").fill("https://staging.example.test/home");
    await postV2.getByRole("button", { name: "Post v2 of Homepage design" }).click();
    await owner.getByText("Homepage design v2 posted and emailed to the client").first().waitFor();
    const secondMail = await mailWith("the v2 mail", (mail) => subjectOf(mail).includes("Homepage design v2 is ready"));

    // the first mail's link now shows v2, with v1 and its answer in the history
    await client.goto(v1Link);
    expect(await client.locator("[data-current]").getAttribute("data-current")).toBe("v2");
    expect(await client.locator('[data-history="v1"]').textContent()).toContain("Changes requested by Ada Lovelace");

    // the client approves v2 from its own mail
    await client.goto(deliverableLink(secondMail, server.url));
    await client.getByRole("link", { name: "https://staging.example.test/home" }).waitFor();
    await client.getByLabel("Your name").fill("Ada Lovelace");
    await client.getByRole("button", { name: "Approve" }).click();
    await client.getByText("Thank you: your approval is recorded.").waitFor();
    await client.locator("[data-answered]").getByText("Approved by Ada Lovelace").waitFor();
    expect(await seriousViolations(client)).toEqual([]);
    await client.screenshot({ path: `${shots}/deliverable-approved-390.png`, fullPage: true });

    // the phase is approved and the milestone's invoice is mailed with its PDF
    const ownerMail = await mailWith("the owner's mail of the approval", (mail) =>
      subjectOf(mail).includes("Ada Lovelace approved Homepage design v2"),
    );
    const invoiceNumber = /invoice (INV-\d{4}) was sent/.exec(plain(ownerMail.raw))?.[1];
    expect(invoiceNumber).toMatch(/^INV-\d{4}$/);
    const invoiceMail = await mailWith("the milestone invoice", (mail) =>
      subjectOf(mail).includes(`Invoice ${invoiceNumber}`),
    );
    expect(invoiceMail.to).toEqual(["ada@client.test"]);
    expect(invoiceMail.raw).toContain("application/pdf");
    await owner.reload();
    await owner
      .locator('[data-version="v2"]')
      .getByText(/Approved by Ada Lovelace/)
      .waitFor();
    expect(await owner.locator('[data-phase] select[name="status"]').first().inputValue()).toBe("approved");
    await phone.close();
  });

  it("a stale page of a replaced version is refused with a link to the current one, without JavaScript", async () => {
    const { server, seeded } = app;
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 }, userAgent });
    await owner.goto(`${server.url}/admin/projects/${seeded.projectId}/room`);
    await hydrated(owner);
    const addDeliverable = owner.getByRole("form", { name: "Add a deliverable" });
    await addDeliverable.getByLabel("New deliverable").fill("Logo");
    await addDeliverable.getByRole("button", { name: "Add deliverable" }).click();
    await owner.getByText("Logo added").first().waitFor();
    const post = async (version: string, url: string) => {
      const form = owner.getByRole("form", { name: `Post Logo ${version}` });
      await form.getByLabel("Or a link (a staging site)").fill(url);
      await form.getByRole("button", { name: `Post ${version} of Logo` }).click();
      await owner.getByText(`Logo ${version} posted and emailed to the client`).first().waitFor();
    };
    await post("v1", "https://staging.example.test/logo-1");
    const mail = await until(() => sink.received.find((received) => subjectOf(received).includes("Logo v1 is ready")), {
      timeoutMs: 30_000,
      what: "the logo mail",
    });
    const link = deliverableLink(mail, server.url);
    const noScript = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent,
      javaScriptEnabled: false,
    });
    const page = await noScript.newPage();
    await page.goto(link);
    await page.getByRole("heading", { name: "Logo", level: 1 }).waitFor();
    // v2 is posted while the client's page still shows v1
    await post("v2", "https://staging.example.test/logo-2");
    await page.getByLabel("Your name").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Approve" }).click();
    await page
      .getByText("This version has been replaced by a newer one. Please look at the current version.")
      .waitFor();
    expect(await page.locator("[data-current]").getAttribute("data-current")).toBe("v2");
    await page.getByRole("link", { name: "See the current version" }).waitFor();
    await noScript.close();
  });

  it("the portal shows the room once the owner turns it on; View as this client shows it without counting a view", async () => {
    const { server, seeded } = app;
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 }, userAgent });
    await owner.goto(`${server.url}/admin/projects/${seeded.projectId}/room`);
    await hydrated(owner);
    await owner.getByRole("button", { name: "Show in the client's portal" }).click();
    await owner.getByText("The room is shown in the client's portal").first().waitFor();
    // the owner's room fits from 1024 px down to a phone: nothing wider than the screen, its buttons in reach
    for (const width of [1024, 390]) {
      await owner.setViewportSize({ width, height: 900 });
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await owner.getByRole("button", { name: "Hide from the client's portal" }).scrollIntoViewIfNeeded();
      expect(await owner.getByRole("button", { name: "Hide from the client's portal" }).isVisible()).toBe(true);
      await owner.screenshot({ path: `${shots}/room-${width}.png`, fullPage: true });
    }
    expect(await seriousViolations(owner)).toEqual([]);
    const preview = await app.adminPage({ viewport: { width: 390, height: 844 }, userAgent });
    const response = await preview.goto(`${server.url}/admin/customers/${seeded.customerId}/portal`);
    expect(response?.status()).toBe(200);
    await preview.locator("[data-preview]").waitFor();
    await preview.locator(`[data-portal-phase="${seeded.designPhase}"]`).getByText("Approved").waitFor();
    await preview.locator('[data-portal-deliverable="Logo"]').waitFor();
    // no beacon on the preview: the owner's look is never the client's view
    expect(await preview.locator("[data-view-beacon]").count()).toBe(0);
    expect(await preview.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(preview)).toEqual([]);
    await preview.screenshot({ path: `${shots}/portal-preview-390.png`, fullPage: true });
    // the client, without JavaScript: the room's View button opens the deliverable's own page
    const noScript = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const client = await noScript.newPage();
    await client.goto(`${server.url}${seeded.portalPath}`);
    await client
      .locator('[data-portal-deliverable="Logo"]')
      .getByRole("button", { name: /^View Logo v\d+$/ })
      .click();
    await client.waitForURL(/\/d\/[A-Za-z0-9_-]{43}$/);
    await client.getByRole("heading", { name: /Logo/ }).first().waitFor();
    await noScript.close();
    // anonymous visitors get the sign-in, not the portal
    const anonymous = await fetch(`${server.url}/admin/customers/${seeded.customerId}/portal`, { redirect: "manual" });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
  });
});
