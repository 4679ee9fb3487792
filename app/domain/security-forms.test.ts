import { describe, expect, it } from "vitest";
import { securityActionSchema, securityFormId, sessionNotFound, totpConfirmSchema } from "./security-forms.ts";
import { twoFactorMessages } from "./two-factor.ts";

describe("the security page's forms", () => {
  it("answers each form by its own id: a passkey's row, Cancel with Turn on, the sessions together", () => {
    expect(securityFormId({ intent: "totp-start" })).toBe("totp-start");
    expect(securityFormId({ intent: "totp-disable" })).toBe("totp-disable");
    expect(securityFormId({ intent: "totp-cancel" })).toBe("totp-confirm");
    expect(securityFormId({ intent: "passkey-remove", id: "cred-1" })).toBe("passkey-remove-cred-1");
    expect(securityFormId({ intent: "session-sign-out" })).toBe("sessions");
    expect(securityFormId({ intent: "something-else" })).toBeNull();
    expect(securityFormId({})).toBeNull();
  });

  it("needs a password, a code to turn on (not to cancel) and a session's hash id", () => {
    const empty = securityActionSchema.safeParse({ intent: "totp-disable" });
    expect(empty.error?.issues[0]?.message).toBe(twoFactorMessages.passwordRequired);
    expect(totpConfirmSchema.safeParse({ intent: "totp-confirm" }).success).toBe(false);
    expect(totpConfirmSchema.parse({ intent: "totp-cancel" })).toEqual({ intent: "totp-cancel" });
    expect(totpConfirmSchema.parse({ intent: "totp-confirm", code: " 123456 " })).toEqual({
      intent: "totp-confirm",
      code: "123456",
    });
    const session = securityActionSchema.safeParse({ intent: "session-sign-out", session_id: "x" });
    expect(session.error?.issues[0]?.message).toBe(sessionNotFound);
    expect(securityActionSchema.parse({ intent: "session-sign-out", session_id: "a".repeat(64) })).toEqual({
      intent: "session-sign-out",
      session_id: "a".repeat(64),
    });
  });
});
