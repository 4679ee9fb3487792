/**
 * The HTTP server: Express 5 around the React Router request handler.
 * Built by Vite into build/server/index.js (so drizzle and the app code are
 * bundled); started by server.ts at the project root.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type Config, ConfigError, isHttps, loadConfig } from "#app/config.server.ts";
import { appContext } from "#app/context.server.ts";
import { DataDirInUseError, type QueryStats, runWithQueryStats } from "#app/db/client.server.ts";
import { maskSecretPath } from "#app/domain/secret-paths.ts";
import { sessionCookieName } from "#app/services/auth/sessions.server.ts";
import { adminSetupLink, issueAdminSetupToken } from "#app/services/auth/setup.server.ts";
import { uploadAccess } from "#app/services/auth.server.ts";
import { bookFormCookieFor } from "#app/services/book-form.server.ts";
import { createLogger, createRequestLineLogger, type Logger } from "#app/services/logger.server.ts";
import { visitTouchCookie } from "#app/services/visit-touch.server.ts";
import { limitBodies } from "./body-limit.ts";
import { capConnectionsPerAddress, drainOnShutdown, slowClientOptions } from "./connections.ts";
import { csrfProtection } from "./csrf.ts";
import { formBodyProblem, rejectBadAddresses } from "./input-guard.ts";
import { glibcVersion, mallocWarning } from "./malloc.ts";
import { isBookKey, type PublicCache, publicPageCache } from "./public-cache.ts";
import { embeddedDatabaseIsNew, prepareDatabase, type Runtime, startRuntime } from "./runtime.ts";
import { securityHeaders } from "./security-headers.ts";

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

export type AppOptions = {
  /** the React Router build; defaults to the one bundled with this server */
  build?: BuildSource;
  /** folder of the client build (hashed assets under assets/) */
  clientDir?: string;
  /** Vite's dev middleware, in development */
  devMiddleware?: RequestHandler;
};

/**
 * Called by a payment provider's servers (ADR 0035): the body reaches the route raw (JSON, checked
 * by its signature, not a form) and no Origin is asked for. No other path is.
 */
const webhookPaths: ReadonlySet<string> = new Set(["/webhooks/stripe"]);

/** The provider's Checkout, where the Pay form's answer redirects (its own address in tests: the fake). */
function checkoutOrigins(config: Config): string[] {
  if (!config.stripe) return [];
  return [config.stripe.apiUrl ? new URL(config.stripe.apiUrl).origin : "https://checkout.stripe.com"];
}

const requestIdPattern = /^[\w.:-]{1,100}$/;
/** A caller's X-Request-Id when it is a plain token, else a new one. */
const acceptRequestId = (incoming: string | null | undefined) =>
  incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();

