import { describe, expect, it } from "vitest";
import {
  defaultSiteTexts,
  mergeSiteTexts,
  numberedPairs,
  paragraphs,
  siteTextBlock,
  siteTextBlockSchema,
  siteTextBlocks,
  siteTextMessages,
  siteTextsPreview,
  siteTextsPreviewHref,
  splitLastWord,
} from "./site-texts.ts";

const hero = siteTextBlock("home-hero");

describe("site texts", () => {
  it("defaults to the specification's words", () => {
    const texts = defaultSiteTexts();
    expect(texts.tagline.tagline).toBe("Building the future of functional design.");
    expect(texts["home-closing"].title).toBe("Ready to Build Something Great?");
    expect([
      texts["home-services"].card1_title,
      texts["home-services"].card2_title,
      texts["home-services"].card3_title,
    ]).toEqual(["Custom Websites", "Web Applications", "Performance First"]);
    for (const block of siteTextBlocks) {
      for (const field of block.fields)
        expect(field.default.length, `${block.id}.${field.name}`).toBeLessThanOrEqual(field.max);
    }
  });

  it("puts saved fields over the defaults and ignores what is not a defined text", () => {
    const texts = mergeSiteTexts([
      { block: "home-hero", fields: { title: "Build. Ship.", unknown: "x", subtitle: 42 } },
      { block: "gone", fields: { title: "nowhere" } },
      { block: "tagline", fields: null },
    ]);
    expect(texts["home-hero"]).toEqual({ ...defaultSiteTexts()["home-hero"], title: "Build. Ship." });
    expect(texts.tagline).toEqual(defaultSiteTexts().tagline);
    expect(texts).not.toHaveProperty("gone");
  });

  it("refuses empty and over-long texts naming the field and its limit, and keeps line breaks only where allowed", () => {
    if (!hero) throw new Error("no hero block");
    const schema = siteTextBlockSchema(hero);
    const bad = schema.safeParse({ title: "   ", subtitle: "x".repeat(81), intro: "ok" });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message);
    expect(messages).toContain(siteTextMessages.required("Title"));
    expect(messages).toContain("Subtitle must be less than 80 characters");
    const good = schema.parse({
      title: " Plan.\r\nBuild. ",
      subtitle: "Fast",
      intro: "One\r\n\r\n\r\n\r\nTwo  \nThree",
    });
    expect(good).toEqual({ title: "Plan. Build.", subtitle: "Fast", intro: "One\n\nTwo\nThree" });
  });

  it("reads a block's numbered pairs in order", () => {
    const approach = numberedPairs(defaultSiteTexts()["about-approach"], "step");
    expect(approach.map((step) => step.title)).toEqual([
      "Understand the Business",
      "Design with Purpose",
      "Build for Growth",
      "Support Long-Term",
    ]);
    expect(numberedPairs({ card1_title: "A", card1_text: "a", card3_title: "C" }, "card")).toEqual([
      { title: "A", text: "a" },
    ]);
  });

  it("splits a text into paragraphs at blank lines", () => {
    expect(paragraphs("One\nstill one\n\nTwo\n \n\nThree")).toEqual(["One\nstill one", "Two", "Three"]);
    expect(paragraphs(defaultSiteTexts()["about-philosophy"].text)).toHaveLength(2);
  });

  it("draws the title's last word apart", () => {
    expect(splitLastWord("Dream. Design. Develop.")).toEqual({ lead: "Dream. Design. ", last: "Develop." });
    expect(splitLastWord("Hello")).toEqual({ lead: "", last: "Hello" });
  });

  it("previews a block as typed over the saved texts: its page, every other block as saved, checked as a save", () => {
    const saved = mergeSiteTexts([{ block: "tagline", fields: { tagline: "Sites that sell." } }]);
    const about = siteTextBlock("about-philosophy");
    if (!about) throw new Error("no block");
    const href = siteTextsPreviewHref(about, () => "First.\r\n\r\n\r\nSecond & <third>  ");
    expect(href.startsWith("/admin/site/texts/preview?block=about-philosophy&text=")).toBe(true);
    const preview = siteTextsPreview(saved, new URL(href, "http://x").searchParams);
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.block.page).toBe("about");
    // normalised as a save normalises it, and still plain text
    expect(preview.texts["about-philosophy"].text).toBe("First.\n\nSecond & <third>");
    expect(preview.texts.tagline.tagline).toBe("Sites that sell.");
    expect(preview.texts["home-hero"]).toEqual(defaultSiteTexts()["home-hero"]);
    // the saved texts themselves are not changed
    expect(saved["about-philosophy"]).toEqual(defaultSiteTexts()["about-philosophy"]);

    const pages = Object.fromEntries(siteTextBlocks.map((block) => [block.id, block.page]));
    expect(pages).toMatchObject({
      "home-hero": "home",
      tagline: "home",
      "about-approach": "about",
      contact: "contact",
    });
    expect(siteTextsPreview(saved, new URLSearchParams("block=tagline&tagline="))).toEqual({
      ok: false,
      message: siteTextMessages.required("Tagline"),
    });
    expect(siteTextsPreview(saved, new URLSearchParams(`block=tagline&tagline=${"x".repeat(81)}`))).toEqual({
      ok: false,
      message: "Tagline must be less than 80 characters",
    });
    expect(siteTextsPreview(saved, new URLSearchParams("block=nope"))).toEqual({
      ok: false,
      message: siteTextMessages.unknownBlock,
    });
  });
});
