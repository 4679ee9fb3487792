import { expect, it } from "vitest";
import { serializeError } from "./logger.server.ts";

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
