/**
 * The invoice and estimate editor (SPEC section 2): Customer Information, Line Items, Additional
 * Information and Summary cards in one Conform form. Without JavaScript every button posts: Add
 * Item and remove come back from the server re-rendered, saving redirects. With it, lines are
 * added and removed in place, the totals follow every keystroke (the same `calculateTotals` the
 * server stores), the project list follows the customer, and leaving with unsaved changes asks first.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, LayoutDashboard, Plus, Send, Trash2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigate, useNavigation } from "react-router";
import { showToast } from "#app/components/admin/toaster.tsx";
import { buttonClass, cx, textareaClass } from "#app/components/admin/ui.tsx";
import type { InvoiceType } from "#app/domain/enums.ts";
import {
  defaultDueDate,
  displayDate,
  invoiceFormSchema,
  invoiceMessages,
  previewTotals,
  typeLabel,
} from "#app/domain/invoice-form.ts";
import { limits } from "#app/domain/limits.ts";
import { formatMoney } from "#app/domain/money.ts";

export type EditorLine = { description: string; quantity: string; unit_price: string };
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
};
export type EditorCustomer = { id: string; name: string; businessName: string | null; paymentTerms: number };
export type EditorProject = { id: string; projectName: string };

export const emptyLine: EditorLine = { description: "", quantity: "1", unit_price: "0" };
const formId = "invoice-editor";

const inputClass =
  "h-10 w-full min-w-0 rounded-md border bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus-visible:border-[var(--color-accent)] disabled:cursor-not-allowed disabled:opacity-50";
const borderFor = (errors?: string[]) => (errors?.length ? "border-red-500" : "border-zinc-700");

/** Conform's props carry a `key`, which React refuses through a spread; it is passed on its own. */
function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cx("rounded-xl border border-zinc-800 bg-zinc-900/40", className)}>
      <h2 id={id} className="border-b border-zinc-800 px-5 py-3 text-base font-semibold">
        {title}
      </h2>
      <div className="p-5">{children}</div>
    </section>
  );
}

function ErrorText({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="min-h-4 text-xs text-red-400" aria-live="polite">
      {errors?.[0] ?? ""}
    </p>
  );
}

