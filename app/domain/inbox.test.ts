import { describe, expect, it } from "vitest";
import { budgetLabel, inboxTotals, likePattern, spamHeldTodayText } from "#app/domain/inbox.ts";
import { inboxListHref, parseInboxListQuery } from "#app/domain/inbox-list.ts";

describe("inbox query", () => {
  it("defaults to new submissions of every type, first page", () => {
    expect(parseInboxListQuery(new URLSearchParams())).toEqual({ status: "new", type: "all", q: "", page: 1 });
  });
  it("reads valid values and ignores bad ones", () => {
    expect(parseInboxListQuery(new URLSearchParams("status=archived&type=demo&q=%20ada%20&page=3"))).toEqual({
      status: "archived",
      type: "demo",
      q: "ada",
      page: 3,
    });
    expect(parseInboxListQuery(new URLSearchParams("type=consultation")).type).toBe("consultation");
    expect(parseInboxListQuery(new URLSearchParams("status=deleted&type=estimate&page=-2"))).toEqual({
      status: "new",
      type: "all",
      q: "",
      page: 1,
    });
  });
  it("a search without a status looks across the whole Inbox tab; a status named in the address narrows it", () => {
    expect(parseInboxListQuery(new URLSearchParams("q=bluebird")).status).toBe("all");
    expect(parseInboxListQuery(new URLSearchParams("q=bluebird&status=in-progress")).status).toBe("in-progress");
    expect(parseInboxListQuery(new URLSearchParams("q=bluebird&status=archived")).status).toBe("archived");
    expect(parseInboxListQuery(new URLSearchParams("status=all")).status).toBe("all");
    // the links say a status only when it is not the view's default
    expect(inboxListHref({ status: "all", q: "bluebird" })).toBe("/admin/dashboard?q=bluebird");
    expect(inboxListHref({ status: "new", q: "bluebird" })).toBe("/admin/dashboard?status=new&q=bluebird");
    expect(inboxListHref({ status: "all", q: "" })).toBe("/admin/dashboard?status=all");
    for (const search of ["q=bluebird", "q=bluebird&status=new", "status=all", "status=completed&q=x&page=2"]) {
      const query = parseInboxListQuery(new URLSearchParams(search));
      expect(parseInboxListQuery(new URL(inboxListHref(query), "http://x").searchParams)).toEqual(query);
    }
  });
  it("builds short links", () => {
    expect(inboxListHref({ status: "new", type: "all", q: "", page: 1 })).toBe("/admin/dashboard");
    expect(inboxListHref({ status: "archived", q: "a b", page: 2 })).toBe(
      "/admin/dashboard?status=archived&q=a+b&page=2",
    );
    expect(inboxListHref({ status: "new" }, { submission: "x" })).toBe("/admin/dashboard?submission=x");
  });
});

it("totals: inbox is everything not archived, attention is new plus in progress", () => {
  expect(inboxTotals({ new: 3, "in-progress": 2, completed: 5, archived: 7 })).toEqual({
    inbox: 10,
    archived: 7,
    attention: 5,
  });
});

it("labels a blank budget 'Not specified'", () => {
  expect(budgetLabel(null)).toBe("Not specified");
  expect(budgetLabel("under_500")).toBe("Under $500");
});

it("escapes LIKE wildcards", () => {
  expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
});

describe("the inbox's spam line", () => {
  it("says how many inquiries were held today, singular for one", () => {
    expect(spamHeldTodayText(1)).toBe("1 inquiry held as suspected spam today");
    expect(spamHeldTodayText(2)).toBe("2 inquiries held as suspected spam today");
  });
});
