/**
 * /admin/site/pricing: the pricing page as the owner runs it: one form per package
 * (name, price, description, features one per line, button label, highlighted and its label),
 * Add package, Remove package (at least one stays), and the consultation banner's two lists.
 * /pricing follows at once (a site_content change event).
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { Plus, Trash2 } from "lucide-react";
import { useActionData } from "react-router";
import {
  type ActionFailure,
  AdminForm,
  CheckboxField,
  FormError,
  RowActionForm,
  SubmitButton,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import {
  packageNotFound,
  pricingActionSchema,
  pricingBannerSchema,
  pricingPackageSchema,
  siteMessages,
} from "#app/domain/site-content.ts";

import {
  addPricingPackage,
  getPricingBanner,
  listPricingPackages,
  type PricingPackage,
  removePricingPackage,
  savePricingBanner,
  updatePricingPackage,
} from "#app/models/pricing.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/site-pricing";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Pricing") }];

const page = "/admin/site/pricing";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const [packages, banner] = await Promise.all([listPricingPackages(db), getPricingBanner(db)]);
  return { packages, banner };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const db = database.db;
  const submission = parseWithZod(await request.formData(), { schema: pricingActionSchema });
  const intent = submission.payload.intent;
  const done = (message: string) => redirectWithToast(config, page, { type: "success", message });
  if (submission.status !== "success") {
    if (intent === "remove-package") notFound(packageNotFound);
    if (intent === "save-banner") return invalid(submission, { form: bannerFormId });
    if (intent !== "save-package") badRequest("Unknown action");
    return invalid(submission, { form: packageFormId(String(submission.payload.id)) });
  }
  const value = submission.value;
  if (value.intent === "save-package") {
    const row = await auditedChange(db, async (tx) => (await updatePricingPackage(tx, value)) ?? null, {
      actor: session,
      ip,
      event: "pricing_package_updated",
      detail: (saved) => ({ id: saved.id, name: saved.name }),
    });
    if (!row) notFound(packageNotFound);
    return done(siteMessages.saved);
  }
  if (value.intent === "add-package") {
    await auditedChange(db, (tx) => addPricingPackage(tx), {
      actor: session,
      ip,
      event: "pricing_package_added",
      detail: (row) => ({ id: row?.id ?? null }),
    });
    return done(siteMessages.packageAdded);
  }
  if (value.intent === "remove-package") {
    const { id } = value;
    const removed = await auditedChange(
      db,
      async (tx) => {
        const outcome = await removePricingPackage(tx, id);
        return outcome === "last" ? outcome : (outcome ?? null);
      },
      {
        actor: session,
        ip,
        event: "pricing_package_removed",
        when: (outcome) => outcome !== "last",
        detail: (outcome) => ({ id, name: outcome === "last" ? null : outcome.name }),
      },
    );
    if (removed === "last") return refuse(409, siteMessages.lastPackage, { form: packageFormId(id), submission });
    if (!removed) notFound(packageNotFound);
    return done(siteMessages.packageRemoved);
  }
  await auditedChange(db, (tx) => savePricingBanner(tx, { whatYouGet: value.what_you_get, includes: value.includes }), {
    actor: session,
    ip,
    event: "pricing_banner_updated",
  });
  return done(siteMessages.saved);
}

const bannerFormId = "pricing-banner";

function packageFormId(id: number | string) {
  return `package-${id}`;
}

function PackageForm({
  pkg,
  failure,
  removable,
}: {
  pkg: PricingPackage;
  failure: ActionFailure | null;
  removable: boolean;
}) {
  const [form, fields] = useAdminForm({
    id: packageFormId(pkg.id),
    schema: pricingPackageSchema,
    failure: failure?.form === packageFormId(pkg.id) ? failure : null,
    defaultValue: {
      id: String(pkg.id),
      name: pkg.name,
      price: pkg.price,
      description: pkg.description,
      features: pkg.features.join("\n"),
      cta_label: pkg.ctaLabel,
      highlighted: pkg.highlighted ? "on" : "",
      highlight_label: pkg.highlightLabel,
    },
  });
  return (
    <section
      aria-labelledby={`package-${pkg.id}-title`}
      className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <h2 id={`package-${pkg.id}-title`} className="mb-3 text-base font-semibold">
        {pkg.name}
      </h2>
      <AdminForm form={form} action={page} className="grid gap-x-4 sm:grid-cols-2">
        <FormError form={form} />
        <input type="hidden" name="id" value={pkg.id} />
        <TextField meta={fields.name} label="Name" maxLength={100} />
        <TextField meta={fields.price} label="Price" maxLength={100} />
        <TextareaField meta={fields.description} label="Description" rows={2} maxLength={1000} wide />
        <TextareaField meta={fields.features} label="Features (one per line)" rows={5} wide />
        <TextField meta={fields.cta_label} label="Button label" maxLength={100} />
        <TextField meta={fields.highlight_label} label="Highlight label" maxLength={40} />
        <CheckboxField meta={fields.highlighted} label="Highlighted" wide />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <SubmitButton intent="save-package" action={page}>
            Save Package
          </SubmitButton>
        </div>
      </AdminForm>
      {removable ? (
        <RowActionForm
          intent="remove-package"
          fields={{ id: pkg.id }}
          action={page}
          formClassName="mt-2"
          className={buttonClass("ghost", undefined, "sm")}
        >
          <Trash2 aria-hidden className="size-4" />
          Remove {pkg.name}
        </RowActionForm>
      ) : null}
    </section>
  );
}

function BannerForm({
  banner,
  failure,
}: {
  banner: { whatYouGet: string[]; includes: string[] };
  failure: ActionFailure | null;
}) {
  const [form, fields] = useAdminForm({
    id: bannerFormId,
    schema: pricingBannerSchema,
    failure: failure?.form === bannerFormId ? failure : null,
    defaultValue: { what_you_get: banner.whatYouGet.join("\n"), includes: banner.includes.join("\n") },
  });
  return (
    <section aria-labelledby="banner-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <h2 id="banner-title" className="mb-3 text-base font-semibold">
        Free Consultation banner
      </h2>
      <AdminForm form={form} action={page} className="grid gap-x-4 sm:grid-cols-2">
        <FormError form={form} />
        <TextareaField meta={fields.what_you_get} label="What You Get (one per line)" rows={5} />
        <TextareaField meta={fields.includes} label="Consultation Includes (one per line)" rows={5} />
        <div className="sm:col-span-2">
          <SubmitButton intent="save-banner" action={page}>
            Save Banner
          </SubmitButton>
        </div>
      </AdminForm>
    </section>
  );
}

export default function SitePricing({ loaderData }: Route.ComponentProps) {
  const { packages, banner } = loaderData;
  const failure = (useActionData<typeof action>() as ActionFailure | undefined) ?? null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader title="Pricing" description="The packages and the consultation banner on the public pricing page.">
        <RowActionForm
          intent="add-package"
          fields={{}}
          action={page}
          className={buttonClass("primary", undefined, "sm")}
        >
          <Plus aria-hidden className="size-4" />
          Add Package
        </RowActionForm>
      </PageHeader>
      <BannerForm banner={banner} failure={failure} />
      {packages.map((pkg) => (
        <PackageForm key={pkg.id} pkg={pkg} failure={failure} removable={packages.length > 1} />
      ))}
    </div>
  );
}
