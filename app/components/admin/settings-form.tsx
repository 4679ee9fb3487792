/** The Business Settings identity form: one component holding the form's markup. */
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass, Field, TextareaField } from "#app/components/admin/ui.tsx";
import { type businessSettingsDefaults, businessSettingsSchema } from "#app/domain/business-settings.ts";

export function BusinessSettingsForm({
  defaults,
  lastResult,
}: {
  defaults: ReturnType<typeof businessSettingsDefaults>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "business-settings",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(businessSettingsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: businessSettingsSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "identity";
  const { key: _key, ...addressProps } = getTextareaProps(fields.address);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5" aria-labelledby="identity-title">
      <input type="hidden" name="intent" value="identity" />
      <section className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-5">
        <h2 id="identity-title" className="text-base font-semibold text-zinc-100">
          Business Information
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-400">
          Shown in the public site's header, footer and contact page, and in new-lead emails.
        </p>
        {form.errors?.length ? (
          <p role="alert" className="mb-3 rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <Field
            label="Business Name"
            errors={fields.business_name.errors}
            errorId={fields.business_name.errorId}
            inputProps={{ ...getInputProps(fields.business_name, { type: "text" }), autoComplete: "organization" }}
          />
          <Field
            label="Contact Name"
            errors={fields.contact_name.errors}
            errorId={fields.contact_name.errorId}
            inputProps={{ ...getInputProps(fields.contact_name, { type: "text" }), autoComplete: "name" }}
          />
          <Field
            label="Email"
            errors={fields.email.errors}
            errorId={fields.email.errorId}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          />
          <Field
            label="Phone"
            errors={fields.phone_number.errors}
            errorId={fields.phone_number.errorId}
            inputProps={{ ...getInputProps(fields.phone_number, { type: "tel" }), autoComplete: "tel" }}
          />
          <Field
            label="Website"
            errors={fields.website.errors}
            errorId={fields.website.errorId}
            inputProps={{
              ...getInputProps(fields.website, { type: "url" }),
              placeholder: "https://",
              autoComplete: "url",
            }}
          />
          <Field
            label="Tax ID"
            errors={fields.tax_id.errors}
            errorId={fields.tax_id.errorId}
            inputProps={{ ...getInputProps(fields.tax_id, { type: "text" }), autoComplete: "off" }}
          />
          <TextareaField
            label="Address"
            errors={fields.address.errors}
            errorId={fields.address.errorId}
            textareaProps={addressProps}
          />
        </div>
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/admin/dashboard" className={buttonClass("ghost")}>
          Cancel
        </Link>
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          {busy ? "Saving..." : "Save Settings"}
        </button>
      </div>
    </Form>
  );
}
