import { describe, expect, it } from "vitest";
import { choiceFrom, listAddress, listHref, pageFrom, searchFrom } from "./list-query.ts";

describe("a list's address", () => {
  it("takes a filter's known value, and the default for anything else", () => {
    const values = ["all", "active", "archived"] as const;
    expect(choiceFrom("archived", values, "all")).toBe("archived");
    expect(choiceFrom("deleted", values, "all")).toBe("all");
    expect(choiceFrom(null, values, "all")).toBe("all");
    expect(choiceFrom("", values, undefined)).toBeUndefined();
  });

  it("trims the search, and a search over 100 characters is none", () => {
    expect(searchFrom("  ada  ")).toBe("ada");
    expect(searchFrom(null)).toBe("");
    expect(searchFrom(` ${"x".repeat(100)} `)).toBe("x".repeat(100));
    expect(searchFrom("x".repeat(101))).toBe("");
  });

  it("reads the page as a whole number from 1 to 100,000, else the first", () => {
    expect(pageFrom("3")).toBe(3);
    expect(pageFrom(" 2 ")).toBe(2);
    for (const bad of [null, "", "0", "-1", "2.5", "abc", "100001"]) expect(pageFrom(bad), String(bad)).toBe(1);
    expect(pageFrom("100000")).toBe(100_000);
  });

  it("writes only what differs from the defaults, in the order given, then the extras", () => {
    const parts = (status: string, q: string, page: number) =>
      [
        ["status", status, "all"],
        ["q", q, ""],
        ["page", page, 1],
      ] as const;
    expect(listHref("/admin/customers", parts("all", "", 1))).toBe("/admin/customers");
    expect(listHref("/admin/customers", parts("archived", "a b", 2))).toBe(
      "/admin/customers?status=archived&q=a+b&page=2",
    );
    expect(listHref("/admin/dashboard", parts("all", "", 1), { open: "x" })).toBe("/admin/dashboard?open=x");
  });

  it("gives a list its reader and its links: each filter's first value is its default, parts in the order given", () => {
    const address = listAddress("/admin/things", { kind: ["all", "a", "b"], state: ["any", "open"] }, [
      "q",
      "kind",
      "state",
      "page",
    ]);
    expect(address.parse(new URLSearchParams())).toEqual({ kind: "all", state: "any", q: "", page: 1 });
    expect(address.parse(new URLSearchParams("state=open&kind=zzz&q=%20x%20&page=4"))).toEqual({
      kind: "all",
      state: "open",
      q: "x",
      page: 4,
    });
    expect(address.href({ kind: "all", state: "any", q: "", page: 1 })).toBe("/admin/things");
    expect(address.href({ page: 2, state: "open", kind: "b", q: "y" })).toBe(
      "/admin/things?q=y&kind=b&state=open&page=2",
    );
  });
});
