/**
 * /admin/questionnaires: the onboarding questionnaires (name, default project type, latest version,
 * questions, copies sent), a form to start a new one (it opens in the builder), and the answer to a
 * customer page's "Send questionnaire" (posted here with `?customer=`; back to the customer with a toast).
 * Admin-only through the layout's guard.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData } from "react-router";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { FailureNotice } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { questionnaireMessages } from "#app/domain/questionnaire-words.ts";
import {
  questionnaireFormSchema,
  questionnaireIntentSchema,
  sendQuestionnaireSchema,
} from "#app/domain/questionnaires.ts";
import { listQuestionnaires, pendingReviewCount } from "#app/models/questionnaires.server.ts";
import { badRequest, invalid, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { saveQuestionnaire, sendQuestionnaire } from "#app/services/questionnaires.server.ts";
import type { Route } from "./+types/questionnaires";
import type { AdminHandle } from "./layout.tsx";

const NameForm = splitComponent(() =>
  import("#app/components/admin/questionnaire-forms.tsx").then((module) => module.QuestionnaireNameForm),
);

export const handle: AdminHandle = { liveTables: [] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Questionnaires") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context).database;
  const [questionnaires, pendingReviews] = await Promise.all([listQuestionnaires(db), pendingReviewCount(db)]);
  return { questionnaires, pendingReviews };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const formData = await request.formData();
  const posted = questionnaireIntentSchema.safeParse(Object.fromEntries(formData));
  if (!posted.success) badRequest("Unknown action");
  const actor = { userId: session.userId, email: session.email };
  if (posted.data.intent === "send-questionnaire") {
    const customerId = parseUuid(new URL(request.url).searchParams.get("customer"));
    const form = `send-questionnaire-${customerId}`;
    const submission = parseWithZod(formData, { schema: sendQuestionnaireSchema });
    if (!customerId) return refuse(404, "Customer not found", { form });
    if (submission.status !== "success") return invalid(submission, { form });
    const sent = await sendQuestionnaire(
      { db: database.db, config },
      {
        questionnaireId: submission.value.questionnaire_id,
        customerId,
        projectId: submission.value.project_id ?? null,
        actor,
        ip,
      },
    );
    if (!sent.ok) return refuse(404, questionnaireMessages.notFound, { submission, form });
    return redirectWithToast(config, `/admin/customers/${customerId}`, {
      type: "success",
      message: `Questionnaire emailed to ${sent.to}`,
    });
  }
  const submission = parseWithZod(formData, { schema: questionnaireFormSchema });
  if (submission.status !== "success") return invalid(submission, { form: "questionnaire-new" });
  const saved = await saveQuestionnaire(database.db, {
    id: null,
    name: submission.value.name,
    projectType: typeof submission.value.project_type === "string" ? submission.value.project_type : null,
    actor,
    ip,
  });
  if (!saved.ok) return refuse(404, questionnaireMessages.notFound, { submission, form: "questionnaire-new" });
  return redirectWithToast(config, `/admin/questionnaires/${saved.id}`, {
    type: "success",
    message: "Questionnaire created: add its questions",
  });
}

type Row = Route.ComponentProps["loaderData"]["questionnaires"][number];

const columns: readonly Column<Row>[] = [
  {
    header: "Questionnaire",
    primary: true,
    cell: (row) => row.name,
    truncate: true,
    className: "md:max-w-64 2xl:max-w-96",
  },
  {
    header: "Project type",
    lowPriority: true,
    cell: (row) => row.projectType ?? "—",
    truncate: true,
    className: "md:max-w-36",
  },
  {
    header: "Questions",
    cell: (row) => `${row.questions} (version ${row.version})`,
    className: "md:whitespace-nowrap",
  },
  { header: "Sent", cell: (row) => row.sent, className: "md:whitespace-nowrap" },
];

export default function Questionnaires({ loaderData }: Route.ComponentProps) {
  const failure = useActionData<typeof action>();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageHeader
        title="Questionnaires"
        description="Onboarding questions for each kind of project: sent when a proposal is signed, or by hand from a customer's page."
      >
        <Link to="/admin/reviews" className={buttonClass("secondary")} data-pending-reviews={loaderData.pendingReviews}>
          Review queue ({loaderData.pendingReviews})
        </Link>
      </PageHeader>
      <FailureNotice failure={failure} form="send" />
      <DataTable
        label="Questionnaires"
        columns={columns}
        rows={loaderData.questionnaires}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ "data-questionnaire": row.name })}
        empty="No questionnaires yet: start one below."
        actions={(row) => (
          <Link
            to={`/admin/questionnaires/${row.id}`}
            className={rowActionClass}
            data-row-action
            aria-label={`Edit ${row.name}`}
          >
            Edit
          </Link>
        )}
      />
      <section aria-labelledby="new-questionnaire" className="flex flex-col gap-2">
        <h2 id="new-questionnaire" className="text-lg font-semibold">
          New questionnaire
        </h2>
        <NameForm
          formId="questionnaire-new"
          defaults={{ name: "", project_type: "" }}
          failure={failure}
          submitLabel="Create questionnaire"
        />
      </section>
    </div>
  );
}
