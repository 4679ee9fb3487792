/**
 * Case studies and testimonials (ADR 0059), below HTTP on both databases: a case study written from a completed
 * project, published at /portfolio/{slug} with its testimonial, in the sitemap; a testimonial shown only with a
 * recorded permission and a rating above 3 (in the model, the join and a check constraint); the home page's three;
 * refusals that name the field and store nothing; the guard on every new route.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { auditLog, portfolioItems, testimonials } from "#app/db/schema.ts";
import { caseStudyMessages } from "#app/domain/case-studies.ts";
import { getCaseStudy } from "#app/models/portfolio.server.ts";
import { listFeaturedTestimonials } from "#app/models/testimonials.server.ts";
import * as caseStudyRoute from "#app/routes/_site/case-study.tsx";
import * as previewRoute from "#app/routes/_site/case-study-preview.tsx";
import * as homeRoute from "#app/routes/_site/home.tsx";
import * as editRoute from "#app/routes/admin/site-portfolio-edit.tsx";
import * as testimonialsRoute from "#app/routes/admin/site-testimonials.tsx";
import * as sitemapRoute from "#app/routes/sitemap.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertProject } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const testimonialsPath = "/admin/site/testimonials";

async function png() {
  return new Uint8Array(
    await sharp({ create: { width: 1200, height: 750, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer(),
  );
}

describeEachDatabase("case studies", (database) => {
  const { call, callRequest, cookieFor, respond } = routeHarness(database);
  let admin = "";
  let completedProject = "";
  let runningProject = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    const db = database().db;
    const customer = await insertCustomer(db, { name: "Grace Hopper", businessName: "Floor & Co." });
    completedProject = (await insertProject(db, customer.id, { projectName: "Floor marketplace", status: "completed" }))
      .id;
    runningProject = (await insertProject(db, customer.id, { projectName: "Shop redesign", status: "in_progress" })).id;
  });

  async function upload(fields: Record<string, string>, withImage = true, query = "") {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (withImage) body.append("image", new Blob([Buffer.from(await png())], { type: "image/png" }), "shot.png");
    const request = new Request(`${testConfig.publicUrl}/admin/site/portfolio/edit${query}`, {
      method: "POST",
      headers: { Cookie: admin, Origin: testConfig.publicUrl },
      body,
    });
    return callRequest(editRoute.action, request);
  }

  async function addTestimonial(values: Record<string, string>) {
    const saved = await call(testimonialsRoute.action, testimonialsPath, {
      cookie: admin,
      form: { intent: "save", author_name: "Grace Hopper", author_role: "Owner, Floor & Co.", ...values },
    });
    const [row] = await database()
      .db.select()
      .from(testimonials)
      .where(eq(testimonials.quote, values.quote ?? ""));
    return { saved, row };
  }

  const story = {
    title: "Floor marketplace",
    description: "A marketplace for flooring contractors.",
    category: "webapps",
    link: "https://floors.example",
    published: "on",
    slug: "floor-marketplace",
    problem: "Quotes took two days by phone.",
    built: "A marketplace with instant quotes.\nAnd a contractor app.",
    results: "Quotes in 2 hours instead of 2 days\n\n+40% leads in three months",
  };

  it("publishes a case study from a completed project with a permitted testimonial: page, JSON-LD data, sitemap", async () => {
    const db = database().db;
    const { row: testimonial } = await addTestimonial({
      quote: "They understood our business.",
      rating: "5",
      permission: "on",
      permission_note: "Email of 3 March 2026",
      project_id: completedProject,
    });
    expect(testimonial?.permission).toBe("owner_note");
    expect(testimonial?.permissionAt).toBeInstanceOf(Date);
    expect(testimonial?.customerId).not.toBeNull();

    // "Write a case study" on the completed project starts the form from it
    const start = await call(editRoute.loader, `/admin/site/portfolio/edit?project=${completedProject}`, {
      cookie: admin,
    });
    expect((start.data as { start: { slug: string; project_id: string } }).start).toMatchObject({
      slug: "floor-marketplace",
      project_id: completedProject,
    });
    const notDone = await call(editRoute.loader, `/admin/site/portfolio/edit?project=${runningProject}`, {
      cookie: admin,
    });
    expect((notDone.data as { start: unknown }).start).toBeNull();

    const created = await upload({ ...story, project_id: completedProject, testimonial_id: String(testimonial?.id) });
    expect(created.status).toBe(302);
    const [item] = await db.select().from(portfolioItems).where(eq(portfolioItems.slug, "floor-marketplace"));
    expect(item).toMatchObject({ projectId: completedProject, testimonialId: testimonial?.id, problem: story.problem });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.event, "portfolio_item_created"));
    expect(entry?.detail).toMatchObject({ slug: "floor-marketplace", project: completedProject });

    const page = await call(caseStudyRoute.loader, "/portfolio/floor-marketplace", {
      params: { slug: "floor-marketplace" },
    });
    expect(page.status).toBe(200);
    const data = page.data as { caseStudy: NonNullable<Awaited<ReturnType<typeof getCaseStudy>>> };
    expect(data.caseStudy.item.built).toBe(story.built);
    expect(data.caseStudy.testimonial).toEqual({
      authorName: "Grace Hopper",
      authorRole: "Owner, Floor & Co.",
      quote: "They understood our business.",
      rating: 5,
    });

    const sitemap = await respond(sitemapRoute.loader, "/sitemap.xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${testConfig.publicUrl}/portfolio/floor-marketplace</loc>`);
    expect(xml).toContain(`<loc>${testConfig.publicUrl}/pricing</loc>`);

    // unknown, malformed and hidden addresses are the site's 404; the owner's preview shows a hidden one
    for (const slug of ["nothing-here", "Floor", "samples"]) {
      expect((await call(caseStudyRoute.loader, `/portfolio/${slug}`, { params: { slug } })).status).toBe(404);
    }
    await db
      .update(portfolioItems)
      .set({ published: false })
      .where(eq(portfolioItems.id, item?.id ?? 0));
    expect(
      (await call(caseStudyRoute.loader, "/portfolio/floor-marketplace", { params: { slug: "floor-marketplace" } }))
        .status,
    ).toBe(404);
    expect(await (await respond(sitemapRoute.loader, "/sitemap.xml")).text()).not.toContain("floor-marketplace");
    const preview = await call(previewRoute.loader, `/admin/site/portfolio/${item?.id}/preview`, {
      cookie: admin,
      params: { id: String(item?.id) },
    });
    expect(preview.status).toBe(200);
    expect((preview.data as typeof data).caseStudy.item.slug).toBe("floor-marketplace");
  });

  it("hides a testimonial whose permission is withdrawn or whose rating is 3 or less, and never features it", async () => {
    const db = database().db;
    const { row: testimonial } = await addTestimonial({
      quote: "Fast and friendly.",
      rating: "4",
      permission: "on",
      permission_note: "Said yes on a call, 4 March",
    });
    await upload({ ...story, testimonial_id: String(testimonial?.id) });
    const shown = async () => (await getCaseStudy(db, "floor-marketplace"))?.testimonial ?? null;
    expect((await shown())?.quote).toBe("Fast and friendly.");
    const feature = (id: number | undefined) =>
      call(testimonialsRoute.action, testimonialsPath, { cookie: admin, form: { intent: "feature", id: String(id) } });
    expect((await feature(testimonial?.id)).status).toBe(302);
    expect((await listFeaturedTestimonials(db)).map((row) => row.quote)).toEqual(["Fast and friendly."]);

    // permission withdrawn: off the case study and the home page at once
    const edit = {
      id: String(testimonial?.id),
      quote: "Fast and friendly.",
      rating: "4",
      permission: "",
      permission_note: "",
    };
    expect((await addTestimonial(edit)).saved.status).toBe(302);
    expect(await shown()).toBeNull();
    expect(await listFeaturedTestimonials(db)).toEqual([]);
    const refused = await feature(testimonial?.id);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain(caseStudyMessages.noPermission);
    // and the database itself refuses a featured testimonial without permission
    await expect(
      db
        .update(testimonials)
        .set({ featured: true })
        .where(eq(testimonials.id, testimonial?.id ?? 0)),
    ).rejects.toThrow();

    // a low rating stays with the owner even with permission
    await addTestimonial({ ...edit, rating: "3", permission: "on", permission_note: "Email" });
    expect(await shown()).toBeNull();
    const low = await feature(testimonial?.id);
    expect(low.status).toBe(409);
    expect(JSON.stringify(low.data)).toContain(caseStudyMessages.lowRating);

    // a case study cannot be saved with a testimonial that may not be shown
    const again = await upload(
      { ...story, slug: "floor-two", title: "Second", testimonial_id: String(testimonial?.id) },
      true,
    );
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.data)).toContain(caseStudyMessages.lowRating);
    expect(await db.select().from(portfolioItems).where(eq(portfolioItems.slug, "floor-two"))).toEqual([]);
  });

  it("the home page shows at most three featured testimonials, the owner's picks", async () => {
    const db = database().db;
    const ids: number[] = [];
    for (const quote of ["One", "Two", "Three", "Four"]) {
      const { row } = await addTestimonial({ quote, rating: "5", permission: "on", permission_note: "Email" });
      ids.push(row?.id ?? 0);
    }
    for (const id of ids.slice(0, 3)) {
      expect(
        (
          await call(testimonialsRoute.action, testimonialsPath, {
            cookie: admin,
            form: { intent: "feature", id: String(id) },
          })
        ).status,
      ).toBe(302);
    }
    const fourth = await call(testimonialsRoute.action, testimonialsPath, {
      cookie: admin,
      form: { intent: "feature", id: String(ids[3]) },
    });
    expect(fourth.status).toBe(409);
    expect(JSON.stringify(fourth.data)).toContain(caseStudyMessages.featuredFull);
    // two picks at once cannot make four: the count is taken under a lock
    await call(testimonialsRoute.action, testimonialsPath, {
      cookie: admin,
      form: { intent: "unfeature", id: String(ids[0]) },
    });
    const both = await Promise.all(
      [ids[0], ids[3]].map((id) =>
        call(testimonialsRoute.action, testimonialsPath, {
          cookie: admin,
          form: { intent: "feature", id: String(id) },
        }),
      ),
    );
    expect(both.map((outcome) => outcome.status).sort()).toEqual([302, 409]);
    const home = await call(homeRoute.loader, "/");
    const quotes = (home.data as { testimonials: { quote: string }[] }).testimonials.map((row) => row.quote);
    expect(quotes).toHaveLength(3);
    expect(quotes).toEqual(expect.arrayContaining(["Two", "Three"]));
    expect(await db.select().from(auditLog).where(eq(auditLog.event, "testimonial_featured"))).toHaveLength(4);
  });

  it("refuses bad input with the field named and stores nothing", async () => {
    const db = database().db;
    // an address asks for a story; a project must be completed; addresses are unique and well formed
    const noStory = await upload({ ...story, problem: "", built: "" });
    expect(noStory.status).toBe(400);
    expect(JSON.stringify(noStory.data)).toContain(caseStudyMessages.problemRequired);
    expect(JSON.stringify(noStory.data)).toContain(caseStudyMessages.builtRequired);
    const running = await upload({ ...story, project_id: runningProject });
    expect(running.status).toBe(400);
    expect(JSON.stringify(running.data)).toContain(caseStudyMessages.projectNotCompleted);
    // the file is not kept with a refused form: the owner hears to choose it again
    expect(JSON.stringify(running.data)).toContain("Choose the image again");
    for (const slug of ["Floor Marketplace", "-floor", "a--b", "x".repeat(81), "<script>"]) {
      const bad = await upload({ ...story, slug });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.data)).toContain(caseStudyMessages.slugRule);
    }
    const reserved = await upload({ ...story, slug: "samples" });
    expect(JSON.stringify(reserved.data)).toContain(caseStudyMessages.slugReserved);
    const tooLong = await upload({ ...story, problem: "x".repeat(2001) });
    expect(JSON.stringify(tooLong.data)).toContain("must be less than 2000 characters");
    // a case study without an image cannot be published (nor saved: a portfolio item needs one)
    const noImage = await upload(story, false);
    expect(noImage.status).toBe(400);
    expect(await db.select().from(portfolioItems)).toEqual([]);
    expect((await upload(story)).status).toBe(302);
    const taken = await upload({ ...story, title: "Copy" });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.data)).toContain(caseStudyMessages.slugTaken);
    expect(await db.select().from(portfolioItems)).toHaveLength(1);

    // testimonials: a name and words; ticked permission needs where it was given; ratings 1 to 5
    const cases: [Record<string, string>, string][] = [
      [{ author_name: "", quote: "Hi" }, caseStudyMessages.authorRequired],
      [{ quote: "" }, caseStudyMessages.quoteRequired],
      [{ quote: "x".repeat(601) }, "must be less than 600 characters"],
      [{ quote: "Good", permission: "on", permission_note: "" }, caseStudyMessages.permissionNoteRequired],
      [{ quote: "Good", rating: "6" }, caseStudyMessages.ratingRule],
      [{ quote: "Good", rating: "4.5" }, caseStudyMessages.ratingRule],
    ];
    for (const [values, message] of cases) {
      const { saved } = await addTestimonial(values);
      expect(saved.status).toBe(400);
      expect(JSON.stringify(saved.data)).toContain(message);
    }
    expect(await db.select().from(testimonials)).toEqual([]);
    const hostile = await addTestimonial({ quote: "<script>alert(1)</script>\nLine two", author_name: "<b>Bob</b>" });
    expect(hostile.row?.authorName).toBe("<b>Bob</b>");
    expect(hostile.row?.permission).toBe("none");
  });

  it("refuses the new routes to anyone but an admin", async () => {
    const member = await cookieFor("member@studio.test", false);
    for (const cookie of ["", member]) {
      expect([302, 403]).toContain((await call(testimonialsRoute.loader, testimonialsPath, { cookie })).status);
      expect([302, 403]).toContain(
        (await call(testimonialsRoute.action, testimonialsPath, { cookie, form: { intent: "save", quote: "x" } }))
          .status,
      );
      expect([302, 403]).toContain(
        (await call(previewRoute.loader, "/admin/site/portfolio/1/preview", { cookie, params: { id: "1" } })).status,
      );
    }
    expect(await database().db.select().from(testimonials)).toEqual([]);
  });
});
