/**
 * A proposal that is no longer a draft, read-only: what was sent (packages, add-ons and their totals,
 * the agreement, the deposit, the expiry), the signature record once signed, the versions a revision
 * replaced, and the actions its state allows (checkProposalAction): Copy client link, Revise (a reason,
 * then the editor), Revoke (confirmed), Download PDF. The dialogs are addressed by the URL (?dialog=).
 */

import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProposalStateBadge } from "#app/components/admin/badge.tsx";
import { ClientLinkButton, ClientLinkForm, ClientLinkResult } from "#app/components/admin/client-link.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { AdminForm, FormError, TextareaField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, FailureNotice, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { buttonClass, Card } from "#app/components/admin/ui.tsx";
import { Detail, DialogBody, DialogFooter, dialogFormClass, UrlDialog } from "#app/components/admin/url-dialog.tsx";
import { Icon } from "#app/components/icons.tsx";
import { displayDate, formatDateTime } from "#app/domain/dates.ts";
import type { ProposalState } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import { formatMoney, lineTotal } from "#app/domain/money.ts";
import { proposalReviseSchema } from "#app/domain/proposal-forms.ts";
import { depositText, type ProposalDialog } from "#app/domain/proposal-pages.ts";
import { type DepositKind, optionTotal, type ProposalOption, type ProposalOptions } from "#app/domain/proposals.ts";

export type ProposalViewData = {
  id: string;
  proposalNumber: string;
  revision: number;
  state: ProposalState;
  customer: { id: string; name: string; businessName: string | null; email: string };
  projectId: string | null;
  projectName: string | null;
  title: string;
  introduction: string;
  scope: string;
  options: ProposalOptions;
  agreement: string;
  expiresOn: string;
  taxRate: number;
  depositKind: DepositKind;
  depositValue: number;
  sentAt: string | null;
  signature: {
    signerName: string;
    signedAt: string;
    signerIp: string | null;
    signerUserAgent: string | null;
    contentHash: string;
    signatureImage: string | null;
    tierName: string;
    addonNames: string[];
    total: number;
    deposit: number;
    depositInvoiceId: string | null;
  } | null;
  canRevise: boolean;
  canRevoke: boolean;
  hasClientLink: boolean;
  versions: { revision: number; reason: string; createdAt: string; status: string; contentHash: string }[];
};

