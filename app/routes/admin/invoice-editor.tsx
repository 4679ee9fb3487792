/**
 * /admin/invoices/new (?type=invoice|estimate&customer_id=&project_id=, &fees=1 to add the project's
 * recurring fees) and /admin/invoices/{id}: the invoice and estimate editor. A new document for a
 * project starts with the project's pricing as its lines; a project under contract (ADR 0043) offers
 * its schedule instead ("Next in schedule", "Remaining balance"), never its full price again. Deduction
 * lines take off earlier documents of the customer. The server parses the form with the editor's schema,
 * recomputes every amount, numbers new documents in the insert's transaction, and redirects to
 * the list with the toast (or to the dashboard after 'Save & Continue').
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { EditorValues } from "#app/components/admin/invoice-editor.tsx";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import type { InvoiceType } from "#app/domain/enums.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { formatQuantity } from "#app/domain/invoice-document.ts";
import {
  defaultDueDateFor,
  defaultTermsFor,
  editorHeading,
  editorLines,
  editorPostSchema,
  emptyLine,
  invoiceFormSchema,
  linesUntouched,
} from "#app/domain/invoice-form.ts";
import { invoiceMessages } from "#app/domain/invoice-pages.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { projectChoicesWithContracts } from "#app/models/contracts.server.ts";
import { liveLinkCount } from "#app/models/invoice-sends.server.ts";
import {
  createInvoice,
  DocumentClosedError,
  getInvoice,
  InvoiceInputError,
  listCustomerChoices,
  listDeductibleDocuments,
  updateInvoice,
} from "#app/models/invoices.server.ts";
import {
  formIntent,
  invalid,
  notFound,
  redirectWithToast,
  refuse,
  serverError,
} from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { sendDocument } from "#app/services/invoice-sending.server.ts";
import type { Route } from "./+types/invoice-editor";
import { documentAction, documentIntentOf } from "./document-actions.server.ts";
import { loadDocumentActions } from "./document-actions-data.server.ts";
import type { AdminHandle } from "./layout.tsx";

/** A load failure: the 'Error' toast with the reason (the not-found view for a missing invoice). */
export const handle: AdminHandle & ErrorHandle = {
  loadFailed: { type: "error", message: invoiceMessages.errorTitle, description: invoiceMessages.loadFailed },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData?.heading ?? "Invoice") },
];

