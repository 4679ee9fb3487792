import { describe, expect, it } from "vitest";
import {
  authenticationAnswer,
  passkeyEnrolSchema,
  passkeyMessages,
  passkeySignInSchema,
  registrationAnswer,
} from "./passkey-answer.ts";

const registration = {
  id: "AbC-1_",
  rawId: "AbC-1_",
  type: "public-key",
  response: { clientDataJSON: "eyJ0", attestationObject: "o2Nm", transports: ["internal"] },
  clientExtensionResults: {},
};
const authentication = {
  id: "AbC-1_",
  rawId: "AbC-1_",
  type: "public-key",
  response: { clientDataJSON: "eyJ0", authenticatorData: "SZYN", signature: "MEUC" },
  clientExtensionResults: {},
};

describe("passkey answers from a form field", () => {
  it("reads a registration and a sign-in answer of the right shape", () => {
    expect(registrationAnswer(JSON.stringify(registration))?.response.attestationObject).toBe("o2Nm");
    expect(authenticationAnswer(JSON.stringify(authentication))?.response.signature).toBe("MEUC");
  });

  it("is no answer for anything else: not JSON, the other ceremony, wrong types, huge or foreign values", () => {
    for (const text of [
      undefined,
      "",
      "{",
      "null",
      "[]",
      JSON.stringify(authentication),
      JSON.stringify({ ...registration, type: "password" }),
      JSON.stringify({ ...registration, id: "../../etc" }),
      JSON.stringify({ ...registration, response: { ...registration.response, clientDataJSON: 42 } }),
      JSON.stringify({ ...registration, response: "x" }),
      "x".repeat(70_000),
    ]) {
      expect(registrationAnswer(text), String(text).slice(0, 40)).toBeNull();
    }
    expect(authenticationAnswer(JSON.stringify(registration))).toBeNull();
    expect(authenticationAnswer(JSON.stringify({ ...authentication, id: "" }))).toBeNull();
  });
});

describe("the passkey posts", () => {
  it("adding: options with the password, then register with a checked answer and a name (Passkey when blank)", () => {
    expect(passkeyEnrolSchema.parse({ intent: "options", password: "secret" })).toEqual({
      intent: "options",
      password: "secret",
    });
    const added = passkeyEnrolSchema.parse({ intent: "register", response: JSON.stringify(registration), name: " " });
    expect(added).toMatchObject({ intent: "register", name: "Passkey", response: { id: "AbC-1_" } });
    const refused = passkeyEnrolSchema.safeParse({ intent: "register", response: JSON.stringify(authentication) });
    expect(refused.error?.issues[0]?.message).toBe(passkeyMessages.notVerified);
  });

  it("signing in: options, then verify with a sign-in answer only", () => {
    expect(passkeySignInSchema.parse({ step: "options" })).toEqual({ step: "options" });
    const verify = { step: "verify", response: JSON.stringify(authentication), redirectTo: "/admin/customers" };
    expect(passkeySignInSchema.parse(verify)).toMatchObject({ step: "verify", redirectTo: "/admin/customers" });
    expect(passkeySignInSchema.safeParse({ ...verify, response: JSON.stringify(registration) }).success).toBe(false);
    expect(passkeySignInSchema.safeParse({ step: "guess" }).success).toBe(false);
  });
});
