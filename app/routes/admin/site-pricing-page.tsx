/**
 * The page of `site-pricing.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { useActionData } from "react-router";
import {
  AdminForm,
  CheckboxField,
  FormError,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import {
  bannerFormId,
  packageFormId,
  sitePricingPath as page,
  pricingBannerSchema,
  pricingPackageSchema,
} from "#app/domain/site-content.ts";
import type { listPricingPackagesForEditor } from "#app/models/pricing.server.ts";
import type { Route } from "./+types/site-pricing";

type EditorPackage = Awaited<ReturnType<typeof listPricingPackagesForEditor>>[number];

function PackageForm({
  pkg,
  failure,
  removable,
  questionnaires,
}: {
  pkg: EditorPackage;
  failure: ActionFailure | null;
  removable: boolean;
  questionnaires: readonly { id: string; name: string }[];
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
      questionnaire_id: pkg.questionnaireId ?? "",
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
        <SelectField
          meta={fields.questionnaire_id}
          label="Onboarding questionnaire"
          description="Sent when a proposal is signed for this package, unless the proposal names its own"
          placeholder="None"
          options={questionnaires.map((item) => ({ value: item.id, label: item.name }))}
          wide
        />
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
          className={buttonClass("ghost", { size: "sm" })}
        >
          <Icon name="trash-2" aria-hidden className="size-4" />
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

export function SitePricing({ loaderData }: Route.ComponentProps) {
  const { packages, banner, questionnaires } = loaderData;
  const failure = (useActionData() as Route.ComponentProps["actionData"] as ActionFailure | undefined) ?? null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader title="Pricing" description="The packages and the consultation banner on the public pricing page.">
        <RowActionForm
          intent="add-package"
          fields={{}}
          action={page}
          className={buttonClass("primary", { size: "sm" })}
        >
          <Icon name="plus" aria-hidden className="size-4" />
          Add Package
        </RowActionForm>
      </PageHeader>
      <BannerForm banner={banner} failure={failure} />
      {packages.map((pkg) => (
        <PackageForm
          key={pkg.id}
          pkg={pkg}
          failure={failure}
          removable={packages.length > 1}
          questionnaires={questionnaires}
        />
      ))}
    </div>
  );
}
