/**
 * The invoice editor's state, apart from its cards: the form itself, the toasts of a save the browser
 * refuses, the two dates (the due date follows the issue date and the customer's terms until it is
 * picked), the lines (the chosen project's pricing and recurring fees, deductions, contract offers)
 * and the guard against leaving with unsaved changes.
 */
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useAdminForm } from "#app/components/admin/form.tsx";
import type { ActionFailure } from "#app/components/admin/form-buttons.tsx";
import { showToast } from "#app/components/admin/toaster.tsx";
import { deductionDescription } from "#app/domain/contracts.ts";
import type { InvoiceType } from "#app/domain/enums.ts";
import {
  defaultDueDateFor,
  type EditorLine,
  editorLines,
  includesLines,
  invoiceFormSchema,
  linesUntouched,
} from "#app/domain/invoice-form.ts";
import { centsToDecimal, readTypedHundredths } from "#app/domain/money.ts";
import type { ProjectLine } from "#app/domain/projects.ts";

export type EditorValues = {
  invoice_type: InvoiceType;
  customer_id: string;
  project_id: string;
  issue_date: string;
  due_date: string;
  items: EditorLine[];
  tax_rate: string;
  discount_amount: string;
  notes: string;
  terms: string;
  /** "on" when payment reminders go out for this invoice */
  send_reminders: "on" | "";
};
export type EditorCustomer = { id: string; name: string; businessName: string | null; paymentTerms: number };
/** A contract of a project (ADR 0043): what its schedule would invoice next, and its remaining balance. */
type EditorContract = {
  id: string;
  title: string;
  next: { label: string; amount: number } | null;
  balance: number | null;
};
/**
 * A project of the customer: the lines its pricing gives (none under contract), its recurring fees as
 * lines (offered apart), and its contracts.
 */
export type EditorProject = {
  id: string;
  projectName: string;
  lines: ProjectLine[];
  feeLines: ProjectLine[];
  contracts?: EditorContract[];
};
/** An earlier document of the customer a deduction line can take off, with what is left of it. */
export type EditorDocument = {
  id: string;
  invoiceNumber: string;
  invoiceType: "invoice" | "credit_note";
  available: number;
};
/** The form's values as they stand (what was typed, or what a closed document stores). */
export type FormValues = Record<string, unknown> & { items?: unknown };

export const formId = "invoice-editor";

export function useEditorForm(failure: ActionFailure | null | undefined, defaultValue: EditorValues) {
  return useAdminForm({ id: formId, schema: invoiceFormSchema, failure, defaultValue });
}
export type EditorForm = ReturnType<typeof useEditorForm>[0];
export type EditorFields = ReturnType<typeof useEditorForm>[1];
/** The schema reads items leniently (preprocess), so its input type is unknown: the list's shape named. */
type ItemsField = FieldMetadata<EditorLine[], EditorValues, string[]>;

/**
 * A save that the browser refuses (no customer, no described line): the messages as toasts too, once
 * per attempt. Gives the function a save button calls when pressed.
 */
export function useRefusedSaveToasts(fields: EditorFields) {
  const [attempt, setAttempt] = useState(0);
  const customerError = fields.customer_id.errors?.[0];
  const itemsError = fields.items.errors?.[0];
  // each message once per attempt, as it comes: the two errors may reach the page in separate renders
  // (a busy phone), and an attempt that toasted the first must still toast the second
  const toasted = useRef({ attempt: 0, messages: new Set<string>() });
  useEffect(() => {
    if (!attempt) return;
    if (toasted.current.attempt !== attempt) toasted.current = { attempt, messages: new Set() };
    for (const message of [customerError, itemsError]) {
      if (!message || toasted.current.messages.has(message)) continue;
      toasted.current.messages.add(message);
      showToast({ type: "error", message, id: message });
    }
  }, [attempt, customerError, itemsError]);
  return () => setAttempt((n) => n + 1);
}

/**
 * The issue and due dates: the last date chosen in each picker (clearing one puts it back), and a due
 * date that follows the issue date and the customer's payment terms until the owner picks one.
 */
export function useEditorDates({
  fields,
  defaultValue,
  mode,
  customers,
}: {
  fields: EditorFields;
  defaultValue: EditorValues;
  mode: "new" | "edit";
  customers: EditorCustomer[];
}) {
  const type = defaultValue.invoice_type;
  const dueTouched = useRef(mode === "edit");
  const initialDate = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);
  const [dates, setDates] = useState(() => ({
    issue_date: initialDate(fields.issue_date.initialValue, defaultValue.issue_date),
    due_date: initialDate(fields.due_date.initialValue, defaultValue.due_date),
  }));
  const setDueDate = (due: string) => {
    const input = document.getElementById(fields.due_date.id);
    if (input instanceof HTMLInputElement) input.value = due;
    setDates((current) => ({ ...current, due_date: due }));
  };
  const followTerms = (customerId: string, issueDate: string) => {
    const customer = customers.find((c) => c.id === customerId);
    setDueDate(defaultDueDateFor(type, issueDate, customer?.paymentTerms));
  };

  /** another customer chosen: the due date follows their terms while it was not picked */
  function onCustomerChange(customerId: string) {
    if (!dueTouched.current && dates.issue_date) followTerms(customerId, dates.issue_date);
  }

  function onDateChange(name: "issue_date" | "due_date", input: HTMLInputElement, customerId: string) {
    // the pickers ignore clearing: an emptied date goes back to the last one chosen
    if (!input.value) {
      input.value = dates[name];
      return;
    }
    const value = input.value;
    if (name === "due_date") dueTouched.current = true;
    setDates((current) => ({ ...current, [name]: value }));
    if (name === "issue_date" && !dueTouched.current) followTerms(customerId, value);
  }

  return { onCustomerChange, onDateChange };
}

