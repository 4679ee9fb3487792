/**
 * /admin/site/pricing: the pricing page as the owner runs it: one form per package
 * (name, price, description, features one per line, button label, highlighted and its label, and the
 * onboarding questionnaire a proposal signed for it sends when the proposal names none),
 * Add package, Remove package (at least one stays), and the consultation banner's two lists.
 * /pricing follows at once (a site_content change event).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { questionnaireMessages } from "#app/domain/questionnaire-words.ts";
import {
  bannerFormId,
  packageFormId,
  packageNotFound,
  sitePricingPath as page,
  pricingActionSchema,
} from "#app/domain/site-content.ts";
import { siteMessages } from "#app/domain/site-messages.ts";
import {
  addPricingPackage,
  getPricingBanner,
  listPricingPackagesForEditor,
  PackageQuestionnaireMissing,
  removePricingPackage,
  savePricingBanner,
  updatePricingPackage,
} from "#app/models/pricing.server.ts";
import { questionnaireChoices } from "#app/models/questionnaires.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/site-pricing";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Pricing") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const [packages, banner, questionnaires] = await Promise.all([
    listPricingPackagesForEditor(db),
    getPricingBanner(db),
    questionnaireChoices(db),
  ]);
  return { packages, banner, questionnaires };
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
      detail: (saved) => ({ id: saved.id, name: saved.name, questionnaire: value.questionnaire_id ?? null }),
    }).catch((error: unknown) => {
      if (error instanceof PackageQuestionnaireMissing) return error;
      throw error;
    });
    if (row instanceof PackageQuestionnaireMissing) {
      return invalid(submission, {
        form: packageFormId(value.id),
        fieldErrors: { questionnaire_id: [questionnaireMessages.notFound] },
      });
    }
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

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const SitePricingPage = splitComponent(() => import("./site-pricing-page.tsx").then((module) => module.SitePricing));

export default function SitePricingRoute(props: Route.ComponentProps) {
  return <SitePricingPage {...props} />;
}