export function createApp(runtime: Runtime, options: AppOptions = {}) {
  const { config, logger, database, changes, pageViews } = runtime;
  const app = express();
  const requestLines = createRequestLineLogger(logger);
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // before anything else: bodies are counted from the first byte the socket delivers; an upload's
  // larger allowance needs a live admin session, checked before its body is read
  const bodies = limitBodies({
    inspect: formBodyProblem,
    rawBodyPaths: webhookPaths,
    mayUpload: (req) => uploadAccess(database.db, config, req.headers.cookie),
  });

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = acceptRequestId(req.get("x-request-id"));
    res.setHeader("X-Request-Id", requestId);
    res.locals.requestId = requestId;
    // the request's child logger is made when something asks for it: a page served from the
    // public-page cache never does, and answers a little faster for it
    let log: Logger | undefined;
    Object.defineProperty(res.locals, "log", { get: () => (log ??= logger.child({ reqId: requestId })) });
    // the database queries this request ran, and their summed time (app/db/client.server.ts)
    const queries: QueryStats = { count: 0, ms: 0 };
    res.on("finish", () => {
      const entry = {
        method: req.method,
        // a client's, a visitor's or an invitation's link is a secret: never in the log (domain/secret-paths.ts)
        path: maskSecretPath(req.path),
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 10_000n) / 100,
        queries: queries.count,
        dbMs: Math.round(queries.ms * 100) / 100,
      };
      const quiet = req.path.startsWith("/assets/") || req.path === "/healthz" || req.path === "/readyz";
      if (quiet) requestLines.debug({ reqId: requestId, ...entry }, "request");
      else requestLines.info({ reqId: requestId, ...entry }, "request");
    });
    runWithQueryStats(queries, next);
  });

  const build: BuildSource =
    options.build ??
    // virtual module provided by React Router's Vite plugin at build time
    (() => import("virtual:react-router/server-build"));
  const mode = config.nodeEnv === "development" ? "development" : "production";
  const contextFor = (fields: { logger: Logger; requestId: string; nonce: string; ip: string; forCache: boolean }) => {
    const context = new RouterContextProvider();
    context.set(appContext, { config, database, changes, pageViews, shutdown: runtime.shutdown, ...fields });
    return context;
  };

  // public pages rendered once per content version and served from memory (ADR 0021); not in
  // development, where the code changes under the cache
  let publicCache: PublicCache | undefined;
  const handler = createRequestHandler(build, mode);
  const renderForServer = (request: Request) =>
    handler(request, contextFor({ logger, requestId: "public-cache", nonce: "", ip: "", forCache: true }));
  if (!options.devMiddleware) {
    publicCache = publicPageCache({
      publicUrl: config.publicUrl,
      https: isHttps(config),
      changes,
      pageViews,
      render: renderForServer,
      // per visitor, in cookies, never in the shared bytes: the booking page's time-trap token (ADR 0037), and
      // where the visit came from when it brings a touch (ADR 0060)
      visitorHeaders: (key, req) => {
        const headers: string[] = [];
        const touch = visitTouchCookie(
          { url: `http://cache${req.url ?? "/"}`, headers: { get: (name) => headerText(req, name) } },
          config,
        );
        if (touch) headers.push("Set-Cookie", touch);
        if (!isBookKey(key)) return headers;
        const cookie = bookFormCookieFor(config.sessionSecret, req.headers.cookie, { https: isHttps(config) });
        if (cookie) headers.push("Set-Cookie", cookie);
        return headers;
      },
      requestId: acceptRequestId,
      onServed: (entry) => requestLines.info({ ...entry, queries: 0, dbMs: 0 }, "request"),
      onError: (error, path) => logger.error({ err: error, path: maskSecretPath(path) }, "public page render failed"),
    });
  }

  // server-sent events must reach the browser as they are written, not when a buffer fills
  app.use(compression({ filter: (req, res) => !req.path.endsWith("/events") && compression.filter(req, res) }));

  // The build's hashed files, before the documents' headers: a script, a style sheet or a font needs only
  // its caching and `nosniff`, not a CSP, framing or referrer rules of its own on every file. A name that
  // is not there goes on to the 404 page, with every header.
  const clientDir = options.clientDir ?? path.resolve("build/client");
  if (!options.devMiddleware) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
        setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
      }),
    );
  }

  app.use(securityHeaders({ https: isHttps(config), formActionSources: checkoutOrigins(config) }));
  // one body limit for every non-GET request, however its path is spelled (server/body-limit.ts);
  // malformed addresses and bodies answer 400 (server/input-guard.ts)
  app.use(rejectBadAddresses());
  app.use(bodies);

  /**
   * Once listening, before the server says it is ready: the public pages are rendered into the
   * cache, then a few pages are requested over loopback HTTP, through every middleware, so the
   * first visitor does not pay for compiling their code. `/readyz` answers 503 until then.
   */
  let warm = Boolean(options.devMiddleware);
  async function warmUp(port: number) {
    if (options.devMiddleware) return;
    await publicCache?.warm(["/", "/portfolio", "/pricing", "/about", "/book"]);
    const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
    const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
    for (const path of ["/", "/contact", "/admin/login", "/contact", "/admin/login"]) {
      try {
        const response = await fetch(`${origin}${path}`, { headers: { "x-request-id": "warm-up" } });
        await response.arrayBuffer();
      } catch (error) {
        logger.warn({ err: error, path }, "warm-up request failed");
      }
    }
    warm = true;
  }

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (!warm) {
      res.status(503).json({ status: "starting", database: database.kind });
      return;
    }
    try {
      await database.ping(2000);
      res.json({ status: "ready", database: database.kind });
    } catch (error) {
      (res.locals.log as Logger).warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable", database: database.kind });
    }
  });

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  }

  app.use(
    csrfProtection({
      sessionCookieName: sessionCookieName(config),
      publicUrl: config.publicUrl,
      exemptPaths: webhookPaths,
    }),
  );

  app.use(
    createExpressHandler({
      build,
      mode,
      getLoadContext: (req, res) =>
        contextFor({
          logger: res.locals.log as Logger,
          requestId: res.locals.requestId as string,
          nonce: res.locals.nonce as string,
          ip: req.ip ?? "",
          forCache: false,
        }),
    }),
  );
  return Object.assign(app, { publicCache, warmUp });
}

/** A shutdown that has not finished by then exits with 1, naming the step it waited on. */
const shutdownLimitMs = 30_000;
/** Requests under way when SIGTERM comes are given this long to be answered. */
const drainLimitMs = 10_000;

/**
 * Listens, and on SIGTERM or SIGINT ends the open event streams, stops accepting, answers what is
 * in flight with `Connection: close` and closes idle keep-alive connections (server/connections.ts;
 * up to 10 s for a slow request), lets the background work under way finish (bounded), closes the
 * database cleanly and exits (within 30 s, or with 1).
 */
