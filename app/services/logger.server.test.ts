import { describe, expect, it } from "vitest";
import { defaultLogFormat, prettyLine, serializeError } from "./logger.server.ts";

describe("log format", () => {
  it("is readable at a terminal outside production, JSON otherwise", () => {
    expect(defaultLogFormat({ isTTY: true }, undefined)).toBe("pretty");
    expect(defaultLogFormat({ isTTY: true }, "development")).toBe("pretty");
    expect(defaultLogFormat({ isTTY: true }, "production")).toBe("json");
    expect(defaultLogFormat({ isTTY: false }, "development")).toBe("json");
    expect(defaultLogFormat({}, undefined)).toBe("json");
  });

  it("turns a JSON line into time, level, message and fields", () => {
    const time = new Date(2026, 10, 22, 9, 5, 7).getTime();
    const line = JSON.stringify({
      level: 30,
      time,
      msg: "listening on http://0.0.0.0:3000",
      port: 3000,
      host: "0.0.0.0",
    });
    expect(prettyLine(line)).toBe("09:05:07 INFO  listening on http://0.0.0.0:3000 port=3000 host=0.0.0.0");
    expect(prettyLine(JSON.stringify({ level: 40, time, msg: "x", seeded: { a: 1 } }))).toBe(
      '09:05:07 WARN  x seeded={"a":1}',
    );
  });

  it("puts an error's stack on its own lines, and passes other text through", () => {
    const line = JSON.stringify({
      level: 50,
      time: 0,
      msg: "failed",
      err: { message: "boom", stack: "Error: boom\n    at x" },
    });
    expect(prettyLine(line)).toMatch(/ERROR failed\nError: boom\n {4}at x$/);
    expect(prettyLine("not json\n")).toBe("not json");
  });
});

it("logs a failed query without the values a visitor submitted", () => {
  const error = Object.assign(
    new Error(
      'Failed query: insert into "contact_submissions" ("name", "message") values ($1, $2)\nparams: Ada,my secret plans',
    ),
    {
      query: 'insert into "contact_submissions" ("name", "message") values ($1, $2)',
      params: ["Ada", "my secret plans"],
    },
  );
  const wrapped = Object.assign(new Error("outer"), { cause: error });
  const logged = JSON.stringify(serializeError(wrapped));
  expect(logged).not.toContain("my secret plans");
  expect(logged).toContain("Failed query: insert into");
  expect(logged).toContain("params: [redacted]");
});

it("logs an error without the token of a client's link it names, and leaves a thrown answer as it was", () => {
  const token = "k3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk";
  const error = Object.assign(new Error(`render failed for /p/${token}/pdf`), {
    cause: new Error(`fetch /portal/${token} failed`),
  });
  const logged = JSON.stringify(serializeError(error));
  expect(logged).not.toContain(token);
  expect(logged).toContain("/p/[token]/pdf");
  // what a route throws (not an Error) is logged masked, and not changed where it is still used
  const answer = { status: 404, statusText: "Not Found", data: `No route matches URL "/i/${token}/nope"` };
  expect(JSON.stringify(serializeError(answer))).not.toContain(token);
  expect(answer.data).toContain(token);
});

it("writes request lines to the logger's own output, at its level", async () => {
  const { pino } = await import("pino");
  const { createRequestLineLogger } = await import("./logger.server.ts");
  const lines: string[] = [];
  const logger = pino({ level: "warn", base: undefined }, { write: (line: string) => lines.push(line) });
  const requests = createRequestLineLogger(logger);
  requests.info({ path: "/" }, "request");
  expect(lines).toEqual([]);
  requests.warn({ path: "/about", status: 200 }, "request");
  logger.warn("other");
  expect(lines.map((line) => JSON.parse(line).msg)).toEqual(["request", "other"]);
  expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ level: 40, path: "/about", status: 200 });
});
