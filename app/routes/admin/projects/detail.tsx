/**
 * /admin/projects/{id}: cards Status, Project Value, Timeline, Invoices; sections Description,
 * Project Type, Pricing, Recurring invoices (the retainer's schedule: ADR 0031), Related Invoices, Notes;
 * Edit, Create invoice from recurring fees (asks first: ?recurring-invoice=confirm), New Estimate and
 * New Invoice (the editor starts with the project's pricing as lines, or, under contract, offers the
 * schedule); the project's contracts (ADR 0043). A missing or malformed id answers 404 'Project not found'.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { ProjectDetailView } from "#app/components/admin/project-detail.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { projectMessages } from "#app/domain/projects.ts";
import {
  projectPageIntentSchema,
  scheduleEditSchema,
  scheduleFormSchema,
  scheduleMessages,
  scheduleStatusSchema,
} from "#app/domain/retainers.ts";
import { listContracts } from "#app/models/contracts.server.ts";
import { createRecurringFeesInvoice, InvoiceInputError, studioToday } from "#app/models/invoices.server.ts";
import { getProject, listProjectInvoices } from "#app/models/projects.server.ts";
import {
  changeScheduleStatus,
  createSchedule,
  listProjectSchedules,
  updateSchedule,
} from "#app/models/recurring-schedules.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { runDueSchedules } from "#app/services/retainers.server.ts";
import type { AdminHandle } from "../layout.tsx";
import type { Route } from "./+types/detail";

export const handle: AdminHandle = { liveTables: ["projects", "invoices", "customers"] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData ? loaderData.project.projectName : projectMessages.notFound) },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) notFound(projectMessages.notFound);
  const [invoices, schedules, today, contracts] = await Promise.all([
    listProjectInvoices(database.db, project.id),
    listProjectSchedules(database.db, project.id),
    studioToday(database.db),
    listContracts(database.db, { projectId: project.id }),
  ]);
  const confirmRecurringInvoice = new URL(request.url).searchParams.get("recurring-invoice") === "confirm";
  return { project, invoices, schedules, today, confirmRecurringInvoice, contracts };
}

const statusEvents = {
  "pause-schedule": { action: "pause", event: "schedule_paused", toast: scheduleMessages.paused },
  "resume-schedule": { action: "resume", event: "schedule_resumed", toast: scheduleMessages.resumed },
  "end-schedule": { action: "end", event: "schedule_ended", toast: scheduleMessages.ended },
} as const;

/**
 * 'Create invoice from recurring fees' (posted from its confirmation): a draft invoice, opened in the
 * editor; refused on the page (form "recurring-invoice"): 404 the project is gone, 409 it has no
 * recurring fees or their sum cannot be invoiced. The schedule's form (form "schedule": 400, 404, 409)
 * and its Pause / Resume / End (form "schedule-status": 404, 409). A saved schedule whose first period is
 * due today makes that invoice at once.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip, logger, mail } = getApp(context);
  const id = parseUuid(params.id);
  const formData = await request.formData();
  const posted = projectPageIntentSchema.safeParse(Object.fromEntries(formData));
  if (!posted.success) badRequest("Unknown action");
  const intent = posted.data.intent;
  const page = `/admin/projects/${id}`;

  if (intent === "save-schedule") {
    const submission = parseWithZod(formData, { schema: scheduleFormSchema });
    if (submission.status !== "success") return invalid(submission, { form: "schedule" });
    const target = scheduleEditSchema.safeParse(Object.fromEntries(formData));
    if (!id || !target.success) return refuse(404, scheduleMessages.notFound, { submission, form: "schedule" });
    const scheduleId = target.data.schedule_id;
    const today = await studioToday(database.db);
    const saved = await auditedChange(
      database.db,
      (tx) =>
        scheduleId
          ? updateSchedule(tx, { projectId: id, scheduleId, form: submission.value, today })
          : createSchedule(tx, { projectId: id, form: submission.value, today, userId: session.userId }),
      {
        actor: session,
        ip,
        event: scheduleId ? "schedule_updated" : "schedule_created",
        when: (result) => result.ok,
        detail: (result) =>
          result.ok
            ? {
                project: id,
                schedule: result.schedule.id,
                frequency: result.schedule.frequency,
                mode: result.schedule.mode,
                next: result.schedule.nextDue,
              }
            : undefined,
      },
    );
    if (!saved) {
      return refuse(404, scheduleId ? scheduleMessages.notFound : projectMessages.notFound, {
        submission,
        form: "schedule",
      });
    }
    if (!saved.ok) {
      if (saved.field) {
        return invalid(submission, {
          form: "schedule",
          fieldErrors: { [saved.field]: [saved.message] },
          toast: { type: "error", message: saved.message },
        });
      }
      return refuse(409, saved.message, { submission, form: "schedule" });
    }
    // the first period due today is invoiced now, not at the next timer tick
    let description: string | undefined;
    if (saved.schedule.status === "active" && saved.schedule.nextDue !== null && saved.schedule.nextDue <= today) {
      const run = await runDueSchedules({ db: database.db, config, logger }, new Date(), { only: saved.schedule.id });
      if (run.sent > 0) mail.kick();
      const numbers = run.made.map((made) => made.invoiceNumber).join(", ");
      if (numbers) description = `${run.sent > 0 ? "Sent" : "Made"} ${numbers}`;
    }
    return redirectWithToast(config, page, {
      type: "success",
      message: scheduleId ? scheduleMessages.updated : scheduleMessages.created,
      description,
    });
  }

  if (intent !== "recurring-invoice") {
    const submission = parseWithZod(formData, { schema: scheduleStatusSchema });
    if (!id || submission.status !== "success") {
      return refuse(404, scheduleMessages.notFound, { form: "schedule-status" });
    }
    const change = statusEvents[submission.value.intent];
    const today = await studioToday(database.db);
    const changed = await auditedChange(
      database.db,
      (tx) =>
        changeScheduleStatus(tx, {
          projectId: id,
          scheduleId: submission.value.schedule_id,
          action: change.action,
          today,
        }),
      {
        actor: session,
        ip,
        event: change.event,
        when: (result) => result.ok,
        detail: (result) =>
          result.ok ? { project: id, schedule: result.schedule.id, next: result.schedule.nextDue } : undefined,
      },
    );
    if (!changed) return refuse(404, scheduleMessages.notFound, { form: "schedule-status" });
    if (!changed.ok) return refuse(409, changed.message, { form: "schedule-status" });
    if (change.action === "resume" && changed.schedule.nextDue !== null && changed.schedule.nextDue <= today) {
      const run = await runDueSchedules({ db: database.db, config, logger }, new Date(), { only: changed.schedule.id });
      if (run.sent > 0) mail.kick();
    }
    return redirectWithToast(config, page, { type: "success", message: change.toast });
  }

  const form = "recurring-invoice";
  if (!id) return refuse(404, projectMessages.notFound, { form });
  let created: Awaited<ReturnType<typeof createRecurringFeesInvoice>>;
  try {
    created = await auditedChange(database.db, (tx) => createRecurringFeesInvoice(tx, id), {
      actor: session,
      ip,
      event: "recurring_invoice_created",
      detail: (invoice) => ({ invoice: invoice.invoiceNumber, project: id }),
    });
  } catch (error) {
    if (!(error instanceof InvoiceInputError)) throw error;
    return refuse(409, error.message, { form });
  }
  if (!created) {
    return (await getProject(database.db, id))
      ? refuse(409, projectMessages.noRecurringFees, { form })
      : refuse(404, projectMessages.notFound, { form });
  }
  return redirectWithToast(config, `/admin/invoices/${created.id}`, {
    type: "success",
    message: projectMessages.recurringInvoiceCreated(created.invoiceNumber),
  });
}

export default function ProjectDetail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProjectDetailView
      project={loaderData.project}
      invoices={loaderData.invoices}
      schedules={loaderData.schedules}
      contracts={loaderData.contracts}
      today={loaderData.today}
      confirmRecurringInvoice={loaderData.confirmRecurringInvoice}
      failure={actionData}
    />
  );
}
