/** The customer page: summary cards, the four tabs, and the Activity tab's Add note form. */
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import {
  CustomerStatusBadge,
  InvoiceStatusBadge,
  ProjectStatusBadge,
  ProposalStateBadge,
} from "#app/components/admin/badge.tsx";
import { type ContractCardData, ContractCards } from "#app/components/admin/contract-card.tsx";
import { CreditCard, type CreditData } from "#app/components/admin/credit-card.tsx";
import { AdminForm, FormError, TextareaField, TextField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { EmptyState, PageHeader } from "#app/components/admin/list.tsx";
import { NextRunsCard, type NextRunsCardData } from "#app/components/admin/next-runs-card.tsx";
import { PortalCard, type PortalSummary } from "#app/components/admin/portal-card.tsx";
import { type QuestionnaireCardData, QuestionnairesCard } from "#app/components/admin/questionnaires-card.tsx";
import { linkClass, SummaryCard } from "#app/components/admin/record-page.tsx";
import { CustomerSchedules } from "#app/components/admin/recurring-schedules.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { interactionFormSchema } from "#app/domain/customer-form.ts";
import { type CustomerTab, customerMessages, paymentTermsLabel } from "#app/domain/customers.ts";
import { formatDateTime, formatDay } from "#app/domain/dates.ts";
import { signedAmount } from "#app/domain/document-lifecycle.ts";
import type {
  CustomerStatus,
  InvoiceStatus,
  InvoiceType,
  ProjectStatus,
  ProjectType,
  SubmissionStatus,
} from "#app/domain/enums.ts";
import { invoiceTypeLabels, projectTypeLabels } from "#app/domain/enums.ts";
import { inboxListHref } from "#app/domain/inbox-list.ts";
import { type Cents, formatMoney, toCents } from "#app/domain/money.ts";
import { type ProjectPriceFields, projectValueLabel } from "#app/domain/projects.ts";
import { newProposalHref, proposalAmountText } from "#app/domain/proposal-pages.ts";
import { telHref } from "#app/domain/studio.ts";
import { safeExternalHref } from "#app/domain/submission-forms.ts";

export type CustomerRecord = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  businessName: string | null;
  websiteUrl: string | null;
  billingAddress: string | null;
  taxId: string | null;
  paymentTerms: number;
  status: CustomerStatus;
  notes: string | null;
  createdAt: Date;
  source: {
    id: string;
    name: string;
    status: SubmissionStatus;
    projectType: ProjectType;
    createdAt: Date;
  } | null;
};

export type ProjectCardData = ProjectPriceFields & {
  id: string;
  projectName: string;
  projectType: string | null;
  status: ProjectStatus;
  startDate: string | null;
  endDate: string | null;
  customerName: string | null;
  customerBusinessName: string | null;
};

export type InvoiceCardData = {
  id: string;
  invoiceNumber: string;
  invoiceType: InvoiceType;
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string | null;
  totalAmount: string;
  balanceDue: string;
};

export type NoteData = { id: string; subject: string; description: string | null; interactionDate: Date };

const tabLabels: Record<CustomerTab, string> = {
  overview: "Overview",
  projects: "Projects",
  invoices: "Invoices",
  activity: "Activity",
};

const money = (value: string | null | undefined): string => formatMoney(toCents(value ?? "0") ?? 0);

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cx("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words whitespace-pre-line text-zinc-100">{children}</dd>
    </div>
  );
}
const notProvided = <span className="text-zinc-400">Not provided</span>;

function ProjectCard({ project }: { project: ProjectCardData }) {
  return (
    <li className="min-w-0">
      <Link
        to={`/admin/projects/${project.id}`}
        data-row-action
        data-project-card={project.id}
        className="flex h-full flex-col gap-2 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4 hover:border-zinc-600 hover:bg-zinc-900 focus-visible:border-[var(--color-accent)]"
      >
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-medium break-words text-zinc-100">{project.projectName}</h3>
          <ProjectStatusBadge status={project.status} />
        </div>
        {project.projectType ? <p className="truncate text-sm text-zinc-400">{project.projectType}</p> : null}
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <span className="text-xs text-zinc-400">
            {project.startDate ? formatDay(project.startDate) : ""}
            {project.startDate && project.endDate ? " – " : ""}
            {project.endDate ? formatDay(project.endDate) : ""}
          </span>
          <span className="font-semibold text-zinc-100 tabular-nums">{projectValueLabel(project)}</span>
        </div>
      </Link>
    </li>
  );
}

