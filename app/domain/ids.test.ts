import { describe, expect, it } from "vitest";
import { hashIdField, serialIdField, uuidField } from "./id-fields.ts";
import { maxSerialId, parseHashId, parseSerialId, parseUuid } from "./ids.ts";

describe("record ids", () => {
  it("reads a UUID in any case, lower-cased", () => {
    expect(parseUuid("0193A8C2-6F1D-4C5E-9A2B-1C3D4E5F6A7B")).toBe("0193a8c2-6f1d-4c5e-9a2b-1c3d4e5f6a7b");
  });

  it("is no id for anything else", () => {
    for (const bad of [
      undefined,
      null,
      7,
      "",
      "new",
      "1",
      "not-a-uuid",
      "0193a8c2-6f1d-4c5e-9a2b-1c3d4e5f6a7",
      "0193a8c2-6f1d-4c5e-9a2b-1c3d4e5f6a7bb",
      "0193a8c2_6f1d_4c5e_9a2b_1c3d4e5f6a7b",
      "../etc/passwd",
    ]) {
      expect(parseUuid(bad), String(bad)).toBeNull();
    }
  });

  it("reads serial ids within a PostgreSQL integer", () => {
    expect(parseSerialId("7")).toBe(7);
    expect(parseSerialId(7)).toBe(7);
    expect(parseSerialId(String(maxSerialId))).toBe(2_147_483_647);
    expect(parseSerialId(" 17 ")).toBe(17);
    for (const bad of [
      "0",
      "-1",
      "1.5",
      "1.0",
      "1e3",
      "0x1f",
      "2147483648",
      "1e3x",
      "",
      "abc",
      null,
      undefined,
      Number.NaN,
    ]) {
      expect(parseSerialId(bad), String(bad)).toBeNull();
    }
  });

  it("reads a SHA-256 hex id and nothing else", () => {
    expect(parseHashId("a".repeat(64))).toBe("a".repeat(64));
    for (const bad of ["A".repeat(64), "a".repeat(63), "g".repeat(64), 1, null]) expect(parseHashId(bad)).toBeNull();
  });

  it("reads a form's id field with the same parsers; a malformed id is the field's error", () => {
    expect(uuidField().parse("0193A8C2-6F1D-4C5E-9A2B-1C3D4E5F6A7B")).toBe("0193a8c2-6f1d-4c5e-9a2b-1c3d4e5f6a7b");
    expect(serialIdField().parse("42")).toBe(42);
    expect(hashIdField().parse("a".repeat(64))).toBe("a".repeat(64));
    const bad = serialIdField("Package not found").safeParse("0");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Package not found");
    expect(uuidField().safeParse(undefined).success).toBe(false);
    expect(hashIdField().safeParse("x").success).toBe(false);
  });
});
