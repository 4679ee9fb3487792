import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { InputHTMLAttributes, ReactNode } from "react";
import {
  type ContactAnswer,
  type ContactFormInput,
  contactFieldOrder,
  contactFormSchema,
  contactMessages,
} from "#app/domain/contact-form.ts";
import {
  budgetRangeLabels,
  budgetRanges,
  customerTypeLabels,
  customerTypes,
  formProjectTypes,
  projectTypeLabels,
} from "#app/domain/enums.ts";
import { consultationHref, packagePlaceholder } from "#app/domain/site-content.ts";

const fieldClass =
  "mt-1.5 block w-full rounded-lg border border-white/15 bg-zinc-950 px-3.5 py-2.5 text-base text-zinc-100 placeholder:text-zinc-500 focus:border-[var(--color-accent)] focus:outline-none aria-[invalid=true]:border-red-400";
/** Inputs and selects side by side in a row are the same height (a select ignores line-height). */
const lineFieldClass = `${fieldClass} h-11.5`;

type Meta = FieldMetadata<unknown, ContactFormInput, string[]>;

/** A labelled control with its error line (the form's script fills the line in the browser). */
function Field({
  label,
  meta,
  optional,
  children,
}: {
  label: string;
  meta: Meta;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-zinc-200">
        {label}
        {optional ? <span className="font-normal text-zinc-400"> (optional)</span> : null}
      </label>
      {children}
      {/* the bottom margin keeps a message clear of the next field's label */}
      <p id={meta.errorId} data-error-for={meta.name} className="mt-1 mb-2 min-h-5 text-sm text-red-300">
        {meta.errors?.[0]}
      </p>
    </div>
  );
}

/**
 * The inquiry form, rendered on the server (the page is not hydrated). Without
 * JavaScript it posts to /contact and the server answers with errors and the
 * visitor's values (400) or the thank-you message; app/browser/contact-form.ts
 * adds validation on blur and sending without a reload.
 */
