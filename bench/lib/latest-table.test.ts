import { describe, expect, it } from "vitest";
import { mergeLatestTable } from "./latest-table.ts";

const head = ["Run of now.", "", "| area | measured | figure |", "| --- | --- | --- |"];
const before = [
  "Run of yesterday.",
  "",
  "| area | measured | figure |",
  "| --- | --- | --- |",
  "| bundle | /admin | 140 KB |",
  "| bundle | /admin/invoices | 142 KB |",
  "| lists | customers p95 | 3 ms |",
  "| lighthouse | / | 100 |",
].join("\n");

describe("the latest-run table", () => {
  it("replaces the rows of the areas measured now, in place, and keeps every other area's rows", () => {
    const merged = mergeLatestTable(before, head, ["| bundle | /admin | 120 KB |"]);
    expect(merged.split("\n")).toEqual([
      ...head,
      "| bundle | /admin | 120 KB |",
      "| lists | customers p95 | 3 ms |",
      "| lighthouse | / | 100 |",
    ]);
  });

  it("adds an area measured for the first time at the end, and takes a fresh table whole when all ran", () => {
    const merged = mergeLatestTable(before, head, ["| pdf | render p95 | 90 ms |"]);
    expect(merged.split("\n").slice(-2)).toEqual(["| lighthouse | / | 100 |", "| pdf | render p95 | 90 ms |"]);
    expect(merged).toContain("| bundle | /admin/invoices | 142 KB |");
    const all = ["| bundle | /admin | 1 KB |", "| lists | customers p95 | 1 ms |", "| lighthouse | / | 99 |"];
    expect(mergeLatestTable(before, head, all).split("\n")).toEqual([...head, ...all]);
  });

  it("starts from nothing when the block held no table", () => {
    expect(mergeLatestTable("", head, ["| bundle | /admin | 1 KB |"]).split("\n")).toEqual([
      ...head,
      "| bundle | /admin | 1 KB |",
    ]);
  });
});
