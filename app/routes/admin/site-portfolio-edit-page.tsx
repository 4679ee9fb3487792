/**
 * The page of `site-portfolio-edit.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Link, useActionData } from "react-router";
import {
  AdminForm,
  CheckboxField,
  FormError,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { cx } from "#app/components/admin/ui.tsx";
import { caseStudyLimits, testimonialByline } from "#app/domain/case-studies.ts";
import { portfolioCategories, portfolioCategoryLabels } from "#app/domain/enums.ts";
import { portfolioItemSchema } from "#app/domain/site-content.ts";
import type { Route } from "./+types/site-portfolio-edit";

export function PortfolioItemEdit({ loaderData }: Route.ComponentProps) {
  const { item, choices, start } = loaderData;
  const failure = useActionData() as Route.ComponentProps["actionData"];
  const [form, fields] = useAdminForm({
    id: "portfolio-item",
    schema: portfolioItemSchema,
    failure: failure ?? null,
    defaultValue: {
      title: item?.title ?? start?.title ?? "",
      description: item?.description ?? start?.description ?? "",
      category: item?.category ?? "websites",
      link: item?.link ?? "",
      published: item ? (item.published ? "on" : "") : start ? "" : "on",
      slug: item?.slug ?? start?.slug ?? "",
      project_id: item?.projectId ?? start?.project_id ?? "",
      problem: item?.problem ?? "",
      built: item?.built ?? "",
      results: item?.results ?? "",
      testimonial_id: item?.testimonialId ? String(item.testimonialId) : "",
    },
  });
  const imageErrors = fields.image.errors ?? [];
  const projectOptions = choices.projects.map((project) => ({
    value: project.id,
    label: project.customer ? `${project.name} · ${project.customer}` : project.name,
  }));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={item ? `Edit ${item.title}` : "New Portfolio Item"}
        back={{ href: "/admin/site/portfolio", label: "Back to Portfolio" }}
      />
      <AdminForm
        form={form}
        action={item ? `/admin/site/portfolio/edit?id=${item.id}` : "/admin/site/portfolio/edit"}
        encType="multipart/form-data"
        className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
      >
        <FormError form={form} />
        <TextField meta={fields.title} label="Title" maxLength={200} />
        <TextareaField meta={fields.description} label="Description" rows={4} maxLength={2000} />
        <SelectField
          meta={fields.category}
          label="Category"
          options={portfolioCategories.map((category) => ({
            value: category,
            label: portfolioCategoryLabels[category],
          }))}
        />
        <TextField meta={fields.link} label="Link" type="url" description="The live site's address (http or https)." />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fields.image.id} className="text-sm font-medium text-zinc-200">
            Image
          </label>
          {item ? (
            <img
              src={item.image}
              alt={`${item.title}, as shown now`}
              width={320}
              height={200}
              className="w-64 rounded"
            />
          ) : null}
          <input
            id={fields.image.id}
            name={fields.image.name}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-invalid={imageErrors.length ? true : undefined}
            aria-describedby={`${fields.image.descriptionId} ${fields.image.errorId}`}
            className="text-sm text-zinc-200 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100"
          />
          <p id={fields.image.descriptionId} className="text-xs text-zinc-400">
            PNG, JPEG or WebP, at most 5 MB; shown at 8:5 (800 × 500).
            {item ? " Leave empty to keep the current image." : ""}
          </p>
          <p id={fields.image.errorId} className="min-h-4 text-xs text-red-400" aria-live="polite">
            {imageErrors.join(" ")}
          </p>
        </div>
        <fieldset className="flex flex-col gap-3 rounded-md border border-zinc-800 p-4" data-case-study>
          <legend className="px-1 text-sm font-semibold text-zinc-100">Case study</legend>
          <p className="text-xs text-zinc-400">
            With an address, the card links to a page of its own telling the project's story. Leave the address empty
            for a card alone.
          </p>
          <TextField
            meta={fields.slug}
            label="Address"
            maxLength={caseStudyLimits.slug}
            description={
              <>
                The page's address: /portfolio/
                <strong className="text-zinc-200">
                  {typeof fields.slug.value === "string" && fields.slug.value ? fields.slug.value : "…"}
                </strong>{" "}
                (lowercase letters, digits and hyphens).
              </>
            }
          />
          <SelectField
            meta={fields.project_id}
            label="Project"
            placeholder="No project"
            description="The completed project it tells of."
            options={projectOptions}
          />
          <TextareaField
            meta={fields.problem}
            label="The client's problem"
            rows={4}
            maxLength={caseStudyLimits.problem}
          />
          <TextareaField meta={fields.built} label="What we built" rows={4} maxLength={caseStudyLimits.built} />
          <TextareaField
            meta={fields.results}
            label="Results"
            rows={3}
            maxLength={caseStudyLimits.results}
            description="One per line, with numbers where you have them (“Quotes answered in 2 hours instead of 2 days”)."
          />
          <SelectField
            meta={fields.testimonial_id}
            label="Testimonial"
            placeholder="None"
            description={
              <>
                Only testimonials with the client's recorded permission are offered (
                <Link to="/admin/site/testimonials" className={cx(linkClass, "underline")}>
                  Testimonials
                </Link>
                ).
              </>
            }
            options={choices.testimonials.map((testimonial) => ({
              value: String(testimonial.id),
              label: testimonialByline(testimonial),
            }))}
          />
          {item?.slug ? (
            <Link
              to={`/admin/site/portfolio/${item.id}/preview`}
              className={cx(linkClass, "w-fit text-sm")}
              data-case-study-preview
            >
              Preview the saved page
            </Link>
          ) : null}
        </fieldset>
        <CheckboxField meta={fields.published} label="Published (shown on the portfolio page)" />
        <div>
          <SubmitButton>Save Item</SubmitButton>
        </div>
      </AdminForm>
    </div>
  );
}
