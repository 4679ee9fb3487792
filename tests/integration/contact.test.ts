import { parseWithZod } from "@conform-to/zod/v4";
import { pino } from "pino";
import { expect, it } from "vitest";
import { loadConfig } from "#app/config.server.ts";
import { contactSubmissions, mailOutbox, suspectedSpam } from "#app/db/schema.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { contactFormSchema, contactMessages } from "#app/domain/contact-form.ts";
import { countSubmissionsByStatus } from "#app/models/contact-submissions.server.ts";
import { listPackageChoices } from "#app/models/pricing.server.ts";
import { answerInquiryPost } from "#app/routes/_site/inquiry-answer.server.ts";
import {
  formTokenField,
  honeypotField,
  maxUsesPerFormToken,
  receiveInquiry,
  refilledTokensPerIp,
} from "#app/services/contact.server.ts";
import { openChangeFeed } from "#app/services/events.server.ts";
import { checkFormToken, issueFormToken } from "#app/services/form-token.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const config = {
  ...loadConfig({ SESSION_SECRET: "x".repeat(40), PUBLIC_URL: "https://studio.example", DATA_DIR: "/nonexistent" }),
  // a day-long window: a test never straddles two of its fixed windows (its limit would start again)
  contactRateLimit: { limit: 2, windowMs: 86_400_000 },
};
const logLines: string[] = [];
const logger = pino({ level: "info" }, { write: (line: string) => logLines.push(line) });

