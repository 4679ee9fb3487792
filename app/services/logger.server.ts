import { pino } from "pino";
import { maskSecretPaths } from "#app/domain/secret-paths.ts";

export type Logger = pino.Logger;

export type LogFormat = "json" | "pretty";

/**
 * Readable lines for a person at a terminal (stdout is a TTY and NODE_ENV is not
 * "production"), JSON lines otherwise: for log collectors, and for the tests,
 * which read the server's JSON.
 */
export function defaultLogFormat(
  stdout: { isTTY?: boolean } = process.stdout,
  nodeEnv: string | undefined = process.env.NODE_ENV,
): LogFormat {
  return stdout.isTTY && nodeEnv !== "production" ? "pretty" : "json";
}

/**
 * Logs to stdout. Anything that could carry a secret is redacted by key,
 * wherever it appears in a logged object (in both formats: pino redacts before
 * the line is written).
 */
export function createLogger(level: string, format: LogFormat = defaultLogFormat()): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: serializeError },
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "cookie",
        "*.cookie",
        "headers.cookie",
        "headers.authorization",
        "*.headers.cookie",
        "*.headers.authorization",
      ],
      censor: "[redacted]",
    },
  };
  // written asynchronously: under load, lines queue in one buffer and go out in few writes
  // instead of one blocking write per line; pino flushes what is left when the process exits
  if (format === "json") return pino(options, pino.destination({ dest: 1, sync: false }));
  const color = Boolean(process.stdout.hasColors?.());
  return pino(options, {
    write(line: string) {
      process.stdout.write(`${prettyLine(line, color)}\n`);
    },
  });
}

/**
 * A logger for the one line each request writes (method, path, status, times, request id: no
 * field that could hold a secret), on the same output as `logger` but without its redaction,
 * which tripled the cost of every line (about 12 µs instead of 4; docs/benchmarks.md).
 */
export function createRequestLineLogger(logger: Logger): Logger {
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
  return pino({ level: logger.level, base: undefined }, stream);
}

const levels: Record<number, { name: string; color: string }> = {
  10: { name: "TRACE", color: "90" },
  20: { name: "DEBUG", color: "36" },
  30: { name: "INFO ", color: "32" },
  40: { name: "WARN ", color: "33" },
  50: { name: "ERROR", color: "31" },
  60: { name: "FATAL", color: "35" },
};

/**
 * One JSON log line as `12:00:01 INFO  message key=value ...`; an error's
 * stack follows on its own lines. A line that is not JSON is returned as is.
 */
export function prettyLine(json: string, color = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const { level, time, msg, err, ...fields } = entry;
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[39m` : text);
  const known = levels[Number(level)] ?? { name: String(level).toUpperCase().padEnd(5), color: "39" };
  const clock = typeof time === "number" ? new Date(time).toTimeString().slice(0, 8) : "";
  const details = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  let text = [
    clock && paint("90", clock),
    paint(known.color, known.name),
    String(msg ?? ""),
    details && paint("90", details),
  ]
    .filter(Boolean)
    .join(" ");
  if (err && typeof err === "object") {
    const error = err as { message?: string; stack?: string };
    text += `\n${error.stack ?? error.message ?? JSON.stringify(err)}`;
  }
  return text;
}

const paramsSection = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/**
 * Errors as pino serialises them, less what a visitor submitted: a failed database query's
 * message and stack list every bound value ("params: …"), so that part is replaced; and less the
 * token of any client's link they name (app/domain/secret-paths.ts).
 */
export function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const scrub = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    // a copy: what is not an Error (a route's thrown answer) comes back from pino as is, and is still in use
    const record = { ...(value as Record<string, unknown>) };
    if ("params" in record) record.params = "[redacted]";
    for (const key of ["message", "stack"]) {
      if (typeof record[key] === "string")
        record[key] = (record[key] as string).replace(paramsSection, "\nparams: [redacted]");
    }
    // an address with a client's link in it (a route's error naming its URL) loses the token
    for (const key of ["message", "stack", "data"]) {
      if (typeof record[key] === "string") record[key] = maskSecretPaths(record[key] as string);
    }
    if (record.cause) record.cause = scrub(record.cause);
    return record;
  };
  return scrub(serialized);
}
