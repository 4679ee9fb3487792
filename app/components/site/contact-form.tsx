import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import {
  type ContactFormInput,
  contactFieldOrder,
  contactFormSchema,
  contactMessages,
  customerTypeLabels,
} from "#app/domain/contact-form.ts";
import {
  budgetRangeLabels,
  budgetRanges,
  customerTypes,
  formProjectTypes,
  projectTypeLabels,
} from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import type { ContactAnswer } from "#app/services/contact.server.ts";

const fieldClass =
  "mt-1.5 block w-full rounded-lg border border-white/15 bg-zinc-950 px-3.5 py-2.5 text-base text-zinc-100 placeholder:text-zinc-500 focus:border-[var(--color-accent)] focus:outline-none aria-[invalid=true]:border-red-400";

function Field({
  label,
  name,
  htmlFor,
  errorId,
  errors,
  optional,
  children,
}: {
  label: string;
  name: string;
  htmlFor: string;
  errorId: string;
  errors: string[] | undefined;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-zinc-200">
        {label}
        {optional ? <span className="font-normal text-zinc-400"> (optional)</span> : null}
      </label>
      {children}
      <p id={errorId} data-error-for={name} className="mt-1 min-h-5 text-sm text-red-300">
        {errors?.[0]}
      </p>
    </div>
  );
}

/**
 * The inquiry form, rendered on the server (the page is not hydrated). Without
 * JavaScript it posts to /contact and the server answers with errors and the
 * visitor's values (400) or the thank-you message; app/client/contact-form.ts
 * adds validation on blur and sending without a reload.
 */
export function ContactForm({ formToken, answer }: { formToken: string; answer: ContactAnswer | undefined }) {
  const [form, fields] = useForm<ContactFormInput>({
    id: "contact-form",
    lastResult: answer?.status === "sent" ? { initialValue: null } : answer?.result,
    constraint: getZodConstraint(contactFormSchema),
  });

  // After a refused post the page is rendered again: focus goes to the first field in error.
  const errors = answer?.status === "invalid" ? (answer.result.error ?? {}) : {};
  const firstError = contactFieldOrder.find((name) => errors[name]?.length);
  const focusIf = (name: string) => (firstError === name ? { autoFocus: true } : {});

  return (
    <form method="post" action="/contact" data-contact-form="" {...getFormProps(form)} className="space-y-2">
      {answer?.status === "sent" ? (
        <div
          role="status"
          className="mb-6 rounded-xl border border-[var(--color-accent)]/40 bg-[var(--color-accent)]/10 p-4"
        >
          <p className="font-semibold text-zinc-50">{contactMessages.successTitle}</p>
          <p className="text-zinc-300">{contactMessages.successDescription}</p>
        </div>
      ) : null}
      {answer?.status === "error" ? (
        <div role="alert" className="mb-6 rounded-xl border border-red-400/40 bg-red-500/10 p-4">
          <p className="font-semibold text-zinc-50">{contactMessages.errorTitle}</p>
          <p className="text-zinc-300">{answer.message}</p>
        </div>
      ) : null}

      <input type="hidden" name="form_token" value={formToken} />
      {/* Honeypot: people never see it; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="company_website">Leave this field empty</label>
        <input id="company_website" name="company_website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="First Name"
          name="first_name"
          htmlFor={fields.first_name.id}
          errorId={fields.first_name.errorId}
          errors={fields.first_name.errors}
        >
          <input
            {...getInputProps(fields.first_name, { type: "text" })}
            key={fields.first_name.key}
            autoComplete="given-name"
            className={fieldClass}
            {...focusIf("first_name")}
          />
        </Field>
        <Field
          label="Last Name"
          name="last_name"
          htmlFor={fields.last_name.id}
          errorId={fields.last_name.errorId}
          errors={fields.last_name.errors}
        >
          <input
            {...getInputProps(fields.last_name, { type: "text" })}
            key={fields.last_name.key}
            autoComplete="family-name"
            className={fieldClass}
            {...focusIf("last_name")}
          />
        </Field>
        <Field
          label="Email"
          name="email"
          htmlFor={fields.email.id}
          errorId={fields.email.errorId}
          errors={fields.email.errors}
        >
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            className={fieldClass}
            {...focusIf("email")}
          />
        </Field>
        <Field
          label="Phone Number"
          optional
          name="phone_number"
          htmlFor={fields.phone_number.id}
          errorId={fields.phone_number.errorId}
          errors={fields.phone_number.errors}
        >
          <input
            {...getInputProps(fields.phone_number, { type: "tel" })}
            key={fields.phone_number.key}
            autoComplete="tel"
            className={fieldClass}
            {...focusIf("phone_number")}
          />
        </Field>
        <Field
          label="I am a"
          optional
          name="customer_type"
          htmlFor={fields.customer_type.id}
          errorId={fields.customer_type.errorId}
          errors={fields.customer_type.errors}
        >
          <select {...getSelectProps(fields.customer_type)} key={fields.customer_type.key} className={fieldClass}>
            <option value="">Select one</option>
            {customerTypes.map((value) => (
              <option key={value} value={value}>
                {customerTypeLabels[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Business Name"
          optional
          name="business_name"
          htmlFor={fields.business_name.id}
          errorId={fields.business_name.errorId}
          errors={fields.business_name.errors}
        >
          <input
            {...getInputProps(fields.business_name, { type: "text" })}
            key={fields.business_name.key}
            autoComplete="organization"
            maxLength={limits.businessName}
            className={fieldClass}
            {...focusIf("business_name")}
          />
        </Field>
      </div>
      <Field
        label="Existing Website URL"
        optional
        name="existing_website_url"
        htmlFor={fields.existing_website_url.id}
        errorId={fields.existing_website_url.errorId}
        errors={fields.existing_website_url.errors}
      >
        <input
          {...getInputProps(fields.existing_website_url, { type: "text" })}
          key={fields.existing_website_url.key}
          inputMode="url"
          autoComplete="url"
          placeholder="yourbusiness.com"
          className={fieldClass}
          {...focusIf("existing_website_url")}
        />
      </Field>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="Project Type"
          name="project_type"
          htmlFor={fields.project_type.id}
          errorId={fields.project_type.errorId}
          errors={fields.project_type.errors}
        >
          <select
            {...getSelectProps(fields.project_type)}
            key={fields.project_type.key}
            className={fieldClass}
            {...focusIf("project_type")}
          >
            <option value="">Select a project type</option>
            {formProjectTypes.map((value) => (
              <option key={value} value={value}>
                {projectTypeLabels[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Budget Range"
          optional
          name="budget_range"
          htmlFor={fields.budget_range.id}
          errorId={fields.budget_range.errorId}
          errors={fields.budget_range.errors}
        >
          <select {...getSelectProps(fields.budget_range)} key={fields.budget_range.key} className={fieldClass}>
            <option value="">Select a budget range</option>
            {budgetRanges.map((value) => (
              <option key={value} value={value}>
                {budgetRangeLabels[value]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field
        label="Message"
        name="message"
        htmlFor={fields.message.id}
        errorId={fields.message.errorId}
        errors={fields.message.errors}
      >
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={6}
          className={fieldClass}
          placeholder="Tell us about your business and what you would like to build."
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
