/** Pieces of the record pages (customer, project, invoice): summary cards and the not-found view. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";

export function SummaryCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="mt-1.5 text-xl font-semibold break-words text-zinc-50 tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-zinc-400">{hint}</dd> : null}
    </div>
  );
}

/** A record that is not there (missing or malformed id): the message and a way back (shown by the shared error boundary). */
export function NotFoundView({
  message,
  detail,
  backHref,
  backLabel,
}: {
  message: string;
  detail?: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="font-mono text-sm text-zinc-500">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">{message}</h1>
      {detail ? <p className="text-zinc-400">{detail}</p> : null}
      <Link to={backHref} className={buttonClass("secondary")}>
        <Icon name="arrow-left" aria-hidden className="size-4" />
        {backLabel}
      </Link>
    </div>
  );
}

export const linkClass = "text-[var(--color-accent)] underline-offset-2 hover:underline";
