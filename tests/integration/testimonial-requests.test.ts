/**
 * The testimonial loop (ADR 0062), below HTTP on both databases: the owner's request on a completed project mails
 * the client a sealed link (refused for a project not completed, a customer without an address, non-admins); the
 * client's answer on that link becomes a testimonial with the client's own permission, offered to the project's
 * case study, or stays with the owner (no permission, a rating of 3 or less); one answer per request round, the
 * owner mailed each time; bad answers refused with the field named and nothing stored; an expired link says so.
 */
import { and, eq, like } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { auditLog, mailOutbox, testimonialRequests, testimonials } from "#app/db/schema.ts";
import { caseStudyMessages } from "#app/domain/case-studies.ts";
import { testimonialRequestMessages } from "#app/domain/testimonial-requests.ts";
import { latestTestimonialRequest } from "#app/models/testimonial-requests.server.ts";
import { caseStudyChoices } from "#app/models/testimonials.server.ts";
import * as requestRoute from "#app/routes/admin/projects/testimonial-request.ts";
import * as clientRoute from "#app/routes/client-testimonial.tsx";
import { mailKey } from "#app/services/mail.server.ts";
import { openText } from "#app/services/sealing.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertProject } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

describeEachDatabase("testimonial requests", (database) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";
  let completed = "";
  let running = "";
  let customerEmail = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    const db = database().db;
    const customer = await insertCustomer(db, { name: "Grace Hopper", businessName: "Floor & Co." });
    customerEmail = customer.email;
    completed = (await insertProject(db, customer.id, { projectName: "Floor marketplace", status: "completed" })).id;
    running = (await insertProject(db, customer.id, { projectName: "Shop redesign", status: "in_progress" })).id;
  });

  const ask = (projectId: string, cookie = admin) =>
    call(requestRoute.action, `/admin/projects/${projectId}/testimonial-request`, {
      cookie,
      form: { intent: "testimonial-request" },
      params: { id: projectId },
    });

  /** The token of the latest request mailed to the client, read from the sealed mail as the mail worker would. */
  async function mailedToken(): Promise<string> {
    const mails = await database()
      .db.select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, customerEmail), eq(mailOutbox.subject, "How was working with Studio Web Development?")),
      );
    const text = openText(mailKey(testConfig.sessionSecret), mails.at(-1)?.text ?? "") ?? "";
    const token = /\/t\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no link in: ${text}`);
    return token;
  }

  const answer = (token: string, form: Record<string, string>) =>
    call(clientRoute.action, `/t/${token}`, { form, params: { token } });
  const open = (token: string, query = "") => call(clientRoute.loader, `/t/${token}${query}`, { params: { token } });
  const good = { rating: "5", quote: "They built us a marketplace that pays.", author_name: "Grace Hopper" };

  it("mails the client of a completed project a sealed link, audited; the answer with permission is offered to the case study", async () => {
    const db = database().db;
    const sent = await ask(completed);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/admin/projects/${completed}`);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, customerEmail));
    // the link is a secret: the outbox holds it sealed
    expect(mail?.text).not.toContain("/t/");
    const token = await mailedToken();
    const [stored] = await db.select().from(testimonialRequests);
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored?.sentTo).toBe(customerEmail);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.event, "testimonial_requested"));
    expect(entry?.detail).toEqual({ project: completed, to: customerEmail });

    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ projectName: "Floor marketplace", customerName: "Grace Hopper" });

    const answered = await answer(token, { ...good, author_role: "Owner, Floor & Co.", permission: "on" });
    expect(answered.status).toBe(303);
    expect(answered.location).toBe(`/t/${token}?answered=1`);
    const [saved] = await db.select().from(testimonials);
    expect(saved).toMatchObject({
      projectId: completed,
      authorName: "Grace Hopper",
      authorRole: "Owner, Floor & Co.",
      rating: 5,
      permission: "client_form",
      featured: false,
    });
    expect(saved?.permissionAt).toBeInstanceOf(Date);
    // offered to the project's case study
    expect((await caseStudyChoices(db)).testimonials.map((choice) => choice.id)).toEqual([saved?.id]);
    // the owner hears of it
    const ownerMails = await db.select().from(mailOutbox).where(like(mailOutbox.subject, "Grace Hopper rated %"));
    expect(ownerMails.map((row) => row.subject)).toEqual(["Grace Hopper rated Floor marketplace 5 of 5"]);
    expect(await latestTestimonialRequest(db, completed)).toMatchObject({ sentTo: customerEmail });
    expect((await latestTestimonialRequest(db, completed))?.answeredAt).toBeInstanceOf(Date);

    // the thank-you, then a second answer on the same link: one testimonial
    expect((await open(token, "?answered=1")).data).toMatchObject({ message: testimonialRequestMessages.thanks });
    expect((await open(token)).data).toMatchObject({ message: testimonialRequestMessages.answered });
    const again = await answer(token, good);
    expect(again.status).toBe(303);
    expect(await db.select().from(testimonials)).toHaveLength(1);
  });

  it("keeps an answer without permission, or rated 3 or less, with the owner", async () => {
    const db = database().db;
    await ask(completed);
    await answer(await mailedToken(), { ...good, rating: "3", permission: "on" });
    await ask(completed);
    await answer(await mailedToken(), { ...good, rating: "5" });
    const rows = await db.select().from(testimonials);
    expect(rows.map((row) => [row.rating, row.permission])).toEqual(
      expect.arrayContaining([
        [3, "client_form"],
        [5, "none"],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect((await caseStudyChoices(db)).testimonials).toEqual([]);
    const ownerMail = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "Grace Hopper rated Floor marketplace 3 of 5"));
    expect(ownerMail[0]?.text).toContain("A rating of 3 or less stays with you");
  });

  it("refuses a bad answer with the field named, storing nothing; a sent request closes the earlier open ones", async () => {
    const db = database().db;
    await ask(completed);
    const first = await mailedToken();
    await ask(completed);
    const second = await mailedToken();
    const bad = await answer(second, { quote: " ", author_name: "", rating: "7", author_role: "x".repeat(121) });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      result: {
        error: {
          rating: [caseStudyMessages.clientRatingRequired],
          quote: [caseStudyMessages.clientQuoteRequired],
          author_name: [caseStudyMessages.clientNameRequired],
          author_role: ["Role must be less than 120 characters"],
        },
      },
    });
    expect(await db.select().from(testimonials)).toHaveLength(0);
    expect((await answer(second, good)).status).toBe(303);
    // the earlier link of the same round is answered too
    expect((await open(first)).data).toMatchObject({ message: testimonialRequestMessages.answered });
    expect((await answer(first, good)).status).toBe(303);
    expect(await db.select().from(testimonials)).toHaveLength(1);
  });

  it("refuses a project not completed, a customer without an address, an expired or unknown link, and non-admins", async () => {
    const db = database().db;
    const notDone = await ask(running);
    expect(notDone.status).toBe(302);
    expect(await db.select().from(testimonialRequests)).toHaveLength(0);
    const noEmail = await insertCustomer(db, { name: "Nobody Here", email: "" });
    const silent = await insertProject(db, noEmail.id, { status: "completed" });
    await ask(silent.id);
    expect(await db.select().from(testimonialRequests)).toHaveLength(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.event, "testimonial_requested"))).toHaveLength(0);

    await ask(completed);
    const token = await mailedToken();
    await db.update(testimonialRequests).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await open(token);
    expect(expired.status).toBe(410);
    expect(expired.data).toMatchObject({ message: testimonialRequestMessages.expired });
    expect((await answer(token, good)).status).toBe(303);
    expect(await db.select().from(testimonials)).toHaveLength(0);
    expect((await open("x".repeat(43))).status).toBe(404);
    expect((await open("not-a-token")).status).toBe(404);

    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      expect([302, 403]).toContain((await ask(completed, cookie)).status);
    }
    expect(await db.select().from(testimonialRequests)).toHaveLength(1);
  });
});