export function ContactForm({
  formToken,
  answer,
  prefill,
  packages = [],
}: {
  formToken: string;
  answer: ContactAnswer | undefined;
  /** from a call to action: /contact?type=quote&package=2 (ADR 0020), the package found by its id */
  prefill?: { projectType: string | null; packageId: string | null; packageName: string | null };
  /** the pricing packages a visitor may choose (none: no Package field) */
  packages?: readonly { id: number; name: string }[];
}) {
  const [form, fields] = useForm<ContactFormInput>({
    id: "contact-form",
    defaultValue:
      prefill?.projectType || prefill?.packageId
        ? {
            ...(prefill.projectType ? { project_type: prefill.projectType } : {}),
            ...(prefill.packageId ? { package_id: prefill.packageId } : {}),
          }
        : undefined,
    lastResult: answer?.status === "sent" ? { initialValue: null } : answer?.result,
    constraint: getZodConstraint(contactFormSchema),
  });

  // After a refused post the page is rendered again: focus goes to the first field in error.
  const errors = answer?.status === "invalid" ? (answer.result.error ?? {}) : {};
  const firstError = contactFieldOrder.find((name) => errors[name]?.length);
  const focusIf = (name: string) => (firstError === name ? { autoFocus: true } : {});
  const text = (
    label: string,
    meta: Meta,
    type: "text" | "email" | "tel",
    extra: InputHTMLAttributes<HTMLInputElement>,
    optional = false,
  ) => (
    <Field label={label} meta={meta} optional={optional}>
      <input
        {...getInputProps(meta, { type })}
        key={meta.key}
        {...extra}
        className={lineFieldClass}
        {...focusIf(meta.name)}
      />
    </Field>
  );
  const select = <T extends string>(
    label: string,
    meta: Meta,
    placeholder: string,
    values: readonly T[],
    labels: Record<T, string>,
    optional = false,
  ) => (
    <Field label={label} meta={meta} optional={optional}>
      <select {...getSelectProps(meta)} key={meta.key} className={lineFieldClass} {...focusIf(meta.name)}>
        <option value="">{placeholder}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <form method="post" action="/contact" data-contact-form="" {...getFormProps(form)} className="space-y-2">
      {answer?.status === "sent" ? (
        <div
          role="status"
          className="mb-6 rounded-xl border border-[var(--color-accent)]/40 bg-[var(--color-accent)]/10 p-4"
        >
          <p className="font-semibold text-zinc-50">{contactMessages.successTitle}</p>
          <p className="text-zinc-300">{contactMessages.successDescription}</p>
          <ConsultationOffer />
        </div>
      ) : (
        // shown by the form's script once an inquiry is sent without a reload
        <div data-consultation-offer hidden className="mb-6">
          <ConsultationOffer />
        </div>
      )}
      {answer?.status === "stale" ? (
        <div role="alert" className="mb-6 rounded-xl border border-amber-400/40 bg-amber-500/10 p-4">
          <p className="text-zinc-200">{answer.message}</p>
        </div>
      ) : null}
      {answer?.status === "error" ? (
        <div role="alert" className="mb-6 rounded-xl border border-red-400/40 bg-red-500/10 p-4">
          <p className="font-semibold text-zinc-50">{contactMessages.errorTitle}</p>
          <p className="text-zinc-300">{answer.message}</p>
        </div>
      ) : null}

      <input type="hidden" name="form_token" value={answer?.status === "stale" ? answer.formToken : formToken} />
      {/* Honeypot: people never see it; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="company_website">Leave this field empty</label>
        <input id="company_website" name="company_website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="grid gap-x-4 sm:grid-cols-2">
        {text("First Name", fields.first_name, "text", { autoComplete: "given-name" })}
        {text("Last Name", fields.last_name, "text", { autoComplete: "family-name" })}
        {text("Email", fields.email, "email", { autoComplete: "email" })}
        {text("Phone Number", fields.phone_number, "tel", { autoComplete: "tel" }, true)}
        {select("I am a", fields.customer_type, "Select one", customerTypes, customerTypeLabels, true)}
        {text("Business Name", fields.business_name, "text", { autoComplete: "organization" }, true)}
      </div>
      {text(
        "Existing Website URL",
        fields.existing_website_url,
        "text",
        { autoComplete: "url", inputMode: "url", placeholder: "yourbusiness.com" },
        true,
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {select("Project Type", fields.project_type, "Select a project type", formProjectTypes, projectTypeLabels)}
        {select("Budget Range", fields.budget_range, "Select a budget range", budgetRanges, budgetRangeLabels, true)}
      </div>
      {packages.length > 0
        ? select(
            "Package",
            fields.package_id,
            "No particular package",
            packages.map((pkg) => String(pkg.id)),
            Object.fromEntries(packages.map((pkg) => [String(pkg.id), pkg.name])),
            true,
          )
        : null}
      <Field label="Message" meta={fields.message}>
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={6}
          className={fieldClass}
          placeholder={
            prefill?.packageName
              ? packagePlaceholder(prefill.packageName)
              : "Tell us about your business and what you would like to build."
          }
          {...focusIf("message")}
        />
      </Field>
      <button
        type="submit"
        className="inline-flex w-full items-center justify-center rounded-lg bg-[var(--color-accent)] px-6 py-3 font-semibold text-black transition hover:bg-[var(--color-accent-strong)] disabled:opacity-60 sm:w-auto"
      >
        Send Message
      </button>
    </form>
  );
}

/** After an inquiry: the free consultation, booked on the site (ADR 0032). */
function ConsultationOffer() {
  return (
    <p className="mt-2 text-zinc-300">
      Rather talk it through?{" "}
      <a href={consultationHref()} className="font-semibold text-[var(--color-accent)] underline">
        Schedule Free Consultation
      </a>
    </p>
  );
}
