/**
 * The customer form (new and edit): one component holding the whole form's markup, validated
 * in the browser and on the server by the same schema. Works without JavaScript (a plain POST).
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/crm.tsx";
import { buttonClass, cx, Field, TextareaField } from "#app/components/admin/ui.tsx";
import { type customerFormDefaults, customerPageFormSchema, customerStatusLabels } from "#app/domain/customers.ts";
import { customerStatuses } from "#app/domain/enums.ts";

const selectClass =
  "h-10 w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100 focus-visible:border-[var(--color-accent)]";

function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

export function CustomerFormView({
  customerId,
  defaults,
  lastResult,
}: {
  customerId: string | null;
  defaults: ReturnType<typeof customerFormDefaults>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: customerId ? `customer-${customerId}` : "customer-new",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(customerPageFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: customerPageFormSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const cancelHref = customerId ? `/admin/customers/${customerId}` : "/admin/customers";
  const text = (field: (typeof fields)[keyof typeof fields], type: "text" | "email" | "tel" | "url" = "text") =>
    getInputProps(field, { type });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={customerId ? "Edit Customer" : "New Customer"}
        description="Name and email are required."
        back={{ href: cancelHref, label: customerId ? "Back to the customer" : "Back to Customers" }}
      />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5">
        {form.errors?.length ? (
          <p role="alert" className="rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100">
            {form.errors[0]}
          </p>
        ) : null}
        <fieldset className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-800 bg-zinc-900/40 p-5 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-zinc-200">Contact</legend>
          <Field
            label="Name"
            errors={fields.name.errors}
            errorId={fields.name.errorId}
            inputProps={{ ...text(fields.name), autoComplete: "off" }}
          />
          <Field
            label="Email"
            errors={fields.email.errors}
            errorId={fields.email.errorId}
            inputProps={{ ...text(fields.email, "email"), autoComplete: "off" }}
          />
          <Field
            label="Phone"
            errors={fields.phone_number.errors}
            errorId={fields.phone_number.errorId}
            inputProps={{ ...text(fields.phone_number, "tel"), autoComplete: "off" }}
          />
          <Field
            label="Business Name"
            errors={fields.business_name.errors}
            errorId={fields.business_name.errorId}
            inputProps={{ ...text(fields.business_name), autoComplete: "off" }}
          />
          <Field
            label="Website"
            errors={fields.website_url.errors}
            errorId={fields.website_url.errorId}
            inputProps={{ ...text(fields.website_url, "url"), placeholder: "https://", autoComplete: "off" }}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fields.status.id} className="text-sm font-medium text-zinc-200">
              Status
            </label>
            <select {...withoutKey(getSelectProps(fields.status))} className={selectClass}>
              {customerStatuses.map((status) => (
                <option key={status} value={status}>
                  {customerStatusLabels[status]}
                </option>
              ))}
            </select>
            <p id={fields.status.errorId} className="min-h-4 text-xs text-red-400">
              {fields.status.errors?.[0] ?? ""}
            </p>
          </div>
        </fieldset>

        <fieldset className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-800 bg-zinc-900/40 p-5 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-zinc-200">Billing</legend>
          <div className="sm:col-span-2">
            <Field
              label="Street"
              errors={fields.billing_street.errors}
              errorId={fields.billing_street.errorId}
              inputProps={{ ...text(fields.billing_street), autoComplete: "off" }}
            />
          </div>
          <Field
            label="City"
            errors={fields.billing_city.errors}
            errorId={fields.billing_city.errorId}
            inputProps={{ ...text(fields.billing_city), autoComplete: "off" }}
          />
          <div className="grid grid-cols-2 gap-x-4">
            <Field
              label="State"
              errors={fields.billing_state.errors}
              errorId={fields.billing_state.errorId}
              inputProps={{ ...text(fields.billing_state), autoComplete: "off" }}
            />
            <Field
              label="Zip"
              errors={fields.billing_zip.errors}
              errorId={fields.billing_zip.errorId}
              inputProps={{ ...text(fields.billing_zip), autoComplete: "off" }}
            />
          </div>
          <Field
            label="Tax ID"
            errors={fields.tax_id.errors}
            errorId={fields.tax_id.errorId}
            inputProps={{ ...text(fields.tax_id), autoComplete: "off" }}
          />
          <Field
            label="Payment Terms (days)"
            errors={fields.payment_terms.errors}
            errorId={fields.payment_terms.errorId}
            hint="Net days; 30 when left blank"
            inputProps={{ ...getInputProps(fields.payment_terms, { type: "number" }), min: 0, step: 1 }}
          />
        </fieldset>

        <div className={cx("grid rounded-lg border border-zinc-800 bg-zinc-900/40 p-5")}>
          <TextareaField
            label="Notes"
            errors={fields.notes.errors}
            errorId={fields.notes.errorId}
            textareaProps={withoutKey(getTextareaProps(fields.notes))}
          />
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={cancelHref} className={buttonClass("ghost")}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? "Saving..." : customerId ? "Update Customer" : "Create Customer"}
          </button>
        </div>
      </Form>
    </div>
  );
}
