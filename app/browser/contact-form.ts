/**
 * The inquiry form in the browser (the page is not hydrated: ADR 0009).
 * Validates with the same schema as the server, on blur and on submit, and
 * sends without a reload. Without this script the form still posts.
 */
import { contactFieldOrder, contactFormSchema, contactMessages, firstErrors } from "#app/domain/contact-form.ts";
import { showToast } from "./toast.ts";

type Field = (typeof contactFieldOrder)[number];

const form = document.querySelector<HTMLFormElement>("form[data-contact-form]");
if (form) enhance(form);

function enhance(form: HTMLFormElement) {
  form.dataset.enhanced = "";
  const touched = new Set<string>();
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const control = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;

  function validate(): Record<string, string> {
    const result = contactFormSchema.safeParse(Object.fromEntries(new FormData(form)));
    return result.success ? {} : firstErrors(result.error.issues);
  }

  function show(errors: Record<string, string>, fields: Iterable<string>) {
    for (const name of fields) {
      const element = control(name);
      const message = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
      if (!element || !message) continue;
      const error = errors[name];
      message.textContent = error ?? "";
      if (error) {
        element.setAttribute("aria-invalid", "true");
        element.setAttribute("aria-describedby", message.id);
      } else {
        element.removeAttribute("aria-invalid");
        element.removeAttribute("aria-describedby");
      }
    }
  }

  form.addEventListener("focusout", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (!contactFieldOrder.includes(name as Field)) return;
    touched.add(name);
    show(validate(), [name]);
  });
  form.addEventListener("input", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (touched.has(name)) show(validate(), [name]);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const name of contactFieldOrder) touched.add(name);
    const errors = validate();
    show(errors, contactFieldOrder);
    const first = contactFieldOrder.find((name) => errors[name]);
    if (first) {
      control(first)?.focus();
      return;
    }
    const label = button?.textContent ?? "";
    if (button) {
      button.disabled = true;
      button.textContent = "Sending...";
    }
    try {
      const response = await fetch("/contact/send", {
        method: "POST",
        body: new FormData(form),
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json()) as
        | { status: "sent" }
        | { status: "invalid"; errors: Record<string, string> }
        | { status: "error"; message: string }
        | { status: "stale"; message: string; formToken: string };
      if (answer.status === "sent") {
        showToast("success", contactMessages.successTitle, contactMessages.successDescription);
        form.querySelector<HTMLElement>("[data-consultation-offer]")?.removeAttribute("hidden");
        form.reset();
        touched.clear();
        show({}, contactFieldOrder);
      } else if (answer.status === "invalid") {
        show(answer.errors, contactFieldOrder);
        const firstInvalid = contactFieldOrder.find((name) => answer.errors[name]);
        if (firstInvalid) control(firstInvalid)?.focus();
      } else if (answer.status === "stale") {
        // the page was open too long: a fresh token, the visitor's text stays, and a note
        const tokenInput = control("form_token");
        if (tokenInput) tokenInput.value = answer.formToken;
        showToast("error", contactMessages.errorTitle, answer.message);
      } else {
        showToast("error", contactMessages.errorTitle, answer.message);
      }
    } catch {
      showToast("error", contactMessages.errorTitle, contactMessages.errorDescription);
    } finally {
      if (button) {
        button.disabled = false;
        button.textContent = label;
      }
    }
  });
}
