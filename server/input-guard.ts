/**
 * Malformed input answers 400 with a clear message, never 500: a NUL byte (PostgreSQL refuses it
 * in text) in the address or in any form field, and requests that are not a form: JSON, text/plain,
 * broken multipart, and a post with no Content-Type at all, with or without a body (a route reading
 * its form would fail on it). Runs in Express before React Router, on the body the limit already holds.
 */
import type { RequestHandler } from "express";

const inputMessages = {
  nulInAddress: "the address contains a NUL byte or broken percent-encoding.",
  nulInForm: "a form field contains a NUL byte.",
  notAForm: "send the form as application/x-www-form-urlencoded or multipart/form-data.",
  brokenForm: "the form data cannot be read.",
} as const;

/** Whether an address (path or query) holds a NUL byte or percent-encoding that cannot be decoded. */
export function isBadAddress(url: string): boolean {
  if (!url.includes("%") && !url.includes("\0")) return false;
  try {
    return decodeURIComponent(url.replaceAll("+", " ")).includes("\0");
  } catch {
    return true;
  }
}

/** 400 for a bad address (`isBadAddress`); the public-page cache leaves those to this too. */
export function rejectBadAddresses(): RequestHandler {
  return (req, res, next) => {
    if (!isBadAddress(req.originalUrl)) return next();
    res
      .status(400)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send(`Bad Request: ${inputMessages.nulInAddress}`);
  };
}

/**
 * Why a request body is refused, or null when it is a readable form without NUL bytes in its fields.
 * Every request that may carry a body is asked, even an empty one: an empty form is a form (its
 * Content-Type says so), a bare post with no Content-Type is not.
 */
export async function formBodyProblem(contentType: string | undefined, body: Buffer): Promise<string | null> {
  const type = (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  if (type === "application/x-www-form-urlencoded") {
    if (body.length === 0) return null;
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(body.toString("utf8"));
    } catch {
      return inputMessages.brokenForm;
    }
    for (const [key, value] of params) if (key.includes("\0") || value.includes("\0")) return inputMessages.nulInForm;
    return null;
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType ?? "" } }).formData();
    } catch {
      return inputMessages.brokenForm;
    }
    for (const [key, value] of form) {
      if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) return inputMessages.nulInForm;
    }
    return null;
  }
  return inputMessages.notAForm;
}
