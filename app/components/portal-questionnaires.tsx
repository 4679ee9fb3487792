/**
 * The portal's "Questionnaires" section: the customer's onboarding questionnaires with their state;
 * each Open button posts to /portal/{token}/questionnaire, which opens it on a fresh link.
 */
import { buttonClass } from "#app/components/admin/ui.tsx";
import { formatDay } from "#app/domain/dates.ts";
import { type RequestState, requestStateLabels } from "#app/domain/questionnaire-words.ts";

export type PortalQuestionnaire = { id: string; name: string; state: RequestState; sentAt: Date | string };

/** `preview`: the owner's View as this client, where the buttons are inert. */
export function PortalQuestionnaires({
  token,
  items,
  preview = false,
}: {
  token: string;
  items: readonly PortalQuestionnaire[];
  preview?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="questionnaires" className="flex flex-col gap-3">
      <h2 id="questionnaires" className="text-xl font-semibold">
        Questionnaires
      </h2>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-800 bg-zinc-900 p-4"
            data-portal-questionnaire={item.name}
          >
            <div className="min-w-0">
              <p className="font-medium break-words">{item.name}</p>
              <p className="text-sm text-zinc-400">Sent {formatDay(new Date(item.sentAt))}</p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <span className="rounded-full border border-zinc-600 px-2 py-0.5 text-xs">
                {requestStateLabels[item.state]}
              </span>
              <form method="post" action={`/portal/${token}/questionnaire`}>
                <input type="hidden" name="request_id" value={item.id} />
                <button type="submit" disabled={preview} className={buttonClass("secondary", { size: "sm" })}>
                  {item.state === "submitted" ? "View" : "Answer"}
                  <span className="sr-only"> {item.name}</span>
                </button>
              </form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
