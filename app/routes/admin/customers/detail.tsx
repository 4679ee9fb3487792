/**
 * /admin/customers/{id}: summary cards (Total Billed, Outstanding, Projects, Invoices; exact
 * cents from SQL) and tabs Overview, Projects, Invoices, Activity (?tab=), with an Add note
 * form on Activity; the customer's contracts (total, invoiced, paid, remaining) and credit (its
 * ledger, 'Refund credit'; ADR 0043). A missing or malformed id answers 404 'Customer not found'.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { noteFormId } from "#app/components/admin/customer-detail.tsx";
import type { PortalLinkAnswer } from "#app/components/admin/portal-card.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { creditMessages, refundCreditIntentSchema, refundCreditSchema } from "#app/domain/customer-credit.ts";
import { interactionFormSchema } from "#app/domain/customer-form.ts";
import { customerMessages, parseCustomerTab } from "#app/domain/customers.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { formatMoney } from "#app/domain/money.ts";
import { portalActionSchema, portalMessages } from "#app/domain/portal.ts";
import { scopeHeld } from "#app/models/automations.server.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { listContracts } from "#app/models/contracts.server.ts";
import { creditBalanceOf, listCreditEntries, refundCredit } from "#app/models/customer-credit.server.ts";
import { addCustomerNote, listCustomerNotes } from "#app/models/customer-interactions.server.ts";
import { getCustomer, getCustomerSummary, listCustomerInvoices } from "#app/models/customers.server.ts";
import { portalLinkSummary } from "#app/models/portal.server.ts";
import { listCustomerProjects } from "#app/models/projects.server.ts";
import { listCustomerProposals } from "#app/models/proposals.server.ts";
import { customerQuestionnaireCard } from "#app/models/questionnaires.server.ts";
import { listCustomerSchedules } from "#app/models/recurring-schedules.server.ts";
import {
  badRequest,
  invalid,
  notFound,
  redirectWithToast,
  refuse,
  serverError,
} from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { automationHandlers } from "#app/services/automation-custom.server.ts";
import { nextRuns } from "#app/services/automations.server.ts";
import { copyPortalLink, revokePortal, sendPortalLink } from "#app/services/portal.server.ts";
import type { AdminHandle } from "../layout.tsx";
import type { Route } from "./+types/detail";

export const handle: AdminHandle = { liveTables: ["customers", "projects", "invoices"] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData ? loaderData.customer.name : customerMessages.notFound) },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { config, database, logger } = getApp(context);
  const id = parseUuid(params.id);
  const customer = id ? await getCustomer(database.db, id) : null;
  if (!id || !customer) notFound(customerMessages.notFound);
  const tab = parseCustomerTab(new URL(request.url).searchParams.get("tab"));
  const [summary, portal, schedules, proposals, projects, invoices, notes, contracts, balance, entries, today] =
    await Promise.all([
      getCustomerSummary(database.db, id),
      portalLinkSummary(database.db, id, new Date()),
      tab === "overview" ? listCustomerSchedules(database.db, id) : [],
      tab === "overview" ? listCustomerProposals(database.db, id) : [],
      tab === "projects" ? listCustomerProjects(database.db, id) : null,
      tab === "invoices" ? listCustomerInvoices(database.db, id) : null,
      tab === "activity" ? listCustomerNotes(database.db, id) : null,
      listContracts(database.db, { customerId: id }),
      creditBalanceOf(database.db, id),
      listCreditEntries(database.db, id),
      studioToday(database.db),
    ]);
  return {
    customer,
    summary,
    portal,
    schedules,
    proposals,
    tab,
    projects,
    invoices,
    notes,
    contracts,
    credit: { balance, entries, today },
    questionnaires: await customerQuestionnaireCard(database.db, id),
    next: {
      held: await scopeHeld(database.db, { customerId: id }),
      closed: customer.status === "archived",
      runs:
        customer.status === "archived"
          ? []
          : await nextRuns(
              database.db,
              await automationHandlers({ db: database.db, config, logger }),
              { customerId: id },
              new Date(),
            ),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, logger, ip } = getApp(context);
  const id = parseUuid(params.id);
  if (!id) notFound(customerMessages.notFound);
  const formData = await request.formData();
  // the Client portal card (ADR 0034): send, copy or revoke the customer's portal links
  const portal = parseWithZod(formData, { schema: portalActionSchema });
  if (portal.status === "success") {
    const input = { customerId: id, actor: { userId: session.userId, email: session.email }, ip };
    const deps = { db: database.db, config };
    const intent = portal.value.intent;
    if (intent === "portal-copy") {
      const copied = await copyPortalLink(deps, input);
      if (!copied.ok) notFound(customerMessages.notFound);
      return { portalLink: copied.link } satisfies PortalLinkAnswer;
    }
    const done = intent === "portal-send" ? await sendPortalLink(deps, input) : await revokePortal(deps, input);
    if (!done.ok) notFound(customerMessages.notFound);
    const message = "to" in done ? portalMessages.sent(done.to) : portalMessages.revoked(done.count);
    return redirectWithToast(config, `/admin/customers/${id}`, { type: "success", message });
  }
  // the Credit card (ADR 0043): refund part or all of the customer's credit
  if (refundCreditIntentSchema.safeParse(Object.fromEntries(formData)).success) {
    const refund = parseWithZod(formData, { schema: refundCreditSchema });
    if (refund.status !== "success") return invalid(refund, { form: "refund-credit" });
    const form = refund.value;
    const done = await auditedChange(
      database.db,
      (tx) => refundCredit(tx, { customerId: id, form, createdBy: session.userId }),
      {
        actor: session,
        ip,
        event: "credit_refunded",
        when: (result) => result?.ok === true,
        detail: () => ({ customer: id, amount: formatMoney(form.amount), method: form.method, on: form.refunded_on }),
      },
    );
    if (!done) return refuse(404, creditMessages.notFound, { submission: refund, form: "refund-credit" });
    if (!done.ok) {
      return done.field
        ? invalid(refund, {
            form: "refund-credit",
            fieldErrors: { [done.field]: [done.message] },
            toast: { type: "error", message: done.message },
          })
        : refuse(409, done.message, { submission: refund, form: "refund-credit" });
    }
    return redirectWithToast(config, `/admin/customers/${id}`, {
      type: "success",
      message: creditMessages.refunded(form.amount),
      id: "refund-credit",
    });
  }
  const submission = parseWithZod(formData, { schema: interactionFormSchema });
  if (submission.payload.intent !== "add-note") badRequest("Unknown action");
  if (submission.status !== "success") return invalid(submission);
  let note: Awaited<ReturnType<typeof addCustomerNote>>;
  try {
    note = await addCustomerNote(database.db, id, submission.value);
  } catch (error) {
    logger.error({ err: error, customer: id }, "adding a note failed");
    return serverError(submission, {
      type: "error",
      message: customerMessages.errorTitle,
      description: customerMessages.noteFailed,
    });
  }
  if (!note) notFound(customerMessages.notFound);
  return redirectWithToast(config, `/admin/customers/${id}?tab=activity`, {
    type: "success",
    message: customerMessages.noteAdded,
    id: noteFormId(id),
  });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const CustomerDetailPage = splitComponent(() => import("./detail-page.tsx").then((module) => module.CustomerDetail));

export default function CustomerDetailRoute(props: Route.ComponentProps) {
  return <CustomerDetailPage {...props} />;
}
