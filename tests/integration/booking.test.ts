import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { expect, it } from "vitest";
import { loadConfig } from "#app/config.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { auditLog, bookings, contactSubmissions, mailAttachments, mailOutbox, users } from "#app/db/schema.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { defaultAvailability } from "#app/domain/booking.ts";
import { getAvailabilitySettings, insertBooking, saveAvailabilitySettings } from "#app/models/bookings.server.ts";
import { hashToken } from "#app/services/auth/tokens.server.ts";
import {
  changeBookingAsOwner,
  manageBooking,
  manageTokenHash,
  openSlots,
  sendBookingReminders,
} from "#app/services/booking.server.ts";
import { formTokenField, honeypotField } from "#app/services/contact.server.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { mailKey } from "#app/services/mail.server.ts";
import { openBytes, openText } from "#app/services/sealing.server.ts";
import { bookPost, manageKind } from "../support/booking-post.ts";
import { describeEachDatabase } from "../support/database.ts";

const config = {
  ...loadConfig({ SESSION_SECRET: "x".repeat(40), PUBLIC_URL: "https://studio.example", DATA_DIR: "/nonexistent" }),
  contactRateLimit: null,
};
const logger = pino({ level: "silent" });
/** An invitation as the visitor gets it (the visitor's mail carries a live link: sealed, its attachment too). */
const icsText = (content: Uint8Array) =>
  new TextDecoder().decode(openBytes(mailKey(config.sessionSecret), content) ?? new Uint8Array());

