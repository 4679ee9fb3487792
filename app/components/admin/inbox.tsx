/**
 * The leads inbox's pieces: the submissions table (cards on small screens), the pager, the
 * submission detail dialog and the Convert to Customer dialog. The dialogs are addressed by
 * the URL (?submission=id, &convert=1), rendered open by the server and work without
 * JavaScript: closing is a link back to the list, the forms are ordinary POSTs.
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
import { format } from "date-fns";
import { enUS } from "date-fns/locale";
import { ChevronLeft, ChevronRight, ExternalLink, Eye, UserCheck, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useId } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { buttonClass, cx, Field, TextareaField, textareaClass } from "#app/components/admin/ui.tsx";
import { customerTypeLabels } from "#app/domain/contact-form.ts";
import { customerFormSchema } from "#app/domain/customer-form.ts";
import {
  type BudgetRange,
  type CustomerType,
  type ProjectType,
  projectTypeLabels,
  type SubmissionStatus,
  submissionStatuses,
} from "#app/domain/enums.ts";
import { budgetLabel, submissionStatusLabels } from "#app/domain/inbox.ts";
import { limits } from "#app/domain/limits.ts";
import { telHref } from "#app/domain/studio.ts";
import {
  convertFormDefaults,
  inboxMessages,
  safeExternalHref,
  submissionUpdateSchema,
} from "#app/domain/submission-forms.ts";

export type InboxRow = {
  id: string;
  name: string;
  email: string;
  businessName: string | null;
  projectType: ProjectType;
  budgetRange: BudgetRange | null;
  status: SubmissionStatus;
  createdAt: Date;
};

export type SubmissionDetail = InboxRow & {
  phoneNumber: string | null;
  customerType: CustomerType | null;
  existingWebsiteUrl: string | null;
  message: string;
  notes: string | null;
  customerId: string | null;
};

const statusStyles: Record<SubmissionStatus, string> = {
  new: "border-emerald-700/60 bg-emerald-950 text-emerald-200",
  "in-progress": "border-amber-700/60 bg-amber-950 text-amber-200",
  completed: "border-sky-700/60 bg-sky-950 text-sky-200",
  archived: "border-zinc-700 bg-zinc-900 text-zinc-300",
};

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        statusStyles[status],
      )}
    >
      {submissionStatusLabels[status]}
    </span>
  );
}

/** Dates are shown in the en-US format the spec's calendar uses. */
export function formatDate(date: Date) {
  return format(date, "MMM d, yyyy", { locale: enUS });
}
export function formatDateTime(date: Date) {
  return format(date, "MMMM d, yyyy 'at' h:mm a", { locale: enUS });
}

