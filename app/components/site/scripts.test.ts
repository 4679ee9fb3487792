import { describe, expect, it } from "vitest";
import { menuScript, portfolioFilterScript } from "#app/components/site/scripts.ts";

type Listener = (event: Record<string, unknown>) => void;

function element(dataset: Record<string, string>) {
  const listeners: Record<string, Listener> = {};
  const attributes = new Map<string, string>();
  return {
    dataset,
    hidden: false,
    listeners,
    attributes,
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = listener;
    },
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    removeAttribute: (name: string) => attributes.delete(name),
  };
}

describe("inline scripts", () => {
  it("are self-contained and parse", () => {
    for (const script of [menuScript, portfolioFilterScript]) {
      expect(() => new Function(script)).not.toThrow();
      expect(script).not.toMatch(/\bimport\b|\brequire\(|<\//);
    }
  });

  it("the portfolio filter hides cards in place and updates the address without a reload", () => {
    const links = ["all", "websites", "webapps"].map((filter) => element({ filter }));
    const cards = ["websites", "webapps", "webapps"].map((category) => element({ category }));
    const urls: string[] = [];
    const document = {
      querySelectorAll: (selector: string) => (selector === "a[data-filter]" ? links : cards),
    };
    const window = { history: { replaceState: (_state: unknown, _title: string, url: string) => urls.push(url) } };
    new Function("document", "window", portfolioFilterScript)(document, window);
    let prevented = false;
    const click = (index: number) =>
      links[index]?.listeners.click?.({
        button: 0,
        preventDefault: () => {
          prevented = true;
        },
      });
    click(2);
    expect(prevented).toBe(true);
    expect(cards.map((card) => card.hidden)).toEqual([true, false, false]);
    expect(links.map((link) => link.attributes.get("aria-current") ?? null)).toEqual([null, null, "true"]);
    click(1);
    expect(cards.map((card) => card.hidden)).toEqual([false, true, true]);
    click(0);
    expect(cards.map((card) => card.hidden)).toEqual([false, false, false]);
    expect(urls).toEqual(["/portfolio?category=webapps", "/portfolio?category=websites", "/portfolio"]);
  });

  it("a modified click (new tab) is left to the browser", () => {
    const link = element({ filter: "webapps" });
    const document = { querySelectorAll: (selector: string) => (selector === "a[data-filter]" ? [link] : []) };
    new Function("document", "window", portfolioFilterScript)(document, { history: { replaceState: () => {} } });
    let prevented = false;
    link.listeners.click?.({
      button: 0,
      ctrlKey: true,
      preventDefault: () => {
        prevented = true;
      },
    });
    expect(prevented).toBe(false);
  });

  it("the menu closes with Escape and gives the focus back to its toggle button", () => {
    let focused = false;
    const summary = {
      focus: () => {
        focused = true;
      },
    };
    const menu = { open: true, ...element({}), contains: () => true, querySelector: () => summary };
    const documentListeners: Record<string, Listener> = {};
    const document = {
      getElementById: () => menu,
      addEventListener: (type: string, listener: Listener) => {
        documentListeners[type] = listener;
      },
    };
    new Function("document", menuScript)(document);
    documentListeners.keydown?.({ key: "Enter" });
    expect(menu.open).toBe(true);
    expect(focused).toBe(false);
    documentListeners.keydown?.({ key: "Escape" });
    expect(menu.open).toBe(false);
    expect(focused).toBe(true);
    // Escape with the menu closed leaves the focus where it is
    focused = false;
    documentListeners.keydown?.({ key: "Escape" });
    expect(focused).toBe(false);
  });

  it("the menu closes on a click outside it, not on one inside", () => {
    let inside = true;
    const menu = { open: true, ...element({}), contains: () => inside, querySelector: () => null };
    const documentListeners: Record<string, Listener> = {};
    const document = {
      getElementById: () => menu,
      addEventListener: (type: string, listener: Listener) => {
        documentListeners[type] = listener;
      },
    };
    new Function("document", menuScript)(document);
    documentListeners.click?.({ target: {} });
    expect(menu.open).toBe(true);
    inside = false;
    documentListeners.click?.({ target: {} });
    expect(menu.open).toBe(false);
  });

  it("the menu closes when a link inside it is chosen", () => {
    const menu = { open: true, ...element({}), contains: () => true, querySelector: () => null };
    const document = { getElementById: () => menu, addEventListener: () => {} };
    new Function("document", menuScript)(document);
    menu.listeners.click?.({ target: { closest: () => ({}) } });
    expect(menu.open).toBe(false);
  });
});
