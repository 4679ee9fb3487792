import { pino } from "pino";
import { expect, it } from "vitest";
import { loadConfig } from "#app/config.server.ts";
import { contactSubmissions, mailOutbox, suspectedSpam } from "#app/db/schema.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { countSubmissionsByStatus } from "#app/models/contact-submissions.server.ts";
import {
  formTokenField,
  honeypotField,
  maxUsesPerFormToken,
  receiveInquiry,
  refilledTokensPerIp,
} from "#app/services/contact.server.ts";
import { checkFormToken, issueFormToken } from "#app/services/form-token.server.ts";
import { describeEachDatabase } from "../support/database.ts";

const config = {
  ...loadConfig({ SESSION_SECRET: "x".repeat(40), PUBLIC_URL: "https://studio.example", DATA_DIR: "/nonexistent" }),
  contactRateLimit: { limit: 2, windowMs: 600_000 },
};
const logLines: string[] = [];
const logger = pino({ level: "info" }, { write: (line: string) => logLines.push(line) });

function form(fields: Record<string, string>, tokenAgeMs = 10_000) {
  const data = new FormData();
  data.set(formTokenField, issueFormToken(config.sessionSecret, Date.now() - tokenAgeMs));
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
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
    let kicks = 0;
    return {
      kicks: () => kicks,
      ctx: {
        config,
        database: database(),
        logger,
        ip,
        mail: {
          kick: () => {
            kicks++;
          },
          stop: async () => {},
        },
      },
    };
  }

  it("stores a valid inquiry as exactly one row with the spec's columns, and queues the owner's mail", async () => {
    await seedBaseline(database().db);
    const { ctx, kicks } = app();
    const outcome = await receiveInquiry(ctx, form(complete));
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
    expect(kicks()).toBe(1);
  });

  it("stores blank optional fields as null", async () => {
    const { ctx } = app();
    await receiveInquiry(
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
    const outcome = await receiveInquiry(
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
      expect(await receiveInquiry(ctx, makeForm())).toMatchObject({ kind: "spam", reason });
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
    const stale = await receiveInquiry(ctx, form(complete, 25 * 3600_000));
    expect(stale.kind).toBe("stale");
    if (stale.kind !== "stale") return;
    expect(stale.result.initialValue).toMatchObject({ message: complete.message, last_name: "Lovelace" });
    expect(await database().db.select().from(suspectedSpam)).toEqual([]);
    // sent again at once with the fresh token: stored, not taken for a bot
    const again = new FormData();
    for (const [key, value] of Object.entries(complete)) again.set(key, value);
    again.set(formTokenField, stale.formToken);
    expect((await receiveInquiry(ctx, again)).kind).toBe("stored");
  });

  it("a bot reposting one expired token never gets more than one token past the time trap", async () => {
    const { ctx } = app("203.0.113.21");
    const expired = issueFormToken(config.sessionSecret, Date.now() - 25 * 3600_000);
    const post = (token: string, ip = ctx.ip) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(complete)) data.set(key, value);
      data.set(formTokenField, token);
      return receiveInquiry({ ...ctx, ip }, data);
    };
    // the first stale answer (a person's) is backdated: sending again at once works (the test above)
    const first = await post(expired);
    expect(first.kind).toBe("stale");
    // the same expired token again, from anywhere: a token dated now, so posting it at once is too fast
    for (const ip of ["203.0.113.21", "198.51.100.4", "2001:db8::1"]) {
      const again = await post(expired, ip);
      if (again.kind !== "stale") throw new Error(`expected stale, got ${again.kind}`);
      const bot = await post(again.formToken, ip);
      expect(bot).toMatchObject({ kind: "spam", reason: "too-fast" });
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
    await receiveInquiry({ ...ctx, config: quick }, data);
    const stale = await receiveInquiry({ ...ctx, config: quick }, data);
    if (stale.kind !== "stale") throw new Error(`expected stale, got ${stale.kind}`);
    expect(stale.result.initialValue).toMatchObject({ message: complete.message });
    await new Promise((resolve) => setTimeout(resolve, 250));
    data.set(formTokenField, stale.formToken);
    expect((await receiveInquiry({ ...ctx, config: quick }, data)).kind).toBe("stored");
  });

  it("backdated stale answers are few per address, and never for a page older than two days", async () => {
    const { ctx } = app("203.0.113.23");
    const staleToken = async (ageMs: number) => {
      const data = form(complete, ageMs);
      const outcome = await receiveInquiry(ctx, data);
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
    const old = await receiveInquiry(other, data);
    expect(old.kind === "stale" && tooFast(old.formToken)).toBe("too-fast");
  });

  it("a token replayed more than a few times is kept as spam", async () => {
    const { ctx } = app();
    const token = issueFormToken(config.sessionSecret, Date.now() - 10_000);
    const outcomes = [];
    for (let i = 0; i < maxUsesPerFormToken + 1; i++) {
      const data = form(complete);
      data.set(formTokenField, token);
      outcomes.push((await receiveInquiry({ ...ctx, ip: `192.0.2.${i}` }, data)).kind);
    }
    expect(outcomes).toEqual([...Array(maxUsesPerFormToken).fill("stored"), "spam"]);
  });

  it("the time trap's minimum comes from CONTACT_MIN_FILL_MS", async () => {
    const quick = { ...app().ctx, config: { ...config, contactMinFillMs: 50 } };
    expect((await receiveInquiry(quick, form(complete, 100))).kind).toBe("stored");
    expect((await receiveInquiry(quick, form(complete, 10))).kind).toBe("spam");
  });

  it("limits inquiries per IP address, in the database", async () => {
    const first = app("198.51.100.1");
    expect((await receiveInquiry(first.ctx, form(complete))).kind).toBe("stored");
    expect((await receiveInquiry(first.ctx, form(complete))).kind).toBe("stored");
    const third = await receiveInquiry(first.ctx, form(complete));
    expect(third.kind).toBe("limited");
    if (third.kind === "limited") expect(third.retryAfterSeconds).toBeGreaterThan(0);
    // another address is not affected
    expect((await receiveInquiry(app("198.51.100.2").ctx, form(complete))).kind).toBe("stored");
    expect(await database().db.select().from(contactSubmissions)).toHaveLength(3);
  });
});
