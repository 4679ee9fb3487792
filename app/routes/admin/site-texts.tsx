/**
 * /admin/site/texts: the public site's own words (app/domain/site-texts.ts), one form per block: the home page's
 * hero, its three cards and its closing call to action, and the tagline. Save publishes the block at once on
 * every instance (a site_content change event drops the public-page cache); Reset to default puts back the
 * specification's words. Both are audited with the fields they touched.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { accentFormId, accentFormSchema, accentIntentSchema, accentMessages } from "#app/domain/site-accent.ts";
import { siteLogoFormId, siteLogoFormSchema, siteLogoIntentSchema, siteLogoMessages } from "#app/domain/site-logo.ts";
import { siteMessages } from "#app/domain/site-messages.ts";
import {
  siteTextsPath as page,
  siteTextBlock,
  siteTextBlockSchema,
  siteTextIntentSchema,
  siteTextMessages,
  textsFormId,
} from "#app/domain/site-texts.ts";
import {
  readSiteTexts,
  resetSiteAccent,
  resetSiteLogo,
  resetSiteTextBlock,
  saveSiteAccent,
  saveSiteLogo,
  saveSiteTextBlock,
} from "#app/models/site-texts.server.ts";
import { badRequest, invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { storeSiteLogo } from "#app/services/portfolio-images.server.ts";
import type { Route } from "./+types/site-texts";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Site texts") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  return readSiteTexts(db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const formData = await request.formData();
  const done = (message: string) => redirectWithToast(config, page, { type: "success", message });
  // the accent colour's own form
  const accentIntent = parseWithZod(formData, { schema: accentIntentSchema });
  if (accentIntent.status === "success") {
    if (accentIntent.value.intent === "accent-reset") {
      await auditedChange(database.db, (tx) => resetSiteAccent(tx), {
        actor: session,
        ip,
        event: "site_accent_reset",
      });
      return done(accentMessages.reset);
    }
    const submission = parseWithZod(formData, { schema: accentFormSchema });
    if (submission.status !== "success") return invalid(submission, { form: accentFormId });
    const accent = submission.value.accent;
    await auditedChange(
      database.db,
      async (tx) => {
        await saveSiteAccent(tx, accent);
        return true;
      },
      {
        actor: session,
        ip,
        event: "site_accent_updated",
        detail: { accent },
      },
    );
    return done(accentMessages.saved);
  }
  // the logo's own form (multipart: the image goes through the portfolio's pipeline)
  const logoIntent = parseWithZod(formData, { schema: siteLogoIntentSchema });
  if (logoIntent.status === "success") {
    const submission = parseWithZod(formData, { schema: siteLogoFormSchema });
    if (submission.status !== "success") return invalid(submission, { form: siteLogoFormId });
    if (submission.value.intent === "logo-reset") {
      await auditedChange(database.db, (tx) => resetSiteLogo(tx), { actor: session, ip, event: "site_logo_reset" });
      return done(siteLogoMessages.reset);
    }
    const bytes = new Uint8Array(await submission.value.logo.arrayBuffer());
    const stored = await storeSiteLogo(database.db, bytes);
    if (!stored.ok) {
      return invalid(submission, {
        form: siteLogoFormId,
        fieldErrors: { logo: [stored.message, siteMessages.imageAgain] },
      });
    }
    await auditedChange(
      database.db,
      async (tx) => {
        await saveSiteLogo(tx, stored.hash);
        return true;
      },
      {
        actor: session,
        ip,
        event: "site_logo_updated",
        detail: { image: stored.hash, bytes: bytes.length },
      },
    );
    return done(siteLogoMessages.saved);
  }
  // which block, and Save or Reset to default; then the block's own texts
  const chosen = parseWithZod(formData, { schema: siteTextIntentSchema });
  if (chosen.status !== "success") badRequest(siteTextMessages.unknownBlock);
  const { intent, block: blockId } = chosen.value;
  const block = siteTextBlock(blockId);
  if (!block) badRequest(siteTextMessages.unknownBlock);
  if (intent === "reset") {
    await auditedChange(database.db, (tx) => resetSiteTextBlock(tx, blockId), {
      actor: session,
      ip,
      event: "site_texts_reset",
      detail: { block: blockId },
    });
    return done(siteTextMessages.reset);
  }
  const submission = parseWithZod(formData, { schema: siteTextBlockSchema(block) });
  if (submission.status !== "success") return invalid(submission, { form: textsFormId(blockId) });
  await auditedChange(database.db, (tx) => saveSiteTextBlock(tx, blockId, submission.value as Record<string, string>), {
    actor: session,
    ip,
    event: "site_texts_updated",
    detail: (saved) => ({ block: blockId, fields: saved.changed.join(", ") || "none" }),
  });
  return done(siteMessages.saved);
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const SiteTextsPage = splitComponent(() => import("./site-texts-page.tsx").then((module) => module.SiteTextsEditor));

export default function SiteTextsRoute(props: Route.ComponentProps) {
  return <SiteTextsPage {...props} />;
}
