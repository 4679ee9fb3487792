/**
 * A case study's page (ADR 0059): the project's story, its results, the client's words when they may be shown,
 * and its schema.org `CreativeWork`. The public page (/portfolio/{slug}) and the owner's preview render this one
 * view. Plain text throughout (line breaks kept), no script but the JSON-LD.
 */
import { Icon } from "#app/components/icons.tsx";
import { InlineScript } from "#app/components/inline-script.tsx";
import { ButtonLink, Eyebrow } from "#app/components/site/ui.tsx";
import { caseStudyJsonLd, resultLines } from "#app/domain/case-studies.ts";
import { type PortfolioCategory, portfolioCategoryLabels } from "#app/domain/enums.ts";
import { jsonForScript } from "#app/domain/site.ts";
import { smallImagePath } from "#app/domain/site-content.ts";
import { type ShownTestimonial, TestimonialQuote } from "./testimonial-quote.tsx";

/** What the page shows: the portfolio item with its story, and the testimonial when it may be shown. */
type CaseStudyData = {
  item: {
    slug: string | null;
    title: string;
    description: string;
    category: PortfolioCategory;
    image: string;
    link: string;
    problem: string;
    built: string;
    results: string;
    updatedAt: Date | string;
  };
  testimonial: ShownTestimonial | null;
};

export function CaseStudyArticle({
  caseStudy,
  siteUrl,
  studioName,
}: {
  caseStudy: CaseStudyData;
  siteUrl: string;
  studioName: string;
}) {
  const { item, testimonial } = caseStudy;
  const results = resultLines(item.results);
  const small = smallImagePath(item.image);
  const live = /^https?:\/\//.test(item.link);
  const jsonLd = caseStudyJsonLd({
    siteUrl,
    studioName,
    slug: item.slug ?? "",
    title: item.title,
    description: item.description,
    image: item.image,
    link: item.link,
    updatedAt: new Date(item.updatedAt),
    testimonial,
  });
  return (
    <article className="mx-auto max-w-4xl px-5 pt-16 pb-28" data-case-study-page>
      <nav aria-label="Breadcrumb">
        <a href="/portfolio" className="inline-flex min-h-11 items-center gap-2 text-sm text-zinc-300 hover:text-white">
          <Icon name="arrow-left" className="size-4" aria-hidden="true" />
          Back to the portfolio
        </a>
      </nav>
      <Eyebrow>Case study · {portfolioCategoryLabels[item.category]}</Eyebrow>
      <h1 className="mt-3 text-4xl font-bold tracking-tight break-words text-white sm:text-6xl">{item.title}</h1>
      <p className="mt-5 text-lg leading-relaxed whitespace-pre-line text-zinc-300">{item.description}</p>
      <img
        src={item.image}
        srcSet={small ? `${small} 400w, ${item.image} 800w` : undefined}
        sizes={small ? "(min-width: 896px) 800px, 100vw" : undefined}
        alt={`${item.title}: illustration of the project's main screen`}
        width={800}
        height={500}
        fetchPriority="high"
        decoding="async"
        className="mt-10 aspect-[8/5] w-full rounded-3xl border border-white/10 bg-zinc-900 object-cover"
      />
      <div className="mt-14 grid gap-12 md:grid-cols-2">
        <section aria-labelledby="case-problem">
          <h2 id="case-problem" className="text-2xl font-semibold text-white">
            The challenge
          </h2>
          <p className="mt-4 leading-relaxed whitespace-pre-line text-zinc-300">{item.problem}</p>
        </section>
        <section aria-labelledby="case-built">
          <h2 id="case-built" className="text-2xl font-semibold text-white">
            What we built
          </h2>
          <p className="mt-4 leading-relaxed whitespace-pre-line text-zinc-300">{item.built}</p>
        </section>
      </div>
      {results.length > 0 ? (
        <section aria-labelledby="case-results" className="mt-14">
          <h2 id="case-results" className="text-2xl font-semibold text-white">
            Results
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2">
            {results.map((result) => (
              <li
                key={result}
                className="flex gap-3 rounded-2xl border border-white/10 bg-zinc-950 p-5 leading-relaxed text-zinc-200"
              >
                <Icon name="check" className="mt-1 size-4 shrink-0 text-[var(--color-accent)]" aria-hidden="true" />
                <span className="break-words">{result}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {testimonial ? (
        <section aria-label="What the client said" className="mt-14">
          <TestimonialQuote testimonial={testimonial} large />
        </section>
      ) : null}
      <div className="mt-16 flex flex-wrap gap-3">
        {live ? (
          <a
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-white/25 px-6 font-semibold text-white hover:border-white"
          >
            View Live Site
            <span className="sr-only"> (opens in a new tab)</span>
            <Icon name="external-link" className="size-4" aria-hidden="true" />
          </a>
        ) : null}
        <ButtonLink to="/contact">Start a project</ButtonLink>
      </div>
      <InlineScript type="application/ld+json" code={jsonForScript(jsonLd)} />
    </article>
  );
}
