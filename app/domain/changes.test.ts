import { describe, expect, it } from "vitest";
import { formatChangeEvent, parseChangeEvent } from "#app/domain/changes.ts";

describe("change events", () => {
  it("parses known tables with string ids only", () => {
    expect(parseChangeEvent('{"table":"customers","id":"a"}')).toEqual({ table: "customers", id: "a" });
    expect(parseChangeEvent('{"table":"users","id":"a"}')).toBeNull();
    expect(parseChangeEvent('{"table":"customers","id":1}')).toBeNull();
    expect(parseChangeEvent("null")).toBeNull();
    expect(parseChangeEvent("not json")).toBeNull();
  });
  it("formats a stream event carrying only the table and the id", () => {
    const extra = { table: "invoices", id: "b", secret: "x" } as unknown as Parameters<typeof formatChangeEvent>[0];
    expect(formatChangeEvent(extra)).toBe('event: change\ndata: {"table":"invoices","id":"b"}\n\n');
  });
});
