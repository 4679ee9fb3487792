import { describe, expect, it } from "vitest";
import { approveRunSchema, automationPageActionSchema } from "./automation-forms.ts";
import { afterFailure, builtInRule, errorText, maxRunAttempts, retryDelayMs, runListQuery } from "./automations.ts";

describe("automations", () => {
  it("waits longer after each failed try: 1, 5, 30 minutes, then 2 hours", () => {
    expect([1, 2, 3, 4, 9].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([1, 5, 30, 120, 120]);
  });

  it("fails a run for the owner to see after its last try, never drops it", () => {
    const now = new Date("2026-11-28T10:00:00Z");
    expect(afterFailure(1, now)).toEqual({ status: "scheduled", nextAttemptAt: new Date("2026-11-28T10:01:00Z") });
    expect(afterFailure(maxRunAttempts - 1, now).status).toBe("scheduled");
    expect(afterFailure(maxRunAttempts, now)).toEqual({ status: "failed", nextAttemptAt: now });
  });

  it("keeps an error's message on one bounded line", () => {
    expect(errorText(new Error("SMTP\n  refused"))).toBe("SMTP refused");
    expect(errorText("x".repeat(2000))).toHaveLength(1000);
    expect(errorText(new Error(""))).toBe("Unknown error");
  });

  it("reads the history's filter and the page's actions, refusing unknown ones", () => {
    expect(runListQuery(new URLSearchParams("status=failed&q=%20Ada%20"))).toEqual({ status: "failed", q: "Ada" });
    expect(runListQuery(new URLSearchParams("status=everything"))).toEqual({ status: "all", q: "" });
    expect(runListQuery(new URLSearchParams(`q=${"x".repeat(101)}`)).q).toBe("");
    expect(automationPageActionSchema.safeParse({ intent: "pause", rule: "booking-reminder" }).success).toBe(true);
    expect(automationPageActionSchema.safeParse({ intent: "pause", rule: "delete-everything" }).success).toBe(false);
    expect(automationPageActionSchema.safeParse({ intent: "run", rule: "booking-reminder" }).success).toBe(false);
    expect(builtInRule("booking-reminder")?.name).toBe("Consultation reminder");
    // an owner's rule by its key; a run by its id; an approval with the mail as edited, its words bounded
    const own = "custom:0b9a5f0e-2f4c-4d63-9a37-3f1c5f8f2e11";
    expect(automationPageActionSchema.safeParse({ intent: "resume", rule: own }).success).toBe(true);
    expect(automationPageActionSchema.safeParse({ intent: "resume", rule: "custom:../x" }).success).toBe(false);
    expect(automationPageActionSchema.safeParse({ intent: "skip-run", run: "not-an-id" }).success).toBe(false);
    const approval = approveRunSchema.parse({
      intent: "approve",
      run: "0b9a5f0e-2f4c-4d63-9a37-3f1c5f8f2e11",
      subject: "  Any   questions? ",
      body: "Hi\r\n\r\nThere ",
    });
    expect(approval).toMatchObject({ subject: "Any questions?", body: "Hi\n\nThere" });
    const blank = approveRunSchema.safeParse({ intent: "approve", run: approval.run, subject: " ", body: "x" });
    expect(blank.error?.issues[0]?.message).toBe("Please enter a subject");
  });
});
