/**
 * /admin/settings/emails: the client mails' wording (ADR 0050). Each template's subject and opening text,
 * with placeholders ({client_name}, {document_number}, ...), a live preview with a sample client as the
 * owner types, and "Reset to default"; the mails' accent colour. `?template=` picks the mail.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { normaliseHexColour } from "#app/domain/mail.ts";
import {
  isMailTemplateKey,
  type MailTemplateKey,
  mailTemplateFormSchema,
  mailTemplateMessages,
  mailTemplates,
  emailSettingsPath as page,
} from "#app/domain/mail-templates.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import {
  getAccentColour,
  listMailWordings,
  resetMailWording,
  saveAccentColour,
  saveMailWording,
} from "#app/models/mail-templates.server.ts";
import { invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/settings-emails";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Emails") }];

function chosenTemplate(url: string): MailTemplateKey {
  const key = new URL(url).searchParams.get("template");
  return isMailTemplateKey(key) ? key : "invoice";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context).database;
  const [wordings, accent, studio] = await Promise.all([
    listMailWordings(db),
    getAccentColour(db),
    getStudioIdentity(db),
  ]);
  return data(
    { wordings, accent, studioName: studio.businessName, chosen: chosenTemplate(request.url) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: mailTemplateFormSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    return invalid(submission, { form: intent === "accent" ? "accent" : "template" });
  }
  const form = submission.value;
  if (form.intent === "accent") {
    const accent = normaliseHexColour(form.accent) ?? "";
    await auditedChange(database.db, (tx) => saveAccentColour(tx, accent).then(() => true), {
      actor: session,
      ip,
      event: "email_style_saved",
      detail: { accent },
    });
    return redirectWithToast(config, `${page}?template=${chosenTemplate(request.url)}`, {
      type: "success",
      message: mailTemplateMessages.accentSaved,
    });
  }
  const key = form.key as MailTemplateKey;
  const label = mailTemplates[key].label;
  if (form.intent === "reset") {
    await auditedChange(database.db, (tx) => resetMailWording(tx, key).then(() => true), {
      actor: session,
      ip,
      event: "email_template_reset",
      detail: { template: key },
    });
    return redirectWithToast(config, `${page}?template=${key}`, {
      type: "success",
      message: mailTemplateMessages.reset(label),
    });
  }
  await auditedChange(
    database.db,
    (tx) => saveMailWording(tx, key, { subject: form.subject, opening: form.opening }).then(() => true),
    { actor: session, ip, event: "email_template_saved", detail: { template: key } },
  );
  return redirectWithToast(config, `${page}?template=${key}`, {
    type: "success",
    message: mailTemplateMessages.saved(label),
  });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const SettingsEmailsPage = splitComponent(() =>
  import("./settings-emails-page.tsx").then((module) => module.SettingsEmails),
);

export default function SettingsEmailsRoute(props: Route.ComponentProps) {
  return <SettingsEmailsPage {...props} />;
}
