/** /portfolio/samples/{slug}: the seeded sample projects' own pages, so no 'View Live Site' link is dead. */
import { ButtonLink, Eyebrow } from "#app/components/site/ui.tsx";
import { samplePages } from "#app/domain/site-content.ts";
import { notFound } from "#app/services/action-result.server.ts";
import type { Route } from "./+types/portfolio-sample";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title}: a sample project` : "Not found" },
  { name: "robots", content: "noindex" },
];

export function loader({ params }: Route.LoaderArgs) {
  const sample = Object.hasOwn(samplePages, params.slug) ? samplePages[params.slug] : undefined;
  if (!sample) notFound();
  return { title: sample.title };
}

export default function PortfolioSample({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-5 pt-20 pb-28">
      <Eyebrow>Sample project</Eyebrow>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">{loaderData.title}</h1>
      <p className="mt-6 text-lg leading-relaxed text-zinc-300">
        This is a sample project that shows the kind of work we do. It has no live site of its own: the studio replaces
        these samples with real client work in its portfolio.
      </p>
      <div className="mt-10 flex flex-wrap gap-3">
        <ButtonLink to="/portfolio" variant="secondary">
          Back to the portfolio
        </ButtonLink>
        <ButtonLink to="/contact">Start a project</ButtonLink>
      </div>
    </main>
  );
}