export function InvoiceCard({ invoice }: { invoice: InvoiceCardData }) {
  return (
    <li className="min-w-0">
      <a
        href={`/admin/invoices/${invoice.id}`}
        data-invoice-card={invoice.id}
        className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4 hover:border-zinc-600 hover:bg-zinc-900 focus-visible:border-[var(--color-accent)]"
      >
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-medium text-zinc-100">
            <Icon name="file-text" aria-hidden className="size-4 text-zinc-400" />
            {invoiceTypeLabels[invoice.invoiceType]} {invoice.invoiceNumber}
          </p>
          <p className="mt-0.5 text-xs text-zinc-400">
            Issued {formatDay(invoice.issueDate)}
            {invoice.dueDate ? ` · Due ${formatDay(invoice.dueDate)}` : ""}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <InvoiceStatusBadge status={invoice.status} />
          <span className="text-right">
            <span className="block font-semibold text-zinc-100 tabular-nums">
              {formatMoney(signedAmount(invoice.invoiceType, toCents(invoice.totalAmount) ?? 0))}
            </span>
            <span className="block text-xs text-zinc-400 tabular-nums">Balance {money(invoice.balanceDue)}</span>
          </span>
          <Icon name="chevron-right" aria-hidden className="size-4 text-zinc-500" />
        </div>
      </a>
    </li>
  );
}

export function noteFormId(customerId: string) {
  return `note-${customerId}`;
}

function NoteForm({ customerId, failure }: { customerId: string; failure?: ActionFailure }) {
  const [form, fields] = useAdminForm({ id: noteFormId(customerId), schema: interactionFormSchema, failure });
  const action = `/admin/customers/${customerId}?tab=activity`;
  return (
    <AdminForm
      form={form}
      action={action}
      preventScrollReset
      className="flex flex-col rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <h3 className="mb-2 text-sm font-semibold text-zinc-100">Add note</h3>
      <FormError form={form} />
      <TextField meta={fields.subject} label="Subject" placeholder="Call, meeting, email…" autoComplete="off" />
      <TextareaField meta={fields.description} label="Description" />
      <div className="flex justify-end">
        <SubmitButton intent="add-note" action={action}>
          <Icon name="plus" aria-hidden className="size-4" />
          Add note
        </SubmitButton>
      </div>
    </AdminForm>
  );
}

