/**
 * The customer page's Questionnaires card: each copy sent (state, when sent and submitted, a link to
 * its answers), the count of proposed record changes waiting in the review queue, and "Send
 * questionnaire" (the form posts to /admin/questionnaires, which sends it and comes back here).
 */
import { Link } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { SendQuestionnaireForm } from "#app/components/admin/questionnaire-forms.tsx";
import { formatDay } from "#app/domain/dates.ts";
import { type RequestState, requestStateLabels } from "#app/domain/questionnaire-words.ts";

export type QuestionnaireCardData = {
  sent: {
    id: string;
    name: string;
    version: number;
    state: RequestState;
    sentAt: Date;
    submittedAt: Date | null;
    projectName: string | null;
  }[];
  choices: { id: string; name: string }[];
  projects: { id: string; projectName: string }[];
  pendingReviews: number;
};

const tones = { sent: "sky", in_progress: "amber", submitted: "green", reopened: "violet" } as const;

export function QuestionnairesCard({ customerId, data }: { customerId: string; data: QuestionnaireCardData }) {
  return (
    <section
      aria-labelledby="questionnaires-title"
      data-questionnaires-card
      className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="questionnaires-title" className="text-base font-semibold text-zinc-100">
          Questionnaires
        </h2>
        <Link
          to={`/admin/reviews?customer=${customerId}`}
          className="text-sm underline"
          data-customer-reviews={data.pendingReviews}
        >
          {data.pendingReviews === 1
            ? "1 proposed change to review"
            : `${data.pendingReviews} proposed changes to review`}
        </Link>
      </div>
      {data.sent.length === 0 ? <p className="text-sm text-zinc-400">None sent yet.</p> : null}
      <ul className="flex flex-col gap-2">
        {data.sent.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
            data-sent-questionnaire={item.name}
          >
            <Link to={`/admin/questionnaires/sent/${item.id}`} className="[overflow-wrap:anywhere] underline">
              {item.name} (version {item.version}){item.projectName ? ` · ${item.projectName}` : ""}
            </Link>
            <span className="flex items-center gap-2 text-zinc-400">
              Sent {formatDay(new Date(item.sentAt))}
              {item.submittedAt ? ` · submitted ${formatDay(new Date(item.submittedAt))}` : ""}
              <Badge tone={tones[item.state]}>{requestStateLabels[item.state]}</Badge>
            </span>
          </li>
        ))}
      </ul>
      {data.choices.length > 0 ? (
        <SendQuestionnaireForm customerId={customerId} questionnaires={data.choices} projects={data.projects} />
      ) : (
        <p className="text-sm text-zinc-400">
          <Link to="/admin/questionnaires" className="underline">
            Build a questionnaire
          </Link>{" "}
          to send one.
        </p>
      )}
    </section>
  );
}

/** The project page's list of the questionnaires sent for it (sent by hand for the project, or on signing its proposal). */
export function ProjectQuestionnaires({
  items,
  customerId,
}: {
  items: QuestionnaireCardData["sent"];
  customerId: string;
}) {
  return (
    <section
      aria-labelledby="project-questionnaires-title"
      data-project-questionnaires
      className="flex flex-col gap-2 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <h2 id="project-questionnaires-title" className="text-base font-semibold text-zinc-100">
        Questionnaires
      </h2>
      {items.length === 0 ? <p className="text-sm text-zinc-400">None sent for this project.</p> : null}
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Link to={`/admin/questionnaires/sent/${item.id}`} className="[overflow-wrap:anywhere] underline">
              {item.name} (version {item.version})
            </Link>
            <span className="flex items-center gap-2 text-zinc-400">
              Sent {formatDay(new Date(item.sentAt))}
              {item.submittedAt ? ` · submitted ${formatDay(new Date(item.submittedAt))}` : ""}
              <Badge tone={tones[item.state]}>{requestStateLabels[item.state]}</Badge>
            </span>
          </li>
        ))}
      </ul>
      <Link to={`/admin/customers/${customerId}`} className="text-sm underline">
        Send one from the customer's page
      </Link>
    </section>
  );
}
