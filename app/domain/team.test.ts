import { describe, expect, it } from "vitest";
import { memberActionSchema, teamRefusalStatus } from "./team.ts";
import { teamMessages } from "./team-messages.ts";

describe("team row actions", () => {
  it("reads a member's id as a UUID and an invitation's as a hash; anything else is gone", () => {
    const member = "0193A8C2-6F1D-4C5E-9A2B-1C3D4E5F6A7B";
    expect(memberActionSchema.parse({ intent: "disable", id: member })).toEqual({
      intent: "disable",
      id: member.toLowerCase(),
    });
    expect(memberActionSchema.parse({ intent: "revoke-invitation", id: "a".repeat(64) }).id).toBe("a".repeat(64));
    const wrongKind = memberActionSchema.safeParse({ intent: "revoke-invitation", id: member });
    expect(wrongKind.error?.issues[0]?.message).toBe(teamMessages.unknownInvitation);
    const badMember = memberActionSchema.safeParse({ intent: "grant-admin", id: "a".repeat(64) });
    expect(badMember.error?.issues[0]?.message).toBe(teamMessages.unknownMember);
    expect(memberActionSchema.safeParse({ intent: "delete", id: member }).success).toBe(false);
  });

  it("answers a refusal with its status: yourself 403, gone 404, the last admin 409", () => {
    expect(teamRefusalStatus(teamMessages.notYourself)).toBe(403);
    expect(teamRefusalStatus(teamMessages.unknownMember)).toBe(404);
    expect(teamRefusalStatus(teamMessages.unknownInvitation)).toBe(404);
    expect(teamRefusalStatus(teamMessages.lastAdmin)).toBe(409);
  });
});