/** "new", or a well-formed id; anything else is a 404 (never a 500). */
function editorTarget(param: string | undefined): { mode: "new" } | { mode: "edit"; id: string } {
  if (param === "new") return { mode: "new" };
  const id = parseUuid(param);
  if (!id) notFound(invoiceMessages.notFound);
  return { mode: "edit", id };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const target = editorTarget(params.id);
  const customers = await listCustomerChoices(database.db);

  if (target.mode === "new") {
    const search = new URL(request.url).searchParams;
    const type = search.get("type") === "estimate" ? "estimate" : "invoice";
    const customer = customers.find((c) => c.id === parseUuid(search.get("customer_id")));
    const [projects, documents] = customer
      ? await Promise.all([
          projectChoicesWithContracts(database.db, customer.id),
          listDeductibleDocuments(database.db, customer.id),
        ])
      : [[], []];
    const project = projects.find((p) => p.id === parseUuid(search.get("project_id")));
    // the project's pricing as the first lines; its recurring fees only when asked for (offered, not forced)
    const prefill = project
      ? editorLines([...project.lines, ...(search.get("fees") === "1" ? project.feeLines : [])])
      : [];
    // today where the studio is, not where the server runs (a UTC server is a day ahead of New York at night)
    const today = await studioToday(database.db);
    const defaultValue: EditorValues = {
      invoice_type: type,
      customer_id: customer?.id ?? "",
      project_id: project?.id ?? "",
      issue_date: today,
      due_date: defaultDueDateFor(type, today, customer?.paymentTerms),
      items: prefill.length > 0 ? prefill : [emptyLine],
      tax_rate: "0",
      discount_amount: "0",
      notes: "",
      terms: defaultTermsFor(type),
      send_reminders: "on",
    };
    const heading = editorHeading({
      mode: "new",
      type: defaultValue.invoice_type,
      number: null,
      locked: false,
      voided: false,
    });
    return { mode: "new" as const, heading, invoiceNumber: null, defaultValue, customers, projects, documents };
  }

  const invoice = await getInvoice(database.db, target.id);
  if (!invoice) notFound(invoiceMessages.notFound);
  const [projects, documents] = await Promise.all([
    projectChoicesWithContracts(database.db, invoice.customerId),
    listDeductibleDocuments(database.db, invoice.customerId, invoice.id),
  ]);
  const defaultValue: EditorValues = {
    invoice_type: invoice.invoiceType,
    customer_id: invoice.customerId,
    project_id: invoice.projectId ?? "",
    issue_date: invoice.issueDate,
    due_date: invoice.dueDate ?? "",
    items: invoice.lines.length
      ? invoice.lines.map((line) => ({
          description: line.description,
          quantity: formatQuantity(line.quantity),
          unit_price: line.unitPrice,
          ...(line.kind === "deduction"
            ? { kind: "deduction" as const, deducted_id: line.deductedInvoiceId ?? "" }
            : {}),
        }))
      : [emptyLine],
    tax_rate: formatQuantity(invoice.taxRate),
    discount_amount: invoice.discountAmount,
    notes: invoice.notes ?? "",
    terms: invoice.terms ?? "",
    send_reminders: invoice.remindersEnabled ? "on" : "",
  };
  // payments, overdue and the estimate's state; whether the client has a link to copy
  const [documentActions, liveLinks] = await Promise.all([
    loadDocumentActions(database.db, invoice, new URL(request.url).searchParams),
    liveLinkCount(database.db, invoice.id),
  ]);
  return {
    mode: "edit" as const,
    heading: editorHeading({
      mode: "edit",
      type: invoice.invoiceType,
      number: invoice.invoiceNumber,
      locked: documentActions.lifecycle.locked !== null,
      voided: documentActions.lifecycle.voided !== null,
    }),
    invoiceNumber: invoice.invoiceNumber,
    defaultValue,
    customers,
    projects,
    documents,
    documentActions,
    // only a draft is edited in place (ADR 0030): otherwise the editor shows the document and why
    closed: documentActions.lifecycle.locked,
    documentId: invoice.id,
    // a void document or a credit note is not sent again: no fresh link to copy
    hasClientLink: liveLinks > 0 && documentActions.lifecycle.allowed.includes("send"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, logger, ip } = getApp(context);
  const target = editorTarget(params.id);
  const formData = await request.formData();
  // payments, the estimate's answers, the lifecycle and a fresh client link: their own intents, their own module
  const documentIntent = target.mode === "edit" ? documentIntentOf(formData) : null;
  if (documentIntent && target.mode === "edit") {
    return documentAction({ intent: documentIntent, invoiceId: target.id, formData, session, context });
  }
  const submission = parseWithZod(formData, { schema: invoiceFormSchema });
  // the projects of the posted customer, for a re-rendered form (Add Item, remove, errors) without JavaScript
  // (read apart from the form: Add Item and remove are not a submission Conform hands back values for)
  const posted = editorPostSchema.parse(Object.fromEntries(formData));
  const postedCustomer = posted.customer_id;
  const projects = () =>
    postedCustomer ? projectChoicesWithContracts(database.db, postedCustomer) : Promise.resolve([]);

  if (submission.status !== "success") {
    // Add Item / remove (status undefined) is not an error: the form comes back with the new line list
    // only a real save says the messages as a toast (not Add Item, remove or 'Load projects')
    const errors = submission.status === "error" && !formData.has("__intent__") ? (submission.error ?? {}) : {};
    // both messages when both apply (no customer, no line), as the page's script toasts them: the second
    // as the toast's description, since a form answers with one toast
    const [message, description] = [errors.customer_id?.[0], errors.items?.[0]].filter((text) => text !== undefined);
    const extra = { projects: await projects() };
    if (submission.status === undefined) {
      // 'Load projects' with a project chosen and the lines still blank: the project's lines fill them
      const chosen = posted.reload ? extra.projects.find((project) => project.id === posted.project_id) : undefined;
      const fill = chosen && linesUntouched(submission.payload.items) ? editorLines(chosen.lines) : [];
      return formIntent(submission, { extra, values: fill.length > 0 ? { items: fill } : undefined });
    }
    return invalid(submission, { toast: message ? { type: "error", message, description } : undefined, extra });
  }

  const form = submission.value;
  try {
    let saved: { id: string; invoiceType: InvoiceType } | null;
    if (target.mode === "new") {
      saved = await createInvoice(database.db, form);
    } else {
      saved = await updateInvoice(database.db, target.id, form);
      if (!saved) {
        return refuse(404, invoiceMessages.notFound, {
          submission,
          toast: { type: "error", message: invoiceMessages.errorTitle, description: invoiceMessages.notFound },
          extra: { projects: await projects() },
        });
      }
    }
    const destination = posted.return_to === "dashboard" ? "/admin/dashboard" : "/admin/invoices";
    if (form.intent === "sent") {
      // Save & Send emails the client (default subject and message; /admin/invoices/{id}/send to edit them)
      await sendDocument(
        { db: database.db, config, logger },
        { invoiceId: saved.id, actor: { userId: session.userId, email: session.email }, ip },
      );
      return redirectWithToast(config, destination, {
        type: "success",
        message: "Success",
        description: invoiceMessages.savedAndSent(saved.invoiceType),
      });
    }
    return redirectWithToast(config, destination, {
      type: "success",
      message: "Success",
      description: invoiceMessages.saved(saved.invoiceType),
    });
  } catch (error) {
    if (error instanceof DocumentClosedError) {
      return refuse(409, error.message, { submission, extra: { projects: await projects() } });
    }
    if (error instanceof InvoiceInputError) {
      return invalid(submission, {
        fieldErrors: { [error.field]: [error.message] },
        toast: { type: "error", message: error.message },
        extra: { projects: await projects() },
      });
    }
    logger.error({ err: error, invoice: target.mode === "edit" ? target.id : "new" }, "invoice save failed");
    return serverError(
      submission,
      { type: "error", message: invoiceMessages.errorTitle, description: invoiceMessages.saveFailed },
      { extra: { projects: await projects() } },
    );
  }
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const InvoiceEditorPagePage = splitComponent(() =>
  import("./invoice-editor-page.tsx").then((module) => module.InvoiceEditorPage),
);

export default function InvoiceEditorPageRoute(props: Route.ComponentProps) {
  return <InvoiceEditorPagePage {...props} />;
}