export function serve(
  runtime: Runtime,
  app: ReturnType<typeof createApp>,
  onClose?: () => Promise<void>,
): Promise<Server> {
  const { config, logger } = runtime;
  return new Promise((resolve, reject) => {
    // cached public pages are answered before Express (server/public-cache.ts); the rest goes to the app
    const cache = app.publicCache;
    const server = createServer(
      slowClientOptions(config),
      cache ? (req, res) => cache.handle(req, res, () => app(req, res)) : app,
    );
    const drain = drainOnShutdown(server);
    if (config.maxConnectionsPerAddress) {
      const max = config.maxConnectionsPerAddress;
      capConnectionsPerAddress(server, max, (address) =>
        logger.warn({ address, max }, "too many open connections from one address: new ones are closed"),
      );
    }
    server.once("error", reject);
    server.listen(config.port, config.host, async () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : config.port;
      await app.warmUp(port);
      logger.info({ ms: Math.round(performance.now()) }, "ready");
      logger.info({ host: config.host, port, url: config.publicUrl }, `listening on http://${config.host}:${port}`);
      // the maintenance jobs (a retainers' catch-up after downtime) start once the server is ready
      runtime.startMaintenance();
      resolve(server);
    });
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      // each step's time is logged when stopped; one that hangs is named, and the process exits anyway
      const started = performance.now();
      const steps: Record<string, number> = {};
      let step = "connections";
      const begin = (next: string) => {
        steps[step] = Math.round(performance.now() - started);
        step = next;
      };
      const deadline = setTimeout(() => {
        logger.error({ step, steps, limitMs: shutdownLimitMs }, "shutting down took too long: exiting");
        process.exit(1);
      }, shutdownLimitMs);
      deadline.unref();
      // open event streams end now (browsers reconnect elsewhere), so they do not hold the drain below
      runtime.beginShutdown();
      // stop accepting; what is in flight is answered with Connection: close, idle connections close
      const drained = await drain.drain(drainLimitMs);
      if (drained.cut) logger.warn({ limitMs: drainLimitMs }, "requests still under way were cut");
      try {
        begin("on close");
        await onClose?.();
        await runtime.close(begin);
        begin("exit");
        logger.info({ msSinceSignal: steps }, "stopped");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while shutting down");
        process.exit(1);
      }
    };
    process.once("SIGTERM", () => void stop("SIGTERM"));
    process.once("SIGINT", () => void stop("SIGINT"));
    // started by a program that holds our stdin (the tests' harness): when that program is gone, however it
    // ended (a test worker killed on a timeout), the pipe closes and the server stops instead of lingering
    if (process.env.STOP_WHEN_STDIN_ENDS === "1") {
      process.stdin.once("end", () => void stop("stdin closed"));
      process.stdin.resume();
    }
  });
}

/** The whole start-up, used by server.ts. */
/** Set in the short-lived process that prepares a new embedded database. */
const prepareOnly = "STUDIO_PREPARE_DATABASE";

export async function main(options: AppOptions & { onClose?: () => Promise<void> } = {}) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // the production start command fixes glibc's mmap threshold before Node starts (ADR 0038)
  const malloc = options.build ? null : mallocWarning(process.env, glibcVersion());
  if (malloc && process.env[prepareOnly] !== "1") logger.warn(malloc);
  if (process.env[prepareOnly] === "1") {
    await prepareDatabase(config, logger).catch((error: unknown) => {
      logger.fatal({ err: error }, "the new database could not be prepared");
      process.exit(1);
    });
    process.exit(0);
  }
  // a new embedded database is created, migrated and seeded by a short-lived copy of this process:
  // PGlite never gives back the heap that work grows, so a first start would stay ~100 MB larger than a
  // restart (docs/benchmarks.md). In development (Vite) it is done in process.
  if (!options.build && embeddedDatabaseIsNew(config)) {
    const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: "inherit",
      env: { ...process.env, [prepareOnly]: "1" },
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  // the server build (every route module) loads while the database opens, not on the first
  // visitor's request: the server listens, and /readyz answers, only once both are done
  const build: Promise<BuildSource> = options.build
    ? Promise.resolve(options.build)
    : import("virtual:react-router/server-build").then((module) => module as unknown as ServerBuild);
  let runtime: Runtime;
  try {
    runtime = await startRuntime(config, logger);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    logger.fatal({ err: error }, "start-up failed");
    process.exit(1);
  }
  await announceAdminSetup(runtime);
  const app = createApp(runtime, { ...options, build: await build });
  await serve(runtime, app, options.onClose);
}

/** The first-admin set-up link, framed so it stands out among the log lines. */
export function adminSetupBanner(url: string): string {
  const rule = "=".repeat(Math.min(Math.max(url.length + 4, 60), 120));
  return [
    "",
    rule,
    "  No admin account yet. Create the first one here (works once, for 24 hours):",
    "",
    `  ${url}`,
    "",
    "  Or run: npm run admin:create -- --email you@example.com",
    rule,
    "",
    "",
  ].join("\n");
}

/** With no admin yet, prints a one-time link (24 h, single use) where the owner creates the first one. */
async function announceAdminSetup({ config, database, logger }: Runtime) {
  try {
    const token = await issueAdminSetupToken(database.db);
    if (!token) return;
    const url = adminSetupLink(config.publicUrl, token);
    // a plain banner, not a log line: it is meant for the person starting the server
    process.stdout.write(adminSetupBanner(url));
    logger.warn("No admin account yet: the one-time set-up link is printed above (or run npm run admin:create)");
  } catch (error) {
    logger.error({ err: error }, "could not prepare the first-admin set-up link");
  }
}

/** A request header as one text (a repeated one joined), null when absent. */
function headerText(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value.join(", ") : value) ?? null;
}
