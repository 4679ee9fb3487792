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
      const nodes: { data: string }[] = [];
      const element = {
        text: "static",
        set textContent(value: string) {
          this.text = value;
        },
        get textContent() {
          return nodes.length ? nodes.map((node) => node.data).join("") : this.text;
        },
        append: (...added: { data: string }[]) => nodes.push(...added),
      };
      const timers: (() => void)[] = [];
      const fakeDocument = {
        hidden: false,
        getElementById: () => element,
        createTextNode: (data: string) => ({ data }),
        addEventListener: () => {},
      };
      const fakeWindow = {
        innerHeight: 164,
        matchMedia: () => ({ matches: reduce, addEventListener: () => {} }),
        addEventListener: () => {},
        setTimeout: (fn: () => void) => timers.push(fn),
        clearTimeout: () => {},
      };
      new Function("document", "window", terminalScript(["xy"]))(fakeDocument, fakeWindow);
      for (let i = 0; i < 2; i++) timers.shift()?.();
      return element.textContent;
    };
    expect(run(true)).toBe("static");
    // capacity 4 at 164 px: three finished lines and the one being typed
    expect(run(false)).toBe("xy\nxy\nxy\nxy\u2588");
  });
});
