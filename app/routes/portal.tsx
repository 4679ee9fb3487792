/**
 * /portal/{token}: a customer's portal (ADR 0034): the statement (owed, overdue, and their credit),
 * their contracts (total, invoiced, paid, remaining; ADR 0043), what waits for them (proposals to
 * sign, estimates to answer, invoices to pay), their documents, payments, upcoming consultations and
 * projects; only whitelisted fields, only this customer's rows.
 * Fetching it changes nothing: the view beacon (a tiny script, after the page is visible) remembers
 * that a person saw it. Each record's View button posts: the server checks the record is this
 * customer's, issues a fresh client link and sends the browser to the record's own client page
 * (post/redirect/get). A wrong, revoked or expired token answers 404. Not hydrated; works without
 * JavaScript; never cached, indexed or sent as a referrer.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, type ReactNode, useContext } from "react";
import { redirect } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { PortalQuestionnaires } from "#app/components/portal-questionnaires.tsx";
import { ViewBeacon } from "#app/components/view-beacon.tsx";
import { getApp } from "#app/context.server.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { formatDay, formatMomentIn } from "#app/domain/dates.ts";
import { signedAmount } from "#app/domain/document-lifecycle.ts";
import {
  invoiceStatusLabels,
  invoiceTypeLabels,
  paymentMethodLabels,
  projectStatusLabels,
  proposalStateLabels,
} from "#app/domain/enums.ts";
import { formatMoney } from "#app/domain/money.ts";
import {
  isOpenDocument,
  isOpenProposal,
  isOwed,
  portalMessages,
  portalOpenSchema,
  portalStatement,
} from "#app/domain/portal.ts";
import {
  clientPhaseStatusLabels,
  deliverableAnswerLabels,
  firstOfList,
  roomMessages,
  versionLabel,
  waitingOnClient,
} from "#app/domain/project-room.ts";
import { refundLine } from "#app/domain/provider-payments.ts";
import { formatHours } from "#app/domain/time-tracking.ts";
import { notFound, tooManyRequests } from "#app/services/action-result.server.ts";
import { parseUploadForm } from "#app/services/file-storage.server.ts";
import { findPortal, loadPortal, openFromPortal } from "#app/services/portal.server.ts";
import { portalQuestionnaires } from "#app/services/questionnaires.server.ts";
import { viewBeacon } from "#app/services/view-beacon.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/portal";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = () => clientPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Client portal | ${loaderData.studio.name}` : "Not found" },
  { name: "robots", content: "noindex, nofollow" },
];

async function customerOf(context: Route.LoaderArgs["context"], token: string | undefined): Promise<string> {
  const { database, ip } = getApp(context);
  const found = await findPortal(database.db, token, ip);
  if (found.ok) return found.customerId;
  if (found.reason === "limited") {
    tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60, clientPageHeaders);
  }
  notFound(portalMessages.invalidLink, clientPageHeaders);
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const customerId = await customerOf(context, params.token);
  const portal = await loadPortal(getApp(context).database.db, customerId);
  if (!portal) notFound(portalMessages.invalidLink, clientPageHeaders);
  const onlinePayments = getApp(context).config.stripe !== null;
  return {
    ...portal,
    token: params.token,
    beacon: viewBeacon(context, "portal", params.token),
    // the room whose deliverables are listed whole ("Show all"); the others show their first ten
    wholeRoom: new URL(request.url).searchParams.get("room"),
    onlinePayments,
    questionnaires: await portalQuestionnaires(getApp(context).database.db, customerId),
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const customerId = await customerOf(context, params.token);
  const { database, config } = getApp(context);
  // a multipart post to this path reaches the route unheld (the project room's uploads, ADR 0056): read
  // it with the streaming parser, which takes no file here
  const post = await parseUploadForm(database.db, request, {
    customerId,
    projectId: null,
    uploadedBy: "client",
    fileFields: [],
  });
  const submission = parseWithZod(post.ok ? post.formData : new FormData(), { schema: portalOpenSchema });
  if (submission.status !== "success") notFound(portalMessages.notFound, clientPageHeaders);
  const link = await openFromPortal({ db: database.db, config }, customerId, submission.value);
  if (!link) notFound(portalMessages.notFound, clientPageHeaders);
  const open = submission.value.to === "pay" && submission.value.kind === "document" ? "#pay" : "";
  return redirect(`${new URL(link).pathname}${open}`, { status: 303, headers: clientPageHeaders });
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The owner's preview (View as this client): the page as the client sees it, its buttons inert. */
const Preview = createContext(false);

