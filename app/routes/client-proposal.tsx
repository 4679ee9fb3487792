/**
 * /p/{token}: the client's proposal (docs/decisions/0033-proposals.md), without an account. The
 * client chooses a package and add-ons, reads the agreement and signs with a typed name (and, with
 * JavaScript, a drawn signature), or declines. Plain forms, so it all works without JavaScript (the
 * page is not hydrated): the total of the choice in the address (`?tier=t2&addon=a1`) is the
 * server's, and "Update total" posts the choice alone to be redirected there (never the typed name). With JavaScript a small public script
 * (app/browser/proposal-choice.ts) updates the total and deposit as the choice changes, with the same
 * money module, and shows the signature pad. A wrong, malformed or revoked token answers 404; the
 * page is never cached or indexed and its address never leaves the site as a referrer.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { InlineScript } from "#app/components/inline-script.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { ViewBeacon } from "#app/components/view-beacon.tsx";
import { getApp } from "#app/context.server.ts";
import { failureMessage, postedValues } from "#app/domain/action-answer.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { todayIn } from "#app/domain/dates.ts";
import { formatMoney } from "#app/domain/money.ts";
import { type OptionView, proposalDocument } from "#app/domain/proposal-document.ts";
import { proposalMessages } from "#app/domain/proposal-pages.ts";
import {
  checkProposalAction,
  choiceFromQuery,
  choiceQuery,
  choiceTotals,
  clientAnswerSchema,
} from "#app/domain/proposals.ts";
import { getStudioIdentity, studioTimeZone } from "#app/models/business-settings.server.ts";
import { proposalNumbers } from "#app/models/proposals.server.ts";
import { invalid, notFound, refuse, tooManyRequests } from "#app/services/action-result.server.ts";
import { declineProposal, findClientProposal, proposalLinkPath, signProposal } from "#app/services/proposals.server.ts";
import { publicScriptUrl } from "#app/services/public-scripts.server.ts";
import { viewBeacon } from "#app/services/view-beacon.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/client-proposal";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = () => clientPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Proposal ${loaderData.doc.number} | ${loaderData.doc.studio.name}` : "Not found" },
  { name: "robots", content: "noindex, nofollow" },
];

async function lookup(context: Route.LoaderArgs["context"], token: string | undefined) {
  const { database, ip } = getApp(context);
  const found = await findClientProposal(database.db, token, ip);
  if (!found.ok) {
    if (found.reason === "limited") {
      tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
    }
    notFound(
      found.reason === "revising" ? proposalMessages.revising : clientPageMessages.invalidLink,
      clientPageHeaders,
    );
  }
  return found;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database } = getApp(context);
  const { proposal, contentHash } = await lookup(context, params.token);
  const [studio, timeZone] = await Promise.all([getStudioIdentity(database.db), studioTimeZone(database.db)]);
  const search = new URL(request.url).searchParams;
  const pricing = { options: proposal.options, depositKind: proposal.depositKind, ...proposalNumbers(proposal) };
  const choice = choiceFromQuery(proposal.options, search);
  const chosen = choiceTotals(pricing, choice);
  const totals = chosen.ok ? chosen.totals : null;
  // the rule the signing service checks again under its lock
  const answerable = checkProposalAction(proposal, "sign", todayIn(timeZone));
  return {
    token: params.token,
    // the first view is counted by the beacon once the page is on screen, never by this GET (ADR 0034)
    beacon: viewBeacon(context, "proposal", params.token),
    doc: proposalDocument(proposal, studio, timeZone),
    contentHash,
    state: proposal.state,
    canAnswer: answerable.ok,
    closedMessage: answerable.ok ? null : answerable.message,
    depositInvoiced: proposal.depositInvoiceId !== null,
    choice,
    summary: totals && {
      subtotal: formatMoney(totals.subtotal),
      tax: formatMoney(totals.taxAmount),
      total: formatMoney(totals.total),
      deposit: formatMoney(totals.deposit),
    },
    /** what the page's script computes the totals from (prices in cents, rates in hundredths) */
    pricing: JSON.stringify(pricing),
    script: publicScriptUrl("proposal-choice"),
    localTimeScript: publicScriptUrl("local-time"),
    notice: search.get("answered") === "decline" ? proposalMessages.declined : null,
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const { database, config, ip, logger } = getApp(context);
  await lookup(context, params.token);
  const submission = parseWithZod(await request.formData(), { schema: clientAnswerSchema });
  const answerOptions = { headers: clientPageHeaders, hideFields: ["signature"] };
  if (submission.status !== "success") return invalid(submission, answerOptions);
  const deps = { db: database.db, config, logger };
  const here = proposalLinkPath(params.token);
  if (submission.value.intent === "choose") {
    const query = choiceQuery(submission.value);
    return redirect(`${here}${query ? `?${query}` : ""}#summary-title`, { status: 303, headers: clientPageHeaders });
  }
  if (submission.value.intent === "decline") {
    const declined = await declineProposal(deps, { token: params.token, ip });
    if (!declined.ok) {
      if (declined.reason === "gone") notFound(clientPageMessages.invalidLink, clientPageHeaders);
      return refuse(409, declined.message ?? clientPageMessages.invalidLink, { ...answerOptions, submission });
    }
    return redirect(`${here}?answered=decline`, { status: 303, headers: clientPageHeaders });
  }
  const signed = await signProposal(deps, {
    token: params.token,
    form: submission.value,
    ip,
    userAgent: request.headers.get("user-agent"),
  });
  if (!signed.ok) {
    if (signed.reason === "gone") notFound(clientPageMessages.invalidLink, clientPageHeaders);
    const message = signed.message ?? clientPageMessages.invalidLink;
    return signed.field
      ? invalid(submission, { ...answerOptions, fieldErrors: { [signed.field]: [message] } })
      : refuse(409, message, { ...answerOptions, submission });
  }
  return redirect(`${here}?answered=sign`, { status: 303, headers: clientPageHeaders });
}

