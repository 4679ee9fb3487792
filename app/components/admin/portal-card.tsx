/**
 * The customer page's Client portal card (ADR 0034): how many portal links are live, until when,
 * when a person last had the portal on screen; Send portal link (by email), Copy portal link (a
 * fresh one, shown once: links are stored hashed) and Revoke portal links. Each button is its own
 * small form (intent `portal-send`, `portal-copy`, `portal-revoke`); without JavaScript the page
 * comes back with the copied link in a read-only field.
 */
import { CopyableLink } from "#app/components/admin/client-link.tsx";
import { RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { formatDateTime, formatDay } from "#app/domain/dates.ts";
import { portalLinkLifetimeDays, portalMessages } from "#app/domain/portal.ts";
import { roomMessages } from "#app/domain/project-room.ts";

export type PortalSummary = { live: number; expiresAt: Date | null; lastViewedAt: Date | null };

/** The action's answer to Copy portal link. */
export type PortalLinkAnswer = { portalLink: string };

export function copiedPortalLink(answer: unknown): string | null {
  return typeof answer === "object" &&
    answer !== null &&
    "portalLink" in answer &&
    typeof answer.portalLink === "string"
    ? answer.portalLink
    : null;
}

export function PortalCard({
  customerId,
  summary,
  copied,
}: {
  customerId: string;
  summary: PortalSummary;
  copied: string | null;
}) {
  const action = `/admin/customers/${customerId}`;
  const fields = {};
  return (
    <section
      aria-labelledby="client-portal-title"
      data-portal-card
      className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="client-portal-title" className="text-base font-semibold text-zinc-100">
          Client portal
        </h2>
        <p className="text-sm text-zinc-400" data-portal-status>
          {summary.live === 0
            ? "No live link"
            : `${summary.live} live ${summary.live === 1 ? "link" : "links"}${summary.expiresAt ? `, until ${formatDay(summary.expiresAt)}` : ""}`}
          {summary.lastViewedAt ? ` · last viewed ${formatDateTime(summary.lastViewedAt)}` : ""}
        </p>
      </div>
      <p className="text-sm text-zinc-400">
        The customer's documents, statement, bookings and projects on one private page. A link works for{" "}
        {portalLinkLifetimeDays} days.
      </p>
      <div className="flex flex-wrap gap-2">
        <RowActionForm
          intent="portal-send"
          fields={fields}
          action={action}
          className={buttonClass("primary", { size: "sm" })}
        >
          <Icon name="mail" aria-hidden className="size-4" />
          Send portal link
        </RowActionForm>
        <RowActionForm
          intent="portal-copy"
          fields={fields}
          action={action}
          className={buttonClass("secondary", { size: "sm" })}
        >
          <Icon name="link-2" aria-hidden className="size-4" />
          Copy portal link
        </RowActionForm>
        <RowActionForm
          intent="portal-revoke"
          fields={fields}
          action={action}
          disabled={summary.live === 0}
          className={buttonClass("secondary", { size: "sm" })}
        >
          <Icon name="shield-off" aria-hidden className="size-4" />
          Revoke portal links
        </RowActionForm>
        <a
          href={`/admin/customers/${customerId}/portal`}
          className={buttonClass("ghost", { size: "sm" })}
          data-view-as-client
        >
          <Icon name="eye" aria-hidden className="size-4" />
          {roomMessages.viewAsClient}
        </a>
      </div>
      {copied ? (
        <CopyableLink id="portal-link-url" label="Portal link" link={copied} note={portalMessages.copied} />
      ) : null}
    </section>
  );
}
