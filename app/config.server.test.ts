import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, isHttps, loadConfig } from "#app/config.server.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "studio-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("loadConfig", () => {
  it("has defaults that need no set-up", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir,
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      smtpUrl: undefined,
      mailFrom: "Studio <no-reply@localhost>",
      contactRateLimit: { limit: 5, windowMs: 600_000 },
      logLevel: "info",
      trustProxy: false,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      maxConnectionsPerAddress: 32,
      stripe: null,
    });
  });

  it("takes the slow-client limits; behind a proxy there is no per-address cap unless one is set", () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        HEADERS_TIMEOUT_MS: "1000",
        REQUEST_TIMEOUT_MS: "2000",
        MAX_CONNECTIONS_PER_ADDRESS: "5",
      }),
    ).toMatchObject({ headersTimeoutMs: 1000, requestTimeoutMs: 2000, maxConnectionsPerAddress: 5 });
    expect(loadConfig({ DATA_DIR: dataDir, MAX_CONNECTIONS_PER_ADDRESS: "0" }).maxConnectionsPerAddress).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1" }).maxConnectionsPerAddress).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1", MAX_CONNECTIONS_PER_ADDRESS: "200" }).maxConnectionsPerAddress,
    ).toBe(200);
    expect(() => loadConfig({ DATA_DIR: dataDir, HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" })).toThrow(
      "Invalid configuration: REQUEST_TIMEOUT_MS must be at least HEADERS_TIMEOUT_MS (got 10000 and 20000)",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, HEADERS_TIMEOUT_MS: "10" })).toThrow(
      'Invalid configuration: HEADERS_TIMEOUT_MS must be between 500 and 600000 (got "10")',
    );
  });

  it("takes both Stripe keys or neither, and never prints them", () => {
    const both = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(loadConfig({ DATA_DIR: dataDir, ...both }).stripe).toEqual({
      secretKey: "sk_test_abc123",
      webhookSecret: "whsec_abc123",
      apiUrl: undefined,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be set too/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...both, STRIPE_SECRET_KEY: "pk_test_oops" })).toThrow(
      new ConfigError(
        "Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)",
      ),
    );
  });

  it("generates a session secret once and keeps it in DATA_DIR", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = path.join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("takes explicit values", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://u@db:5432/studio",
      PUBLIC_URL: "https://studio.example/",
      SESSION_SECRET: "s".repeat(32),
      SMTP_URL: "smtp://mail.example:587",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      CONTACT_RATE_LIMIT: "off",
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: "postgres://u@db:5432/studio",
      publicUrl: "https://studio.example",
      sessionSecret: "s".repeat(32),
      smtpUrl: "smtp://mail.example:587",
      mailFrom: "Studio <no-reply@studio.example>",
      logLevel: "warn",
      trustProxy: 1,
      contactRateLimit: null,
    });
    expect(isHttps(config)).toBe(true);
  });

  it.each([
    [{ PORT: "notaport" }, 'Invalid configuration: PORT must be a port number (got "notaport")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [{ DATABASE_URL: "mysql://x" }, 'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://x")'],
    [
      { PUBLIC_URL: "studio.example" },
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "studio.example")',
    ],
    // a secret is never printed, not even a wrong one
    [{ SESSION_SECRET: "short" }, "Invalid configuration: SESSION_SECRET must be at least 32 characters"],
    // nor the credentials in a URL
    [
      { SMTP_URL: "http://mailer:hunter2-secret@mail.example:587" },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (got "http://[redacted]@mail.example:587")',
    ],
    [
      { DATABASE_URL: "mysql://app:s3cret-pw@db.example/studio" },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://[redacted]@db.example/studio")',
    ],
    [
      { TRUST_PROXY: "true" },
      'Invalid configuration: TRUST_PROXY must be false, a number of proxy hops (for example 1), or a comma-separated list of proxy addresses or subnets (true would trust any X-Forwarded-For) (got "true")',
    ],
    [{ SMTP_URL: "http://x" }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (got "http://x")'],
    [
      { LOG_LEVEL: "loud" },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
  ])("refuses %j with one line", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(new ConfigError(message));
  });
});