export function ProposalView({
  proposal,
  dialog,
  failure,
  clientLinkAnswer,
  action,
}: {
  proposal: ProposalViewData;
  dialog: ProposalDialog | null;
  failure: ActionFailure | null;
  clientLinkAnswer: unknown;
  action: string;
}) {
  const page = `/admin/proposals/${proposal.id}`;
  const dialogLink = (name: ProposalDialog, icon: ReactNode, label: string) => (
    <Link
      to={`${page}?dialog=${name}`}
      preventScrollReset
      className={buttonClass("secondary")}
      data-proposal-action={name}
    >
      {icon}
      {label}
    </Link>
  );
  const clientLink = { live: proposal.hasClientLink, answer: clientLinkAnswer };
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/proposals" className={buttonClass("ghost", { size: "icon" })} aria-label="Back to proposals">
          <Icon name="arrow-left" aria-hidden className="size-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{proposal.title}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-400">
            <span className="font-mono">{proposal.proposalNumber}</span>
            {proposal.revision > 1 ? <span>version {proposal.revision}</span> : null}
            <ProposalStateBadge state={proposal.state} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={`/admin/proposals/${proposal.id}.pdf`}
            target="_blank"
            rel="noopener"
            className={buttonClass("secondary")}
          >
            <Icon name="file-down" aria-hidden className="size-4" />
            Download PDF
          </a>
          {proposal.hasClientLink ? <ClientLinkButton /> : null}
          {proposal.canRevise
            ? dialogLink("revise", <Icon name="file-pen" aria-hidden className="size-4" />, "Revise")
            : null}
          {proposal.canRevoke
            ? dialogLink("revoke", <Icon name="ban" aria-hidden className="size-4" />, "Revoke")
            : null}
        </div>
      </div>
      <ClientLinkResult state={clientLink} />
      <FailureNotice failure={failure} form="revoke" />
      {/* a revision refused once the dialog is gone (the state moved on): the reason stays in view */}
      {dialog === "revise" && proposal.canRevise ? null : <FailureNotice failure={failure} form="revise" />}

      <Card title="Proposal">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label="Customer">
            <Link to={`/admin/customers/${proposal.customer.id}`} className="underline underline-offset-2">
              {proposal.customer.name}
            </Link>
            {proposal.customer.businessName ? ` (${proposal.customer.businessName})` : ""}
            <span className="block text-zinc-400">{proposal.customer.email}</span>
          </Detail>
          <Detail label="Project">
            {proposal.projectId ? (
              <Link to={`/admin/projects/${proposal.projectId}`} className="underline underline-offset-2">
                {proposal.projectName ?? "Project"}
              </Link>
            ) : (
              "—"
            )}
          </Detail>
          <Detail label="Valid until">{displayDate(proposal.expiresOn)}</Detail>
          <Detail label="Sent">{proposal.sentAt ? formatDateTime(new Date(proposal.sentAt)) : "—"}</Detail>
          <Detail label="Tax rate">{(proposal.taxRate / 100).toLocaleString("en-US")}%</Detail>
          <Detail label="Deposit on signing">{depositText(proposal.depositKind, proposal.depositValue)}</Detail>
          {proposal.introduction ? (
            <Detail label="Introduction" wide>
              <span className="whitespace-pre-wrap">{proposal.introduction}</span>
            </Detail>
          ) : null}
          {proposal.scope ? (
            <Detail label="Scope" wide>
              <span className="whitespace-pre-wrap">{proposal.scope}</span>
            </Detail>
          ) : null}
        </dl>
      </Card>

      {proposal.signature ? <SignatureCard proposal={proposal} /> : null}

      <Card title="Packages">
        <OptionList options={proposal.options.tiers} chosen={proposal.signature?.tierName} />
      </Card>
      <Card title="Add-ons">
        {proposal.options.addons.length ? (
          <OptionList options={proposal.options.addons} />
        ) : (
          <p className="text-sm text-zinc-400">No add-ons.</p>
        )}
      </Card>
      <Card title="Agreement">
        <p className="text-sm whitespace-pre-wrap text-zinc-200">{proposal.agreement}</p>
      </Card>

      {proposal.versions.length ? (
        <Card title="Versions">
          <ol className="flex flex-col gap-2 text-sm" data-versions>
            {proposal.versions.map((version) => (
              <li key={version.revision} className="rounded-md border border-zinc-800 px-3 py-2">
                <p className="font-medium text-zinc-100">
                  Version {version.revision} ({version.status}), replaced {formatDateTime(new Date(version.createdAt))}
                </p>
                <p className="text-zinc-300">{version.reason}</p>
                <p className="font-mono text-xs break-all text-zinc-400">SHA-256 {version.contentHash}</p>
              </li>
            ))}
          </ol>
        </Card>
      ) : null}

      {proposal.hasClientLink ? <ClientLinkForm action={action} /> : null}
      {dialog === "revise" && proposal.canRevise ? (
        <UrlDialog
          title={`Revise ${proposal.proposalNumber}`}
          description="The version sent is kept in the history with your reason. The proposal becomes a draft of the next version: edit it, then send it again. The client's link opens nothing until then."
          closeHref={page}
        >
          <ReviseForm page={page} action={action} failure={failure} />
        </UrlDialog>
      ) : null}
      {dialog === "revoke" && proposal.canRevoke ? (
        <ConfirmDialog
          title={`Revoke ${proposal.proposalNumber}`}
          description="The client can no longer open or sign this proposal. This cannot be undone."
          closeHref={page}
          action={action}
          intent="revoke"
          confirm="Revoke"
          pendingLabel="Revoking..."
        />
      ) : null}
    </div>
  );
}

