import { toast } from "sonner";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { dismissFailure, showToast } from "./toaster.tsx";

function shown(id: string) {
  return toast.getToasts().find((item) => item.id === id);
}

describe("dismissFailure", () => {
  beforeAll(() => {
    // sonner's dismiss waits a frame; the unit project runs without a DOM
    globalThis.requestAnimationFrame ??= (callback) => setTimeout(() => callback(0), 0) as unknown as number;
    globalThis.cancelAnimationFrame ??= (handle) => clearTimeout(handle);
  });
  afterEach(() => {
    toast.dismiss();
  });

  it("takes a form's failure toast away when the form leaves", () => {
    showToast({ type: "error", message: "Must be at most $1,200.00", id: "credit-note" });
    expect(shown("credit-note")).toMatchObject({ type: "error" });
    dismissFailure("credit-note");
    expect(shown("credit-note")).toBeUndefined();
  });

  it("keeps the success toast that replaced the failure under the same id", () => {
    showToast({ type: "error", message: "Must be at most $1,200.00", id: "credit-note" });
    showToast({ type: "success", message: "Credit note CN-0001 issued for INV-0002", id: "credit-note" });
    dismissFailure("credit-note");
    expect(shown("credit-note")).toMatchObject({ type: "success", title: "Credit note CN-0001 issued for INV-0002" });
  });

  it("shows a success whose failure was dismissed first as a toast of its own, not folded into the leaving one", () => {
    showToast({ type: "error", message: "Must be at most $1,200.00", id: "credit-note" });
    dismissFailure("credit-note");
    showToast({ type: "success", message: "Credit note CN-0001 issued for INV-0002", id: "credit-note" });
    const success = toast
      .getToasts()
      .find((item) => "title" in item && item.title === "Credit note CN-0001 issued for INV-0002");
    expect(success).toMatchObject({ type: "success" });
    expect(success?.id).not.toBe("credit-note");
  });
});