function ViewButton({
  kind,
  id,
  label,
  pay,
}: {
  kind: "document" | "proposal";
  id: string;
  label: string;
  /** an invoice with a balance: also a button that opens it at How to pay */
  pay?: string;
}) {
  const preview = useContext(Preview);
  return (
    <form method="post" className="flex shrink-0 gap-2">
      <fieldset disabled={preview} className="contents">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        {pay ? (
          <button type="submit" name="to" value="pay" className={buttonClass("primary", { size: "sm" })}>
            {pay}
            <span className="sr-only"> {label}</span>
          </button>
        ) : null}
        <button type="submit" name="to" value="view" className={buttonClass("secondary", { size: "sm" })}>
          View<span className="sr-only"> {label}</span>
        </button>
      </fieldset>
    </form>
  );
}

/**
 * A room list's deliverables post through one form (kind and destination fixed; each View button
 * carries its deliverable's id): a room of 50 deliverables is one form, not 50.
 */
function DeliverableViews({ children }: { children: ReactNode }) {
  const preview = useContext(Preview);
  return (
    <form method="post">
      <input type="hidden" name="kind" value="deliverable" />
      <input type="hidden" name="to" value="view" />
      <fieldset disabled={preview} className="contents">
        {children}
      </fieldset>
    </form>
  );
}

function DeliverableView({ id, label }: { id: string; label: string }) {
  return (
    <button type="submit" name="id" value={id} className={buttonClass("secondary", { size: "sm" })}>
      View<span className="sr-only"> {label}</span>
    </button>
  );
}

const cardClass = "flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-800 bg-zinc-900 p-4";
const mutedClass = "text-sm text-zinc-400";

function Empty({ children }: { children: ReactNode }) {
  return <p className={mutedClass}>{children}</p>;
}

type Loaded = Route.ComponentProps["loaderData"];
type PageData = Omit<Loaded, "beacon"> & { beacon: Loaded["beacon"] | null };

function DocumentItem({
  document,
  onlinePayments,
}: {
  document: Loaded["documents"][number];
  onlinePayments: boolean;
}) {
  const label = `${invoiceTypeLabels[document.invoiceType]} ${document.invoiceNumber}`;
  return (
    <li className={cardClass} data-portal-document={document.invoiceNumber}>
      <div className="min-w-0">
        <p className="font-medium">{label}</p>
        <p className={mutedClass}>
          Issued {formatDay(document.issueDate)}
          {document.dueDate && document.invoiceType === "invoice" ? ` · Due ${formatDay(document.dueDate)}` : ""}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-full border border-zinc-600 px-2 py-0.5 text-xs">
          {invoiceStatusLabels[document.status]}
        </span>
        <span className="text-right tabular-nums">
          <span className="block font-semibold">{formatMoney(signedAmount(document.invoiceType, document.total))}</span>
          {document.invoiceType === "invoice" && document.balanceDue > 0 ? (
            <span className="block text-xs text-zinc-400">Balance {formatMoney(document.balanceDue)}</span>
          ) : null}
        </span>
        <ViewButton
          kind="document"
          id={document.id}
          label={label}
          pay={
            isOwed({ ...document, status: document.storedStatus }) ? (onlinePayments ? "Pay" : "How to pay") : undefined
          }
        />
      </div>
    </li>
  );
}

