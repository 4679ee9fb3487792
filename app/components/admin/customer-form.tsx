/**
 * The customer form (new and edit), built with the admin form kit: validated in the browser
 * and on the server by the same schema; a plain POST, so it works without JavaScript.
 */
import { Link } from "react-router";
import {
  AdminForm,
  EmailField,
  FormError,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { customerPageFormSchema } from "#app/domain/customer-form.ts";
import type { customerFormDefaults } from "#app/domain/customers.ts";
import { customerStatuses, customerStatusLabels } from "#app/domain/enums.ts";

const statusOptions = customerStatuses.map((status) => ({ value: status, label: customerStatusLabels[status] }));
const section = "grid gap-x-4 rounded-lg border border-zinc-800 bg-zinc-900/40 p-5 pt-3 sm:grid-cols-2";

export function customerFormId(customerId: string | null) {
  return customerId ? `customer-${customerId}` : "customer-new";
}

export function CustomerFormView({
  customerId,
  defaults,
  failure,
}: {
  customerId: string | null;
  defaults: ReturnType<typeof customerFormDefaults>;
  failure?: ActionFailure;
}) {
  const [form, fields] = useAdminForm({
    id: customerFormId(customerId),
    schema: customerPageFormSchema,
    failure,
    defaultValue: defaults,
  });
  const cancelHref = customerId ? `/admin/customers/${customerId}` : "/admin/customers";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={customerId ? "Edit Customer" : "New Customer"}
        description="Name and email are required."
        back={{ href: cancelHref, label: customerId ? "Back to the customer" : "Back to Customers" }}
      />
      <AdminForm form={form} className="flex flex-col gap-5">
        <FormError form={form} />
        <fieldset className={section}>
          <legend className="px-1 text-sm font-semibold text-zinc-200">Contact</legend>
          <TextField meta={fields.name} label="Name" autoComplete="off" />
          <EmailField meta={fields.email} label="Email" />
          <TextField meta={fields.phone_number} label="Phone" type="tel" autoComplete="off" />
          <TextField meta={fields.business_name} label="Business Name" autoComplete="off" />
          <TextField meta={fields.website_url} label="Website" type="url" placeholder="https://" autoComplete="off" />
          <SelectField meta={fields.status} label="Status" options={statusOptions} />
        </fieldset>

        <fieldset className={section}>
          <legend className="px-1 text-sm font-semibold text-zinc-200">Billing</legend>
          <TextField meta={fields.billing_street} label="Street" wide autoComplete="off" />
          <TextField meta={fields.billing_city} label="City" autoComplete="off" />
          <div className="grid grid-cols-2 gap-x-4">
            <TextField meta={fields.billing_state} label="State" autoComplete="off" />
            <TextField meta={fields.billing_zip} label="Zip" autoComplete="off" />
          </div>
          <TextField meta={fields.tax_id} label="Tax ID" autoComplete="off" />
          <NumberField
            meta={fields.payment_terms}
            label="Payment Terms (days)"
            description="Net days; 30 when left blank"
            min={0}
            step={1}
          />
        </fieldset>

        <div className="grid rounded-lg border border-zinc-800 bg-zinc-900/40 p-5 pt-3">
          <TextareaField meta={fields.notes} label="Notes" />
        </div>

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Link to={cancelHref} className={buttonClass("ghost")}>
            Cancel
          </Link>
          <SubmitButton>{customerId ? "Update Customer" : "Create Customer"}</SubmitButton>
        </div>
      </AdminForm>
    </div>
  );
}