function form(fields: Record<string, string>, tokenAgeMs = 10_000) {
  const data = new FormData();
  data.set(formTokenField, issueFormToken(config.sessionSecret, Date.now() - tokenAgeMs));
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/**
 * As the route receives a post: parsed against the form's schema, then received. `kind` names the
 * outcome (stored, spam, or the failure's reason); `result` is the reply the form gets back.
 */
async function receive(ctx: Parameters<typeof receiveInquiry>[0], data: FormData) {
  const submission = parseWithZod(data, { schema: contactFormSchema });
  const outcome = await receiveInquiry(ctx, submission);
  const kind = outcome.ok ? (outcome.spam ? "spam" : "stored") : outcome.reason;
  return { ...outcome, kind, formToken: outcome.ok ? "" : (outcome.formToken ?? ""), result: submission.reply() };
}

const complete = {
  first_name: " Ada ",
  last_name: "Lovelace",
  email: "ada@example.test",
  phone_number: "+1 (555) 010-4242",
  customer_type: "entrepreneur",
  business_name: "Analytical Engines",
  existing_website_url: "engines.example",
  project_type: "webapp",
  budget_range: "medium",
  message: "We need a booking system.\nSoon.",
};

describeEachDatabase("contact inquiries", (database) => {
  function app(ip = "203.0.113.7") {
    return { ctx: { config, database: database(), logger, ip } };
  }

  it("stores a valid inquiry as exactly one row with the spec's columns, and queues the owner's mail", async () => {
    await seedBaseline(database().db);
    const { ctx } = app();
    // the mail worker hears of the queued mail once the inquiry commits (no caller wakes it)
    const feed = await openChangeFeed(database());
    const heard = new Promise<void>((resolve) => feed.onMailQueued(resolve));
    const outcome = await receive(ctx, form(complete));
    expect(outcome.kind).toBe("stored");
    const rows = await database().db.select().from(contactSubmissions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.test",
      phoneNumber: "+1 (555) 010-4242",
      customerType: "entrepreneur",
      businessName: "Analytical Engines",
      existingWebsiteUrl: "https://engines.example",
      projectType: "webapp",
      budgetRange: "medium",
      message: "We need a booking system.\nSoon.",
      status: "new",
      notes: null,
    });
    const mail = await database().db.select().from(mailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: "hello@studio.test",
      subject: "New inquiry from Ada Lovelace",
      status: "pending",
    });
    expect(mail[0]?.text).toContain(`https://studio.example/admin/dashboard?submission=${rows[0]?.id}`);
    await heard;
    await feed.close();
  });

  it("keeps the chosen pricing package with the inquiry (its name), in the owner's mail too; an unknown one is ignored", async () => {
    await seedBaseline(database().db);
    const [standard] = await listPackageChoices(database().db).then((list) =>
      list.filter((p) => /standard/i.test(p.name)),
    );
    expect(standard).toBeDefined();
    const { ctx } = app();
    const chosen = await receive(ctx, form({ ...complete, package_id: String(standard?.id) }));
    expect(chosen.kind).toBe("stored");
    for (const [index, package_id] of ["999999", "abc", "-1", "1e3", "", "<script>"].entries()) {
      const outcome = await receive(app(`198.51.100.${index + 1}`).ctx, form({ ...complete, package_id }));
      expect(outcome.kind, package_id).toBe("stored");
    }
    const rows = await database().db.select().from(contactSubmissions);
    expect(rows.map((row) => row.packageName).sort()).toEqual(
      [standard?.name, null, null, null, null, null, null].sort(),
    );
    const stored = rows.find((row) => row.packageName);
    expect(stored?.id).toBe(chosen.ok ? chosen.id : "");
    const mails = await database().db.select().from(mailOutbox);
    expect(mails.filter((mail) => mail.text.includes(`Package: ${standard?.name}`))).toHaveLength(1);
    expect(mails.filter((mail) => mail.text.includes("Package: -"))).toHaveLength(6);
  });

  it("stores blank optional fields as null", async () => {
    const { ctx } = app();
    await receive(
      ctx,
      form({
        first_name: "Grace",
        last_name: "Hopper",
        email: "g@navy.test",
        project_type: "quote",
        message: "Hi",
        phone_number: "",
        business_name: "  ",
      }),
    );
    const [row] = await database().db.select().from(contactSubmissions);
    expect(row).toMatchObject({
      phoneNumber: null,
      businessName: null,
      existingWebsiteUrl: null,
      budgetRange: null,
      customerType: null,
    });
  });

  it("refuses an invalid inquiry with the spec's messages and stores nothing", async () => {
    const { ctx } = app();
    const outcome = await receive(
      ctx,
      form({ ...complete, first_name: "", email: "nope", phone_number: "12", project_type: "" }),
    );
    expect(outcome.kind).toBe("invalid");
    if (outcome.kind !== "invalid") return;
    expect(outcome.result.error).toMatchObject({
      first_name: ["First name is required"],
      email: ["Invalid email address"],
      phone_number: ["Phone number must be at least 10 digits"],
      project_type: ["Please select a project type"],
    });
    // the visitor's values come back
    expect(outcome.result.initialValue).toMatchObject({ last_name: "Lovelace", message: complete.message });
    expect(await database().db.select().from(contactSubmissions)).toEqual([]);
    expect(await database().db.select().from(mailOutbox)).toEqual([]);
  });

  it.each([
    ["honeypot", () => form({ ...complete, [honeypotField]: "http://spam.example" })],
    ["too-fast", () => form(complete, 1_000)],
    [
      "invalid-token",
      () => {
        const data = form(complete);
        data.set(formTokenField, "123.forged");
        return data;
      },
    ],
    [
      "missing-token",
      () => {
        const data = form(complete);
        data.delete(formTokenField);
        return data;
      },
    ],
  ])(
    "keeps a suspected bot (%s) as spam: out of the inbox, refusal logged without the message",
    async (reason, makeForm) => {
      const { ctx } = app();
      logLines.length = 0;
      expect(await receive(ctx, makeForm())).toMatchObject({ ok: true, spam: reason });
      expect(await database().db.select().from(contactSubmissions)).toEqual([]);
      expect(logLines.join("")).toContain(`"reason":"${reason}"`);
      expect(logLines.join("")).not.toContain("booking system");
      // never thrown away: kept for the owner's review, with what was written
      const [kept] = await database().db.select().from(suspectedSpam);
      expect(kept).toMatchObject({ reason });
      expect(kept?.fields.message).toBe(complete.message);
      expect(await countSubmissionsByStatus(database().db)).toEqual({
        new: 0,
        "in-progress": 0,
        completed: 0,
        archived: 0,
      });
    },
  );

  it("a stale form (page older than a day) comes back with the values and a fresh token, and then goes through", async () => {
    const { ctx } = app();
    const stale = await receive(ctx, form(complete, 25 * 3600_000));
    expect(stale.kind).toBe("stale");
    if (stale.kind !== "stale") return;
    expect(stale.result.initialValue).toMatchObject({ message: complete.message, last_name: "Lovelace" });
    expect(await database().db.select().from(suspectedSpam)).toEqual([]);
    // sent again at once with the fresh token: stored, not taken for a bot
    const again = new FormData();
    for (const [key, value] of Object.entries(complete)) again.set(key, value);
    again.set(formTokenField, stale.formToken);
    expect((await receive(ctx, again)).kind).toBe("stored");
  });

  it("a bot reposting one expired token never gets more than one token past the time trap", async () => {
    const { ctx } = app("203.0.113.21");
    const expired = issueFormToken(config.sessionSecret, Date.now() - 25 * 3600_000);
    const post = (token: string, ip = ctx.ip) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(complete)) data.set(key, value);
      data.set(formTokenField, token);
      return receive({ ...ctx, ip }, data);
    };
    // the first stale answer (a person's) is backdated: sending again at once works (the test above)
    const first = await post(expired);
    expect(first.kind).toBe("stale");
    // the same expired token again, from anywhere: a token dated now, so posting it at once is too fast
    for (const ip of ["203.0.113.21", "198.51.100.4", "2001:db8::1"]) {
      const again = await post(expired, ip);
      if (again.kind !== "stale") throw new Error(`expected stale, got ${again.kind}`);
      const bot = await post(again.formToken, ip);
      expect(bot).toMatchObject({ ok: true, spam: "too-fast" });
    }
    expect(await database().db.select().from(contactSubmissions)).toEqual([]);
    expect(await database().db.select().from(suspectedSpam)).toHaveLength(3);
  });

  it("a person sending a stale form again after the minimum fill time is accepted, whatever its token", async () => {
    const quick = { ...config, contactMinFillMs: 200 };
    const { ctx } = app("203.0.113.22");
    const expired = issueFormToken(quick.sessionSecret, Date.now() - 25 * 3600_000);
    const data = new FormData();
    for (const [key, value] of Object.entries(complete)) data.set(key, value);
    data.set(formTokenField, expired);
    await receive({ ...ctx, config: quick }, data);
    const stale = await receive({ ...ctx, config: quick }, data);
    if (stale.kind !== "stale") throw new Error(`expected stale, got ${stale.kind}`);
    expect(stale.result.initialValue).toMatchObject({ message: complete.message });
    await new Promise((resolve) => setTimeout(resolve, 250));
    data.set(formTokenField, stale.formToken);
    expect((await receive({ ...ctx, config: quick }, data)).kind).toBe("stored");
  });

  it("backdated stale answers are few per address, and never for a page older than two days", async () => {
    const { ctx } = app("203.0.113.23");
    const staleToken = async (ageMs: number) => {
      const data = form(complete, ageMs);
      const outcome = await receive(ctx, data);
      if (outcome.kind !== "stale") throw new Error(`expected stale, got ${outcome.kind}`);
      return outcome.formToken;
    };
    const tooFast = (token: string) => checkFormToken(config.sessionSecret, token, Date.now(), config.contactMinFillMs);
    // each expired token is new (its own first use): 5 per address are backdated, then dated now
    const tokens = [];
    for (let i = 0; i < refilledTokensPerIp.limit + 1; i++) tokens.push(await staleToken(25 * 3600_000 + i * 60_000));
    expect(tokens.map(tooFast)).toEqual([...Array(refilledTokensPerIp.limit).fill("ok"), "too-fast"]);
    // a page older than two days: its use record would already be pruned, so it is never backdated
    const { ctx: other } = app("203.0.113.24");
    const data = form(complete, 49 * 3600_000);
    const old = await receive(other, data);
    expect(old.kind === "stale" && tooFast(old.formToken)).toBe("too-fast");
  });

  it("a token replayed more than a few times is kept as spam", async () => {
    const { ctx } = app();
    const token = issueFormToken(config.sessionSecret, Date.now() - 10_000);
    const outcomes = [];
    for (let i = 0; i < maxUsesPerFormToken + 1; i++) {
      const data = form(complete);
      data.set(formTokenField, token);
      outcomes.push((await receive({ ...ctx, ip: `192.0.2.${i}` }, data)).kind);
    }
    expect(outcomes).toEqual([...Array(maxUsesPerFormToken).fill("stored"), "spam"]);
  });

  it("the time trap's minimum comes from CONTACT_MIN_FILL_MS", async () => {
    // margins of seconds either side, so a slow machine cannot move a form across the line; the default (3 s)
    // would store the 10 s old form, and a shorter minimum than asked would too
    const slow = { ...app().ctx, config: { ...config, contactMinFillMs: 20_000 } };
    expect((await receive(slow, form(complete, 30_000))).kind).toBe("stored");
    expect((await receive(slow, form(complete, 10_000))).kind).toBe("spam");
  });

  it("limits inquiries per IP address, in the database", async () => {
    const first = app("198.51.100.1");
    expect((await receive(first.ctx, form(complete))).kind).toBe("stored");
    expect((await receive(first.ctx, form(complete))).kind).toBe("stored");
    const third = await receive(first.ctx, form(complete));
    expect(third.kind).toBe("limited");
    if (!third.ok) expect(third.retryAfterSeconds).toBeGreaterThan(0);
    // another address is not affected
    expect((await receive(app("198.51.100.2").ctx, form(complete))).kind).toBe("stored");
    expect(await database().db.select().from(contactSubmissions)).toHaveLength(3);
  });

  it("the route answers each outcome with its status and body: sent 200, invalid 400, stale 409, limited 429", async () => {
    const { ctx } = app("198.51.100.9");
    const post = (data: FormData) =>
      answerInquiryPost(ctx, new Request("https://studio.example/contact", { method: "POST", body: data }));
    const sent = await post(form(complete));
    expect(sent).toMatchObject({ status: 200, headers: { "Cache-Control": "no-store" }, body: { status: "sent" } });
    // a bot is answered like a person whose message was sent
    expect(await post(form({ ...complete, [honeypotField]: "x" }))).toMatchObject({
      status: 200,
      body: { status: "sent" },
    });
    const invalid = await post(form({ ...complete, email: "nope" }));
    expect(invalid).toMatchObject({ status: 400, body: { status: "invalid" } });
    expect(invalid.body.status === "invalid" && invalid.body.result.error).toMatchObject({
      email: ["Invalid email address"],
    });
    const stale = await post(form(complete, 25 * 3600_000));
    expect(stale).toMatchObject({ status: 409, body: { status: "stale", message: contactMessages.staleForm } });
    expect(stale.body.status === "stale" && stale.body.formToken).toMatch(/\./);
    await post(form(complete));
    const limited = await post(form(complete));
    expect(limited).toMatchObject({ status: 429, body: { status: "error", message: contactMessages.rateLimited } });
    expect(Number(limited.headers["Retry-After"])).toBeGreaterThan(0);
  });
});
