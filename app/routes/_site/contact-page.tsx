import type { ComponentProps } from "react";
import { useRouteLoaderData } from "react-router";
import { Icon } from "#app/components/icons.tsx";
import { InlineScript } from "#app/components/inline-script.tsx";
import { ContactForm } from "#app/components/site/contact-form.tsx";
import { useSiteTexts } from "#app/components/site/site-texts.tsx";
import { Card, Eyebrow } from "#app/components/site/ui.tsx";
import { numberedPairs } from "#app/domain/site-texts.ts";
import { telHref } from "#app/domain/studio.ts";
import type { ContactPageData } from "./contact-data.server.ts";
import type { SiteLayoutData } from "./layout.tsx";

/** The contact page: its form as the loader set it up, with a refused post's answer. */
export function ContactPage({
  loaderData,
  actionData,
}: {
  loaderData: ContactPageData;
  actionData?: ComponentProps<typeof ContactForm>["answer"];
}) {
  const site = useRouteLoaderData<SiteLayoutData>("routes/_site/layout");
  const studio = site?.studio;
  // the owner's words (app/domain/site-texts.ts: the layout's, or a preview's), plain text
  const texts = useSiteTexts().contact;
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
