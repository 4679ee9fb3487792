/**
 * What a browser sends back from a passkey ceremony (WebAuthn's JSON form), read from a form field
 * and checked for its shape before the server verifies it: a registration answer carries an
 * attestation, a sign-in answer an assertion. Anything else is no answer at all (null).
 */
import { z } from "zod";

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(16_384);

const common = {
  id: base64url.min(1).max(1_024),
  rawId: base64url.min(1).max(1_024),
  type: z.literal("public-key"),
  // an object passed on to the verifier as it came (a record schema would weigh on every page's zod)
  clientExtensionResults: z
    .unknown()
    .transform((value) =>
      typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {},
    ),
  authenticatorAttachment: z.string().max(32).nullish(),
};

const registration = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
    authenticatorData: base64url.optional(),
  }),
});

const authentication = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export type RegistrationAnswer = z.output<typeof registration>;
export type AuthenticationAnswer = z.output<typeof authentication>;

function parsed<T>(schema: z.ZodType<T>, text: unknown): T | null {
  if (typeof text !== "string" || text.length > 65_536) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** A registration answer from the form field `response`, or null. */
export function registrationAnswer(text: unknown): RegistrationAnswer | null {
  return parsed(registration, text);
}

/** A sign-in answer from the form field `response`, or null. */
export function authenticationAnswer(text: unknown): AuthenticationAnswer | null {
  return parsed(authentication, text);
}

export const passkeyMessages = {
  notVerified: "The passkey could not be verified. Please try again.",
  nameRequired: "Please enter a name",
  passwordRequired: "Please enter your password",
  notAdded: "The passkey could not be added.",
  addCancelled: "Adding the passkey was cancelled or is not available on this device.",
} as const;

/** The security page's Add a passkey form (the browser runs the ceremony with it). */
export const passkeyAddSchema = z.object({
  name: z.string(passkeyMessages.nameRequired).trim().min(1, passkeyMessages.nameRequired).max(100),
  password: z.string(passkeyMessages.passwordRequired).min(1, passkeyMessages.passwordRequired).max(1_024),
});

const answerField = <T>(read: (text: unknown) => T | null) =>
  z.string(passkeyMessages.notVerified).transform((text, ctx): T => {
    const answer = read(text);
    if (answer === null) {
      ctx.addIssue({ code: "custom", message: passkeyMessages.notVerified });
      return z.NEVER;
    }
    return answer;
  });

/**
 * Adding a passkey (POST /admin/settings/passkeys): `options` with the password (a fresh check),
 * then `register` with the browser's answer and a name ("Passkey" when none is given).
 */
export const passkeyEnrolSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options"), password: z.string().max(1_024).default("") }),
  z.object({
    intent: z.literal("register"),
    name: z
      .string()
      .optional()
      .transform((name) => name?.trim().slice(0, 100) || "Passkey"),
    response: answerField(registrationAnswer),
  }),
]);

/** Signing in with a passkey (POST /admin/login/passkey): `options`, then `verify` with the answer. */
export const passkeySignInSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({
    step: z.literal("verify"),
    response: answerField(authenticationAnswer),
    redirectTo: z.string().max(2_048).optional(),
  }),
]);
