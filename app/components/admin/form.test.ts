import { describe, expect, it } from "vitest";
import { isSubmitting } from "./form-buttons.tsx";

const posting = (fields: Record<string, string>, formAction = "/admin/spam") => ({
  state: "submitting" as const,
  formMethod: "POST" as const,
  formAction,
  formData: new URLSearchParams(fields) as unknown as FormData,
});

describe("the busy rule", () => {
  it("is busy only while a non-GET submission is under way", () => {
    expect(isSubmitting({ state: "idle", formData: undefined, formMethod: undefined, formAction: undefined })).toBe(
      false,
    );
    expect(isSubmitting({ ...posting({}), formMethod: "GET" })).toBe(false);
    expect(isSubmitting(posting({ intent: "restore" }))).toBe(true);
  });

  it("narrows to an intent, an action (without its query) and a row's fields", () => {
    const sent = posting({ intent: "restore", id: "a" }, "/admin/spam?page=2");
    expect(isSubmitting(sent, { intent: "restore" })).toBe(true);
    expect(isSubmitting(sent, { intent: "delete" })).toBe(false);
    expect(isSubmitting(sent, { action: "/admin/spam" })).toBe(true);
    expect(isSubmitting(sent, { action: "/admin/dashboard" })).toBe(false);
    // only the row whose button was pressed is busy
    expect(isSubmitting(sent, { intent: "restore", fields: { id: "a" } })).toBe(true);
    expect(isSubmitting(sent, { intent: "restore", fields: { id: "b" } })).toBe(false);
    expect(isSubmitting(posting({ intent: "remove-package", id: "7" }), { fields: { id: 7 } })).toBe(true);
  });
});
