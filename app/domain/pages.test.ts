import { describe, expect, it } from "vitest";
import { isShortSearch, pageWindow } from "#app/domain/pages.ts";

describe("pageWindow", () => {
  it("reads the first half of a list from the newest end", () => {
    expect(pageWindow(1, 25, 100_000)).toEqual({ page: 1, pageCount: 4000, from: "newest", offset: 0, limit: 25 });
    expect(pageWindow(2000, 25, 100_000)).toMatchObject({ from: "newest", offset: 49_975, limit: 25 });
  });

  it("reads the second half from the oldest end, with the same rows", () => {
    expect(pageWindow(2001, 25, 100_000)).toMatchObject({ from: "oldest", offset: 49_975, limit: 25 });
    expect(pageWindow(4000, 25, 100_000)).toMatchObject({ from: "oldest", offset: 0, limit: 25 });
    // a short last page: rows 101-103 of 103, newest first = the 3 oldest
    expect(pageWindow(5, 25, 103)).toEqual({ page: 5, pageCount: 5, from: "oldest", offset: 0, limit: 3 });
    expect(pageWindow(4, 25, 103)).toMatchObject({ from: "oldest", offset: 3, limit: 25 });
  });

  it("covers every row exactly once, whichever end a page is read from", () => {
    for (const total of [0, 1, 24, 25, 26, 99, 100, 101, 257]) {
      const seen: number[] = [];
      const { pageCount } = pageWindow(1, 25, total);
      for (let page = 1; page <= pageCount; page++) {
        const w = pageWindow(page, 25, total);
        // positions in newest-first order (0 = newest)
        const positions = Array.from({ length: w.limit }, (_, i) =>
          w.from === "newest" ? w.offset + i : total - 1 - (w.offset + w.limit - 1 - i),
        );
        seen.push(...positions);
      }
      expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
    }
  });

  it("keeps a page asked for within the pages there are", () => {
    expect(pageWindow(99, 25, 60)).toMatchObject({ page: 3, pageCount: 3 });
    expect(pageWindow(0, 25, 60)).toMatchObject({ page: 1 });
    expect(pageWindow(1, 25, 0)).toEqual({ page: 1, pageCount: 1, from: "newest", offset: 0, limit: 0 });
  });
});

describe("short searches", () => {
  it("are one or two characters, spaces aside", () => {
    expect(["a", "an", " an ", "é"].map(isShortSearch)).toEqual([true, true, true, true]);
    expect(["", "  ", "ann", undefined].map(isShortSearch)).toEqual([false, false, false, false]);
  });

  it("a capped total (a lower bound) reads every page from the newest end", () => {
    expect(pageWindow(40, 25, 1_000, true)).toEqual({
      page: 40,
      pageCount: 40,
      from: "newest",
      offset: 975,
      limit: 25,
    });
    expect(pageWindow(40, 25, 1_000)).toMatchObject({ from: "oldest", offset: 0 });
  });
});
