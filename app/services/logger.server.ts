import { pino } from "pino";

export type Logger = pino.Logger;

/**
 * JSON lines on stdout. Anything that could carry a secret is redacted by key,
 * wherever it appears in a logged object.
 */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}

const paramsSection = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/**
 * Errors as pino serialises them, less what a visitor submitted: a failed database query's
 * message and stack list every bound value ("params: …"), so that part is replaced.
 */
export function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const scrub = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    if ("params" in record) record.params = "[redacted]";
    for (const key of ["message", "stack"]) {
      if (typeof record[key] === "string")
        record[key] = (record[key] as string).replace(paramsSection, "\nparams: [redacted]");
    }
    if (record.cause) record.cause = scrub(record.cause);
    return record;
  };
  return scrub(serialized);
}
