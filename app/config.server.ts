/**
 * Configuration from the environment, validated once at start-up.
 * A bad value stops the process with one line naming the variable.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce
    .number("must be a port number")
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// URL")
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  CONTACT_RATE_LIMIT: z
    .string()
    .regex(/^(off|\d+\/\d+)$/, "must be COUNT/SECONDS (for example 5/600) or off")
    .default("5/600"),
  CONTACT_MIN_FILL_MS: z.coerce
    .number("must be a number of milliseconds")
    .int("must be a whole number")
    .min(0, "must be between 0 and 60000")
    .max(60_000, "must be between 0 and 60000")
    .default(3000),
  TEST_CLOCK_OFFSET_MS: z.coerce
    .number("must be a number of milliseconds")
    .int("must be a whole number")
    .min(0, "must not be negative")
    .default(0),
  MAIL_FROM: z.string().min(3).max(255).optional(),
  LOG_LEVEL: z.enum(logLevels, `must be one of ${logLevels.join(", ")}`).default("info"),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|\d{1,2}|[\da-f.:/]+(\s*,\s*[\da-f.:/]+)*)$/i,
      "must be false, a number of proxy hops (for example 1), or a comma-separated list of proxy addresses or subnets (true would trust any X-Forwarded-For)",
    )
    .optional(),
  HEADERS_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number")
    .min(500, "must be between 500 and 600000")
    .max(600_000, "must be between 500 and 600000")
    .default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number")
    .min(500, "must be between 500 and 3600000")
    .max(3_600_000, "must be between 500 and 3600000")
    .default(60_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ error: "must be a number of connections (0 = no cap)" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 10000")
    .max(10_000, "must be between 0 and 10000")
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_... or sk_live_...)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_...)")
    .optional(),
  /** where the Stripe SDK sends its requests; only for tests, which point it at a local fake */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
});

export type Config = {
  nodeEnv: "production" | "development" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  /** contact-form submissions allowed per IP address and window; null = no limit (benchmarks only) */
  contactRateLimit: { limit: number; windowMs: number } | null;
  /** a contact form sent back sooner than this after the page loaded is suspected spam */
  contactMinFillMs: number;
  /**
   * Tests only: the automations' clock runs this far ahead of the machine's (a test "moves the clock" by
   * restarting the server with it). The server says so when it starts. 0 everywhere else.
   */
  testClockOffsetMs: number;
  /** sender of outgoing mail */
  mailFrom: string;
  logLevel: (typeof logLevels)[number];
  /** which proxies' X-Forwarded-For to believe: none, the nearest N hops, or these addresses/subnets */
  trustProxy: false | number | string[];
  /**
   * How long a client may take to send a request's headers, and the whole request with its body
   * (an upload included); past either the server answers 408 and closes the connection.
   */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /**
   * Open connections one client address may hold (IPv6 by its /64); more are closed at once. Null:
   * no cap (the default behind a proxy, where every connection comes from the proxy's address).
   */
  maxConnectionsPerAddress: number | null;
  /**
   * Online payments (ADR 0035): both keys set, or null (no Pay button, nothing else changes).
   * `apiUrl` points the SDK elsewhere than api.stripe.com (the tests' local fake).
   */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
};

export class ConfigError extends Error {}

/** Variables whose values are never printed, not even in an error about them. */
const secretVariables = new Set(["SESSION_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);

/** A URL-looking value without its user and password (SMTP_URL and DATABASE_URL carry them). */
function redactUrl(value: string): string {
  return value.replace(/\/\/[^/@\s]*@/g, "//[redacted]@");
}

/** Reads and validates the environment. Throws ConfigError with a one-line message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const got = present[name];
    const shown = got === undefined || secretVariables.has(name) ? "" : ` (got ${JSON.stringify(redactUrl(got))})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${shown}`);
  }
  const e = result.data;
  if (e.REQUEST_TIMEOUT_MS < e.HEADERS_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration: REQUEST_TIMEOUT_MS must be at least HEADERS_TIMEOUT_MS (got ${e.REQUEST_TIMEOUT_MS} and ${e.HEADERS_TIMEOUT_MS})`,
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      `Invalid configuration: ${e.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} must be set too: online payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    contactRateLimit: parseRate(e.CONTACT_RATE_LIMIT),
    contactMinFillMs: e.CONTACT_MIN_FILL_MS,
    testClockOffsetMs: e.TEST_CLOCK_OFFSET_MS,
    mailFrom: e.MAIL_FROM ?? `Studio <no-reply@${new URL(publicUrl).hostname}>`,
    logLevel: e.LOG_LEVEL,
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === "false"
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(",").map((entry) => entry.trim()),
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    maxConnectionsPerAddress: connectionCap(e.MAX_CONNECTIONS_PER_ADDRESS, e.TRUST_PROXY),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : null,
  };
}

/** 32 by default; none behind a proxy unless set; 0 = none. */
function connectionCap(value: number | undefined, trustProxy: string | undefined): number | null {
  const behindProxy = trustProxy !== undefined && trustProxy !== "false";
  const cap = value ?? (behindProxy ? 0 : 32);
  return cap > 0 ? cap : null;
}

function parseRate(value: string): Config["contactRateLimit"] {
  if (value === "off") return null;
  const [limit, seconds] = value.split("/").map(Number);
  return { limit: limit ?? 5, windowMs: (seconds ?? 600) * 1000 };
}

/** A secret generated on first start and kept in DATA_DIR, so `npm start` needs no set-up. */
export function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function isHttps(config: Pick<Config, "publicUrl">): boolean {
  return config.publicUrl.startsWith("https://");
}
