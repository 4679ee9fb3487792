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
});
