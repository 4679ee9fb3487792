/**
 * Passkeys (WebAuthn, ADR 0025) on @simplewebauthn/server: an admin adds passkeys on the security
 * page (after a password check) and signs in with one instead of a password (a passkey proves
 * possession and, with user verification, the person: it counts as both factors). The relying
 * party is the site's own host (PUBLIC_URL); challenges are single-use, five minutes, held in the
 * database and named by an httpOnly cookie.
 */

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Config } from "#app/config.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import type { AuthenticationAnswer, RegistrationAnswer } from "#app/domain/passkey-answer.ts";
import {
  credentialsOf,
  findPasskey,
  insertPasskey,
  recordPasskeyUse,
  saveChallenge,
  takeChallenge,
} from "#app/models/passkeys.server.ts";
import { authCookie } from "./sessions.server.ts";
import { hashToken, looksLikeToken, newToken } from "./tokens.server.ts";

const challengeMs = 5 * 60_000;

/** The relying party: the host of PUBLIC_URL; on a localhost site (development, tests) any localhost port. */
function relyingParty(config: Pick<Config, "publicUrl">, request: Request) {
  const site = new URL(config.publicUrl);
  const origins = [site.origin];
  const asked = new URL(request.url);
  if (site.hostname === "localhost" && asked.hostname === "localhost") origins.push(asked.origin);
  return { rpID: site.hostname, rpName: "Studio back office", origins };
}

const challengeCookie = (config: Pick<Config, "publicUrl">) =>
  authCookie(config, "studio_webauthn", { sameSite: "strict", maxAge: challengeMs / 1000 });

async function rememberChallenge(
  db: Queryable,
  config: Pick<Config, "publicUrl">,
  challenge: string,
  userId: string | null,
) {
  const token = newToken();
  await saveChallenge(db, hashToken(token), challenge, userId, new Date(Date.now() + challengeMs));
  return challengeCookie(config).serialize(token);
}

async function recallChallenge(db: Queryable, config: Pick<Config, "publicUrl">, request: Request) {
  const token: unknown = await challengeCookie(config).parse(request.headers.get("cookie"));
  if (typeof token !== "string" || !looksLikeToken(token)) return null;
  return takeChallenge(db, hashToken(token));
}

export async function registrationOptions(
  db: Queryable,
  config: Pick<Config, "publicUrl">,
  request: Request,
  user: { userId: string; email: string },
) {
  const rp = relyingParty(config, request);
  const existing = await credentialsOf(db, user.userId);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.userId),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: (row.transports ?? undefined) as never })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { options, cookie: await rememberChallenge(db, config, options.challenge, user.userId) };
}

export async function registerPasskey(
  db: Queryable,
  config: Pick<Config, "publicUrl">,
  request: Request,
  userId: string,
  response: RegistrationAnswer,
  name: string,
): Promise<boolean> {
  const challenge = await recallChallenge(db, config, request);
  if (!challenge || challenge.userId !== userId) return false;
  const rp = relyingParty(config, request);
  const result = await verifyRegistrationResponse({
    response: response as never,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) return false;
  const { credential } = result.registrationInfo;
  await insertPasskey(db, {
    id: credential.id,
    userId,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? null,
    name,
  });
  return true;
}

export async function authenticationOptions(db: Queryable, config: Pick<Config, "publicUrl">, request: Request) {
  const rp = relyingParty(config, request);
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: "required" });
  return { options, cookie: await rememberChallenge(db, config, options.challenge, null) };
}

/** The user a passkey answer signs in, or null. */
export async function verifyPasskeySignIn(
  db: Queryable,
  config: Pick<Config, "publicUrl">,
  request: Request,
  response: AuthenticationAnswer,
): Promise<string | null> {
  const challenge = await recallChallenge(db, config, request);
  if (!challenge) return null;
  const passkey = await findPasskey(db, response.id);
  if (!passkey) return null;
  const rp = relyingParty(config, request);
  const result = await verifyAuthenticationResponse({
    response: response as never,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: (passkey.transports ?? undefined) as never,
    },
  }).catch(() => null);
  if (!result?.verified) return null;
  await recordPasskeyUse(db, passkey.id, result.authenticationInfo.newCounter);
  return passkey.userId;
}
