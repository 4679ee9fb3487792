/**
 * The page of `site-texts.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route renders
 * it through `splitComponent`, so the server renders it in place and it works without JavaScript. Each block's form
 * shows, beside its fields, how many characters each holds of its cap and a preview of the block as typed.
 */
import { useActionData } from "react-router";
import {
  AdminForm,
  FileField,
  FormError,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { accentFormId, accentFormSchema, defaultAccentHex } from "#app/domain/site-accent.ts";
import { type SiteLogo, siteLogoFormId, siteLogoFormSchema } from "#app/domain/site-logo.ts";
import {
  paragraphs,
  type SiteTextBlock,
  siteTextBlockSchema,
  siteTextBlocks,
  siteTextsPath,
  siteTextsPreviewHref,
  splitLastWord,
  textsFormId,
} from "#app/domain/site-texts.ts";
import type { Route } from "./+types/site-texts";

/**
 * What the block looks like with these texts, in the site's colours (no headings: they are the page's): the hero
 * as on the home page, "…N_title"/"…N_text" pairs as cards, any other text as its paragraphs.
 */
function Preview({ block, value }: { block: SiteTextBlock; value: (name: string) => string }) {
  let body: React.ReactNode;
  const pairs = block.fields.filter((field) => field.name.endsWith("_title"));
  if (block.id === "home-hero") {
    const title = splitLastWord(value("title"));
    body = (
      <>
        <p className="text-3xl leading-tight font-bold tracking-tight break-words text-white">
          {title.lead}
          <span className="text-[var(--color-accent)]">{title.last}</span>
        </p>
        <p className="mt-2 text-lg font-medium text-zinc-100">{value("subtitle")}</p>
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-zinc-300">{value("intro")}</p>
      </>
    );
  } else if (pairs.length > 0) {
    body = (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {pairs.map((field) => {
          const stem = field.name.slice(0, -"_title".length);
          return (
            <div key={stem} className="rounded-lg border border-white/10 bg-zinc-950 p-3">
              <p className="font-semibold break-words text-white">{value(field.name)}</p>
              <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-zinc-300">{value(`${stem}_text`)}</p>
            </div>
          );
        })}
      </div>
    );
  } else {
    body = block.fields.map((field) => (
      <div key={field.name} className={field.name === "title" ? "text-xl font-bold text-white" : "text-zinc-300"}>
        {paragraphs(value(field.name)).map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are known by their place
          <p key={index} className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line first:mt-0">
            {paragraph}
          </p>
        ))}
      </div>
    ));
  }
  return (
    <figure className="rounded-lg border border-zinc-800 bg-black p-4 sm:col-span-2">
      <figcaption className="mb-2 text-xs font-medium tracking-wide text-zinc-400 uppercase">Preview</figcaption>
      {body}
    </figure>
  );
}

function BlockForm({
  block,
  texts,
  customised,
  failure,
}: {
  block: SiteTextBlock;
  texts: Record<string, string>;
  customised: boolean;
  failure: ActionFailure | null;
}) {
  const id = textsFormId(block.id);
  const [form, fields] = useAdminForm({
    id,
    schema: siteTextBlockSchema(block),
    failure: failure?.form === id ? failure : null,
    defaultValue: texts,
  });
  const value = (name: string) => {
    const current = fields[name]?.value;
    return typeof current === "string" ? current : (texts[name] ?? "");
  };
  // not `${id}-title`: that is the id of the block's field named "title"
  const titleId = `${id}-heading`;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <h2 id={titleId} className="text-base font-semibold">
        {block.title}
        {customised ? <span className="ml-2 text-xs font-normal text-zinc-400">(edited)</span> : null}
      </h2>
      <p className="mb-3 text-sm text-zinc-400">{block.where}</p>
      <AdminForm form={form} action={siteTextsPath} className="grid gap-x-4 sm:grid-cols-2">
        <FormError form={form} />
        <input type="hidden" name="block" value={block.id} />
        {block.fields.map((field) => {
          const meta = fields[field.name];
          if (!meta) return null;
          const fits = `${value(field.name).length} of ${field.max} characters`;
          return field.multiline ? (
            <TextareaField
              key={field.name}
              meta={meta}
              label={field.label}
              rows={field.max > 200 ? 5 : 3}
              maxLength={field.max}
              description={`${fits}; line breaks are kept`}
            />
          ) : (
            <TextField key={field.name} meta={meta} label={field.label} maxLength={field.max} description={fits} />
          );
        })}
        <Preview block={block} value={value} />
        <div className="mt-3 flex flex-wrap gap-2 sm:col-span-2">
          <SubmitButton intent="save" action={siteTextsPath}>
            Save {block.title}
          </SubmitButton>
          {/* the texts as typed on their real page, in a new tab: nothing is saved (ADR 0061) */}
          <a
            href={siteTextsPreviewHref(block, value)}
            target="_blank"
            rel="noopener"
            className={buttonClass("secondary")}
          >
            Preview on its page<span className="sr-only">: {block.title} (opens in a new tab)</span>
          </a>
          {customised ? (
            <SubmitButton intent="reset" action={siteTextsPath} variant="secondary" formNoValidate>
              Reset {block.title} to default
            </SubmitButton>
          ) : null}
        </div>
      </AdminForm>
    </section>
  );
}

