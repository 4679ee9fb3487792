/** The project page: summary cards, details, pricing, phases, recurring fees and notes. */

import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProjectStatusBadge } from "#app/components/admin/badge.tsx";
import { type ContractCardData, ContractCards } from "#app/components/admin/contract-card.tsx";
import { InvoiceCard, type InvoiceCardData } from "#app/components/admin/customer-detail.tsx";
import { type ActionFailure, FailureNotice, RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { EmptyState, PageHeader } from "#app/components/admin/list.tsx";
import { NextRunsCard, type NextRunsCardData } from "#app/components/admin/next-runs-card.tsx";
import { ProjectQuestionnaires, type QuestionnaireCardData } from "#app/components/admin/questionnaires-card.tsx";
import { linkClass, SummaryCard } from "#app/components/admin/record-page.tsx";
import {
  perPeriod,
  RecurringInvoiceDialog,
  RecurringSchedulesSection,
  type ScheduleData,
} from "#app/components/admin/recurring-schedules.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { canWriteCaseStudy, testimonialsPath } from "#app/domain/case-studies.ts";
import { formatDay } from "#app/domain/dates.ts";
import { type ProjectStatus, pricingModelLabels } from "#app/domain/enums.ts";
import { newInvoiceHref } from "#app/domain/invoice-pages.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import {
  type ProjectPriceFields,
  pricingModelOf,
  projectMessages,
  projectValueLabel,
  recurringFeeLines,
  recurringFeesTotal,
} from "#app/domain/projects.ts";
import { newProposalHref } from "#app/domain/proposal-pages.ts";
import { testimonialRequestPath } from "#app/domain/testimonial-requests.ts";

type ProjectRecord = ProjectPriceFields & {
  id: string;
  customerId: string;
  projectName: string;
  description: string | null;
  projectType: string | null;
  status: ProjectStatus;
  startDate: string | null;
  endDate: string | null;
  notes: string | null;
  customer: { id: string; name: string; businessName: string | null } | null;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-5">
      <h2 className="text-sm font-semibold text-zinc-200">{title}</h2>
      <div className="mt-2 text-sm break-words whitespace-pre-line text-zinc-300">{children}</div>
    </section>
  );
}

const dollars = (value: number | null) => formatMoney(value === null ? 0 : (toCents(value) ?? 0));

function timeline(project: ProjectRecord): string {
  if (project.startDate && project.endDate) return `${formatDay(project.startDate)} – ${formatDay(project.endDate)}`;
  if (project.startDate) return `From ${formatDay(project.startDate)}`;
  if (project.endDate) return `Until ${formatDay(project.endDate)}`;
  return projectMessages.notSet;
}

