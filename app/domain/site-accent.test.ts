import { describe, expect, it } from "vitest";
import {
  accentFormSchema,
  accentFrom,
  accentMessages,
  accentProblem,
  contrastRatio,
  defaultAccentHex,
} from "./site-accent.ts";

describe("the accent colour", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#000000", "#000000")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("takes only a colour the site's text reads in on its dark backgrounds", () => {
    expect(accentProblem(defaultAccentHex)).toBeNull();
    expect(accentProblem("#f59e0b")).toBeNull();
    // dark blue on black: 2.4:1 at best
    expect(accentProblem("#1d4ed8")).toMatch(/^Choose a lighter colour: .*contrast \d\.\d:1, at least 4\.5:1\)$/);
    const parse = (accent: string) => accentFormSchema.safeParse({ accent });
    expect(parse(" #F59E0B ").data).toEqual({ accent: "#f59e0b" });
    for (const bad of ["f59e0b", "#f59e0", "#f59e0bff", "red", "#ggg000", ""]) {
      expect(parse(bad).error?.issues[0]?.message, bad).toBe(accentMessages.format);
    }
    expect(parse("#1d4ed8").error?.issues[0]?.message).toMatch(/^Choose a lighter colour/);
  });

  it("reads the saved accent among the site texts' rows, ignoring a bad one", () => {
    expect(accentFrom([{ block: "home-hero", fields: {} }])).toBeNull();
    expect(accentFrom([{ block: "accent", fields: { accent: "#f59e0b" } }])).toBe("#f59e0b");
    expect(accentFrom([{ block: "accent", fields: { accent: "#000000" } }])).toBeNull();
    expect(accentFrom([{ block: "accent", fields: { accent: "red; background:url(x)" } }])).toBeNull();
  });
});
