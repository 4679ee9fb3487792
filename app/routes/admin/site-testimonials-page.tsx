/**
 * The page of `site-testimonials.tsx`, a chunk loaded on demand (its form, Conform and its schema): the route renders
 * it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Link, useActionData } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import {
  AdminForm,
  CheckboxField,
  FormError,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, FailureNotice, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import {
  caseStudyLimits,
  testimonialFormId,
  testimonialPlaceLabels,
  testimonialPlaces,
  testimonialRowFormId,
  testimonialSchema,
  testimonialShowable,
  testimonialsPath,
} from "#app/domain/case-studies.ts";
import type { Route } from "./+types/site-testimonials";

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const ratingOptions = [5, 4, 3, 2, 1].map((value) => ({ value: String(value), label: `${value} out of 5` }));

const { ownerOnly, notPlaced } = testimonialPlaceLabels;
const whereShown = (row: Row) => testimonialPlaces(row.testimonial, row.caseStudies);

const columns: Column<Row>[] = [
  {
    header: "Client",
    primary: true,
    truncate: true,
    className: "md:max-w-44",
    cell: (row) =>
      row.testimonial.authorRole
        ? `${row.testimonial.authorName} · ${row.testimonial.authorRole}`
        : row.testimonial.authorName,
  },
  {
    header: "Testimonial",
    lowPriority: true,
    truncate: true,
    className: "md:max-w-48",
    cell: (row) => row.testimonial.quote,
  },
  {
    header: "Rating",
    cell: (row) => (row.testimonial.rating === null ? "None" : `${row.testimonial.rating} / 5`),
  },
  {
    header: "On the site",
    cell: (row) => {
      const place = whereShown(row);
      return <Badge tone={place === ownerOnly ? "zinc" : place === notPlaced ? "amber" : "green"}>{place}</Badge>;
    },
  },
];

export function TestimonialsEditor({ loaderData }: Route.ComponentProps) {
  const { rows, editing, deleting, projects } = loaderData;
  const failure = useActionData() as ActionFailure | undefined;
  // a testimonial added (a new row) or edited (back to the list) starts a fresh form; a refusal keeps what was typed
  const formKey = `${editing?.id ?? "new"}:${rows.map((row) => row.testimonial.id).join()}`;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader
        title="Testimonials"
        description="What clients said. One shows on the site only with the client's recorded permission and a rating above 3; the home page shows up to three you pick."
      />
      <FailureNotice failure={failure} form={testimonialRowFormId} />
      <DataTable
        label="Testimonials"
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.testimonial.id)}
        rowAttributes={(row) => ({ "data-testimonial-row": String(row.testimonial.id) })}
        empty="No testimonials yet. Add what a client said below."
        actions={(row) => {
          const { id, authorName, featured } = row.testimonial;
          const showable = testimonialShowable(row.testimonial).ok;
          return (
            <>
              {featured || showable ? (
                <RowActionForm
                  intent={featured ? "unfeature" : "feature"}
                  fields={{ id }}
                  action={testimonialsPath}
                  className={rowActionClass}
                  aria-label={`${featured ? "Remove from the home page" : "Show on the home page"}: ${authorName}`}
                  data-row-action
                >
                  <Icon name={featured ? "eye-off" : "eye"} aria-hidden className="size-4" />
                  <span className="max-lg:sr-only">{featured ? "Unfeature" : "Feature"}</span>
                </RowActionForm>
              ) : null}
              <Link
                to={`${testimonialsPath}?edit=${id}#${testimonialFormId}`}
                className={rowActionClass}
                aria-label={`Edit the testimonial of ${authorName}`}
                data-row-action
              >
                <Icon name="pencil" aria-hidden className="size-4" />
                <span className="max-lg:sr-only">Edit</span>
              </Link>
              <Link
                to={`${testimonialsPath}?delete=${id}`}
                preventScrollReset
                className={rowActionClass}
                aria-label={`Delete the testimonial of ${authorName}`}
                data-row-action
              >
                <Icon name="trash-2" aria-hidden className="size-4" />
                <span className="max-lg:sr-only">Delete</span>
              </Link>
            </>
          );
        }}
      />
      <TestimonialForm key={formKey} editing={editing} projects={projects} failure={failure ?? null} />
      {deleting ? (
        <ConfirmDialog
          title="Delete testimonial"
          description={`Delete what ${deleting.authorName} said? It disappears from the site at once. This cannot be undone.`}
          closeHref={testimonialsPath}
          action={testimonialsPath}
          intent="delete"
          fields={{ id: String(deleting.id) }}
          confirm="Delete"
          pendingLabel="Deleting..."
        />
      ) : null}
    </div>
  );
}

function TestimonialForm({
  editing,
  projects,
  failure,
}: {
  editing: Route.ComponentProps["loaderData"]["editing"];
  projects: Route.ComponentProps["loaderData"]["projects"];
  failure: ActionFailure | null;
}) {
  const [form, fields] = useAdminForm({
    id: testimonialFormId,
    schema: testimonialSchema,
    failure,
    defaultValue: {
      id: editing ? String(editing.id) : "",
      author_name: editing?.authorName ?? "",
      author_role: editing?.authorRole ?? "",
      quote: editing?.quote ?? "",
      rating: editing?.rating ? String(editing.rating) : "",
      project_id: editing?.projectId ?? "",
      permission: editing && editing.permission !== "none" ? "on" : "",
      permission_note: editing?.permissionNote ?? "",
    },
  });
  const formPath = editing ? `${testimonialsPath}?edit=${editing.id}` : testimonialsPath;
  return (
    <section aria-labelledby="testimonial-form-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <h2 id="testimonial-form-title" className="mb-3 text-lg font-semibold text-zinc-50">
        {editing ? `Edit the testimonial of ${editing.authorName}` : "Add a testimonial"}
      </h2>
      <AdminForm form={form} action={formPath} className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        <FormError form={form} />
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField meta={fields.author_name} label="Client's name" maxLength={caseStudyLimits.authorName} />
        <TextField
          meta={fields.author_role}
          label="Role (optional)"
          maxLength={caseStudyLimits.authorRole}
          description="As it should read on the site: “Owner, Floor & Co.”"
        />
        <TextareaField
          meta={fields.quote}
          label="What the client said"
          rows={4}
          maxLength={caseStudyLimits.quote}
          description={`At most ${caseStudyLimits.quote} characters; line breaks are kept.`}
        />
        <SelectField meta={fields.rating} label="Rating" placeholder="No rating" options={ratingOptions} />
        <SelectField
          meta={fields.project_id}
          label="Project (optional)"
          placeholder="No project"
          options={projects.map((project) => ({
            value: project.id,
            label: project.customer ? `${project.name} · ${project.customer}` : project.name,
          }))}
        />
        <CheckboxField
          meta={fields.permission}
          label="The client gave permission to publish this, with their name and role"
          description={
            editing?.permission === "client_form"
              ? "Given on the client's own testimonial form."
              : "Without it, the testimonial stays with you: it is never shown on the site."
          }
        />
        <TextField
          meta={fields.permission_note}
          label="Where permission was given"
          maxLength={caseStudyLimits.permissionNote}
          wide
          description="An email, a call, a signed form... with its date."
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <SubmitButton>{editing ? "Save Testimonial" : "Add Testimonial"}</SubmitButton>
          {editing ? (
            <Link to={testimonialsPath} className={buttonClass("secondary")}>
              Cancel
            </Link>
          ) : null}
        </div>
      </AdminForm>
    </section>
  );
}
