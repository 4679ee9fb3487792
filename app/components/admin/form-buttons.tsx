/**
 * The form kit's pieces that need neither Conform nor a schema: the one rule for "busy", the submit
 * button, a row's small action form, the answer to a form with no fields of its own and the inputs'
 * classes. Pages whose only forms are these (a list's row actions, a confirmation) load no schema
 * library; `form.tsx` builds the validated forms on top of them.
 */
import type { ComponentProps, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useFailureToast } from "#app/components/admin/toaster.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { type ActionFailure, failureMessage } from "#app/domain/action-answer.ts";

export type { ActionFailure };

type BusyOptions = { intent?: string; action?: string; fields?: Readonly<Record<string, string | number>> };

/**
 * The one rule for "this form is busy": a non-GET submission is under way (or its redirect is
 * loading) and, when given, it carries this `intent`, goes to this `action` and sends these
 * `fields` (a row's id: only that row's button is busy).
 */
export function isSubmitting(
  navigation: Pick<ReturnType<typeof useNavigation>, "state" | "formData" | "formMethod" | "formAction">,
  { intent, action, fields }: BusyOptions = {},
) {
  const sent = navigation.formData;
  if (navigation.state === "idle" || !sent) return false;
  if (navigation.formMethod?.toUpperCase() === "GET") return false;
  if (intent !== undefined && sent.get("intent") !== intent) return false;
  if (fields && Object.entries(fields).some(([name, value]) => sent.get(name) !== String(value))) return false;
  if (action !== undefined && navigation.formAction?.split("?")[0] !== action.split("?")[0]) return false;
  return true;
}

export function useIsSubmitting(options: BusyOptions = {}) {
  return isSubmitting(useNavigation(), options);
}

/**
 * The answer to a form with no fields of its own (a button such as 'Mark as Accepted'): the
 * refusal's message where the form is, and its toast once; nothing when the answer names another form.
 */
export function FailureNotice({ failure, form }: { failure: ActionFailure | null | undefined; form: string }) {
  const mine = failure?.form === form ? failure : null;
  useFailureToast(mine?.toast, form);
  const message = failureMessage(mine, { form });
  if (!message) return null;
  return (
    <p
      role="alert"
      data-form-failure={form}
      className="rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100"
    >
      {message}
    </p>
  );
}

/** Submits the form; disabled with `pendingLabel` while busy. */
export function SubmitButton({
  children,
  pendingLabel = "Saving...",
  intent,
  action,
  variant = "primary",
  className,
  ...props
}: {
  children: ReactNode;
  pendingLabel?: string;
  intent?: string;
  action?: string;
  variant?: "primary" | "secondary" | "ghost";
} & Omit<ComponentProps<"button">, "type">) {
  const busy = useIsSubmitting({ intent, action });
  return (
    <button
      type="submit"
      name={intent !== undefined ? "intent" : undefined}
      value={intent}
      disabled={busy || props.disabled}
      aria-disabled={busy || undefined}
      className={buttonClass(variant, { className })}
      {...props}
    >
      {busy ? pendingLabel : children}
    </button>
  );
}

/**
 * A row action (Sign out, Restore, Publish, Remove): a small POST form of hidden `fields` and one
 * button whose value is the `intent`; disabled while this very row's action is under way. Its
 * payload is parsed by the route's schema like any form's; a refusal comes back to the page, which
 * shows it with its own `useAdminForm` (the toast) and `FormError`.
 */
export function RowActionForm({
  intent,
  fields,
  action,
  formClassName,
  className,
  children,
  ...props
}: {
  intent: string;
  fields: Readonly<Record<string, string | number>>;
  action?: string;
  formClassName?: string;
  children: ReactNode;
} & Omit<ComponentProps<"button">, "type" | "name" | "value" | "children">) {
  const busy = useIsSubmitting({ intent, action, fields });
  return (
    <Form method="post" action={action} className={formClassName}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        {...props}
        disabled={busy || props.disabled}
        aria-disabled={busy || undefined}
        className={className}
      >
        {children}
      </button>
    </Form>
  );
}

// ------------------------------------------------------------------ inputs

export const controlClass =
  "w-full rounded-md border bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus-visible:border-[var(--color-accent)] disabled:cursor-not-allowed disabled:opacity-60";

export function borderClass(invalid: boolean) {
  return invalid ? "border-red-500" : "border-zinc-700";
}

/** A one-line input as the kit's fields draw it, for the few inputs outside the kit (one-time codes, re-entered passwords). */
export function inputClass(invalid = false) {
  return cx(controlClass, "h-10", borderClass(invalid));
}