function form(fields: Record<string, string>) {
  const data = new FormData();
  data.set(formTokenField, issueFormToken(config.sessionSecret, Date.now() - 10_000));
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** The token of the newest manage link mailed to the visitor (opened from its sealed body). */
async function mailedToken(database: ReturnType<Parameters<Parameters<typeof describeEachDatabase>[1]>[0]>) {
  const { openText } = await import("#app/services/sealing.server.ts");
  const { mailKey } = await import("#app/services/mail.server.ts");
  const rows = await database.db.select().from(mailOutbox);
  const tokens = rows
    .map((row) => openText(mailKey(config.sessionSecret), row.text) ?? "")
    .flatMap((text) => [...(/\/book\/manage\/([\w-]{43})/.exec(text)?.slice(1) ?? [])]);
  return tokens;
}

describeEachDatabase("booking the free consultation", (database, kind) => {
  const app = () => ({
    config,
    database: database(),
    logger,
    ip: "203.0.113.9",
  });

  async function setUp() {
    await seedBaseline(database().db);
    await saveAvailabilitySettings(database().db, {
      ...defaultAvailability,
      weeklyHours: Array.from({ length: 7 }, () => [{ start: "09:00", end: "17:00" }]),
      minimumNoticeMinutes: 60,
      dailyCap: 0,
    });
    const { days } = await openSlots(database().db);
    const slot = days[1]?.slots[0];
    if (!slot) throw new Error("no slot");
    return slot;
  }

  it("of two visitors racing for one slot, exactly one books it; the other is told it was just taken", async () => {
    const slot = await setUp();
    const visitor = (name: string) =>
      bookPost(app(), form({ slot: slot.toISOString(), name, email: `${name}@example.test`, note: "Hi" }));
    const outcomes = await Promise.all([visitor("ada"), visitor("grace")]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["booked", "taken"]);
    const rows = await database().db.select().from(bookings);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.startsAt.toISOString()).toBe(slot.toISOString());
    // each booking is a submission of the type Free Consultation; mails with the invitation to both sides
    const submissions = await database().db.select().from(contactSubmissions);
    expect(submissions.map((row) => row.projectType)).toEqual(["consultation"]);
    expect(rows[0]?.contactSubmissionId).toBe(submissions[0]?.id);
    const attachments = await database().db.select().from(mailAttachments);
    expect(attachments).toHaveLength(2);
    const ics = icsText(attachments[0]?.content ?? new Uint8Array());
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:${rows[0]?.id}@studio-booking`);
    expect(ics).toMatch(new RegExp(`DTSTART:${slot.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`));
    expect(ics).toMatch(/ORGANIZER;CN="?[^:]+"?:mailto:/);
  });

  /** The first bookable day's slots with the given cap and buffers (every day open 9 to 17). */
  async function daySlots(settings: { dailyCap: number; bufferAfterMinutes: number }) {
    await seedBaseline(database().db);
    await saveAvailabilitySettings(database().db, {
      ...defaultAvailability,
      weeklyHours: Array.from({ length: 7 }, () => [{ start: "09:00", end: "17:00" }]),
      minimumNoticeMinutes: 60,
      ...settings,
    });
    const { days } = await openSlots(database().db);
    const day = days[1];
    if (!day || day.slots.length < 16) throw new Error("no full day");
    return day.slots;
  }

  const bookAt = (slot: Date, name: string, on: Parameters<typeof bookPost>[0] = app()) =>
    bookPost(on, form({ slot: slot.toISOString(), name, email: `${name}@example.test` }));

  it("holds the daily cap when ten visitors book one day at once (attack finding 4)", async () => {
    const slots = await daySlots({ dailyCap: 4, bufferAfterMinutes: 0 });
    // ten different times of one day, none near another
    const outcomes = await Promise.all(slots.slice(0, 10).map((slot, index) => bookAt(slot, `visitor${index}`)));
    expect(outcomes.filter((outcome) => outcome.kind === "booked")).toHaveLength(4);
    expect(outcomes.filter((outcome) => outcome.kind === "taken")).toHaveLength(6);
    expect(await database().db.select().from(bookings)).toHaveLength(4);
  });

  it("holds the 15-minute buffer when eight adjacent slots are booked at once (attack finding 4)", async () => {
    const slots = await daySlots({ dailyCap: 0, bufferAfterMinutes: 15 });
    const outcomes = await Promise.all(slots.slice(0, 8).map((slot, index) => bookAt(slot, `visitor${index}`)));
    const rows = (await database().db.select().from(bookings)).sort(
      (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
    );
    expect(rows.length).toBe(outcomes.filter((outcome) => outcome.kind === "booked").length);
    // which of the eight win depends on who takes the lock first: any choice where each booking keeps
    // its buffer and no refused slot was free (each is within the buffer of a booking): 3 or 4 of 8
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < rows.length; index++) {
      const gap = (rows[index]?.startsAt.getTime() ?? 0) - (rows[index - 1]?.endsAt.getTime() ?? 0);
      expect(gap).toBeGreaterThanOrEqual(15 * 60_000);
    }
    const buffer = 15 * 60_000;
    for (const [index, slot] of slots.slice(0, 8).entries()) {
      if (outcomes[index]?.kind === "booked") continue;
      const start = slot.getTime();
      const blocked = rows.some(
        (row) => start < row.endsAt.getTime() + buffer && row.startsAt.getTime() < start + 30 * 60_000 + buffer,
      );
      expect(blocked, `slot ${index} refused while free`).toBe(true);
    }
  });

  it("holds the buffer when a visitor books next to a slot another booking is being moved to", async () => {
    const slots = await daySlots({ dailyCap: 0, bufferAfterMinutes: 15 });
    const [first, , , target, next] = slots;
    if (!first || !target || !next) throw new Error("no slots");
    expect((await bookAt(first, "ada")).kind).toBe("booked");
    const [token] = await mailedToken(database());
    const [moved, booked] = await Promise.all([
      manageBooking(app(), manageTokenHash(token) ?? "", { intent: "reschedule", slot: target }),
      bookAt(next, "grace"),
    ]);
    // exactly one of them gets the time: the other is told it was just taken
    expect([manageKind(moved) === "moved", booked.kind === "booked"].filter(Boolean)).toHaveLength(1);
    expect([manageKind(moved), booked.kind]).toContain("taken");
    expect(await database().db.select().from(bookings)).toHaveLength(manageKind(moved) === "moved" ? 1 : 2);
  });

  // two instances: PostgreSQL only (PGlite is one process)
  if (kind === "postgres") {
    it("holds the cap and the buffer across two instances on one PostgreSQL (attack finding 4)", async () => {
      const slots = await daySlots({ dailyCap: 3, bufferAfterMinutes: 15 });
      const url = database().url;
      if (!url) throw new Error("no PostgreSQL URL");
      // a second instance: its own pool of connections to the same database
      const other = await openDatabase({ databaseUrl: url, poolSize: 10 });
      try {
        const second = { ...app(), database: other };
        const outcomes = await Promise.all(
          slots.slice(0, 12).map((slot, index) => bookAt(slot, `visitor${index}`, index % 2 ? second : app())),
        );
        const rows = (await database().db.select().from(bookings)).sort(
          (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
        );
        expect(rows).toHaveLength(3);
        expect(outcomes.filter((outcome) => outcome.kind === "booked")).toHaveLength(3);
        for (let index = 1; index < rows.length; index++) {
          const gap = (rows[index]?.startsAt.getTime() ?? 0) - (rows[index - 1]?.endsAt.getTime() ?? 0);
          expect(gap).toBeGreaterThanOrEqual(15 * 60_000);
        }
      } finally {
        await other.close();
      }
    });
  }

  it("mails one address at most three confirmations a day, says where the request was made, and keeps the visitor's words out of the invitation's title (attack finding 8)", async () => {
    const slots = await daySlots({ dailyCap: 0, bufferAfterMinutes: 0 });
    const note = `Call me at once on +1 555 0100 about your account. ${"x".repeat(400)}`;
    const bookAs = (slot: Date | undefined, email: string) =>
      bookPost(app(), form({ slot: slot?.toISOString() ?? "", name: "Urgent: account locked", email, note }));
    for (const slot of slots.slice(0, 3)) expect((await bookAs(slot, "victim@example.test")).kind).toBe("booked");
    // the fourth to that address (however it is spelled) is refused, and nothing more is mailed to it
    const refused = await bookAs(slots[4], " VICTIM@example.test");
    expect(refused).toMatchObject({ kind: "recipient-limited" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // another address is not held up by it
    expect((await bookAs(slots[6], "someone@example.test")).kind).toBe("booked");
    const toVictim = await database().db.select().from(mailOutbox).where(eq(mailOutbox.to, "victim@example.test"));
    expect(toVictim).toHaveLength(3);
    expect(await database().db.select().from(bookings)).toHaveLength(4);

    // the mail says it confirms a request made on the studio's site; the name given is a labelled line
    const { openText } = await import("#app/services/sealing.server.ts");
    const { mailKey } = await import("#app/services/mail.server.ts");
    const text = openText(mailKey(config.sessionSecret), toVictim[0]?.text ?? "") ?? "";
    expect(toVictim[0]?.subject).toMatch(/^Confirmation of your free consultation request on .+'s website$/);
    expect(text).toMatch(/^Hello,\n\nThis email confirms a request made on .+'s website \(studio\.example\)/);
    expect(text).toContain("Name given on the booking form: Urgent: account locked");
    expect(text).toContain("If you did not make this request, cancel it with the link above");
    expect(text).not.toContain("Call me");

    // the invitation: the studio's title; the note short, on one line, labelled as the visitor's
    const [attachment] = await database()
      .db.select()
      .from(mailAttachments)
      .where(eq(mailAttachments.mailId, toVictim[0]?.id ?? ""));
    const ics = icsText(attachment?.content ?? new Uint8Array()).replace(/\r\n[ \t]/g, "");
    const summary = /^SUMMARY:(.*)$/m.exec(ics)?.[1] ?? "";
    expect(summary).toMatch(/^Free Consultation with /);
    expect(summary).not.toMatch(/Urgent|Call me/);
    const description = /^DESCRIPTION:(.*)$/m.exec(ics)?.[1] ?? "";
    expect(description).toContain('Note typed on the booking form by the person who booked: "Call me at once');
    // the visitor's copy ends with their manage link (the studio's words); the rest stays this short
    const manageLine =
      /\\nTo cancel or choose another time \(the link works once\): https:\/\/studio\.example\/book\/manage\/[\w-]{43}$/;
    expect(description).toMatch(manageLine);
    expect(description.replace(manageLine, "").length).toBeLessThan(320);
    expect(description).not.toContain("x".repeat(200));
  });

  it("the invitation and the mails say where it happens; the visitor's copy carries the manage link, sealed, the owner's never", async () => {
    await setUp();
    const settings = await getAvailabilitySettings(database().db);
    await saveAvailabilitySettings(database().db, {
      ...settings,
      meetingPlace: "https://meet.example.com/studio-call",
    });
    const [slot, , , , later] = (await openSlots(database().db)).days[1]?.slots ?? [];
    if (!slot || !later) throw new Error("no slot");
    expect((await bookAt(slot, "grace")).kind).toBe("booked");
    const [token] = await mailedToken(database());
    if (!token) throw new Error("no link mailed");
    const outbox = await database().db.select().from(mailOutbox);
    const visitor = outbox.find((row) => row.to === "grace@example.test");
    const owner = outbox.find((row) => row.to !== "grace@example.test");
    const attachments = await database().db.select().from(mailAttachments);
    const visitorIcs = icsText(attachments.find((file) => file.mailId === visitor?.id)?.content ?? new Uint8Array());
    const unfolded = visitorIcs.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toMatch(/^LOCATION:https:\/\/meet\.example\.com\/studio-call\r?$/m);
    expect(unfolded).toMatch(/^URL(;VALUE=URI)?:https:\/\/meet\.example\.com\/studio-call\r?$/m);
    expect(unfolded).toContain(`https://studio.example/book/manage/${token}`);
    // at rest, no row holds the token: the visitor's mail and its invitation are sealed, the owner's has no link
    const ownerFile = attachments.find((file) => file.mailId === owner?.id)?.content ?? new Uint8Array();
    const ownerIcs = new TextDecoder().decode(ownerFile).replace(/\r\n[ \t]/g, "");
    expect(ownerIcs).toContain("LOCATION:https://meet.example.com/studio-call");
    expect(ownerIcs).not.toContain("/book/manage/");
    for (const row of outbox) expect(JSON.stringify(row)).not.toContain(token);
    for (const file of attachments) {
      expect(new TextDecoder().decode(file.content ?? new Uint8Array())).not.toContain(token);
    }
    const text = openText(mailKey(config.sessionSecret), visitor?.text ?? "") ?? "";
    expect(text).toContain("Where: a video call, https://meet.example.com/studio-call");
    expect(owner?.text).toContain("Where: https://meet.example.com/studio-call");

    // a phone number or an address is the LOCATION alone, without URL
    await saveAvailabilitySettings(database().db, { ...settings, meetingPlace: "12 Harbour Street, Portland" });
    expect((await bookAt(later, "hopper")).kind).toBe("booked");
    // the owner's mail of this second booking: the one mail to neither visitor written after the first
    const mails = await database().db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
    const secondOwner = mails.filter((row) => !["grace@example.test", "hopper@example.test"].includes(row.to)).at(1);
    const files = await database().db.select().from(mailAttachments);
    const ownerSecond = files.find((file) => file.mailId === secondOwner?.id)?.content ?? new Uint8Array();
    const latest = new TextDecoder().decode(ownerSecond).replace(/\r\n[ \t]/g, "");
    expect(latest).toContain("LOCATION:12 Harbour Street\\, Portland");
    expect(latest).not.toMatch(/^URL/m);
  });

  it("refuses a second booking of a booked start in the database itself, even when two inserts race", async () => {
    const slot = await setUp();
    const row = (name: string) => ({
      startsAt: slot,
      endsAt: new Date(slot.getTime() + 30 * 60_000),
      name,
      email: `${name}@example.test`,
      note: null,
      timeZone: null,
      manageTokenHash: hashToken(name),
    });
    const results = await Promise.all([
      database().db.transaction((tx) => insertBooking(tx, row("one"))),
      database().db.transaction((tx) => insertBooking(tx, row("two"))),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    // without the application's check (a plain insert), the unique index refuses it
    await expect(database().db.insert(bookings).values(row("three"))).rejects.toThrow();
    // a cancelled booking frees its time
    await database().db.update(bookings).set({ status: "cancelled" });
    expect(await insertBooking(database().db, row("four"))).not.toBeNull();
  });

  it("keeps only the hash of the link; the link moves the booking once, and cancels once", async () => {
    const slot = await setUp();
    const booked = await bookPost(
      app(),
      form({ slot: slot.toISOString(), name: "Ada", email: "ada@example.test", tz: "Europe/Berlin" }),
    );
    expect(booked.kind).toBe("booked");
    const [token] = await mailedToken(database());
    if (!token) throw new Error("no link mailed");
    const [row] = await database().db.select().from(bookings);
    expect(row?.manageTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // the visitor's mail carries the live link sealed at rest
    const outbox = await database().db.select().from(mailOutbox).where(eq(mailOutbox.to, "ada@example.test"));
    expect(outbox[0]?.text).not.toContain(token);

    const hash = manageTokenHash(token);
    if (!hash) throw new Error("malformed");
    const later = new Date(slot.getTime() + 60 * 60_000);
    const moved = await manageBooking(app(), hash, { intent: "reschedule", slot: later });
    expect(moved).toMatchObject({ ok: true, change: "moved" });
    const [afterMove] = await database().db.select().from(bookings);
    expect(afterMove?.startsAt.toISOString()).toBe(later.toISOString());
    expect(afterMove?.sequence).toBe(1);
    // the old slot is free again
    expect((await openSlots(database().db)).days.flatMap((entry) => entry.slots).map(String)).toContain(String(slot));
    // the used link does nothing more
    expect(await manageBooking(app(), hash, { intent: "cancel" })).toEqual({ ok: false, reason: "gone" });

    const tokens = await mailedToken(database());
    const fresh = tokens.find((candidate) => candidate !== token);
    if (!fresh) throw new Error("no new link mailed");
    const freshHash = manageTokenHash(fresh) ?? "";
    expect(await manageBooking(app(), freshHash, { intent: "cancel" })).toEqual({ ok: true, change: "cancelled" });
    expect(await manageBooking(app(), freshHash, { intent: "cancel" })).toEqual({ ok: false, reason: "gone" });
    const [cancelled] = await database().db.select().from(bookings);
    expect(cancelled).toMatchObject({ status: "cancelled", manageTokenHash: null });
    const ics = (await database().db.select().from(mailAttachments)).map((file) =>
      icsText(file.content ?? new Uint8Array()),
    );
    expect(ics.some((text) => text.includes("METHOD:CANCEL") && text.includes("SEQUENCE:2"))).toBe(true);
  });

  it("attaches to the open submission with the same email; the owner moves it; a bot is not booked; one reminder", async () => {
    const slot = await setUp();
    await database().db.insert(contactSubmissions).values({
      name: "Ada Lovelace",
      email: "ADA@example.test",
      projectType: "webapp",
      message: "Earlier inquiry",
    });
    await bookPost(app(), form({ slot: slot.toISOString(), name: "Ada", email: "ada@example.test" }));
    const submissions = await database().db.select().from(contactSubmissions);
    expect(submissions).toHaveLength(1);
    const [row] = await database().db.select().from(bookings);
    expect(row?.contactSubmissionId).toBe(submissions[0]?.id);

    const bot = await bookPost(
      app(),
      form({
        slot: new Date(slot.getTime() + 3600_000).toISOString(),
        name: "Bot",
        email: "b@example.test",
        [honeypotField]: "x",
      }),
    );
    expect(bot.kind).toBe("ignored");
    expect(await database().db.select().from(bookings)).toHaveLength(1);

    const later = new Date(slot.getTime() + 2 * 3600_000);
    const [admin] = await database().db.insert(users).values({ email: "owner@studio.test" }).returning();
    const owner = { actor: { userId: admin?.id ?? "", email: admin?.email ?? "" }, ip: "203.0.113.1" };
    expect(
      await changeBookingAsOwner(app(), row?.id ?? "", { intent: "reschedule", slot: later }, owner),
    ).toMatchObject({
      ok: true,
      change: "moved",
    });
    expect((await database().db.select().from(auditLog)).map((entry) => entry.event)).toEqual(["booking_moved"]);
    const before = (await database().db.select().from(mailOutbox)).length;
    const dayBefore = new Date(later.getTime() - 20 * 3600_000);
    expect(await sendBookingReminders(app(), dayBefore)).toBe(1);
    expect(await sendBookingReminders(app(), dayBefore)).toBe(0);
    const mails = await database().db.select().from(mailOutbox);
    expect(mails).toHaveLength(before + 1);
    expect(mails.some((mail) => mail.subject === "Reminder: your free consultation is tomorrow")).toBe(true);
  });
});
