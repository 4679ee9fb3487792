import { describe, expect, it } from "vitest";
import { terminalScript } from "#app/components/site/terminal-script.ts";

describe("terminalScript", () => {
  it("is one self-contained script that parses and references no imports", () => {
    const script = terminalScript();
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/\bimport\b|\brequire\(/);
    expect(script).not.toContain("</");
    expect(script.length).toBeLessThan(6000);
  });

  it("animates a fake page and leaves it alone under reduced motion", async () => {
    const run = (reduce: boolean) => {
      const element = { textContent: "static" };
      const timers: (() => void)[] = [];
      const fakeWindow = {
        innerHeight: 164,
        matchMedia: () => ({ matches: reduce }),
        addEventListener: () => {},
        setTimeout: (fn: () => void) => timers.push(fn),
      };
      new Function("document", "window", terminalScript(["xy"]))({ getElementById: () => element }, fakeWindow);
      for (let i = 0; i < 2; i++) timers.shift()?.();
      return element.textContent;
    };
    expect(run(true)).toBe("static");
    // capacity 4 at 164 px: three finished lines and the one being typed
    expect(run(false)).toBe("xy\nxy\nxy\nxy\u2588");
  });
});
