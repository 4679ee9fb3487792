/**
 * The page of `settings-emails.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Link, useActionData } from "react-router";
import { AdminForm, FormError, TextareaField, TextField, useAdminForm } from "#app/components/admin/form.tsx";
import { RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass, Card, cx } from "#app/components/admin/ui.tsx";
import { linkColourOn, normaliseHexColour, textOnAccent } from "#app/domain/mail.ts";
import {
  accentFormSchema,
  fillWording,
  type MailTemplateKey,
  mailTemplates,
  mailWordingFormSchema,
  emailSettingsPath as page,
  placeholderLabels,
  samplePlaceholderValues,
} from "#app/domain/mail-templates.ts";
import type { Route } from "./+types/settings-emails";

/** The mail as the client will read it, with a sample client: it follows what is typed. */
function Preview({
  subject,
  opening,
  accent,
  studioName,
  template,
}: {
  subject: string;
  opening: string;
  accent: string;
  studioName: string;
  template: MailTemplateKey;
}) {
  const filled = fillWording({ subject, opening }, { ...samplePlaceholderValues, studio_name: studioName });
  const button =
    template === "proposal"
      ? "Review and sign the proposal"
      : template === "estimate"
        ? "View, accept or decline the estimate online"
        : template === "portal_link"
          ? "Open your client portal"
          : template === "void" || template === "proposal_signed"
            ? null
            : "View the invoice online";
  return (
    <div data-mail-preview className="overflow-hidden rounded-lg bg-zinc-100 p-3 text-zinc-900 sm:p-5">
      <p className="mb-3 text-sm text-zinc-700">
        <span className="font-semibold">Subject:</span> <span data-preview-subject>{filled.subject}</span>
      </p>
      <div className="rounded-md bg-white" style={{ borderTop: `6px solid ${accent}` }}>
        <div className="px-5 pt-4 pb-2 font-bold">{studioName}</div>
        <div data-preview-opening className="flex flex-col gap-3 px-5 py-2 text-[15px] leading-6 break-words">
          {filled.opening.split(/\n\s*\n/).map((paragraph) => (
            <p key={paragraph} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
        {button ? (
          <div className="px-5 py-3">
            <span
              className="inline-block rounded-md px-4 py-2 text-sm font-bold"
              style={{ backgroundColor: accent, color: textOnAccent(accent) }}
            >
              {button}
            </span>
          </div>
        ) : null}
        <p className="px-5 pb-4 text-xs text-zinc-600">
          What follows the opening (the link, how to pay, what changed) and your contact details are added to every
          mail.{" "}
          <span style={{ color: linkColourOn(accent) }} className="underline">
            Links look like this.
          </span>
        </p>
      </div>
    </div>
  );
}

function TemplateForm({
  template,
  wording,
  custom,
  accent,
  studioName,
}: {
  template: MailTemplateKey;
  wording: { subject: string; opening: string };
  custom: boolean;
  accent: string;
  studioName: string;
}) {
  const failure = useActionData() as Route.ComponentProps["actionData"];
  const [form, fields] = useAdminForm({
    id: `template-${template}`,
    schema: mailWordingFormSchema,
    failure: failure?.form === "template" ? failure : null,
    defaultValue: { intent: "save", key: template, ...wording },
  });
  const value = form.value as { subject?: string; opening?: string } | undefined;
  const definition = mailTemplates[template];
  return (
    <div className="grid gap-5 xl:grid-cols-2">
      <AdminForm form={form} className="flex min-w-0 flex-col gap-2">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="key" value={template} />
        <FormError form={form} />
        <TextField meta={fields.subject} label="Subject" maxLength={200} />
        <TextareaField meta={fields.opening} label="Opening text" rows={7} />
        <div className="text-xs text-zinc-400">
          <p className="mb-1 font-medium text-zinc-300">Placeholders this mail offers</p>
          <ul data-placeholders className="grid gap-x-4 gap-y-0.5 sm:grid-cols-2">
            {definition.placeholders.map((name) => (
              <li key={name}>
                <code className="text-zinc-200">{`{${name}}`}</code> {placeholderLabels[name]}
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          <SubmitButton>Save</SubmitButton>
        </div>
      </AdminForm>
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold text-zinc-200">Preview</h3>
        <Preview
          subject={value?.subject ?? wording.subject}
          opening={value?.opening ?? wording.opening}
          accent={accent}
          studioName={studioName}
          template={template}
        />
        <RowActionForm
          intent="reset"
          fields={{ key: template }}
          className={buttonClass("secondary", { className: "self-start" })}
          formClassName="mt-1"
          disabled={!custom}
          data-reset-template
        >
          Reset to default
        </RowActionForm>
        {!custom ? <p className="text-xs text-zinc-400">This mail uses the default wording.</p> : null}
      </div>
    </div>
  );
}

function AccentForm({ accent }: { accent: string }) {
  const failure = useActionData() as Route.ComponentProps["actionData"];
  const [form, fields] = useAdminForm({
    id: "accent",
    schema: accentFormSchema,
    failure: failure?.form === "accent" ? failure : null,
    defaultValue: { intent: "accent", accent },
  });
  const typed = normaliseHexColour(String((form.value as { accent?: string } | undefined)?.accent ?? accent));
  return (
    <AdminForm form={form} className="flex flex-wrap items-start gap-3">
      <input type="hidden" name="intent" value="accent" />
      <FormError form={form} />
      <TextField
        meta={fields.accent}
        label="Accent colour"
        description="The button and the rule over each mail, as #rrggbb. The button's text is black or white, whichever reads."
        className="w-64"
      />
      <span
        aria-hidden
        data-accent-swatch
        className="mt-7 inline-block size-9 rounded-md border border-zinc-700"
        style={{ backgroundColor: typed ?? accent }}
      />
      <SubmitButton className="mt-6">Save colour</SubmitButton>
    </AdminForm>
  );
}

export function SettingsEmails({ loaderData }: Route.ComponentProps) {
  const { wordings, accent, studioName, chosen } = loaderData;
  const current = wordings.find((entry) => entry.key === chosen) ?? wordings[0];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <PageHeader
        title="Emails"
        description="The subject and opening text of each mail your clients receive. Every mail also carries your logo, name and contact details, and a plain-text copy."
      />
      <div className="grid gap-5 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label="Mails">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {wordings.map((entry) => (
              <li key={entry.key}>
                <Link
                  to={`${page}?template=${entry.key}`}
                  preventScrollReset
                  aria-current={entry.key === chosen ? "page" : undefined}
                  data-template-link={entry.key}
                  className={cx(
                    "block rounded-md px-3 py-1.5 text-sm",
                    entry.key === chosen ? "bg-zinc-800 text-zinc-50" : "text-zinc-300 hover:bg-zinc-900",
                  )}
                >
                  {mailTemplates[entry.key].label}
                  {entry.custom ? <span className="text-zinc-400"> · edited</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {current ? (
          <Card title={`${mailTemplates[current.key].label} mail`} id="card-template">
            <p className="mb-4 text-sm text-zinc-400">{mailTemplates[current.key].description}</p>
            <TemplateForm
              key={`${current.key}-${current.wording.subject}-${current.wording.opening}`}
              template={current.key}
              wording={current.wording}
              custom={current.custom}
              accent={accent}
              studioName={studioName}
            />
          </Card>
        ) : null}
      </div>
      <Card title="Look" id="card-look">
        <AccentForm key={accent} accent={accent} />
      </Card>
    </div>
  );
}
