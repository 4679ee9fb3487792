import { Icon } from "#app/components/icons.tsx";
import { InlineScript } from "#app/components/inline-script.tsx";
import { portfolioFilterScript } from "#app/components/site/scripts.ts";
import { ButtonLink, Eyebrow } from "#app/components/site/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { portfolioCategoryLabels } from "#app/domain/enums.ts";
import { filterHref, matchesFilter, parsePortfolioFilter, portfolioFilters } from "#app/domain/portfolio.ts";
import { smallImagePath } from "#app/domain/site-content.ts";
import { listPortfolioItems } from "#app/models/portfolio.server.ts";
import type { Route } from "./+types/portfolio";
import { sitePageMeta } from "./seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    path: "/portfolio",
    title: "Our Portfolio | {studio}",
    description:
      "Websites and web applications we designed and built: a flooring marketplace, a social audio platform and a multi-trade exchange.",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = parsePortfolioFilter(new URL(request.url).searchParams.get("category"));
  return { filter, items: await listPortfolioItems(getApp(context).database.db) };
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { filter, items } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-5 pt-20 pb-28">
      <Eyebrow>Selected work</Eyebrow>
      <h1 className="mt-3 text-5xl font-bold tracking-tight text-white sm:text-6xl">Our Portfolio</h1>
      <p className="mt-5 max-w-2xl text-lg text-zinc-300">
        Real businesses, real problems, working software. Each project started with what the business needed to get
        done.
      </p>
      <nav aria-label="Filter projects" className="mt-10">
        <ul className="flex flex-wrap gap-2 sm:gap-3">
          {portfolioFilters.map((option) => (
            <li key={option.value}>
              <a
                href={filterHref(option.value)}
                data-filter={option.value}
                aria-current={option.value === filter ? "true" : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-white/15 px-4 text-sm whitespace-nowrap sm:px-5 font-semibold text-zinc-200 hover:border-white aria-[current=true]:border-[var(--color-accent)] aria-[current=true]:bg-[var(--color-accent)] aria-[current=true]:text-black"
              >
                {option.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li
            key={item.id}
            data-category={item.category}
            hidden={!matchesFilter(item.category, filter)}
            className="group flex flex-col overflow-hidden rounded-3xl border border-white/10 bg-zinc-950"
          >
            <img
              src={item.image}
              srcSet={smallImagePath(item.image) ? `${smallImagePath(item.image)} 400w, ${item.image} 800w` : undefined}
              sizes={
                smallImagePath(item.image) ? "(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw" : undefined
              }
              alt={`${item.title}: illustration of the project's main screen`}
              width={800}
              height={500}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              decoding="async"
              className="aspect-[8/5] w-full border-b border-white/10 bg-zinc-900 object-cover"
            />
            <div className="flex flex-1 flex-col gap-3 p-7">
              <p className="font-mono text-xs tracking-widest text-[var(--color-accent)] uppercase">
                {portfolioCategoryLabels[item.category]}
              </p>
              <h2 className="text-2xl font-semibold text-white">{item.title}</h2>
              <p className="flex-1 leading-relaxed text-zinc-300">{item.description}</p>
              {item.slug ? (
                <a
                  href={`/portfolio/${item.slug}`}
                  className="mt-3 inline-flex w-fit items-center gap-2 font-semibold text-white underline decoration-[var(--color-accent)] underline-offset-4 hover:text-[var(--color-accent)]"
                  data-case-study-link
                >
                  Read the case study
                  <span className="sr-only">
                    {": "}
                    {item.title}
                  </span>
                </a>
              ) : null}
              <a
                href={item.link}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex w-fit items-center gap-2 font-semibold text-[var(--color-accent)] hover:text-white"
              >
                View Live Site
                <span className="sr-only">
                  {": "}
                  {item.title} (opens in a new tab)
                </span>
                <Icon name="external-link" className="size-4" aria-hidden="true" />
              </a>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-20 flex flex-col items-start justify-between gap-6 rounded-3xl border border-white/10 p-10 md:flex-row md:items-center">
        <p className="text-2xl font-semibold text-white">Your project could be next.</p>
        <ButtonLink to="/contact">Request a Quote</ButtonLink>
      </div>
      <InlineScript code={portfolioFilterScript} />
    </main>
  );
}
