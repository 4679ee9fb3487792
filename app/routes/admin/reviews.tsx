/**
 * /admin/reviews: the review queue. A client's answer that proposes a customer record value (billing
 * address, phone, website) different from the record waits here; the owner accepts it (as proposed or
 * edited: only then does the record change, audited) or rejects it. `?customer=` shows one customer's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData } from "react-router";
import { FailureNotice } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { questionnaireMessages, recordFieldLabels } from "#app/domain/questionnaire-words.ts";
import { reviewDecisionSchema } from "#app/domain/questionnaires.ts";
import { listReviewItems } from "#app/models/questionnaires.server.ts";
import { invalid, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { decideReviewItem } from "#app/services/questionnaires.server.ts";
import type { Route } from "./+types/reviews";
import type { AdminHandle } from "./layout.tsx";

const ReviewItemForm = splitComponent(() =>
  import("#app/components/admin/questionnaire-forms.tsx").then((module) => module.ReviewItemForm),
);

export const handle: AdminHandle = { liveTables: ["customers"] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Review queue") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const customerId = parseUuid(new URL(request.url).searchParams.get("customer"));
  const items = await listReviewItems(getApp(context).database.db, customerId ? { customerId } : {});
  return { items, customerId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: reviewDecisionSchema });
  const form = `review-${submission.payload.review_id}`;
  if (submission.status !== "success") {
    if (submission.error?.review_id) return refuse(404, questionnaireMessages.reviewNotFound, { form: "reviews" });
    return invalid(submission, { form });
  }
  const decided = await decideReviewItem(database.db, {
    reviewId: submission.value.review_id,
    intent: submission.value.intent,
    value: submission.value.value,
    actor: { userId: session.userId, email: session.email },
    ip,
  });
  if (!decided.ok) {
    if (decided.reason === "not-found") return refuse(404, questionnaireMessages.reviewNotFound, { form: "reviews" });
    return invalid(submission, {
      form,
      fieldErrors: { [decided.field ?? "value"]: [decided.message ?? "Invalid value"] },
    });
  }
  const back = new URL(request.url).search;
  return redirectWithToast(config, `/admin/reviews${back}`, {
    type: "success",
    message:
      submission.value.intent === "accept" ? "Accepted: the customer record is updated" : "Rejected: nothing changed",
  });
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const failure = useActionData<typeof action>();
  const { items, customerId } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageHeader
        title="Review queue"
        description="Values clients proposed in their questionnaires. Nothing changes a customer's record until you accept it."
      >
        {customerId ? (
          <Link to="/admin/reviews" className="text-sm underline">
            Every customer
          </Link>
        ) : null}
      </PageHeader>
      <FailureNotice failure={failure} form="reviews" />
      {items.length === 0 ? <p className="text-sm text-zinc-400">Nothing waits for review.</p> : null}
      <ul className="flex flex-col gap-3" aria-label="Proposed changes">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex min-w-0 flex-col gap-2 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4 [overflow-wrap:anywhere]"
            data-review={recordFieldLabels[item.field]}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-medium [overflow-wrap:anywhere]">
                <Link to={`/admin/customers/${item.customerId}`} className="underline">
                  {item.customerName}
                </Link>
                : {recordFieldLabels[item.field]}
              </p>
              <p className="text-sm text-zinc-400">{formatDateTime(new Date(item.createdAt))}</p>
            </div>
            <p className="text-sm text-zinc-400 [overflow-wrap:anywhere]">From the answer to "{item.questionLabel}"</p>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-zinc-400">On record now</dt>
                <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{item.currentValue || "—"}</dd>
              </div>
              <div>
                <dt className="text-zinc-400">Proposed</dt>
                <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{item.proposedValue}</dd>
              </div>
            </dl>
            <ReviewItemForm
              item={{
                id: item.id,
                proposedValue: item.proposedValue,
                fieldLabel: recordFieldLabels[item.field],
                customerName: item.customerName,
              }}
              failure={failure}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