export function ProjectDetailView({
  project,
  invoices,
  schedules,
  contracts = [],
  questionnaires,
  today,
  confirmRecurringInvoice,
  failure,
  caseStudy = null,
  testimonialRequest = null,
  next,
}: {
  /** the What happens next card: the project's automation runs to come, and its pause (ADR 0063) */
  next?: NextRunsCardData;
  project: ProjectRecord;
  invoices: InvoiceCardData[];
  schedules: ScheduleData[];
  /** the project's contracts (ADR 0043): their figures and schedule */
  contracts?: ContractCardData[];
  /** the questionnaires sent for the project */
  questionnaires?: QuestionnaireCardData["sent"];
  /** today in the studio's time zone (the schedule form's first date) */
  today: string;
  /** the URL asks to confirm 'Create invoice from recurring fees' */
  confirmRecurringInvoice: boolean;
  /** the refusal of an action on the page, shown where its form is */
  failure?: ActionFailure | null;
  /** the portfolio item telling of this project (ADR 0059), if the owner wrote one */
  caseStudy?: { id: number; title: string } | null;
  /** the latest testimonial request mailed to the client (ADR 0062) */
  testimonialRequest?: { createdAt: Date; sentTo: string; answeredAt: Date | null } | null;
}) {
  const page = `/admin/projects/${project.id}`;
  const feesTotal = recurringFeesTotal(project.pricingDetails);
  const hasFees = recurringFeeLines(project.pricingDetails).length > 0;
  const openSchedule = schedules.find((schedule) => schedule.status !== "ended");
  const model = pricingModelOf(project);
  const phases = project.pricingDetails?.phases ?? [];
  const fees = project.pricingDetails?.recurring_fees ?? [];
  const notSet = <span className="text-zinc-400">{projectMessages.notSet}</span>;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader
        title={project.projectName}
        description={
          project.customer ? (
            <Link to={`/admin/customers/${project.customer.id}`} className={linkClass}>
              {project.customer.name}
              {project.customer.businessName ? ` · ${project.customer.businessName}` : ""}
            </Link>
          ) : (
            projectMessages.unknownCustomer
          )
        }
        back={{ href: "/admin/projects", label: "Back to Projects" }}
      >
        <Link to={`${page}/room`} className={buttonClass("secondary", { size: "sm" })} data-project-room>
          <Icon name="folder-kanban" aria-hidden className="size-4" />
          Project room
        </Link>
        <Link to={`${page}/time`} className={buttonClass("secondary", { size: "sm" })} data-project-time>
          <Icon name="timer" aria-hidden className="size-4" />
          Time &amp; profit
        </Link>
        {caseStudy ? (
          <Link
            to={`/admin/site/portfolio/edit?id=${caseStudy.id}`}
            className={buttonClass("secondary", { size: "sm" })}
            data-case-study-link
          >
            <Icon name="images" aria-hidden className="size-4" />
            Case study
          </Link>
        ) : canWriteCaseStudy(project) ? (
          <Link
            to={`/admin/site/portfolio/edit?project=${project.id}`}
            className={buttonClass("secondary", { size: "sm" })}
            data-case-study-link
          >
            <Icon name="images" aria-hidden className="size-4" />
            Write a case study
          </Link>
        ) : null}
        {canWriteCaseStudy(project) ? (
          <RowActionForm
            intent="testimonial-request"
            fields={{}}
            action={testimonialRequestPath(project.id)}
            className={buttonClass("secondary", { size: "sm" })}
            data-testimonial-request
          >
            <Icon name="message-square-quote" aria-hidden className="size-4" />
            {testimonialRequest && !testimonialRequest.answeredAt
              ? "Request a testimonial again"
              : "Request a testimonial"}
          </RowActionForm>
        ) : null}
        <Link to={`/admin/projects/${project.id}/edit`} className={buttonClass("secondary", { size: "sm" })}>
          <Icon name="pencil" aria-hidden className="size-4" />
          Edit
        </Link>
        {hasFees ? (
          <Link
            to={`${page}?recurring-invoice=confirm`}
            preventScrollReset
            className={buttonClass("secondary", { size: "sm" })}
            data-recurring-invoice
          >
            <Icon name="repeat" aria-hidden className="size-4" />
            {projectMessages.recurringInvoice}
          </Link>
        ) : null}
        <a
          href={newProposalHref({ projectId: project.id })}
          className={buttonClass("secondary", { size: "sm" })}
          data-new-document="proposal"
        >
          <Icon name="file-signature" aria-hidden className="size-4" />
          New Proposal
        </a>
        <a
          href={newInvoiceHref("estimate", project.customerId, project.id)}
          className={buttonClass("secondary", { size: "sm" })}
          data-new-document="estimate"
        >
          <Icon name="file-text" aria-hidden className="size-4" />
          New Estimate
        </a>
        <a
          href={newInvoiceHref("invoice", project.customerId, project.id)}
          className={buttonClass("primary", { size: "sm" })}
          data-new-document="invoice"
        >
          <Icon name="file-plus" aria-hidden className="size-4" />
          New Invoice
        </a>
      </PageHeader>
      {testimonialRequest ? (
        <p className="text-sm text-zinc-400" data-testimonial-status>
          Testimonial requested from {testimonialRequest.sentTo} on {formatDay(testimonialRequest.createdAt)}:{" "}
          {testimonialRequest.answeredAt ? (
            <>
              answered on {formatDay(testimonialRequest.answeredAt)}.{" "}
              <Link to={testimonialsPath} className={linkClass}>
                See the testimonials
              </Link>
            </>
          ) : (
            "waiting for the answer."
          )}
        </p>
      ) : null}
      <FailureNotice failure={failure} form="recurring-invoice" />

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard label="Status" value={<ProjectStatusBadge status={project.status} />} />
        <SummaryCard label="Project Value" value={projectValueLabel(project)} hint={pricingModelLabels[model]} />
        <SummaryCard label="Timeline" value={<span className="text-base">{timeline(project)}</span>} />
        <SummaryCard label="Invoices" value={invoices.length} />
      </dl>

      <ContractCards contracts={contracts} />
      {questionnaires ? <ProjectQuestionnaires items={questionnaires} customerId={project.customerId} /> : null}
      {next ? <NextRunsCard action={`${page}/automations`} scope="project" data={next} /> : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Description">{project.description ?? notSet}</Section>
        <Section title="Project Type">{project.projectType ?? notSet}</Section>
      </div>

      <Section title="Pricing">
        <p>
          {pricingModelLabels[model]}
          {model === "hourly" && project.hourlyRate && project.estimatedHours
            ? `: ${formatMoney(toCents(project.hourlyRate) ?? 0)} × ${Number(project.estimatedHours)} hours`
            : ""}
        </p>
        {model === "phased" && phases.length > 0 ? (
          <table className="mt-2 w-full max-w-md text-left">
            <caption className="sr-only">Phases</caption>
            <thead className="text-xs text-zinc-400 uppercase">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Phase
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {phases.map((phase) => (
                <tr key={phase.id} className="border-t border-zinc-800">
                  <td className="py-1.5">{phase.name}</td>
                  <td className="py-1.5 text-right tabular-nums">{dollars(phase.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {fees.length > 0 ? (
          <div className="mt-3">
            <h3 className="text-xs font-medium tracking-wide text-zinc-400 uppercase">Recurring Fees</h3>
            <ul className="mt-1 max-w-md">
              {fees.map((fee) => (
                <li key={fee.id} className="flex justify-between gap-4 border-t border-zinc-800 py-1.5">
                  <span>{fee.name}</span>
                  <span className="tabular-nums">{fee.amount === null ? "—" : dollars(fee.amount)}</span>
                </li>
              ))}
              <li
                className="flex justify-between gap-4 border-t border-zinc-700 py-1.5 font-medium text-zinc-100"
                data-recurring-total
              >
                <span>Recurring total</span>
                <span className="tabular-nums">{perPeriod(feesTotal, openSchedule?.frequency ?? "month")}</span>
              </li>
            </ul>
          </div>
        ) : null}
      </Section>

      <RecurringSchedulesSection
        schedules={schedules}
        amount={feesTotal}
        hasFees={hasFees}
        today={today}
        failure={failure ?? null}
      />

      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold text-zinc-200">Related Invoices</h2>
        {invoices.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {invoices.map((invoice) => (
              <InvoiceCard key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        ) : (
          <EmptyState>No invoices yet</EmptyState>
        )}
      </section>

      <Section title="Notes">{project.notes ?? notSet}</Section>
      {confirmRecurringInvoice && hasFees ? <RecurringInvoiceDialog page={page} amount={feesTotal} /> : null}
    </div>
  );
}
