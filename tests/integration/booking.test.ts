import { eq } from "drizzle-orm";
import { pino } from "pino";
import { expect, it } from "vitest";
import { loadConfig } from "#app/config.server.ts";
import { auditLog, bookings, contactSubmissions, mailAttachments, mailOutbox, users } from "#app/db/schema.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { defaultAvailability } from "#app/domain/booking.ts";
import { insertBooking, saveAvailabilitySettings } from "#app/models/bookings.server.ts";
import { hashToken } from "#app/services/auth/tokens.server.ts";
import {
  bookConsultation,
  changeBookingAsOwner,
  manageBooking,
  manageTokenHash,
  openSlots,
  sendBookingReminders,
} from "#app/services/booking.server.ts";
import { formTokenField, honeypotField } from "#app/services/contact.server.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { mailKey } from "#app/services/mail.server.ts";
import { openBytes } from "#app/services/sealing.server.ts";
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

describeEachDatabase("booking the free consultation", (database) => {
  const app = () => ({
    config,
    database: database(),
    logger,
    ip: "203.0.113.9",
    mail: { kick() {}, stop: async () => {} },
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
      bookConsultation(app(), form({ slot: slot.toISOString(), name, email: `${name}@example.test`, note: "Hi" }));
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
    const booked = await bookConsultation(
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
    expect(moved).toMatchObject({ kind: "moved" });
    const [afterMove] = await database().db.select().from(bookings);
    expect(afterMove?.startsAt.toISOString()).toBe(later.toISOString());
    expect(afterMove?.sequence).toBe(1);
    // the old slot is free again
    expect((await openSlots(database().db)).days.flatMap((entry) => entry.slots).map(String)).toContain(String(slot));
    // the used link does nothing more
    expect(await manageBooking(app(), hash, { intent: "cancel" })).toEqual({ kind: "gone" });

    const tokens = await mailedToken(database());
    const fresh = tokens.find((candidate) => candidate !== token);
    if (!fresh) throw new Error("no new link mailed");
    const freshHash = manageTokenHash(fresh) ?? "";
    expect(await manageBooking(app(), freshHash, { intent: "cancel" })).toEqual({ kind: "cancelled" });
    expect(await manageBooking(app(), freshHash, { intent: "cancel" })).toEqual({ kind: "gone" });
    const [cancelled] = await database().db.select().from(bookings);
    expect(cancelled).toMatchObject({ status: "cancelled", manageTokenHash: null });
    const ics = (await database().db.select().from(mailAttachments)).map((file) => icsText(file.content));
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
    await bookConsultation(app(), form({ slot: slot.toISOString(), name: "Ada", email: "ada@example.test" }));
    const submissions = await database().db.select().from(contactSubmissions);
    expect(submissions).toHaveLength(1);
    const [row] = await database().db.select().from(bookings);
    expect(row?.contactSubmissionId).toBe(submissions[0]?.id);

    const bot = await bookConsultation(
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
      kind: "moved",
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
