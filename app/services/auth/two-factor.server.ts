/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238; ADR 0024), on @epic-web/totp:
 * enrolment with a QR code made here (uqr, no outside service), a first code to confirm it, ten
 * single-use backup codes (stored hashed), and the second step of signing in. The secret is sealed
 * with AES-GCM under its own key (sealing.server.ts); a code works once (the time-step is remembered).
 */
import { randomBytes } from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import type { Config } from "#app/config.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { backupCodeCount, normaliseBackupCode, totpPeriodSeconds, totpStep } from "#app/domain/two-factor.ts";
import {
  findPendingSignIn,
  getTotp,
  insertPendingSignIn,
  replaceBackupCodes,
  resealTotpSecret,
  spendBackupCode,
  startTotp,
  takeTotpStep,
} from "#app/models/two-factor.server.ts";
import { openText, type SealKey, sealKey, sealText } from "#app/services/sealing.server.ts";
import { authCookie } from "./sessions.server.ts";
import { hashToken, looksLikeToken, newToken } from "./tokens.server.ts";

/** The key of TOTP secrets, and the mail outbox's key they were sealed with before each purpose had its own. */
export type TotpKey = { current: SealKey; legacy: SealKey };
export function totpKey(sessionSecret: string): TotpKey {
  return { current: sealKey(sessionSecret, "totp-secret"), legacy: sealKey(sessionSecret, "mail-outbox") };
}

/** Opens a stored secret; one sealed under the old shared key is sealed again under its own key once read. */
async function openSecret(db: Queryable, key: TotpKey, userId: string, sealed: string): Promise<string | null> {
  const secret = openText(key.current, sealed);
  if (secret !== null) return secret;
  const legacy = openText(key.legacy, sealed);
  if (legacy !== null) await resealTotpSecret(db, userId, sealed, sealText(key.current, legacy));
  return legacy;
}

const totpOptions = { period: totpPeriodSeconds, digits: 6, algorithm: "SHA-1", charSet: "0123456789" } as const;

/** A new secret for the user, kept unconfirmed until a first code checks; the URI for the QR code. */
export async function beginEnrolment(db: Queryable, key: TotpKey, user: { userId: string; email: string }) {
  const { secret } = await generateTOTP(totpOptions);
  await startTotp(db, user.userId, sealText(key.current, secret));
  return { secret, uri: enrolmentUri(secret, user.email) };
}

export function enrolmentUri(secret: string, email: string): string {
  return getTOTPAuthUri({ ...totpOptions, secret, accountName: email, issuer: "Studio" });
}

/** The secret of an enrolment under way (to show it again), or null. */
export async function pendingSecret(db: Queryable, key: TotpKey, userId: string): Promise<string | null> {
  const row = await getTotp(db, userId);
  if (!row || row.confirmedAt) return null;
  return openSecret(db, key, userId, row.secretSealed);
}

/** Checks a code against the user's secret and takes its time-step (once). */
async function checkCode(db: Queryable, key: TotpKey, userId: string, code: string, confirm: boolean, now: Date) {
  const row = await getTotp(db, userId);
  if (!row || (!confirm && !row.confirmedAt)) return false;
  const secret = await openSecret(db, key, userId, row.secretSealed);
  if (!secret || !/^\d{6}$/.test(code)) return false;
  const result = await verifyTOTP({ ...totpOptions, otp: code, secret, window: 1 });
  if (!result) return false;
  return takeTotpStep(db, userId, totpStep(now, result.delta), confirm);
}

/** Confirms the enrolment with a first code: the ten backup codes (shown once), or null. */
export async function confirmEnrolment(db: Db, key: TotpKey, userId: string, code: string, now = new Date()) {
  return db.transaction(async (tx) => {
    if (!(await checkCode(tx, key, userId, code.trim(), true, now))) return null;
    const codes = Array.from({ length: backupCodeCount }, () => {
      const raw = randomBytes(5).toString("hex");
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    await replaceBackupCodes(
      tx,
      userId,
      codes.map((code) => hashToken(normaliseBackupCode(code))),
    );
    return codes;
  });
}

/** The second step of signing in: a current code (once) or an unused backup code. */
export async function verifySecondFactor(
  db: Queryable,
  key: TotpKey,
  userId: string,
  input: string,
  now = new Date(),
): Promise<"totp" | "backup" | null> {
  const code = input.replace(/\s+/g, "");
  if (/^\d{6}$/.test(code)) return (await checkCode(db, key, userId, code, false, now)) ? "totp" : null;
  const normal = normaliseBackupCode(code);
  if (normal.length !== 10) return null;
  return (await spendBackupCode(db, userId, hashToken(normal))) ? "backup" : null;
}

// ---------------------------------------------------------------- the sign-in waiting for its code

const pendingSignInMs = 5 * 60_000;

const pendingCookie = (config: Pick<Config, "publicUrl">) =>
  authCookie(config, "studio_2fa", { maxAge: pendingSignInMs / 1000 });

/** After a correct password: a pending sign-in (not a session) and its cookie. */
export async function startPendingSignIn(
  db: Queryable,
  config: Pick<Config, "publicUrl">,
  userId: string,
  now = new Date(),
) {
  const token = newToken();
  await insertPendingSignIn(db, hashToken(token), userId, new Date(now.getTime() + pendingSignInMs));
  return pendingCookie(config).serialize(token);
}

/** The pending sign-in the request's cookie names, if still valid. */
export async function readPendingSignIn(db: Queryable, config: Pick<Config, "publicUrl">, request: Request) {
  const token: unknown = await pendingCookie(config).parse(request.headers.get("cookie"));
  if (typeof token !== "string" || !looksLikeToken(token)) return null;
  const row = await findPendingSignIn(db, hashToken(token));
  return row ? { userId: row.userId, tokenHash: row.tokenHash } : null;
}

/** The header that clears the pending sign-in's cookie (its row ends with the session: `startSession`). */
export function clearPendingSignInCookie(config: Pick<Config, "publicUrl">) {
  return pendingCookie(config).serialize("", { maxAge: 0, expires: new Date(0) });
}