function ProposalItem({ proposal }: { proposal: Loaded["proposals"][number] }) {
  const label = `Proposal ${proposal.proposalNumber}`;
  return (
    <li className={cardClass} data-portal-proposal={proposal.proposalNumber}>
      <div className="min-w-0">
        <p className="font-medium break-words">
          {label}: {proposal.title}
        </p>
        <p className={mutedClass}>
          {isOpenProposal(proposal) ? `Open until ${formatDay(proposal.expiresOn)}` : null}
          {proposal.signedTotal !== null ? `Signed for ${formatMoney(proposal.signedTotal)}` : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-full border border-zinc-600 px-2 py-0.5 text-xs">
          {proposalStateLabels[proposal.state]}
        </span>
        {proposal.state !== "revoked" ? <ViewButton kind="proposal" id={proposal.id} label={label} /> : null}
      </div>
    </li>
  );
}

export default function Portal({ loaderData }: Route.ComponentProps) {
  return <PortalPage loaderData={loaderData} />;
}

/** The portal as its client sees it; `preview`: the owner's View as this client (no beacon, inert buttons). */
export function PortalPage({ loaderData, preview = false }: { loaderData: PageData; preview?: boolean }) {
  const { studio, customer, documents, payments, bookings, projects, proposals, contracts, credit, today, timeZone } =
    loaderData;
  const { beacon } = loaderData;
  const statement = portalStatement(
    documents.map((document) => ({ ...document, status: document.storedStatus })),
    today,
  );
  const openDocuments = documents.filter((document) => isOpenDocument({ ...document, status: document.storedStatus }));
  const pastDocuments = documents.filter((document) => !isOpenDocument({ ...document, status: document.storedStatus }));
  const openProposals = proposals.filter(isOpenProposal);
  const pastProposals = proposals.filter((proposal) => !isOpenProposal(proposal));
  return (
    <Preview.Provider value={preview}>
      <main className="min-h-screen bg-zinc-950 px-4 py-8 text-zinc-100 sm:px-6">
        <div className="mx-auto flex max-w-3xl flex-col gap-8">
          {preview ? (
            <p
              role="status"
              className="rounded-md border border-amber-700 bg-amber-950 px-3 py-2 text-sm text-amber-100"
              data-preview
            >
              {roomMessages.previewNotice}
            </p>
          ) : null}
          <header>
            <p className="text-sm text-zinc-400">{studio.name}</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight break-words">
              Client portal: {customer.businessName ?? customer.name}
            </h1>
            <p className="mt-2 text-sm text-zinc-400">
              Questions? Write to{" "}
              <a href={`mailto:${studio.email}`} className="underline">
                {studio.email}
              </a>
              .
            </p>
          </header>

          <Section id="statement" title="Statement">
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg border border-zinc-800 bg-zinc-900 p-4">
                <dt className={mutedClass}>Owed</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums" data-statement="owed">
                  {formatMoney(statement.owed)}
                </dd>
                <dd className="text-xs text-zinc-400">
                  {statement.owedCount} {statement.owedCount === 1 ? "invoice" : "invoices"}
                  {statement.nextDueDate ? ` · next due ${formatDay(statement.nextDueDate)}` : ""}
                </dd>
              </div>
              <div className="rounded-lg border border-zinc-800 bg-zinc-900 p-4">
                <dt className={mutedClass}>Overdue</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums" data-statement="overdue">
                  {formatMoney(statement.overdue)}
                </dd>
                <dd className="text-xs text-zinc-400">
                  {statement.overdueCount} {statement.overdueCount === 1 ? "invoice" : "invoices"}
                </dd>
              </div>
              {credit > 0 ? (
                <div className="col-span-2 rounded-lg border border-zinc-800 bg-zinc-900 p-4">
                  <dt className={mutedClass}>Your credit</dt>
                  <dd className="mt-1 text-2xl font-semibold tabular-nums" data-statement="credit">
                    {formatMoney(credit)}
                  </dd>
                  <dd className="text-xs text-zinc-400">
                    From credit notes: refunded to you or taken off a later invoice
                  </dd>
                </div>
              ) : null}
            </dl>
          </Section>

          {contracts.length > 0 ? (
            <Section id="contracts" title={contracts.length === 1 ? "Your contract" : "Your contracts"}>
              <ul className="flex flex-col gap-2">
                {contracts.map((contract) => (
                  <li
                    key={contract.id}
                    className="rounded-lg border border-zinc-800 bg-zinc-900 p-4"
                    data-portal-contract={contract.title}
                  >
                    <h3 className="font-medium break-words">{contract.title}</h3>
                    <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                      {(
                        [
                          ["Contract total", contract.progress.total],
                          ["Invoiced", contract.progress.invoiced],
                          ["Paid", contract.progress.paid],
                          ["Remaining", contract.progress.remaining],
                        ] as const
                      ).map(([label, value]) => (
                        <div key={label}>
                          <dt className={mutedClass}>{label}</dt>
                          <dd className="font-semibold tabular-nums">{formatMoney(value)}</dd>
                        </div>
                      ))}
                    </dl>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          <RoomsSection rooms={loaderData.rooms} wholeRoom={loaderData.wholeRoom} />

          <PortalQuestionnaires token={loaderData.token} items={loaderData.questionnaires} preview={preview} />

          <Section id="open" title="Waiting for you">
            {openProposals.length + openDocuments.length === 0 ? (
              <Empty>Nothing waits for you right now.</Empty>
            ) : (
              <ul className="flex flex-col gap-2">
                {openProposals.map((proposal) => (
                  <ProposalItem key={proposal.id} proposal={proposal} />
                ))}
                {openDocuments.map((document) => (
                  <DocumentItem key={document.id} document={document} onlinePayments={loaderData.onlinePayments} />
                ))}
              </ul>
            )}
          </Section>

          <Section id="history" title="Past documents">
            {pastProposals.length + pastDocuments.length === 0 ? (
              <Empty>No past documents yet.</Empty>
            ) : (
              <ul className="flex flex-col gap-2">
                {pastProposals.map((proposal) => (
                  <ProposalItem key={proposal.id} proposal={proposal} />
                ))}
                {pastDocuments.map((document) => (
                  <DocumentItem key={document.id} document={document} onlinePayments={loaderData.onlinePayments} />
                ))}
              </ul>
            )}
          </Section>

          <Section id="payments" title="Payments">
            {payments.length === 0 ? (
              <Empty>No payments yet.</Empty>
            ) : (
              <ul className="flex flex-col gap-2">
                {payments.map((payment) => (
                  <li key={payment.id} className={cardClass} data-portal-payment={payment.invoiceNumber}>
                    <div>
                      <p className="font-medium">{formatDay(payment.paidOn)}</p>
                      <p className={mutedClass}>
                        {paymentMethodLabels[payment.method]} · Invoice {payment.invoiceNumber}
                      </p>
                      {payment.refunds.map((refund) => (
                        <p key={refund.id} className={mutedClass} data-portal-refund>
                          {refundLine(refund, formatDay(refund.on))}
                        </p>
                      ))}
                    </div>
                    <span className="font-semibold tabular-nums">{formatMoney(payment.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section id="bookings" title="Upcoming consultations">
            {bookings.length === 0 ? (
              <Empty>No consultation booked.</Empty>
            ) : (
              <ul className="flex flex-col gap-2">
                {bookings.map((booking) => (
                  <li key={booking.id} className={cardClass}>
                    {formatMomentIn(booking.startsAt, booking.timeZone ?? timeZone)}
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section id="projects" title="Projects">
            {projects.length === 0 ? (
              <Empty>No projects yet.</Empty>
            ) : (
              <ul className="flex flex-col gap-2">
                {projects.map((project) => (
                  <li key={project.id} className="rounded-lg border border-zinc-800 bg-zinc-900 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h3 className="font-medium break-words">{project.projectName}</h3>
                      <span className="rounded-full border border-zinc-600 px-2 py-0.5 text-xs">
                        {projectStatusLabels[project.status]}
                      </span>
                    </div>
                    {project.startDate || project.endDate ? (
                      <p className={mutedClass}>
                        {project.startDate ? formatDay(project.startDate) : ""}
                        {project.startDate && project.endDate ? " – " : ""}
                        {project.endDate ? formatDay(project.endDate) : ""}
                      </p>
                    ) : null}
                    {project.phases.length > 0 ? (
                      <ol className="mt-2 list-decimal pl-5 text-sm text-zinc-300">
                        {project.phases.map((phase, index) => (
                          // phases have no id of their own in the list the client sees
                          // biome-ignore lint/suspicious/noArrayIndexKey: the phases' order is their identity here
                          <li key={index}>{phase}</li>
                        ))}
                      </ol>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <p className="text-xs text-zinc-400">
            This page is private: anyone with its address can see it. Need a new link? Ask for one at{" "}
            <a href="/portal" className="underline">
              the portal page
            </a>
            .
          </p>
        </div>
        {preview || !beacon ? null : <ViewBeacon beacon={beacon} />}
      </main>
    </Preview.Provider>
  );
}

/** The link under a room's list cut at its first ten: the same page with that room's lists whole. */
function ShowAll({ href, more, what }: { href: string; more: number; what: string }) {
  return (
    <p className="mt-2 text-sm">
      <a href={href} className="underline" data-show-all>
        Show all: {more} more {what}
      </a>
    </p>
  );
}

/** The project rooms the owner shows: each project's phases, what waits on the client, and the next date. */
function RoomsSection({ rooms, wholeRoom }: { rooms: Loaded["rooms"]; wholeRoom: string | null }) {
  if (rooms.length === 0) return null;
  return (
    <Section id="rooms" title={rooms.length === 1 ? "Your project" : "Your projects"}>
      {rooms.map((room) => {
        const waiting = waitingOnClient(room);
        const { asked } = waiting;
        const toAnswer = firstOfList(waiting.toAnswer, wholeRoom === room.id);
        const answered = firstOfList(waiting.answered, wholeRoom === room.id);
        const showAll = `?room=${room.id}#room-${room.id}`;
        return (
          <article
            key={room.id}
            id={`room-${room.id}`}
            className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900 p-4"
            data-portal-room={room.name}
          >
            <h3 className="text-lg font-semibold break-words">{room.name}</h3>
            {room.nextDate ? <p className={mutedClass}>Next date: {formatDay(room.nextDate)}</p> : null}
            {room.hours ? (
              <p className={mutedClass} data-portal-hours>
                Hours logged: {formatHours(room.hours.totalMinutes)}
              </p>
            ) : null}
            {room.phases.length ? (
              <ol className="flex flex-col gap-1 text-sm">
                {room.phases.map((phase) => (
                  <li
                    key={phase.id}
                    className="flex flex-wrap justify-between gap-2 border-t border-zinc-800 pt-1"
                    data-portal-phase={phase.name}
                  >
                    <span className="break-words">{phase.name}</span>
                    <span className="text-zinc-300">
                      {room.hours?.byPhase[phase.id] ? `${formatHours(room.hours.byPhase[phase.id] ?? 0)} · ` : ""}
                      {clientPhaseStatusLabels[phase.status]}
                      {phase.status !== "approved" && phase.plannedEnd
                        ? ` · planned ${formatDay(phase.plannedEnd)}`
                        : ""}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
            <h4 className="font-medium">Waiting for you</h4>
            {asked.length + toAnswer.shown.length === 0 ? (
              <Empty>Nothing is waiting for you on this project.</Empty>
            ) : (
              <DeliverableViews>
                <ul className="flex flex-col gap-2">
                  {toAnswer.shown.map((deliverable) => {
                    const label = `${deliverable.title} ${versionLabel(deliverable.current?.version ?? 1)}`;
                    return (
                      <li key={deliverable.id} className={cardClass} data-portal-deliverable={deliverable.title}>
                        <span className="break-words">Review {label}</span>
                        <DeliverableView id={deliverable.id} label={label} />
                      </li>
                    );
                  })}
                  {asked.map((item) => (
                    <li key={item.id} className={cardClass} data-portal-asked={item.label}>
                      <span className="break-words">{item.label}</span>
                    </li>
                  ))}
                </ul>
                {toAnswer.more ? <ShowAll href={showAll} more={toAnswer.more} what="to review" /> : null}
              </DeliverableViews>
            )}
            {answered.shown.length ? (
              <DeliverableViews>
                <ul className="flex flex-col gap-1 text-sm text-zinc-300">
                  {answered.shown.map((deliverable) => (
                    <li key={deliverable.id} className="flex flex-wrap items-center justify-between gap-2">
                      <span className="break-words">
                        {deliverable.title} {versionLabel(deliverable.current?.version ?? 1)}:{" "}
                        {deliverable.current?.answer ? deliverableAnswerLabels[deliverable.current.answer] : ""}
                      </span>
                      <DeliverableView id={deliverable.id} label={deliverable.title} />
                    </li>
                  ))}
                </ul>
                {answered.more ? <ShowAll href={showAll} more={answered.more} what="answered" /> : null}
              </DeliverableViews>
            ) : null}
          </article>
        );
      })}
    </Section>
  );
}