function SignatureCard({ proposal }: { proposal: ProposalViewData }) {
  const signature = proposal.signature;
  if (!signature) return null;
  return (
    <Card title="Signature">
      <dl className="grid gap-4 sm:grid-cols-2" data-signature>
        <Detail label="Signed by">{signature.signerName}</Detail>
        <Detail label="Signed at">{formatDateTime(new Date(signature.signedAt))}</Detail>
        <Detail label="IP address">{signature.signerIp ?? "—"}</Detail>
        <Detail label="Browser">{signature.signerUserAgent ?? "—"}</Detail>
        <Detail label="Document hash (SHA-256)" wide>
          <span className="font-mono text-xs break-all">{signature.contentHash}</span>
        </Detail>
        <Detail label="Package chosen">{signature.tierName}</Detail>
        <Detail label="Add-ons chosen">{signature.addonNames.length ? signature.addonNames.join(", ") : "None"}</Detail>
        <Detail label="Total">{formatMoney(signature.total)}</Detail>
        <Detail label="Deposit">
          {formatMoney(signature.deposit)}
          {signature.depositInvoiceId ? (
            <>
              {" · "}
              <Link to={`/admin/invoices/${signature.depositInvoiceId}`} className="underline underline-offset-2">
                Deposit invoice
              </Link>
            </>
          ) : null}
        </Detail>
        {proposal.projectId ? (
          <Detail label="Project">
            <Link to={`/admin/projects/${proposal.projectId}`} className="underline underline-offset-2">
              {proposal.projectName ?? "Open the project"}
            </Link>
          </Detail>
        ) : null}
        {signature.signatureImage ? (
          <Detail label="Drawn signature" wide>
            <img
              src={signature.signatureImage}
              alt={`Signature of ${signature.signerName}`}
              className="max-h-32 rounded bg-white p-2"
            />
          </Detail>
        ) : null}
      </dl>
    </Card>
  );
}

function OptionList({ options, chosen }: { options: ProposalOption[]; chosen?: string }) {
  return (
    <ul className="flex flex-col gap-4">
      {options.map((option) => (
        <li key={option.id} className="rounded-lg border border-zinc-800 p-4" data-view-option={option.id}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold text-zinc-100">
              {option.name}
              {chosen === option.name ? <span className="ml-2 text-xs text-emerald-300">(chosen)</span> : null}
            </h3>
            <span className="font-semibold tabular-nums">{formatMoney(optionTotal(option))}</span>
          </div>
          {option.description ? (
            <p className="mt-1 text-sm whitespace-pre-wrap text-zinc-400">{option.description}</p>
          ) : null}
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Lines of {option.name}</caption>
            <thead className="text-left text-xs text-zinc-400 uppercase">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Description
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Qty
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {option.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a stored version's lines never move
                <tr key={index} className="border-t border-zinc-800">
                  <td className="py-1 pr-2 break-words">{line.description}</td>
                  <td className="py-1 text-right tabular-nums">{(line.quantity / 100).toLocaleString("en-US")}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(line.unitPrice)}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(lineTotal(line))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ul>
  );
}

function ReviseForm({ page, action, failure }: { page: string; action: string; failure: ActionFailure | null }) {
  const [form, fields] = useAdminForm({
    id: "revise",
    schema: proposalReviseSchema,
    failure: failure?.form === "revise" ? failure : null,
  });
  return (
    <AdminForm form={form} action={action} className={dialogFormClass}>
      <DialogBody className="flex flex-col gap-2">
        <FormError form={form} />
        <TextareaField
          meta={fields.reason}
          label="What changes in this revision?"
          maxLength={limits.changeReason}
          rows={3}
        />
      </DialogBody>
      <DialogFooter>
        <Link to={page} preventScrollReset className={buttonClass("ghost")}>
          Cancel
        </Link>
        <SubmitButton intent="revise" action={action}>
          Revise
        </SubmitButton>
      </DialogFooter>
    </AdminForm>
  );
}

/** Delete Draft, confirmed (a draft never sent; the editor's page opens it with ?dialog=delete). */
export function ProposalDeleteDialog({
  proposalId,
  proposalNumber,
  action,
  failure,
}: {
  proposalId: string;
  proposalNumber: string;
  action: string;
  failure: ActionFailure | null;
}) {
  const page = `/admin/proposals/${proposalId}`;
  return (
    <ConfirmDialog
      title={`Delete draft ${proposalNumber}`}
      description="This draft was never sent: it is deleted for good."
      closeHref={page}
      action={action}
      intent="delete"
      confirm="Delete draft"
      pendingLabel="Deleting..."
      failure={failure}
    />
  );
}