const itemsOf = (values: FormValues): unknown[] => (Array.isArray(values.items) ? values.items : []);

/**
 * The lines and what the chosen project offers for them: its pricing replaces untouched lines at once
 * and typed ones only when asked; a new document's recurring fees are offered as lines; a new
 * invoice's contracts with something left offer their schedule; a deduction's document fills its line.
 */
export function useEditorLines({
  form,
  fields,
  values,
  mode,
  type,
  closed,
  initialProjects,
  initialDocuments,
}: {
  form: EditorForm;
  fields: EditorFields;
  values: FormValues;
  mode: "new" | "edit";
  type: InvoiceType;
  closed: string | null;
  initialProjects: EditorProject[];
  initialDocuments: EditorDocument[];
}) {
  const projectFetcher = useFetcher<{ projects: EditorProject[]; documents: EditorDocument[] }>();
  const fetched = projectFetcher.state === "idle" && projectFetcher.data ? projectFetcher.data : null;
  const projects = fetched ? fetched.projects : initialProjects;
  const documents = fetched ? fetched.documents : initialDocuments;
  const itemsField = fields.items as unknown as ItemsField;
  const projectId = typeof values.project_id === "string" ? values.project_id : "";
  const chosenProject = projects.find((project) => project.id === projectId);
  const [pricingOffer, setPricingOffer] = useState<string | null>(null);
  const offeredPricing =
    !closed && chosenProject && pricingOffer === chosenProject.id ? editorLines(chosenProject.lines) : [];
  const feeLines = mode === "new" && !closed && chosenProject ? editorLines(chosenProject.feeLines) : [];
  const offeredFees = includesLines(values.items, feeLines) ? [] : feeLines;
  const replaceLines = (next: EditorLine[]) => form.update({ name: itemsField.name, value: next });
  const offers =
    mode === "new" && type === "invoice" && !closed
      ? (chosenProject?.contracts ?? []).filter((contract) => contract.next || contract.balance !== null)
      : [];

  /** another customer chosen: no project, and that customer's projects and documents */
  function loadChoices(customerId: string) {
    form.update({ name: fields.project_id.name, value: "" });
    if (customerId) {
      void projectFetcher.load(`/admin/invoices/project-choices?customer_id=${encodeURIComponent(customerId)}`);
    }
  }

  function onProjectChange(id: string) {
    const next = editorLines(projects.find((project) => project.id === id)?.lines ?? []);
    if (next.length > 0 && linesUntouched(values.items)) replaceLines(next);
    setPricingOffer(next.length > 0 && !linesUntouched(values.items) ? id : null);
  }

  function takePricing() {
    replaceLines(offeredPricing);
    setPricingOffer(null);
  }

  function addFees() {
    const current = itemsOf(values).map((entry): EditorLine => {
      const item = entry as Partial<Record<keyof EditorLine, unknown>> | undefined;
      return {
        description: typeof item?.description === "string" ? item.description : "",
        quantity: typeof item?.quantity === "string" ? item.quantity : "",
        unit_price: typeof item?.unit_price === "string" ? item.unit_price : "",
        ...(item?.kind === "deduction"
          ? { kind: "deduction" as const, deducted_id: typeof item.deducted_id === "string" ? item.deducted_id : "" }
          : {}),
      };
    });
    replaceLines(linesUntouched(current) ? offeredFees : [...current, ...offeredFees]);
  }

  // a deduction's document picked: its words and what is left of it fill a blank line
  function onDeductionPick(index: number, documentId: string) {
    const picked = documents.find((document) => document.id === documentId);
    const line = (itemsOf(values)[index] ?? {}) as Partial<Record<keyof EditorLine, unknown>>;
    if (!picked) return;
    if (typeof line.description !== "string" || line.description.trim() === "") {
      form.update({ name: `${itemsField.name}[${index}].description`, value: deductionDescription(picked) });
    }
    if ((readTypedHundredths(line.unit_price) ?? 0) === 0) {
      form.update({ name: `${itemsField.name}[${index}].unit_price`, value: centsToDecimal(picked.available) });
    }
  }

  return {
    projects,
    documents,
    itemsField,
    projectId,
    offeredPricing,
    offeredFees,
    offers,
    loadChoices,
    onProjectChange,
    takePricing,
    addFees,
    onDeductionPick,
  };
}
export type EditorLines = ReturnType<typeof useEditorLines>;

/** Leaving the page (reload, closing the tab, a full-page link) with unsaved changes: the browser asks. */
export function useLeaveGuard(dirty: boolean, saving: boolean) {
  useEffect(() => {
    if (!dirty || saving) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, saving]);
}

/** The editable values as one comparable string: blank, missing and disabled fields are all "". */
export function snapshot(values: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const items = Array.isArray(values.items) ? values.items : [];
  return JSON.stringify([
    ...[
      "customer_id",
      "project_id",
      "issue_date",
      "due_date",
      "tax_rate",
      "discount_amount",
      "notes",
      "terms",
      "send_reminders",
    ].map((name) => text(values[name])),
    items.map((item: Record<string, unknown> | undefined) => [
      text(item?.description),
      text(item?.quantity),
      text(item?.unit_price),
      text(item?.kind),
      text(item?.deducted_id),
    ]),
  ]);
}
