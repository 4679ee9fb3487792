import { data, redirect, useRouteLoaderData } from "react-router";
import { Icon } from "#app/components/icons.tsx";
import { InlineScript } from "#app/components/inline-script.tsx";
import { ContactForm } from "#app/components/site/contact-form.tsx";
import { Card, Eyebrow } from "#app/components/site/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { publicPageCacheControl } from "#app/domain/site.ts";
import { choosePackage, contactPrefill } from "#app/domain/site-content.ts";
import { defaultSiteTexts, numberedPairs } from "#app/domain/site-texts.ts";
import { telHref } from "#app/domain/studio.ts";
import { listPackageChoices } from "#app/models/pricing.server.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { publicScriptUrl } from "#app/services/public-scripts.server.ts";
import type { Route } from "./+types/contact";
import { answerInquiryPost } from "./inquiry-answer.server.ts";
import type { SiteLayoutData } from "./layout.tsx";
import { sitePageMeta } from "./seo.ts";

/** Where a sent inquiry lands without JavaScript (post/redirect/get): the page with the thank-you message. */
export const contactSentPath = "/contact?sent=1";

export async function loader({ context, request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const { projectType, packageRef } = contactPrefill(search);
  const packages = await listPackageChoices(getApp(context).database.db);
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
    formToken: issueFormToken(getApp(context).config.sessionSecret),
    formScript: publicScriptUrl("contact-form"),
  };
}

/** Answers to a post are never cached (and keep their Retry-After); the page itself is, like every public page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : { "Cache-Control": publicPageCacheControl };

/**
 * Without JavaScript the form posts here. A sent inquiry is answered with a redirect to the
 * thank-you view (post/redirect/get: a reload does not send it again, and the answer is a
 * few bytes, not the page); a refused one with the page, its errors and the visitor's values.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { status, headers, body } = await answerInquiryPost(getApp(context), request);
  if (body.status === "sent") throw redirect(contactSentPath, { status: 303, headers });
  return data(body, { status, headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    path: "/contact",
    title: "Get In Touch | {studio}",
    description:
      "Tell us about your business and your project. We reply within 24 hours on business days; the first consultation is free.",
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const site = useRouteLoaderData<SiteLayoutData>("routes/_site/layout");
  const studio = site?.studio;
  // the owner's words (app/domain/site-texts.ts; the layout reads them), plain text
  const texts = (site?.texts ?? defaultSiteTexts()).contact;
  const [quick, consultation] = numberedPairs(texts, "card");
  return (
    <main className="mx-auto max-w-6xl px-5 pt-20 pb-28">
      <Eyebrow>Contact</Eyebrow>
      <h1 className="mt-3 text-5xl font-bold tracking-tight text-white sm:text-6xl">Get In Touch</h1>
      <p className="mt-5 max-w-2xl text-lg whitespace-pre-line text-zinc-300">{texts.intro}</p>
      <div className="mt-14 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2 lg:row-span-3">
          <h2 className="text-2xl font-semibold text-white">Tell us about your project</h2>
          <p className="mt-2 mb-8 text-zinc-400">Fields without “optional” are required.</p>
          <ContactForm
            formToken={loaderData.formToken}
            answer={actionData ?? (loaderData.sent ? { status: "sent" } : undefined)}
            prefill={loaderData.prefill}
            packages={loaderData.packages}
          />
        </Card>
        <Card>
          <h2 className="text-xl font-semibold text-white">Contact Information</h2>
          <ul className="mt-6 flex flex-col gap-4">
            {studio ? (
              <li>
                <a
                  href={`mailto:${studio.email}`}
                  className="inline-flex items-center gap-3 break-all text-zinc-200 hover:text-[var(--color-accent)]"
                >
                  <Icon name="mail" className="size-5 shrink-0 text-[var(--color-accent)]" aria-hidden="true" />
                  {studio.email}
                </a>
              </li>
            ) : null}
            {studio?.phoneNumber ? (
              <li>
                <a
                  href={telHref(studio.phoneNumber)}
                  className="inline-flex items-center gap-3 text-zinc-200 hover:text-[var(--color-accent)]"
                >
                  <Icon name="phone" className="size-5 shrink-0 text-[var(--color-accent)]" aria-hidden="true" />
                  {studio.phoneNumber}
                </a>
              </li>
            ) : null}
          </ul>
        </Card>
        <Card>
          <Icon name="clock" className="size-7 text-[var(--color-accent)]" aria-hidden="true" />
          <h2 className="mt-5 text-xl font-semibold break-words text-white">{quick?.title}</h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-zinc-300">{quick?.text}</p>
        </Card>
        <Card>
          <Icon name="calendar-check" className="size-7 text-[var(--color-accent)]" aria-hidden="true" />
          <h2 className="mt-5 text-xl font-semibold break-words text-white">{consultation?.title}</h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-zinc-300">{consultation?.text}</p>
        </Card>
      </div>
      {/* fetched after the page has loaded, so the form's script never delays the first paint */}
      <InlineScript code={`addEventListener("load",()=>import(${JSON.stringify(loaderData.formScript)}))`} />
    </main>
  );
}