export function CustomerDetailView({
  customer,
  summary,
  tab,
  projects,
  invoices,
  notes,
  schedules,
  portal,
  proposals,
  noteFailure,
  contracts,
  credit,
  creditFailure,
  questionnaires,
  next,
}: {
  /** the What happens next card: the customer's automation runs to come, and their pause (ADR 0063) */
  next: NextRunsCardData;
  /** the Questionnaires card: copies sent, what can be sent, proposed changes to review */
  questionnaires: QuestionnaireCardData;
  /** the customer's contracts (ADR 0043) */
  contracts: ContractCardData[];
  /** the customer's credit: its balance and ledger */
  credit: CreditData;
  creditFailure: ActionFailure | null;
  /** the Client portal card (ADR 0034) */
  portal: { summary: PortalSummary; copied: string | null };
  customer: CustomerRecord;
  /** the recurring schedules of the customer's projects (the overview) */
  schedules: ComponentProps<typeof CustomerSchedules>["schedules"];
  /** the customer's proposals (the overview) */
  proposals: CustomerProposal[];
  summary: { totalBilled: Cents; outstanding: Cents; overdue: Cents; projectCount: number; invoiceCount: number };
  tab: CustomerTab;
  projects: ProjectCardData[] | null;
  invoices: InvoiceCardData[] | null;
  notes: NoteData[] | null;
  noteFailure?: ActionFailure;
}) {
  const website = safeExternalHref(customer.websiteUrl);
  const base = `/admin/customers/${customer.id}`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader
        title={customer.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {customer.businessName ? <span>{customer.businessName}</span> : null}
            <CustomerStatusBadge status={customer.status} />
          </span>
        }
        back={{ href: "/admin/customers", label: "Back to Customers" }}
      >
        <Link to={`${base}/edit`} className={buttonClass("secondary", { size: "sm" })}>
          <Icon name="pencil" aria-hidden className="size-4" />
          Edit
        </Link>
      </PageHeader>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard label="Total Billed" value={formatMoney(summary.totalBilled)} />
        <SummaryCard
          label="Outstanding"
          value={formatMoney(summary.outstanding)}
          hint={summary.overdue > 0 ? `${formatMoney(summary.overdue)} overdue` : undefined}
        />
        <SummaryCard label="Projects" value={summary.projectCount} />
        <SummaryCard label="Invoices" value={summary.invoiceCount} />
      </dl>

      <PortalCard customerId={customer.id} summary={portal.summary} copied={portal.copied} />
      <QuestionnairesCard customerId={customer.id} data={questionnaires} />
      <NextRunsCard action={`/admin/customers/${customer.id}/automations`} scope="customer" data={next} />
      <CreditCard customerId={customer.id} credit={credit} failure={creditFailure} />
      <ContractCards contracts={contracts} />

      <nav aria-label="Customer sections" className="flex gap-1 overflow-x-auto border-b border-zinc-800">
        {(Object.keys(tabLabels) as CustomerTab[]).map((key) => (
          <Link
            key={key}
            to={key === "overview" ? base : `${base}?tab=${key}`}
            preventScrollReset
            aria-current={tab === key ? "page" : undefined}
            className={cx(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
              tab === key
                ? "border-[var(--color-accent)] text-zinc-50"
                : "border-transparent text-zinc-400 hover:text-zinc-100",
            )}
          >
            {tabLabels[key]}
          </Link>
        ))}
      </nav>

      <section aria-label={tabLabels[tab]}>
        {tab === "overview" ? (
          <dl className="grid gap-x-6 gap-y-4 rounded-lg border border-zinc-800 bg-zinc-900/40 p-5 sm:grid-cols-2">
            <Detail label="Email">
              <a href={`mailto:${customer.email}`} className={linkClass}>
                {customer.email}
              </a>
            </Detail>
            <Detail label="Phone">
              {customer.phoneNumber ? (
                <a href={telHref(customer.phoneNumber)} className={linkClass}>
                  {customer.phoneNumber}
                </a>
              ) : (
                notProvided
              )}
            </Detail>
            <Detail label="Website">
              {website ? (
                <a href={website} target="_blank" rel="noopener noreferrer" className={cx(linkClass, "break-all")}>
                  {customer.websiteUrl}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                (customer.websiteUrl ?? notProvided)
              )}
            </Detail>
            <Detail label="Status">
              <CustomerStatusBadge status={customer.status} />
            </Detail>
            <Detail label="Payment Terms">{paymentTermsLabel(customer.paymentTerms)}</Detail>
            <Detail label="Business">{customer.businessName ?? notProvided}</Detail>
            <Detail label="Billing Address">
              {customer.billingAddress?.trim() ? customer.billingAddress : notProvided}
            </Detail>
            <Detail label="Tax ID">{customer.taxId ?? notProvided}</Detail>
            <Detail label="Customer Since">{formatDay(customer.createdAt)}</Detail>
            <Detail label="Source">
              {customer.source ? (
                <Link
                  to={inboxListHref({ status: customer.source.status }, { submission: customer.source.id })}
                  className={linkClass}
                >
                  Contact form: {projectTypeLabels[customer.source.projectType]}, {formatDay(customer.source.createdAt)}
                </Link>
              ) : (
                <span className="text-zinc-400">Added by hand</span>
              )}
            </Detail>
            {customer.notes ? (
              <Detail label="Notes" wide>
                {customer.notes}
              </Detail>
            ) : null}
          </dl>
        ) : null}
        {tab === "overview" ? (
          <div className="mt-5">
            <CustomerSchedules schedules={schedules} />
          </div>
        ) : null}
        {tab === "overview" ? <CustomerProposals customerId={customer.id} proposals={proposals} /> : null}

        {tab === "projects" ? (
          <div className="flex flex-col gap-3">
            <div className="flex justify-end">
              <Link
                to={`/admin/projects/new?customer_id=${customer.id}`}
                className={buttonClass("primary", { size: "sm" })}
              >
                <Icon name="folder-kanban" aria-hidden className="size-4" />
                New Project
              </Link>
            </div>
            {projects && projects.length > 0 ? (
              <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {projects.map((project) => (
                  <ProjectCard key={project.id} project={project} />
                ))}
              </ul>
            ) : (
              <EmptyState>{customerMessages.noProjects}</EmptyState>
            )}
          </div>
        ) : null}

        {tab === "invoices" ? (
          invoices && invoices.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {invoices.map((invoice) => (
                <InvoiceCard key={invoice.id} invoice={invoice} />
              ))}
            </ul>
          ) : (
            <EmptyState>{customerMessages.noInvoices}</EmptyState>
          )
        ) : null}

        {tab === "activity" ? (
          <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="order-2 lg:order-1">
              {notes && notes.length > 0 ? (
                <ol className="flex flex-col gap-3">
                  {notes.map((note) => (
                    <li key={note.id} className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <h3 className="font-medium text-zinc-100">{note.subject}</h3>
                        <time
                          dateTime={note.interactionDate.toISOString()}
                          suppressHydrationWarning
                          className="text-xs text-zinc-400"
                        >
                          {formatDateTime(note.interactionDate)}
                        </time>
                      </div>
                      {note.description ? (
                        <p className="mt-1.5 text-sm break-words whitespace-pre-line text-zinc-300">
                          {note.description}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ol>
              ) : (
                <EmptyState>{customerMessages.noActivity}</EmptyState>
              )}
            </div>
            <div className="order-1 lg:order-2">
              {/* a new note remounts the form, so it is empty again after a save */}
              <NoteForm key={notes?.[0]?.id ?? "none"} customerId={customer.id} failure={noteFailure} />
            </div>
          </div>
        ) : null}
      </section>
    </div>
  );
}

type CustomerProposal = Parameters<typeof proposalAmountText>[0] & {
  id: string;
  proposalNumber: string;
  title: string;
};

/** The customer's proposals, newest first, and a new one for this customer. */
function CustomerProposals({ customerId, proposals }: { customerId: string; proposals: CustomerProposal[] }) {
  return (
    <section aria-labelledby="customer-proposals" className="mt-5 flex flex-col gap-3" data-customer-proposals>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="customer-proposals" className="text-base font-semibold">
          Proposals
        </h2>
        <Link to={newProposalHref({ customerId })} className={buttonClass("secondary", { size: "sm" })}>
          <Icon name="file-signature" aria-hidden className="size-4" />
          New Proposal
        </Link>
      </div>
      {proposals.length ? (
        <ul className="flex flex-col gap-2">
          {proposals.map((proposal) => (
            <li key={proposal.id}>
              <Link
                to={`/admin/proposals/${proposal.id}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 px-4 py-3 hover:border-zinc-700"
              >
                <span className="min-w-0">
                  <span className="font-mono text-sm">{proposal.proposalNumber}</span>{" "}
                  <span className="break-words text-zinc-200">{proposal.title}</span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="text-sm tabular-nums">{proposalAmountText(proposal)}</span>
                  <ProposalStateBadge state={proposal.state} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>No proposals yet.</EmptyState>
      )}
    </section>
  );
}
