import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { failureMessage } from "#app/domain/action-answer.ts";
import {
  badRequest,
  forbidden,
  formIntent,
  invalid,
  notFound,
  refusalPage,
  refuse,
  serverError,
  tooManyRequests,
} from "#app/services/action-result.server.ts";

const schema = z.object({ name: z.string("Name is required"), password: z.string().optional() });

function submissionOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema });
}

function thrownBy(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("the answer contract", () => {
  it("invalid: 400 with the field errors, and the errors alone without a submission", () => {
    const answer = invalid(submissionOf({ password: "secret" }), { hideFields: ["password"] });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({ name: ["Name is required"] });
    expect(JSON.stringify(answer.data)).not.toContain("secret");
    const bare = invalid(null, { fieldErrors: { code: ["That code is not valid"] } });
    expect(bare.init?.status).toBe(400);
    expect(failureMessage(bare.data, { field: "code" })).toBe("That code is not valid");
  });

  it("refuse: the given refusal status (never 200), the message as the form's error and a toast", () => {
    for (const status of [401, 403, 404, 409, 410, 429] as const) {
      const answer = refuse(status, "No.", { submission: submissionOf({ name: "Ada" }) });
      expect(answer.init?.status).toBe(status);
      expect(failureMessage(answer.data)).toBe("No.");
      expect(answer.data.toast).toEqual({ type: "error", message: "No." });
    }
    const byField = refuse(409, "Taken", { field: "name", form: "invite", toast: false });
    expect(failureMessage(byField.data, { field: "name", form: "invite" })).toBe("Taken");
    expect(failureMessage(byField.data, { form: "other" })).toBeUndefined();
    expect(byField.data.toast).toBeUndefined();
  });

  it("a 429 says when to come back", () => {
    const headers = (init: ResponseInit | null | undefined) => new Headers(init?.headers);
    expect(headers(refuse(429, "Too many", { retryAfterSeconds: 90.2 }).init).get("Retry-After")).toBe("91");
    expect(headers(refuse(429, "Too many").init).get("Retry-After")).toBe("60");
    expect(headers(refuse(409, "Taken").init).get("Retry-After")).toBeNull();
    expect(headers(refusalPage(429, null, {}, 120).init).get("Retry-After")).toBe("120");
    const thrown = thrownBy(() => tooManyRequests("Too many requests", 30));
    expect(thrown).toMatchObject({ data: "Too many requests", init: { status: 429 } });
    expect(headers((thrown as { init: ResponseInit }).init).get("Retry-After")).toBe("30");
  });

  it("serverError: 500 with the toast, its message as the form's error; formIntent: 200 and no error", () => {
    const answer = serverError(submissionOf({ name: "Ada" }), {
      type: "error",
      message: "Error",
      description: "Failed",
    });
    expect(answer.init?.status).toBe(500);
    expect(failureMessage(answer.data)).toBe("Failed");
    const intent = formIntent(submissionOf({ name: "Ada" }), { extra: { projects: [] } });
    expect(intent.init?.status).toBe(200);
    expect(intent.data.projects).toEqual([]);
    expect(failureMessage(intent.data)).toBeUndefined();
    expect(intent.data.result.initialValue).toMatchObject({ name: "Ada" });
    const filled = formIntent(submissionOf({ name: "Ada" }), { values: { password: "filled by the server" } });
    expect(filled.data.result.initialValue).toEqual({ name: "Ada", password: "filled by the server" });
  });

  it("notFound and badRequest throw what the shared boundary shows", () => {
    expect(thrownBy(() => notFound("Customer not found"))).toMatchObject({
      data: "Customer not found",
      init: { status: 404, statusText: "Customer not found" },
    });
    expect(thrownBy(() => badRequest("Unknown action"))).toMatchObject({
      data: "Unknown action",
      init: { status: 400 },
    });
  });

  it("forbidden throws a 403 'Access Denied' with the message as its plain-text body, never cached", async () => {
    const thrown = thrownBy(() => forbidden("Access Denied: You do not have admin privileges."));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(403);
    expect(response.statusText).toBe("Access Denied");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Access Denied: You do not have admin privileges.");
  });
});