const card = "rounded-lg border border-zinc-300 bg-white p-4";
const sectionTitle = "text-lg font-semibold text-zinc-900";

function OptionLines({ option }: { option: OptionView }) {
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm text-zinc-700">
      {option.lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are in their stored order
        <li key={index} className="flex justify-between gap-3">
          <span>
            {line.description}
            {line.quantity === "1" ? "" : ` (${line.quantity} × ${line.unitPrice})`}
          </span>
          <span className="shrink-0 tabular-nums">{line.total}</span>
        </li>
      ))}
    </ul>
  );
}

function TextBlock({ text }: { text: string }) {
  return <p className="whitespace-pre-line break-words text-zinc-800">{text}</p>;
}

export default function ClientProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { doc, token, summary, canAnswer, state, notice } = loaderData;
  const error = failureMessage(actionData);
  const fieldError = (field: string) => failureMessage(actionData, { field });
  const values = postedValues(actionData);
  const postedAddons = values?.addons;
  const choice = values
    ? {
        tierId: typeof values.tier === "string" ? values.tier : loaderData.choice.tierId,
        addonIds: Array.isArray(postedAddons)
          ? postedAddons.map(String)
          : typeof postedAddons === "string"
            ? [postedAddons]
            : [],
      }
    : loaderData.choice;
  const signerName = typeof values?.signer_name === "string" ? values.signer_name : "";
  const signed = doc.signature;
  const nameError = fieldError("signer_name");
  const agreeError = fieldError("agree");
  const choiceError = fieldError("tier") ?? fieldError("addons");
  const signatureError = fieldError("signature");
  // a refusal of the whole answer (changed since read, expired, signed already)
  const formError = error && !nameError && !agreeError && !signatureError && !choiceError ? error : undefined;

  return (
    <main className="min-h-screen bg-zinc-100 text-zinc-900 [color-scheme:light]">
      <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-6">
        <header>
          <p className="text-sm font-medium text-zinc-600">{doc.studio.name}</p>
          <h1 className="mt-1 text-2xl font-bold">Proposal {doc.number}</h1>
          <p className="text-sm text-zinc-600">
            {doc.version} · for {doc.customerLines[0]} · valid until {doc.validUntil}
          </p>
        </header>

        {notice ? (
          <p role="status" className="rounded-md bg-zinc-900 px-3 py-2 text-sm text-white">
            {notice}
          </p>
        ) : null}

        {signed ? (
          <section aria-labelledby="signed-title" className={cx(card, "border-emerald-600")} data-signed>
            <h2 id="signed-title" className="text-xl font-semibold text-emerald-800">
              {proposalMessages.signed}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-zinc-600">Signed by</dt>
              <dd className="break-words">{signed.signerName}</dd>
              <dt className="text-zinc-600">Signed at</dt>
              <dd>
                <LocalTime
                  iso={signed.signedAtIso}
                  studioText={signed.signedAtStudio}
                  studioZone={signed.signedAtZone}
                  script={loaderData.localTimeScript}
                />
              </dd>
              <dt className="text-zinc-600">Package</dt>
              <dd className="break-words">{[signed.tier, ...signed.addons].join(" + ")}</dd>
              <dt className="text-zinc-600">Total</dt>
              <dd className="font-semibold tabular-nums">{signed.total}</dd>
              <dt className="text-zinc-600">Deposit</dt>
              <dd className="tabular-nums">{signed.deposit}</dd>
              <dt className="text-zinc-600">Document hash</dt>
              <dd className="break-all font-mono text-xs">{signed.contentHash}</dd>
            </dl>
            {loaderData.depositInvoiced ? (
              <p className="mt-3 text-sm">Your deposit invoice has been emailed to you.</p>
            ) : null}
            <a href={`/p/${token}/pdf`} className={cx(buttonClass("primary"), "mt-4 inline-flex")} download>
              Download the signed PDF
            </a>
          </section>
        ) : state === "declined" && !notice ? (
          <p role="status" className={card}>
            {proposalMessages.declined}
          </p>
        ) : null}

        <section aria-labelledby="title" className={cx(card, "flex flex-col gap-3")}>
          <h2 id="title" className="text-xl font-semibold">
            {doc.title}
          </h2>
          {doc.introduction ? <TextBlock text={doc.introduction} /> : null}
          {doc.scope ? (
            <>
              <h3 className="font-semibold">Scope</h3>
              <TextBlock text={doc.scope} />
            </>
          ) : null}
        </section>

        {formError && !canAnswer ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {formError}
          </p>
        ) : null}

        {!signed && !canAnswer && state !== "declined" ? (
          <p role="status" className={card}>
            {loaderData.closedMessage}
          </p>
        ) : null}

        <form
          method="post"
          id="sign-form"
          data-proposal-form
          data-pricing={loaderData.pricing}
          className="flex flex-col gap-5"
        >
          <input type="hidden" name="content_hash" value={loaderData.contentHash} />
          <fieldset className="flex flex-col gap-3" aria-describedby={choiceError ? "choice-error" : undefined}>
            <legend className={cx(sectionTitle, "mb-2")}>{signed ? "Your package" : "Choose a package"}</legend>
            {doc.tiers.map((tier) => (
              <label
                key={tier.id}
                className={cx(
                  card,
                  "block cursor-pointer has-[:checked]:border-zinc-900 has-[:checked]:ring-2 has-[:checked]:ring-zinc-900",
                )}
              >
                <span className="flex items-start gap-3">
                  <input
                    type="radio"
                    name="tier"
                    value={tier.id}
                    defaultChecked={signed ? tier.chosen : tier.id === choice.tierId}
                    disabled={!canAnswer}
                    className="mt-1 size-5 shrink-0 accent-zinc-900"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex justify-between gap-3 font-semibold">
                      <span className="break-words">{tier.name}</span>
                      <span className="shrink-0 tabular-nums">{tier.total}</span>
                    </span>
                    {tier.description ? (
                      <span className="mt-1 block whitespace-pre-line break-words text-sm text-zinc-700">
                        {tier.description}
                      </span>
                    ) : null}
                    <OptionLines option={tier} />
                  </span>
                </span>
              </label>
            ))}
          </fieldset>

          {doc.addons.length > 0 ? (
            <fieldset className="flex flex-col gap-3">
              <legend className={cx(sectionTitle, "mb-2")}>Add-ons (optional)</legend>
              {doc.addons.map((addon) => (
                <label key={addon.id} className={cx(card, "block cursor-pointer has-[:checked]:border-zinc-900")}>
                  <span className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      name="addons"
                      value={addon.id}
                      defaultChecked={signed ? addon.chosen : choice.addonIds.includes(addon.id)}
                      disabled={!canAnswer}
                      className="mt-1 size-5 shrink-0 accent-zinc-900"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex justify-between gap-3 font-semibold">
                        <span className="break-words">{addon.name}</span>
                        <span className="shrink-0 tabular-nums">+ {addon.total}</span>
                      </span>
                      {addon.description ? (
                        <span className="mt-1 block whitespace-pre-line break-words text-sm text-zinc-700">
                          {addon.description}
                        </span>
                      ) : null}
                      <OptionLines option={addon} />
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {choiceError ? (
            <p id="choice-error" role="alert" className="text-sm text-red-700">
              {choiceError}
            </p>
          ) : null}

          {summary && !signed ? (
            <section aria-labelledby="summary-title" className={card} data-summary>
              <h2 id="summary-title" className={sectionTitle}>
                Summary
              </h2>
              <dl aria-live="polite" className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums">
                <dt>Subtotal</dt>
                <dd data-summary-value="subtotal">{summary.subtotal}</dd>
                <dt>Tax ({doc.taxRate}%)</dt>
                <dd data-summary-value="tax">{summary.tax}</dd>
                <dt className="text-base font-semibold">Total</dt>
                <dd className="text-base font-semibold" data-summary-value="total">
                  {summary.total}
                </dd>
                <dt>Deposit due on signing ({doc.depositTerms})</dt>
                <dd data-summary-value="deposit">{summary.deposit}</dd>
              </dl>
              {canAnswer ? (
                <button
                  type="submit"
                  name="intent"
                  value="choose"
                  formNoValidate
                  data-no-script
                  className="mt-3 rounded-md border border-zinc-500 px-3 py-2 text-sm font-medium hover:bg-zinc-100"
                >
                  Update total
                </button>
              ) : null}
            </section>
          ) : null}

          <div className="flex flex-col gap-2">
            <h2 id="agreement-title" className={sectionTitle}>
              Agreement
            </h2>
            <section
              aria-labelledby="agreement-title"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable)
              tabIndex={0}
              className="max-h-72 overflow-y-auto rounded-lg border border-zinc-300 bg-white p-4 text-sm"
            >
              <TextBlock text={doc.agreement} />
            </section>
          </div>

          {canAnswer ? (
            <section aria-labelledby="sign-title" className={cx(card, "flex flex-col gap-3")}>
              <h2 id="sign-title" className={sectionTitle}>
                Sign
              </h2>
              <label htmlFor="signer_name" className="text-sm font-medium">
                Type your full name
              </label>
              <input
                id="signer_name"
                name="signer_name"
                autoComplete="name"
                maxLength={100}
                defaultValue={signerName}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? "signer_name-error" : undefined}
                className="rounded-md border border-zinc-500 px-3 py-2 text-base"
              />
              {nameError ? (
                <p id="signer_name-error" role="alert" className="text-sm text-red-700">
                  {nameError}
                </p>
              ) : null}
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name="agree"
                  aria-invalid={agreeError ? true : undefined}
                  aria-describedby={agreeError ? "agree-error" : undefined}
                  className="mt-0.5 size-5 shrink-0 accent-zinc-900"
                />
                <span>I have read and agree to the agreement</span>
              </label>
              {agreeError ? (
                <p id="agree-error" role="alert" className="text-sm text-red-700">
                  {agreeError}
                </p>
              ) : null}
              <div data-signature-pad hidden className="flex flex-col gap-2">
                <p id="signature-help" className="text-sm font-medium">
                  Draw your signature (optional)
                </p>
                <canvas
                  aria-describedby="signature-help"
                  className="h-36 w-full touch-none rounded-md border border-zinc-500 bg-white"
                />
                <button
                  type="button"
                  data-signature-clear
                  className="self-start rounded-md border border-zinc-500 px-3 py-1 text-sm hover:bg-zinc-100"
                >
                  Clear
                </button>
                <input type="hidden" name="signature" />
                <p data-signature-problem role="alert" hidden className="text-sm text-red-700" />
              </div>
              {signatureError ? (
                <p role="alert" className="text-sm text-red-700">
                  {signatureError}
                </p>
              ) : null}
              {formError ? (
                <p id="sign-error" role="alert" className="text-sm text-red-700">
                  {formError}
                </p>
              ) : null}
              <button type="submit" name="intent" value="sign" className={buttonClass("primary")}>
                Sign
              </button>
            </section>
          ) : null}
        </form>

        {canAnswer ? (
          <form method="post" className="flex flex-col items-start gap-1 text-sm">
            <input type="hidden" name="intent" value="decline" />
            <input type="hidden" name="content_hash" value={loaderData.contentHash} />
            <p className="text-zinc-700">Not for you?</p>
            <button
              type="submit"
              className="rounded-md border border-zinc-500 px-3 py-1 text-sm font-medium hover:bg-zinc-200"
            >
              Decline
            </button>
          </form>
        ) : null}
      </div>
      {canAnswer ? (
        // fetched after the page has loaded, so the script never delays the first paint
        <InlineScript code={`addEventListener("load",()=>import(${JSON.stringify(loaderData.script)}))`} />
      ) : null}
      <ViewBeacon beacon={loaderData.beacon} />
    </main>
  );
}