export function InvoiceEditor({
  mode,
  invoiceNumber,
  defaultValue,
  customers,
  projects: initialProjects,
  lastResult,
  action,
}: {
  mode: "new" | "edit";
  invoiceNumber: string | null;
  defaultValue: EditorValues;
  customers: EditorCustomer[];
  projects: EditorProject[];
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
}) {
  const type = defaultValue.invoice_type;
  const label = typeLabel(type);
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: invoiceFormSchema });
      // a real save (not Add Item / remove) that fails: the spec's messages also appear as toasts
      if (submitter && !formData.has("__intent__") && submission.status === "error") {
        const errors = submission.error ?? {};
        for (const message of [errors.customer_id?.[0], errors.items?.[0]]) {
          if (message) showToast({ type: "error", message });
        }
      }
      return submission;
    },
  });
  const navigation = useNavigation();
  const navigate = useNavigate();
  const projectFetcher = useFetcher<{ projects: EditorProject[] }>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const saveAndContinue = useRef<HTMLButtonElement>(null);
  const dueTouched = useRef(mode === "edit");
  // the dates are held here, so that clearing one is simply not accepted (SPEC section 5)
  const initialDate = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);
  const [dates, setDates] = useState(() => ({
    issue_date: initialDate(fields.issue_date.initialValue, defaultValue.issue_date),
    due_date: initialDate(fields.due_date.initialValue, defaultValue.due_date),
  }));

  const values = form.value ?? {};
  // changed since the page was loaded (or since the server re-rendered it): blank and missing are the same
  const [baseline] = useState(() => snapshot(form.value ?? defaultValue));
  const dirty = snapshot(values) !== baseline;
  const customerId = typeof values.customer_id === "string" ? values.customer_id : "";
  const projects =
    projectFetcher.state === "idle" && projectFetcher.data ? projectFetcher.data.projects : initialProjects;
  const totals = previewTotals(values);
  const lines = fields.items.getFieldList();

  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith(action.split("?")[0] ?? "");
  const pressed = submitting ? (navigation.formData?.get("status") ?? "draft") : null;
  const saving = submitting && !navigation.formData?.has("__intent__");

  // leaving the page (reload, closing the tab, a full-page link) with unsaved changes: the browser asks
  useEffect(() => {
    if (!dirty || saving) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, saving]);

  const setValue = (name: string, value: string) => form.update({ name, value });

  function onCustomerChange(id: string) {
    setValue(fields.project_id.name, "");
    if (id) void projectFetcher.load(`/admin/invoices/project-choices?customer_id=${encodeURIComponent(id)}`);
    if (!dueTouched.current && dates.issue_date) {
      const customer = customers.find((c) => c.id === id);
      setDates((current) => ({ ...current, due_date: defaultDueDate(current.issue_date, customer?.paymentTerms) }));
    }
  }

  function onDateChange(name: "issue_date" | "due_date", value: string) {
    // the pickers ignore clearing: an emptied date keeps the last one chosen
    if (!value) return;
    if (name === "due_date") dueTouched.current = true;
    setDates((current) => {
      const next = { ...current, [name]: value };
      if (name === "issue_date" && !dueTouched.current) {
        const customer = customers.find((c) => c.id === customerId);
        next.due_date = defaultDueDate(value, customer?.paymentTerms);
      }
      return next;
    });
  }

  const saveLabel = (button: "draft" | "sent", idle: string) => (saving && pressed === button ? "Saving..." : idle);

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mx-auto flex max-w-5xl flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/admin/invoices"
          reloadDocument
          className={buttonClass("ghost", undefined, "icon")}
          aria-label="Back to invoices"
        >
          <ArrowLeft aria-hidden className="size-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight">
            {mode === "new" ? "New" : "Edit"} {label}
          </h1>
          {invoiceNumber ? <p className="font-mono text-sm text-zinc-400">{invoiceNumber}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to="/admin/dashboard"
            onClick={(event) => {
              if (dirty) {
                event.preventDefault();
                setDialogOpen(true);
              }
            }}
            className={buttonClass("secondary")}
          >
            <LayoutDashboard aria-hidden className="size-4" />
            Dashboard
          </Link>
          <button type="submit" name="status" value="draft" className={buttonClass("secondary")} disabled={saving}>
            {saveLabel("draft", "Save as Draft")}
          </button>
          <button type="submit" name="status" value="sent" className={buttonClass("primary")} disabled={saving}>
            <Send aria-hidden className="size-4" />
            {saveLabel("sent", "Save & Send")}
          </button>
        </div>
      </div>

      <input type="hidden" name={fields.invoice_type.name} value={type} />
      {/* what 'Save & Continue' presses: a draft save that returns to the dashboard */}
      <button ref={saveAndContinue} type="submit" name="return_to" value="dashboard" hidden tabIndex={-1} />
      {form.errors?.length ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100"
        >
          {form.errors[0]}
        </p>
      ) : null}

      <Card title="Customer Information">
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fields.customer_id.id} className="text-sm font-medium text-zinc-200">
              Customer
            </label>
            <select
              key={fields.customer_id.key}
              {...withoutKey(getSelectProps(fields.customer_id))}
              onChange={(event) => onCustomerChange(event.target.value)}
              className={cx(inputClass, borderFor(fields.customer_id.errors))}
            >
              <option value="">Select a customer</option>
              {customers.map((customer) => (
                <option key={customer.id} value={customer.id}>
                  {customer.businessName ? `${customer.name} (${customer.businessName})` : customer.name}
                </option>
              ))}
            </select>
            <ErrorText id={fields.customer_id.errorId} errors={fields.customer_id.errors} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fields.project_id.id} className="text-sm font-medium text-zinc-200">
              Project <span className="font-normal text-zinc-400">(optional)</span>
            </label>
            <div className="flex gap-2">
              <select
                key={`${fields.project_id.key}-${customerId}`}
                {...withoutKey(getSelectProps(fields.project_id))}
                disabled={!customerId}
                className={cx(inputClass, borderFor(fields.project_id.errors))}
              >
                <option value="">None</option>
                {projects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.projectName}
                  </option>
                ))}
              </select>
              <noscript>
                <button
                  {...form.validate.getButtonProps({ name: fields.customer_id.name })}
                  className={buttonClass("secondary")}
                >
                  Load projects
                </button>
              </noscript>
            </div>
            <ErrorText id={fields.project_id.errorId} errors={fields.project_id.errors} />
          </div>
          <DateField
            label="Issue Date"
            meta={fields.issue_date}
            value={dates.issue_date}
            onChange={(value) => onDateChange("issue_date", value)}
          />
          <DateField
            label="Due Date"
            meta={fields.due_date}
            value={dates.due_date}
            onChange={(value) => onDateChange("due_date", value)}
          />
        </div>
      </Card>

      <Card title="Line Items">
        <div className="flex flex-col gap-3">
          <div
            aria-hidden
            className="hidden gap-3 text-xs font-medium tracking-wide text-zinc-400 uppercase md:grid md:grid-cols-[minmax(0,1fr)_6.5rem_8rem_7rem_2.5rem]"
          >
            <span>Description</span>
            <span>Quantity</span>
            <span>Unit Price</span>
            <span className="text-right">Total</span>
            <span />
          </div>
          <ol className="flex flex-col gap-3">
            {lines.map((line, index) => {
              const item = line.getFieldset();
              const n = index + 1;
              return (
                <li
                  key={line.key}
                  data-line={index}
                  className="grid grid-cols-2 gap-x-3 gap-y-1 border-b border-zinc-800 pb-3 md:grid-cols-[minmax(0,1fr)_6.5rem_8rem_7rem_2.5rem] md:border-0 md:pb-0"
                >
                  <div className="col-span-2 flex flex-col gap-1 md:col-span-1">
                    <label htmlFor={item.description.id} className="text-xs text-zinc-400 md:sr-only">
                      Description, line {n}
                    </label>
                    <input
                      key={item.description.key}
                      {...withoutKey(getInputProps(item.description, { type: "text" }))}
                      maxLength={limits.lineDescription}
                      placeholder="Description"
                      className={cx(inputClass, borderFor(item.description.errors))}
                    />
                    <ErrorText id={item.description.errorId} errors={item.description.errors} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={item.quantity.id} className="text-xs text-zinc-400 md:sr-only">
                      Quantity, line {n}
                    </label>
                    <input
                      key={item.quantity.key}
                      {...withoutKey(getInputProps(item.quantity, { type: "number" }))}
                      min={0}
                      step={0.01}
                      inputMode="decimal"
                      className={cx(inputClass, "text-right tabular-nums", borderFor(item.quantity.errors))}
                    />
                    <ErrorText id={item.quantity.errorId} errors={item.quantity.errors} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={item.unit_price.id} className="text-xs text-zinc-400 md:sr-only">
                      Unit price, line {n}
                    </label>
                    <input
                      key={item.unit_price.key}
                      {...withoutKey(getInputProps(item.unit_price, { type: "number" }))}
                      min={0}
                      step={0.01}
                      inputMode="decimal"
                      className={cx(inputClass, "text-right tabular-nums", borderFor(item.unit_price.errors))}
                    />
                    <ErrorText id={item.unit_price.errorId} errors={item.unit_price.errors} />
                  </div>
                  <p className="flex h-10 items-center justify-end text-sm text-zinc-100 tabular-nums" data-line-total>
                    <span className="mr-auto text-xs text-zinc-400 md:sr-only">Total</span>
                    {formatMoney(totals.lineTotalsByIndex[index] ?? 0)}
                  </p>
                  <div className="flex h-10 items-center justify-end">
                    {lines.length > 1 ? (
                      <button
                        {...form.remove.getButtonProps({ name: fields.items.name, index })}
                        className={buttonClass("ghost", "text-zinc-400 hover:text-red-300", "icon")}
                        aria-label={`Remove line ${n}`}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          <p
            id={fields.items.errorId}
            role={fields.items.errors?.length ? "alert" : undefined}
            className="text-sm text-red-400"
          >
            {fields.items.errors?.[0] ?? ""}
          </p>
          <div>
            <button
              {...form.insert.getButtonProps({ name: fields.items.name, defaultValue: emptyLine })}
              className={buttonClass("secondary")}
            >
              <Plus aria-hidden className="size-4" />
              Add Item
            </button>
          </div>
        </div>
      </Card>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title="Additional Information">
          <div className="flex flex-col gap-1">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={fields.notes.id} className="text-sm font-medium text-zinc-200">
                Notes
              </label>
              <textarea
                key={fields.notes.key}
                {...withoutKey(getTextareaProps(fields.notes))}
                rows={4}
                maxLength={limits.longText}
                placeholder="Notes for the customer"
                className={cx(textareaClass, borderFor(fields.notes.errors))}
              />
              <ErrorText id={fields.notes.errorId} errors={fields.notes.errors} />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={fields.terms.id} className="text-sm font-medium text-zinc-200">
                Terms &amp; Conditions
              </label>
              <textarea
                key={fields.terms.key}
                {...withoutKey(getTextareaProps(fields.terms))}
                rows={3}
                maxLength={limits.longText}
                className={cx(textareaClass, borderFor(fields.terms.errors))}
              />
              <ErrorText id={fields.terms.errorId} errors={fields.terms.errors} />
            </div>
          </div>
        </Card>

        <Card title="Summary">
          <div className="flex flex-col gap-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <div className="text-zinc-400">Subtotal</div>
              <div className="tabular-nums" data-summary="subtotal">
                {formatMoney(totals.subtotal)}
              </div>
            </div>
            <div className="flex items-center justify-between gap-3">
              <div>
                <label htmlFor={fields.tax_rate.id} className="text-zinc-400">
                  Tax Rate (%)
                </label>
              </div>
              <div className="w-28">
                <input
                  key={fields.tax_rate.key}
                  {...withoutKey(getInputProps(fields.tax_rate, { type: "number" }))}
                  min={0}
                  max={100}
                  step={0.01}
                  inputMode="decimal"
                  aria-describedby={fields.tax_rate.errorId}
                  className={cx(inputClass, "text-right tabular-nums", borderFor(fields.tax_rate.errors))}
                />
              </div>
            </div>
            {fields.tax_rate.errors?.length ? (
              <p id={fields.tax_rate.errorId} className="-mt-2 text-right text-xs text-red-400" aria-live="polite">
                {fields.tax_rate.errors[0]}
              </p>
            ) : null}
            <div className="flex items-center justify-between gap-3">
              <div className="text-zinc-400">Tax Amount</div>
              <div className="tabular-nums" data-summary="tax">
                {formatMoney(totals.taxAmount)}
              </div>
            </div>
            <div className="flex items-center justify-between gap-3">
              <div>
                <label htmlFor={fields.discount_amount.id} className="text-zinc-400">
                  Discount ($)
                </label>
              </div>
              <div className="w-28">
                <input
                  key={fields.discount_amount.key}
                  {...withoutKey(getInputProps(fields.discount_amount, { type: "number" }))}
                  min={0}
                  step={0.01}
                  inputMode="decimal"
                  aria-describedby={fields.discount_amount.errorId}
                  className={cx(inputClass, "text-right tabular-nums", borderFor(fields.discount_amount.errors))}
                />
              </div>
            </div>
            {fields.discount_amount.errors?.length ? (
              <p
                id={fields.discount_amount.errorId}
                className="-mt-2 text-right text-xs text-red-400"
                aria-live="polite"
              >
                {fields.discount_amount.errors[0]}
              </p>
            ) : null}
            <div className="flex items-center justify-between gap-3 border-t border-zinc-800 pt-3 text-base font-semibold">
              <div>Total</div>
              <div className="tabular-nums" data-summary="total">
                {formatMoney(totals.total)}
              </div>
            </div>
          </div>
        </Card>
      </div>

      <Dialog.Root open={dialogOpen} onOpenChange={setDialogOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-800 bg-zinc-950 p-5 text-zinc-100 shadow-2xl">
            <Dialog.Title className="text-lg font-semibold">{invoiceMessages.unsavedTitle}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-zinc-300">
              {invoiceMessages.unsaved(type)}
            </Dialog.Description>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                className={buttonClass("ghost")}
                onClick={() => {
                  setDialogOpen(false);
                  void navigate("/admin/dashboard");
                }}
              >
                Don't Save
              </button>
              <button
                type="button"
                className={buttonClass("primary")}
                onClick={() => {
                  setDialogOpen(false);
                  const element = document.getElementById(formId);
                  if (element instanceof HTMLFormElement && saveAndContinue.current) {
                    element.requestSubmit(saveAndContinue.current);
                  }
                }}
              >
                Save &amp; Continue
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Form>
  );
}

/** The editable values as one comparable string: blank, missing and disabled fields are all "". */
function snapshot(values: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const items = Array.isArray(values.items) ? values.items : [];
  return JSON.stringify([
    ...["customer_id", "project_id", "issue_date", "due_date", "tax_rate", "discount_amount", "notes", "terms"].map(
      (name) => text(values[name]),
    ),
    items.map((item: Record<string, unknown> | undefined) => [
      text(item?.description),
      text(item?.quantity),
      text(item?.unit_price),
    ]),
  ]);
}

type DateMeta = ReturnType<typeof useForm<{ issue_date: string }>>[1]["issue_date"];

/** A native date input (ADR 0011): the browser's calendar, en-US; the chosen date is also spelled MM/dd/yyyy. */
function DateField({
  label,
  meta,
  value,
  onChange,
}: {
  label: string;
  meta: DateMeta;
  value: string;
  onChange: (value: string) => void;
}) {
  const hintId = `${meta.id}-hint`;
  const { defaultValue: _defaultValue, ...props } = withoutKey(getInputProps(meta, { type: "date" }));
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={meta.id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        {...props}
        value={value}
        lang="en-US"
        aria-describedby={`${hintId} ${meta.errorId}`}
        onChange={(event) => onChange(event.target.value)}
        className={cx(inputClass, "[color-scheme:dark]", borderFor(meta.errors))}
      />
      <p id={hintId} className="text-xs text-zinc-400" data-date-display>
        {displayDate(value) || "MM/dd/yyyy"}
      </p>
      <ErrorText id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
