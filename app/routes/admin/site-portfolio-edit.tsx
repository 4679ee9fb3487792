/**
 * /admin/site/portfolio/edit (?id= to edit; without it, a new item): the portfolio item form with
 * its image upload (multipart; PNG, JPEG or WebP up to 5 MB, checked by its bytes and turned into
 * the page's WebP sizes by services/portfolio-images.server.ts). A refused file keeps every typed
 * field; the file must be chosen again.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "react-router";
import {
  AdminForm,
  CheckboxField,
  FormError,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { portfolioCategories, portfolioCategoryLabels } from "#app/domain/enums.ts";
import { portfolioItemSchema, siteMessages } from "#app/domain/site-content.ts";
import { createPortfolioItem, getPortfolioItem, updatePortfolioItem } from "#app/models/portfolio.server.ts";
import { invalid, notFound, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { storePortfolioImage } from "#app/services/portfolio-images.server.ts";
import type { Route } from "./+types/site-portfolio-edit";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, `${loaderData?.item ? "Edit" : "New"} Portfolio Item`) },
];

function itemId(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("id");
  if (raw === null) return null;
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id <= 0) notFound(siteMessages.notFound);
  return id;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = itemId(request);
  const item = id ? await getPortfolioItem(getApp(context).database.db, id) : null;
  if (id && !item) notFound(siteMessages.notFound);
  return { item };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const id = itemId(request);
  const submission = parseWithZod(await request.formData(), { schema: portfolioItemSchema });
  if (submission.status !== "success") return invalid(submission);
  const file = submission.value.image;
  const bytes = file && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const badImage = (message: string) =>
    invalid(submission, { fieldErrors: { image: [message, siteMessages.imageAgain] } });
  let image: string | null = null;
  if (bytes) {
    const stored = await storePortfolioImage(database.db, bytes);
    if (!stored.ok) return badImage(stored.message);
    image = stored.image;
  }
  const form = submission.value;
  if (id) {
    const updated = await auditedChange(
      database.db,
      async (tx) => (await updatePortfolioItem(tx, id, form, image)) ?? null,
      { actor: session, ip, event: "portfolio_item_updated", detail: { id, title: form.title, image: Boolean(image) } },
    );
    if (!updated) notFound(siteMessages.notFound);
  } else {
    if (!image) return badImage(siteMessages.imageRequired);
    await auditedChange(database.db, (tx) => createPortfolioItem(tx, form, image), {
      actor: session,
      ip,
      event: "portfolio_item_created",
      detail: (created) => ({ id: created?.id ?? null, title: form.title }),
    });
  }
  return redirectWithToast(config, "/admin/site/portfolio", { type: "success", message: siteMessages.saved });
}

export default function PortfolioItemEdit({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  const failure = useActionData<typeof action>();
  const [form, fields] = useAdminForm({
    id: "portfolio-item",
    schema: portfolioItemSchema,
    failure: failure ?? null,
    defaultValue: {
      title: item?.title ?? "",
      description: item?.description ?? "",
      category: item?.category ?? "websites",
      link: item?.link ?? "",
      published: item ? (item.published ? "on" : "") : "on",
    },
  });
  const imageErrors = fields.image.errors ?? [];
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
        <CheckboxField meta={fields.published} label="Published (shown on the portfolio page)" />
        <div>
          <SubmitButton>Save Item</SubmitButton>
        </div>
      </AdminForm>
    </div>
  );
}