/** The accent colour: a colour the site's text can be read in, with a swatch and a sample of it as typed. */
function AccentForm({ accent, failure }: { accent: string | null; failure: ActionFailure | null }) {
  const [form, fields] = useAdminForm({
    id: accentFormId,
    schema: accentFormSchema,
    failure: failure?.form === accentFormId ? failure : null,
    defaultValue: { accent: accent ?? defaultAccentHex },
  });
  const typed = typeof fields.accent.value === "string" ? fields.accent.value : (accent ?? defaultAccentHex);
  const shown = /^#[0-9a-fA-F]{6}$/.test(typed) ? typed : (accent ?? defaultAccentHex);
  return (
    <section aria-labelledby="accent-heading" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <h2 id="accent-heading" className="text-base font-semibold">
        Accent colour
        {accent ? <span className="ml-2 text-xs font-normal text-zinc-400">(edited)</span> : null}
      </h2>
      <p className="mb-3 text-sm text-zinc-400">
        The colour of the site's buttons, links and highlights. It must read on the dark background (at least 4.5:1).
      </p>
      <AdminForm form={form} action={siteTextsPath} className="grid gap-x-4 sm:grid-cols-2">
        <FormError form={form} />
        <TextField meta={fields.accent} label="Colour" maxLength={7} description="# and six digits, like #34d399" />
        <figure className="flex items-center gap-3 rounded-lg border border-zinc-800 bg-black p-4">
          <figcaption className="sr-only">Preview</figcaption>
          <span
            aria-hidden="true"
            className="size-10 rounded-full border border-white/20"
            style={{ background: shown }}
          />
          <span className="rounded-full px-4 py-2 text-sm font-semibold text-black" style={{ background: shown }}>
            Request a Quote
          </span>
          <span className="text-sm font-semibold" style={{ color: shown }}>
            View Live Site
          </span>
        </figure>
        <div className="mt-3 flex flex-wrap gap-2 sm:col-span-2">
          <SubmitButton intent="accent-save" action={siteTextsPath}>
            Save Accent colour
          </SubmitButton>
          {accent ? (
            <SubmitButton intent="accent-reset" action={siteTextsPath} variant="secondary" formNoValidate>
              Reset Accent colour to default
            </SubmitButton>
          ) : null}
        </div>
      </AdminForm>
    </section>
  );
}

/** The site's logo: the current one on the site's black, an upload, and the way back to the design's mark. */
function LogoForm({ logo, failure }: { logo: SiteLogo | null; failure: ActionFailure | null }) {
  const [form, fields] = useAdminForm({
    id: siteLogoFormId,
    schema: siteLogoFormSchema,
    failure: failure?.form === siteLogoFormId ? failure : null,
  });
  return (
    <section aria-labelledby="logo-heading" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <h2 id="logo-heading" className="text-base font-semibold">
        Logo
        {logo ? <span className="ml-2 text-xs font-normal text-zinc-400">(edited)</span> : null}
      </h2>
      <p className="mb-3 text-sm text-zinc-400">
        Beside the studio's name in the site's header and footer, and on the About page. It is fitted into a square on a
        black background: a logo with a transparent background reads best. The invoice logo is set apart, in Settings.
      </p>
      <AdminForm
        form={form}
        action={siteTextsPath}
        encType="multipart/form-data"
        className="grid items-start gap-x-4 sm:grid-cols-2"
      >
        <FormError form={form} />
        <FileField
          meta={fields.logo}
          label="Logo image"
          accept="image/png,image/jpeg,image/webp"
          description="PNG, JPEG or WebP, at most 5 MB"
        />
        <figure className="flex items-center gap-3 rounded-lg border border-zinc-800 bg-black p-4">
          <figcaption className="sr-only">Current logo</figcaption>
          {logo ? (
            <img src={logo.large} alt="" width={64} height={64} className="size-16" />
          ) : (
            <span className="text-sm text-zinc-400">No logo uploaded: the site shows its own mark.</span>
          )}
        </figure>
        <div className="mt-3 flex flex-wrap gap-2 sm:col-span-2">
          <SubmitButton intent="logo-save" action={siteTextsPath} pendingLabel="Uploading...">
            Upload Logo
          </SubmitButton>
          {logo ? (
            <SubmitButton intent="logo-reset" action={siteTextsPath} variant="secondary" formNoValidate>
              Reset Logo to default
            </SubmitButton>
          ) : null}
        </div>
      </AdminForm>
    </section>
  );
}

export function SiteTextsEditor({ loaderData }: Route.ComponentProps) {
  const { texts, customised, accent, logo } = loaderData;
  const failure = (useActionData() as Route.ComponentProps["actionData"] as ActionFailure | undefined) ?? null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader
        title="Site texts"
        description="The words of the public home, About and contact pages and of the footer. Saving publishes at once; plain text only."
      />
      {siteTextBlocks.map((block) => (
        <BlockForm
          key={block.id}
          block={block}
          texts={texts[block.id] as Record<string, string>}
          customised={customised.includes(block.id)}
          failure={failure}
        />
      ))}
      <AccentForm accent={accent} failure={failure} />
      <LogoForm logo={logo} failure={failure} />
    </div>
  );
}
