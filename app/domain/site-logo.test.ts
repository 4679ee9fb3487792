import { describe, expect, it } from "vitest";
import { parsePortfolioImageFile } from "./site-content.ts";
import { siteLogoFormSchema, siteLogoFrom } from "./site-logo.ts";

const hash = "a".repeat(64);

describe("the site's logo", () => {
  it("reads the saved hash as the two squares' addresses, which the media route serves", () => {
    const logo = siteLogoFrom([
      { block: "accent", fields: { accent: "#f59e0b" } },
      { block: "logo", fields: { image: hash } },
    ]);
    expect(logo).toEqual({ small: `/media/portfolio/${hash}-64.webp`, large: `/media/portfolio/${hash}-128.webp` });
    expect(parsePortfolioImageFile(`${hash}-64.webp`)).toEqual({ hash, width: 64 });
    expect(parsePortfolioImageFile(`${hash}-128.webp`)).toEqual({ hash, width: 128 });
    // the portfolio's own widths still, and no other
    expect(parsePortfolioImageFile(`${hash}-800.webp`)).toEqual({ hash, width: 800 });
    expect(parsePortfolioImageFile(`${hash}-65.webp`)).toBeNull();
    expect(parsePortfolioImageFile(`${hash}-6.webp`)).toBeNull();
  });

  it("ignores a missing or malformed row: the design's mark", () => {
    expect(siteLogoFrom([])).toBeNull();
    for (const fields of [{ image: "../../etc" }, { image: `${hash}"` }, { image: 42 }, null, "x"]) {
      expect(siteLogoFrom([{ block: "logo", fields }])).toBeNull();
    }
  });

  it("asks for a file to upload (none, or an empty one, is refused), and none to go back to the mark", () => {
    const save = (logo?: Blob) => siteLogoFormSchema.safeParse({ intent: "logo-save", logo }).success;
    expect(save()).toBe(false);
    expect(save(new Blob([]))).toBe(false);
    expect(save(new Blob(["x"]))).toBe(true);
    expect(siteLogoFormSchema.safeParse({ intent: "logo-reset" }).success).toBe(true);
    expect(siteLogoFormSchema.safeParse({ intent: "logo-remove" }).success).toBe(false);
  });
});
