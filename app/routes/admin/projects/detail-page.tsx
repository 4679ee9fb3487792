/**
 * The page of `detail.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { ProjectDetailView } from "#app/components/admin/project-detail.tsx";
import type { Route } from "./+types/detail";

export function ProjectDetail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProjectDetailView
      project={loaderData.project}
      invoices={loaderData.invoices}
      schedules={loaderData.schedules}
      contracts={loaderData.contracts}
      questionnaires={loaderData.questionnaires}
      today={loaderData.today}
      confirmRecurringInvoice={loaderData.confirmRecurringInvoice}
      failure={actionData}
      caseStudy={loaderData.caseStudy}
      testimonialRequest={loaderData.testimonialRequest}
      next={loaderData.next}
    />
  );
}
