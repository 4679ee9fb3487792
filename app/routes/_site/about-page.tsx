import { useRouteLoaderData } from "react-router";
import { Icon } from "#app/components/icons.tsx";
import { useSiteTexts } from "#app/components/site/site-texts.tsx";
import { ButtonLink, Card, Eyebrow, LogoMark } from "#app/components/site/ui.tsx";
import { numberedPairs, paragraphs } from "#app/domain/site-texts.ts";
import type { SiteLayoutData } from "./layout.tsx";

const apartIcons = ["target", "gauge", "users"] as const;

/** The About page in the owner's words (app/domain/site-texts.ts: the layout's, or a preview's), plain text throughout. */
export function AboutPage() {
  const site = useRouteLoaderData<SiteLayoutData>("routes/_site/layout");
  const shortName = site?.studio.shortName ?? "";
  const texts = useSiteTexts();
  const differentiators = numberedPairs(texts["about-apart"], "card").map((card, index) => ({
    ...card,
    icon: apartIcons[index] ?? "target",
  }));
  const approach = numberedPairs(texts["about-approach"], "step");
  return (
    <main className="mx-auto max-w-6xl px-5 pt-20 pb-28">
      <LogoMark className="size-16" size={64} logo={site?.logo} />
      <h1 className="mt-8 text-5xl font-bold tracking-tight text-white sm:text-6xl">About {shortName}</h1>
      <p className="mt-5 max-w-2xl text-xl leading-relaxed whitespace-pre-line text-zinc-300">
        {texts["about-intro"].intro}
      </p>

      <section aria-labelledby="philosophy" className="mt-20 grid gap-8 md:grid-cols-[1fr_2fr]">
        <div>
          <Eyebrow>01</Eyebrow>
          <h2 id="philosophy" className="mt-3 text-3xl font-bold tracking-tight text-white">
            Our Philosophy
          </h2>
        </div>
        <div className="flex flex-col gap-5 text-lg leading-relaxed text-zinc-300">
          {paragraphs(texts["about-philosophy"].text).map((paragraph, index) => (
            // the paragraphs have no identity of their own but their place
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </section>

      <section aria-labelledby="apart" className="mt-24">
        <Eyebrow>02</Eyebrow>
        <h2 id="apart" className="mt-3 text-3xl font-bold tracking-tight text-white">
          What Sets Us Apart
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {differentiators.map((item) => (
            <Card key={item.icon}>
              <Icon name={item.icon} className="size-8 text-[var(--color-accent)]" aria-hidden="true" />
              <h3 className="mt-6 text-xl font-semibold text-white">{item.title}</h3>
              <p className="mt-3 leading-relaxed whitespace-pre-line text-zinc-300">{item.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="approach" className="mt-24">
        <Eyebrow>03</Eyebrow>
        <h2 id="approach" className="mt-3 text-3xl font-bold tracking-tight text-white">
          Our Approach
        </h2>
        <ol className="mt-10 grid gap-px overflow-hidden rounded-3xl border border-white/10 bg-white/10 md:grid-cols-2">
          {approach.map((step, index) => (
            // the steps are numbered by their place
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="bg-black p-8">
              <p className="font-mono text-sm text-[var(--color-accent)]">{String(index + 1).padStart(2, "0")}</p>
              <h3 className="mt-3 text-xl font-semibold text-white">{step.title}</h3>
              <p className="mt-2 leading-relaxed whitespace-pre-line text-zinc-300">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-24 flex flex-col items-start gap-6">
        <p className="text-3xl font-bold tracking-tight text-white">Have a project in mind?</p>
        <ButtonLink to="/contact">Start Your Project</ButtonLink>
      </div>
    </main>
  );
}
