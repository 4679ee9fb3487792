/**
 * What the contact page's form starts from: the packages, a choice named in the address (from /pricing), a fresh
 * form token and the form's script. The page's loader and the site texts' preview (ADR 0061) share it.
 */
import type { AppContext } from "#app/context.server.ts";
import { choosePackage, contactPrefill } from "#app/domain/site-content.ts";
import { listPackageChoices } from "#app/models/pricing.server.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { publicScriptUrl } from "#app/services/public-scripts.server.ts";

export async function contactPageData(app: Pick<AppContext, "database" | "config">, search: URLSearchParams) {
  const { projectType, packageRef } = contactPrefill(search);
  const packages = await listPackageChoices(app.database.db);
  // a package named in the address (from /pricing) is chosen on the form; one that names none is ignored
  const chosen = choosePackage(packages, packageRef);
  return {
    sent: search.get("sent") === "1",
    packages,
    prefill: {
      projectType: projectType ?? (chosen ? ("quote" as const) : null),
      packageId: chosen ? String(chosen.id) : null,
      packageName: chosen?.name ?? null,
    },
    formToken: issueFormToken(app.config.sessionSecret),
    formScript: publicScriptUrl("contact-form"),
  };
}

export type ContactPageData = Awaited<ReturnType<typeof contactPageData>>;
