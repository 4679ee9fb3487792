/**
 * /admin/contracts/{id}: a contract (docs/decisions/0043-contracts-and-customer-credit.md): its figures,
 * lines and payment schedule; 'Invoice next' and 'Invoice remaining balance' draw a draft invoice from
 * the schedule and open it (also posted from the New Invoice page's offer); the schedule's editor saves
 * the installments not invoiced yet. Refusals answer on the page: 404 the contract is gone, 409 its
 * state does not allow it (an invoiced installment, a draft to send first), 400 the schedule's fields.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { contractIntentSchema, scheduleFormSchema } from "#app/domain/contract-form.ts";
import { contractMessages } from "#app/domain/contracts.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { drawInvoice, getContract, saveSchedule } from "#app/models/contracts.server.ts";
import { getCustomer } from "#app/models/customers.server.ts";
import { InvoiceInputError } from "#app/models/invoices.server.ts";
import {
  badRequest,
  formIntent,
  invalid,
  notFound,
  redirectWithToast,
  refuse,
} from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/contract";
import type { AdminHandle } from "./layout.tsx";

export const handle: AdminHandle & ErrorHandle = {
  liveTables: ["invoices"],
  loadFailed: { type: "error", message: "Error", description: "The contract could not be loaded. Please try again." },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData ? loaderData.contract.title : contractMessages.notFound) },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const contract = id ? await getContract(database.db, id) : null;
  if (!contract) notFound(contractMessages.notFound);
  const customer = await getCustomer(database.db, contract.customerId);
  return {
    contract: {
      ...contract,
      customer: { id: contract.customerId, name: customer?.name ?? "" },
      schedule: contract.schedule.map((item) => ({
        ...item,
        invoice: item.invoice
          ? { id: item.invoice.id, invoiceNumber: item.invoice.invoiceNumber, status: item.invoice.status }
          : null,
      })),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const id = parseUuid(params.id);
  if (!id) notFound(contractMessages.notFound);
  const page = `/admin/contracts/${id}`;
  const formData = await request.formData();
  const posted = contractIntentSchema.safeParse(Object.fromEntries(formData));
  if (!posted.success) badRequest("Unknown action");

  if (posted.data.intent === "save-schedule") {
    const submission = parseWithZod(formData, { schema: scheduleFormSchema });
    // Add milestone, remove, move: the list comes back re-rendered
    if (submission.status === undefined) return formIntent(submission, { form: "schedule" });
    if (submission.status !== "success") return invalid(submission, { form: "schedule" });
    const rows = submission.value.installments;
    const saved = await auditedChange(database.db, (tx) => saveSchedule(tx, id, rows), {
      actor: session,
      ip,
      event: "contract_schedule_saved",
      when: (result) => result?.ok === true,
      detail: () => ({ contract: id, installments: rows.map((row) => row.label).join(", ") }),
    });
    if (!saved) return refuse(404, contractMessages.notFound, { submission, form: "schedule" });
    if (!saved.ok) {
      return saved.field
        ? invalid(submission, {
            form: "schedule",
            fieldErrors: { [saved.field]: [saved.message] },
            toast: { type: "error", message: saved.message },
          })
        : refuse(409, saved.message, { submission, form: "schedule" });
    }
    return redirectWithToast(config, page, { type: "success", message: contractMessages.saved });
  }

  const mode = posted.data.intent === "invoice-next" ? "next" : "balance";
  let drawn: Awaited<ReturnType<typeof drawInvoice>>;
  try {
    drawn = await auditedChange(database.db, (tx) => drawInvoice(tx, id, mode), {
      actor: session,
      ip,
      event: "contract_invoice_drawn",
      when: (result) => result?.ok === true,
      detail: (result) => ({
        contract: id,
        invoice: result?.ok ? result.invoiceNumber : null,
        installment: result?.ok ? result.label : null,
      }),
    });
  } catch (error) {
    // an earlier invoice deducted elsewhere meanwhile: the schedule's balance cannot deduct it again
    if (error instanceof InvoiceInputError) return refuse(409, error.message, { form: "draw" });
    throw error;
  }
  if (!drawn) return refuse(404, contractMessages.notFound, { form: "draw" });
  if (!drawn.ok) return refuse(409, drawn.message, { form: "draw" });
  return redirectWithToast(config, `/admin/invoices/${drawn.id}`, {
    type: "success",
    message: contractMessages.drawn(drawn.label, drawn.invoiceNumber),
    description: drawn.covered > 0 ? contractMessages.covered(drawn.covered) : undefined,
  });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const ContractPagePage = splitComponent(() => import("./contract-page.tsx").then((module) => module.ContractPage));

export default function ContractPageRoute(props: Route.ComponentProps) {
  return <ContractPagePage {...props} />;
}
