/**
 * The invoice and estimate editor: Customer Information, Line Items, Additional
 * Information and Summary cards in one Conform form. Without JavaScript every button posts: Add
 * Item and remove come back from the server re-rendered, saving redirects. With it, lines are
 * added and removed in place, the totals follow every keystroke (the same `calculateTotals` the
 * server stores), the project list follows the customer, and leaving with unsaved changes asks first.
 * A project under contract (ADR 0043) offers its schedule ("Next in schedule", "Remaining balance")
 * instead of its price; deduction lines take off an earlier invoice or credit note of the customer.
 */

import { useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { ClientLinkForm, ClientLinkResult, type ClientLinkState } from "#app/components/admin/client-link.tsx";
import { AdminForm, FormError } from "#app/components/admin/form.tsx";
import { type ActionFailure, useIsSubmitting } from "#app/components/admin/form-buttons.tsx";
import {
  ContractOfferCard,
  CustomerCard,
  drawFormId,
  EditorTopBar,
  LinesCard,
  OptionsCard,
  TotalsCard,
  UnsavedDialog,
} from "#app/components/admin/invoice-editor-cards.tsx";
import {
  type EditorCustomer,
  type EditorDocument,
  type EditorProject,
  type EditorValues,
  formId,
  snapshot,
  useEditorDates,
  useEditorForm,
  useEditorLines,
  useLeaveGuard,
  useRefusedSaveToasts,
} from "#app/components/admin/invoice-editor-state.ts";
import { previewTotals } from "#app/domain/invoice-form.ts";

export type { EditorProject, EditorValues } from "#app/components/admin/invoice-editor-state.ts";

export function InvoiceEditor({
  mode,
  invoiceNumber,
  defaultValue,
  customers,
  projects: initialProjects,
  documents: initialDocuments = [],
  failure,
  action,
  closed = null,
  heading,
  documentId = null,
  clientLink = null,
}: {
  mode: "new" | "edit";
  invoiceNumber: string | null;
  defaultValue: EditorValues;
  customers: EditorCustomer[];
  projects: EditorProject[];
  /** the customer's documents a deduction line can take off */
  documents?: EditorDocument[];
  failure?: ActionFailure | null;
  action: string;
  /** why this document can no longer be saved (an answered or converted estimate), or null */
  closed?: string | null;
  /** the page's heading (`editorHeading`): "Edit Invoice" only while it can be edited */
  heading: string;
  /** a saved document's id: its Preview and PDF links */
  documentId?: string | null;
  /** whether the client has a live link to it, and a link just issued (shown once) */
  clientLink?: ClientLinkState | null;
}) {
  const type = defaultValue.invoice_type;
  const [form, fields] = useEditorForm(failure, defaultValue);
  const countSave = useRefusedSaveToasts(fields);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [dialogOpen, setDialogOpen] = useState(false);
  const saveAndContinue = useRef<HTMLButtonElement>(null);
  const dates = useEditorDates({ fields, defaultValue, mode, customers });

  // a closed document's fields are disabled, so they are not in the form's data: it shows what is stored
  const values = closed ? defaultValue : (form.value ?? {});
  // changed since the page was loaded (or since the server re-rendered it): blank and missing are the same
  const [baseline] = useState(() => snapshot(form.value ?? defaultValue));
  const dirty = snapshot(values) !== baseline;
  const customerId = typeof values.customer_id === "string" ? values.customer_id : "";
  const totals = previewTotals(values);
  const lines = useEditorLines({ form, fields, values, mode, type, closed, initialProjects, initialDocuments });

  const saving = useIsSubmitting({ action }) && !navigation.formData?.has("__intent__");
  useLeaveGuard(dirty, saving);

  function onCustomerChange(id: string) {
    lines.loadChoices(id);
    dates.onCustomerChange(id);
  }

  function saveAndLeave() {
    setDialogOpen(false);
    countSave();
    const element = document.getElementById(formId);
    if (element instanceof HTMLFormElement && saveAndContinue.current) {
      element.requestSubmit(saveAndContinue.current);
    }
  }

  return (
    <>
      <AdminForm form={form} action={action} enterSaves={false} className="mx-auto flex max-w-5xl flex-col gap-5">
        <EditorTopBar
          heading={heading}
          invoiceNumber={invoiceNumber}
          documentId={documentId}
          liveLink={Boolean(clientLink?.live)}
          action={action}
          closed={closed}
          onDashboard={() => {
            if (dirty) setDialogOpen(true);
            return !dirty;
          }}
          onSave={countSave}
        />
        {clientLink ? <ClientLinkResult state={clientLink} /> : null}
        {closed ? (
          <p
            role="status"
            className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
          >
            {closed}
          </p>
        ) : null}

        <input type="hidden" name={fields.invoice_type.name} value={type} />
        {/* what 'Save & Continue' presses: a draft save that returns to the dashboard */}
        <button ref={saveAndContinue} type="submit" name="return_to" value="dashboard" hidden tabIndex={-1} />
        <FormError form={form} />

        {/* a closed document is shown, not edited: every field and line button is disabled */}
        <fieldset disabled={Boolean(closed)} className="contents">
          <CustomerCard
            form={form}
            fields={fields}
            type={type}
            customers={customers}
            customerId={customerId}
            lines={lines}
            onCustomerChange={onCustomerChange}
            onDateChange={(name, input) => dates.onDateChange(name, input, customerId)}
          />
          {lines.offers.length > 0 ? <ContractOfferCard offers={lines.offers} /> : null}
          <LinesCard
            form={form}
            type={type}
            customerId={customerId}
            lines={lines}
            lineTotals={totals.lineTotalsByIndex}
          />
          <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <OptionsCard fields={fields} type={type} sendReminders={defaultValue.send_reminders} />
            <TotalsCard fields={fields} totals={totals} />
          </div>
        </fieldset>

        <UnsavedDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          type={type}
          onLeave={() => {
            setDialogOpen(false);
            void navigate("/admin/dashboard");
          }}
          onSave={saveAndLeave}
        />
      </AdminForm>
      {clientLink?.live ? <ClientLinkForm action={action} /> : null}
      {/* the contract offer's buttons post these (outside the editor's form: forms do not nest) */}
      {lines.offers.map((contract) => (
        <Form key={contract.id} id={drawFormId(contract.id)} method="post" action={`/admin/contracts/${contract.id}`} />
      ))}
    </>
  );
}
