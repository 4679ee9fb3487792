/**
 * 'Copy client link' in the editor of a document the client already has a link to. Links are
 * stored hashed, so an existing one cannot be shown again: the button posts (intent `client-link`)
 * and the server issues a fresh link, shown once in a read-only field with a Copy button (the
 * clipboard with JavaScript; without it the page comes back with the field, its text selectable).
 * The button sits in the editor's header but belongs to its own small form, outside the editor's.
 */
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { failureMessage } from "#app/domain/action-answer.ts";
import { sendMessages } from "#app/domain/sending.ts";

const formId = "client-link";
const fetcherKey = "client-link";
const clientLinkIntent = "client-link";

/** The action's answer: the new link, or a failure whose `form` is "client-link". */
export type ClientLinkAnswer = { clientLink: string };

export type ClientLinkState = {
  /** the client has at least one live link to this document */
  live: boolean;
  /** the action's answer when the page came back without JavaScript */
  answer: unknown;
};

function createdLink(answer: unknown): string | null {
  return typeof answer === "object" &&
    answer !== null &&
    "clientLink" in answer &&
    typeof answer.clientLink === "string"
    ? answer.clientLink
    : null;
}

export function ClientLinkButton() {
  const fetcher = useFetcher<ClientLinkAnswer>({ key: fetcherKey });
  const busy = fetcher.state !== "idle";
  return (
    <button
      type="submit"
      form={formId}
      disabled={busy}
      aria-disabled={busy || undefined}
      className={buttonClass("secondary")}
    >
      <Icon name="link-2" aria-hidden className="size-4" />
      {busy ? "Creating link..." : sendMessages.copyLink}
    </button>
  );
}

/** The form the button posts, rendered outside the editor's form (forms do not nest). */
export function ClientLinkForm({ action }: { action: string }) {
  const fetcher = useFetcher<ClientLinkAnswer>({ key: fetcherKey });
  return (
    <fetcher.Form id={formId} method="post" action={action} hidden>
      <input type="hidden" name="intent" value={clientLinkIntent} />
    </fetcher.Form>
  );
}

/** The link just issued (or why none was), with its Copy button. */
export function ClientLinkResult({ state }: { state: ClientLinkState }) {
  const fetcher = useFetcher<ClientLinkAnswer>({ key: fetcherKey });
  const answer = fetcher.data ?? state.answer;
  const link = createdLink(answer);
  const error = failureMessage(answer, { form: formId });
  if (!link && !error) return null;
  if (!link) {
    return (
      <p role="alert" className="rounded-md border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-100">
        {error}
      </p>
    );
  }
  return (
    <div className="rounded-md border border-zinc-800 bg-zinc-900/40 px-3 py-2">
      <CopyableLink id="client-link-url" label="Client link" link={link} note={sendMessages.linkCreated} />
    </div>
  );
}

/**
 * A link just issued, shown once (links are stored hashed): a read-only field to select, and with
 * JavaScript a Copy button (the clipboard) that says when it copied. The client link and the portal
 * link show theirs with it.
 */
export function CopyableLink({ id, label, link, note }: { id: string; label: string; link: string; note: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const noteId = `${id}-note`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-100">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={noteId}
          className="min-w-0 flex-1 basis-64 rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-xs text-zinc-100"
        />
        {hydrated ? (
          <button
            type="button"
            className={buttonClass("secondary", { size: "sm" })}
            onClick={() => {
              const field = document.getElementById(id);
              if (field instanceof HTMLInputElement) field.select();
              navigator.clipboard?.writeText(link).then(
                () => setCopied(link),
                () => setCopied(null),
              );
            }}
          >
            {copied === link ? (
              <Icon name="check" aria-hidden className="size-4" />
            ) : (
              <Icon name="copy" aria-hidden className="size-4" />
            )}
            {copied === link ? "Copied" : "Copy"}
          </button>
        ) : null}
      </div>
      <p id={noteId} className="text-xs text-zinc-400">
        {note}
      </p>
      <p role="status" className="sr-only">
        {copied === link ? "Link copied" : ""}
      </p>
    </div>
  );
}