export function InboxTable({ rows, viewHref }: { rows: InboxRow[]; viewHref: (id: string) => string }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-400">
        {inboxMessages.empty}
      </p>
    );
  }
  return (
    <>
      {/* small screens: one card per lead */}
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li
            key={row.id}
            data-submission-card={row.id}
            className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-3"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-zinc-100">{row.name}</p>
                <p className="truncate text-sm text-zinc-400">{row.email}</p>
              </div>
              <StatusBadge status={row.status} />
            </div>
            <p className="mt-2 text-sm text-zinc-300">
              {row.businessName ? `${row.businessName} · ` : ""}
              {projectTypeLabels[row.projectType]} · {budgetLabel(row.budgetRange)}
            </p>
            <div className="mt-2 flex items-center justify-between gap-2">
              <time dateTime={row.createdAt.toISOString()} suppressHydrationWarning className="text-xs text-zinc-400">
                {formatDate(row.createdAt)}
              </time>
              <Link
                to={viewHref(row.id)}
                preventScrollReset
                className={buttonClass("secondary", undefined, "sm")}
                aria-label={`View submission from ${row.name}`}
              >
                <Eye aria-hidden className="size-4" />
                View
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-800 md:block">
        <table className="w-full min-w-[46rem] border-collapse text-left text-sm">
          <thead className="bg-zinc-900 text-xs tracking-wide text-zinc-400 uppercase">
            <tr>
              {["Name", "Email", "Business", "Type", "Budget", "Status", "Date"].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2.5 font-medium">
                  {heading}
                </th>
              ))}
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {rows.map((row) => (
              <tr key={row.id} data-submission-row={row.id} className="hover:bg-zinc-900/60">
                <td className="max-w-40 truncate px-3 py-2.5 font-medium text-zinc-100">{row.name}</td>
                <td className="max-w-52 truncate px-3 py-2.5 text-zinc-300">{row.email}</td>
                <td className="max-w-40 truncate px-3 py-2.5 text-zinc-300">{row.businessName ?? "—"}</td>
                <td className="px-3 py-2.5 text-zinc-300">{projectTypeLabels[row.projectType]}</td>
                <td className="px-3 py-2.5 text-zinc-300">{budgetLabel(row.budgetRange)}</td>
                <td className="px-3 py-2.5">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-zinc-400">
                  <time dateTime={row.createdAt.toISOString()} suppressHydrationWarning>
                    {formatDate(row.createdAt)}
                  </time>
                </td>
                <td className="px-3 py-2 text-right">
                  <Link
                    to={viewHref(row.id)}
                    preventScrollReset
                    className={buttonClass("ghost", undefined, "sm")}
                    aria-label={`View submission from ${row.name}`}
                  >
                    <Eye aria-hidden className="size-4" />
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function Pager({
  page,
  pageCount,
  total,
  pageSize,
  shown,
  href,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  shown: number;
  href: (page: number) => string;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + shown;
  const pagerLink = (target: number, label: string, icon: ReactNode, disabled: boolean) =>
    disabled ? (
      <span aria-disabled="true" className={buttonClass("secondary", "pointer-events-none opacity-50", "sm")}>
        {icon === "prev" ? <ChevronLeft aria-hidden className="size-4" /> : null}
        {label}
        {icon === "next" ? <ChevronRight aria-hidden className="size-4" /> : null}
      </span>
    ) : (
      <Link
        to={href(target)}
        rel={icon === "prev" ? "prev" : "next"}
        className={buttonClass("secondary", undefined, "sm")}
      >
        {icon === "prev" ? <ChevronLeft aria-hidden className="size-4" /> : null}
        {label}
        {icon === "next" ? <ChevronRight aria-hidden className="size-4" /> : null}
      </Link>
    );
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-400">
      <p>
        Showing <span className="text-zinc-200 tabular-nums">{first}</span>–
        <span className="text-zinc-200 tabular-nums">{last}</span> of{" "}
        <span className="text-zinc-200 tabular-nums">{total}</span>
      </p>
      <div className="flex items-center gap-2">
        {pagerLink(page - 1, "Previous", "prev", page <= 1)}
        <span className="px-1 tabular-nums" aria-current="page">
          Page {page} of {pageCount}
        </span>
        {pagerLink(page + 1, "Next", "next", page >= pageCount)}
      </div>
    </nav>
  );
}

/** A dialog open as long as the URL says so; closing (Escape, the X, Cancel) goes to `closeHref`. */
function UrlDialog({
  title,
  description,
  closeHref,
  children,
}: {
  title: string;
  description: string;
  closeHref: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // explicit ids: the server-rendered dialog must be named before any script runs
  const id = useId();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) void navigate(closeHref, { preventScrollReset: true });
      }}
    >
      {/* no portal: the server renders the dialog open, so it works before (and without) JavaScript */}
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
      <Dialog.Content
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="fixed inset-x-0 top-0 z-50 mx-auto flex max-h-dvh w-full max-w-2xl flex-col overflow-y-auto border-zinc-800 bg-zinc-950 text-zinc-100 shadow-2xl sm:top-[5vh] sm:max-h-[90vh] sm:w-[calc(100%-2rem)] sm:rounded-xl sm:border"
      >
        <div className="sticky top-0 z-10 flex items-start gap-4 border-b border-zinc-800 bg-zinc-950 px-5 py-4">
          <div className="min-w-0 flex-1">
            <Dialog.Title id={`${id}-title`} className="text-lg font-semibold">
              {title}
            </Dialog.Title>
            <Dialog.Description id={`${id}-description`} className="mt-0.5 text-sm text-zinc-400">
              {description}
            </Dialog.Description>
          </div>
          <Link to={closeHref} preventScrollReset className={buttonClass("ghost", "-mr-2", "icon")} aria-label="Close">
            <X aria-hidden className="size-4" />
          </Link>
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cx("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-zinc-100">{children}</dd>
    </div>
  );
}

const linkClass = "text-[var(--color-accent)] underline-offset-2 hover:underline";
const selectClass =
  "h-10 w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100 focus-visible:border-[var(--color-accent)]";

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Conform's props carry a `key`, which React refuses through a spread. */
function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

export function SubmissionDialog({
  submission,
  action,
  closeHref,
  convertHref,
  lastResult,
}: {
  submission: SubmissionDetail;
  action: string;
  closeHref: string;
  convertHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `update-${submission.id}`,
    lastResult,
    defaultValue: { status: submission.status, notes: submission.notes ?? "" },
    constraint: getZodConstraint(submissionUpdateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: submissionUpdateSchema }),
  });
  const busy = useBusy("update");
  const website = safeExternalHref(submission.existingWebsiteUrl);
  const notesInvalid = Boolean(fields.notes.errors?.length);
  return (
    <UrlDialog
      title="Submission Details"
      description={`From ${submission.name}, ${formatDate(submission.createdAt)}`}
      closeHref={closeHref}
    >
      <div className="flex flex-col gap-6 px-5 py-5">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Detail label="Name">{submission.name}</Detail>
          <Detail label="Email">
            <a href={`mailto:${submission.email}`} className={linkClass}>
              {submission.email}
            </a>
          </Detail>
          <Detail label="Phone">
            {submission.phoneNumber ? (
              <a href={telHref(submission.phoneNumber)} className={linkClass}>
                {submission.phoneNumber}
              </a>
            ) : (
              <span className="text-zinc-400">Not provided</span>
            )}
          </Detail>
          <Detail label="Business">
            {submission.businessName ?? <span className="text-zinc-400">Not provided</span>}
          </Detail>
          <Detail label="Existing Website">
            {website ? (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className={cx(linkClass, "inline-flex gap-1")}
              >
                <span className="break-all">{submission.existingWebsiteUrl}</span>
                <ExternalLink aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              (submission.existingWebsiteUrl ?? <span className="text-zinc-400">Not provided</span>)
            )}
          </Detail>
          {submission.customerType ? (
            <Detail label="Customer Type">{customerTypeLabels[submission.customerType]}</Detail>
          ) : null}
          <Detail label="Project Type">{projectTypeLabels[submission.projectType]}</Detail>
          <Detail label="Budget">{budgetLabel(submission.budgetRange)}</Detail>
          <Detail label="Submitted">
            <time dateTime={submission.createdAt.toISOString()} suppressHydrationWarning>
              {formatDateTime(submission.createdAt)}
            </time>
          </Detail>
          <Detail label="Message" wide>
            <p
              data-testid="submission-message"
              className="rounded-md border border-zinc-800 bg-zinc-900 px-3 py-2 whitespace-pre-wrap"
            >
              {submission.message}
            </p>
          </Detail>
        </dl>

        <Form
          method="post"
          action={action}
          preventScrollReset
          {...getFormProps(form)}
          className="flex flex-col gap-4 border-t border-zinc-800 pt-5"
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={submission.id} />
          {form.errors?.length ? (
            <p
              id={form.errorId}
              role="alert"
              className="rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100"
            >
              {form.errors[0]}
            </p>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fields.status.id} className="text-sm font-medium text-zinc-200">
              Status
            </label>
            <select {...withoutKey(getSelectProps(fields.status))} className={cx(selectClass, "sm:max-w-60")}>
              {submissionStatuses.map((status) => (
                <option key={status} value={status}>
                  {submissionStatusLabels[status]}
                </option>
              ))}
            </select>
            <p id={fields.status.errorId} className="text-xs text-red-400">
              {fields.status.errors?.[0] ?? ""}
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fields.notes.id} className="text-sm font-medium text-zinc-200">
              Internal Notes
            </label>
            <textarea
              {...withoutKey(getTextareaProps(fields.notes))}
              rows={4}
              placeholder="Add notes about this lead (only admins see them)"
              className={cx(textareaClass, notesInvalid ? "border-red-500" : "border-zinc-700")}
            />
            <p id={fields.notes.errorId} className="min-h-4 text-xs text-red-400" aria-live="polite">
              {fields.notes.errors?.[0] ?? ""}
            </p>
            {!notesInvalid ? (
              <p className="-mt-5 text-right text-xs text-zinc-400">Up to {limits.notes} characters</p>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
            {submission.customerId ? (
              <Link
                to={`/admin/customers/${submission.customerId}`}
                reloadDocument
                className={buttonClass("secondary", "sm:mr-auto")}
              >
                <UserCheck aria-hidden className="size-4" />
                View Customer
              </Link>
            ) : (
              <Link to={convertHref} preventScrollReset className={buttonClass("secondary", "sm:mr-auto")}>
                <UserCheck aria-hidden className="size-4" />
                Convert to Customer
              </Link>
            )}
            <Link to={closeHref} preventScrollReset className={buttonClass("ghost")}>
              Cancel
            </Link>
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              {busy ? "Updating…" : "Update"}
            </button>
          </div>
        </Form>
      </div>
    </UrlDialog>
  );
}

export function ConvertDialog({
  submission,
  action,
  closeHref,
  lastResult,
}: {
  submission: SubmissionDetail;
  action: string;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `convert-${submission.id}`,
    lastResult,
    defaultValue: convertFormDefaults(submission),
    constraint: getZodConstraint(customerFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: customerFormSchema }),
  });
  const busy = useBusy("convert");
  return (
    <UrlDialog
      title="Convert to Customer"
      description="Create a customer record from this submission. Name and Email are required."
      closeHref={closeHref}
    >
      <Form
        method="post"
        action={action}
        preventScrollReset
        {...getFormProps(form)}
        className="flex flex-col gap-4 px-5 py-5"
      >
        <input type="hidden" name="intent" value="convert" />
        <input type="hidden" name="id" value={submission.id} />
        <input type="hidden" name="status" value="prospect" />
        {form.errors?.length ? (
          <p
            id={form.errorId}
            role="alert"
            className="rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100"
          >
            {form.errors[0]}
          </p>
        ) : null}
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <Field
            label="Name"
            errors={fields.name.errors}
            errorId={fields.name.errorId}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
          />
          <Field
            label="Email"
            errors={fields.email.errors}
            errorId={fields.email.errorId}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          />
          <Field
            label="Phone"
            errors={fields.phone_number.errors}
            errorId={fields.phone_number.errorId}
            inputProps={{ ...getInputProps(fields.phone_number, { type: "tel" }), autoComplete: "off" }}
          />
          <Field
            label="Business Name"
            errors={fields.business_name.errors}
            errorId={fields.business_name.errorId}
            inputProps={{ ...getInputProps(fields.business_name, { type: "text" }), autoComplete: "off" }}
          />
          <Field
            label="Website"
            errors={fields.website_url.errors}
            errorId={fields.website_url.errorId}
            inputProps={{ ...getInputProps(fields.website_url, { type: "url" }), autoComplete: "off" }}
          />
          <Field
            label="Payment Terms (days)"
            errors={fields.payment_terms.errors}
            errorId={fields.payment_terms.errorId}
            inputProps={{ ...getInputProps(fields.payment_terms, { type: "number" }), min: 0, step: 1 }}
          />
          <TextareaField
            label="Notes"
            errors={fields.notes.errors}
            errorId={fields.notes.errorId}
            textareaProps={withoutKey(getTextareaProps(fields.notes))}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-zinc-800 pt-4 sm:flex-row sm:justify-end">
          <Link to={closeHref} preventScrollReset className={buttonClass("ghost")}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? "Converting…" : "Convert to Customer"}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
