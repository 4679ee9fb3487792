import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  canWriteCaseStudy,
  caseStudyJsonLd,
  caseStudyMessages,
  caseStudyStart,
  isCaseStudySlug,
  resultLines,
  slugify,
  testimonialPlaces,
  testimonialSchema,
  testimonialShowable,
} from "./case-studies.ts";
import { portfolioItemSchema } from "./site-content.ts";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("case study addresses", () => {
  it("makes an address of a title and accepts only well-formed, free ones", () => {
    expect(slugify("Floor & Co. — Marketplace")).toBe("floor-co-marketplace");
    expect(slugify("Café Crème")).toBe("cafe-creme");
    expect(slugify("Samples")).toBe("samples-project");
    expect(slugify("x".repeat(100))).toHaveLength(80);
    expect(isCaseStudySlug(slugify("x-".repeat(60)))).toBe(true);
    for (const good of ["a", "floor-marketplace", "app2"]) expect(isCaseStudySlug(good)).toBe(true);
    for (const bad of ["", "-a", "a-", "a--b", "A", "a b", "samples", "x".repeat(81), "é"]) {
      expect(isCaseStudySlug(bad)).toBe(false);
    }
  });
});

describe("writing one from a project", () => {
  it("starts from a completed project only, with an address made of its name", () => {
    const project = { id: "p1", projectName: "Floor & Co. shop", description: null };
    expect(caseStudyStart({ ...project, status: "completed" })).toEqual({
      title: "Floor & Co. shop",
      description: "",
      project_id: "p1",
      slug: "floor-co-shop",
    });
    for (const status of ["quoted", "approved", "in_progress", "on_hold", "cancelled"]) {
      expect(caseStudyStart({ ...project, status }), status).toBeNull();
      expect(canWriteCaseStudy({ status }), status).toBe(false);
    }
  });
});

describe("showing a testimonial", () => {
  it("needs a recorded permission and a rating above 3 (or none)", () => {
    expect(testimonialShowable({ permission: "owner_note", rating: 5 }).ok).toBe(true);
    expect(testimonialShowable({ permission: "client_form", rating: null }).ok).toBe(true);
    expect(testimonialShowable({ permission: "none", rating: 5 })).toEqual({
      ok: false,
      message: caseStudyMessages.noPermission,
    });
    expect(testimonialShowable({ permission: "owner_note", rating: 3 })).toEqual({
      ok: false,
      message: caseStudyMessages.lowRating,
    });
  });
});

describe("where a testimonial shows", () => {
  it("names its places, and none for one the owner keeps", () => {
    const shown = { permission: "owner_note" as const, rating: 5, featured: true };
    expect(testimonialPlaces(shown, 2)).toBe("Home · Case study");
    expect(testimonialPlaces({ ...shown, featured: false }, 0)).toBe("Not placed");
    expect(testimonialPlaces({ ...shown, rating: 2 }, 2)).toBe("Owner only");
    expect(testimonialPlaces({ ...shown, permission: "none" }, 0)).toBe("Owner only");
  });
});

describe("the forms", () => {
  const item = { title: "T", description: "D", category: "webapps", link: "https://t.example" };

  it("a card without an address needs no story; with one, the problem and what was built", () => {
    const plain = parseWithZod(form(item), { schema: portfolioItemSchema });
    expect(plain.status).toBe("success");
    expect(plain.status === "success" && plain.value).toMatchObject({ slug: "", problem: "", results: "" });
    const story = parseWithZod(form({ ...item, slug: "t" }), { schema: portfolioItemSchema });
    expect(story.reply().error).toEqual({
      problem: [caseStudyMessages.problemRequired],
      built: [caseStudyMessages.builtRequired],
    });
  });

  it("counts a line break as one character and trims the ends", () => {
    const text = `${"x".repeat(999)}\r\n`;
    const parsed = parseWithZod(form({ ...item, results: `${"a\r\n".repeat(499)}b` }), { schema: portfolioItemSchema });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value.results).toBe(`${"a\n".repeat(499)}b`);
    const trimmed = parseWithZod(form({ ...item, results: text }), { schema: portfolioItemSchema });
    expect(trimmed.status === "success" && trimmed.value.results).toBe("x".repeat(999));
  });

  it("a testimonial's permission is the owner's tick with where it was given; ratings are whole, 1 to 5", () => {
    const parse = (values: Record<string, string>) =>
      parseWithZod(form({ author_name: "Ann", quote: "Great", ...values }), { schema: testimonialSchema });
    const ticked = parse({ permission: "on", permission_note: "Email, 3 March", rating: "5" });
    expect(ticked.status === "success" && ticked.value).toMatchObject({ permission: "owner_note", rating: 5 });
    const none = parse({});
    expect(none.status === "success" && none.value).toMatchObject({
      permission: "none",
      rating: null,
      author_role: "",
    });
    expect(parse({ permission: "on" }).reply().error).toEqual({
      permission_note: [caseStudyMessages.permissionNoteRequired],
    });
    for (const rating of ["0", "6", "4.5", "five"]) {
      expect(parse({ rating }).reply().error).toEqual({ rating: [caseStudyMessages.ratingRule] });
    }
  });
});

describe("the structured data", () => {
  const base = {
    siteUrl: "https://studio.example",
    studioName: "Studio",
    slug: "floor",
    title: "Floor",
    description: "A marketplace",
    image: "/media/portfolio/abc-800.webp",
    link: "https://floor.example",
    updatedAt: new Date("2026-03-01T10:00:00Z"),
  };

  it("is a CreativeWork with absolute addresses, and a Review only with a testimonial", () => {
    const plain = caseStudyJsonLd({ ...base, testimonial: null });
    expect(plain).toMatchObject({
      "@type": "CreativeWork",
      url: "https://studio.example/portfolio/floor",
      image: "https://studio.example/media/portfolio/abc-800.webp",
      sameAs: "https://floor.example",
      creator: { "@type": "Organization", name: "Studio" },
    });
    expect(plain).not.toHaveProperty("review");
    const reviewed = caseStudyJsonLd({
      ...base,
      link: "/portfolio/samples/x",
      testimonial: { authorName: "Ann", authorRole: "Owner", quote: "Great", rating: 5 },
    });
    expect(reviewed).not.toHaveProperty("sameAs");
    expect(reviewed.review).toEqual({
      "@type": "Review",
      reviewBody: "Great",
      author: { "@type": "Person", name: "Ann", jobTitle: "Owner" },
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
    });
  });

  it("keeps the results' lines without blanks", () => {
    expect(resultLines(" one \n\n two\r\n")).toEqual(["one", "two"]);
  });
});
