import { describe, expect, expectTypeOf, it } from "vitest";
import { fail, type Result } from "#app/domain/result.ts";

describe("Result", () => {
  it("fail(reason) is a failure naming its reason, with what the route needs besides", () => {
    expect(fail("not-found")).toEqual({ ok: false, reason: "not-found" });
    expect(fail("limited", { retryAfterSeconds: 30 })).toEqual({ ok: false, reason: "limited", retryAfterSeconds: 30 });
    expect(fail("refused", { message: "Signed already", field: "signature" })).toEqual({
      ok: false,
      reason: "refused",
      message: "Signed already",
      field: "signature",
    });
  });

  it("types the reasons a function declares, and a success spreads its value", () => {
    const lookup = (found: boolean): Result<{ id: string }, "gone" | "taken"> =>
      found ? { ok: true, id: "a" } : fail("gone");
    const outcome = lookup(false);
    if (outcome.ok) expectTypeOf(outcome.id).toEqualTypeOf<string>();
    else expectTypeOf(outcome.reason).toEqualTypeOf<"gone" | "taken">();
    expect(outcome).toEqual({ ok: false, reason: "gone" });
    expect(lookup(true)).toEqual({ ok: true, id: "a" });
  });

  it("a Detail every failure carries is required of each", () => {
    const write = (found: boolean): Result<object, "not-found" | "refused", { message: string }> =>
      found ? fail("refused", { message: "Closed" }) : fail("not-found", { message: "Not found" });
    const outcome = write(true);
    if (!outcome.ok) expectTypeOf(outcome.message).toEqualTypeOf<string>();
    expect(outcome).toEqual({ ok: false, reason: "refused", message: "Closed" });
  });
});
