import { useRouteLoaderData } from "react-router";
import { Icon } from "#app/components/icons.tsx";
import { ButtonLink, Card, Eyebrow, LogoMark } from "#app/components/site/ui.tsx";
import type { Route } from "./+types/about";
import type { SiteLayoutData } from "./layout.tsx";
import { sitePageMeta } from "./seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    path: "/about",
    title: "About | {studio}",
    description:
      "Functionality and purpose over design alone: how we work, what sets us apart and the four steps of every project.",
  });

const differentiators = [
  {
    icon: "target" as const,
    title: "Purpose-Driven",
    text: "Every page and feature answers one question: does it help your business? If not, it does not ship.",
  },
  {
    icon: "gauge" as const,
    title: "Performance First",
    text: "Fast pages rank higher and sell more. We measure speed and accessibility on every page we build.",
  },
  {
    icon: "users" as const,
    title: "Client-Focused",
    text: "You talk to the people who build your site, get straight answers and see progress every week.",
  },
];

const approach = [
  {
    title: "Understand the Business",
    text: "We learn how you make money, who your customers are and what slows you down.",
  },
  {
    title: "Design with Purpose",
    text: "Layouts, words and flows that lead visitors to the one thing you want them to do.",
  },
  {
    title: "Build for Growth",
    text: "Clean, fast code on solid foundations, ready for the features you will need next year.",
  },
  {
    title: "Support Long-Term",
    text: "Updates, fixes and improvements after launch, from the same team that built it.",
  },
];

export default function About() {
  const site = useRouteLoaderData<SiteLayoutData>("routes/_site/layout");
  const shortName = site?.studio.shortName ?? "";
  return (
    <main className="mx-auto max-w-6xl px-5 pt-20 pb-28">
      <LogoMark className="size-16" />
      <h1 className="mt-8 text-5xl font-bold tracking-tight text-white sm:text-6xl">About {shortName}</h1>
      <p className="mt-5 max-w-2xl text-xl leading-relaxed text-zinc-300">
        We dream, design and develop websites and web applications for small businesses. Building the future of
        functional design, one hard-working site at a time.
      </p>

      <section aria-labelledby="philosophy" className="mt-20 grid gap-8 md:grid-cols-[1fr_2fr]">
        <div>
          <Eyebrow>01</Eyebrow>
          <h2 id="philosophy" className="mt-3 text-3xl font-bold tracking-tight text-white">
            Our Philosophy
          </h2>
        </div>
        <div className="flex flex-col gap-5 text-lg leading-relaxed text-zinc-300">
          <p>
            A beautiful site that does not bring in work is an expensive poster. We put functionality and purpose over
            design alone: design is how a site works, not only how it looks.
          </p>
          <p>
            So we start with your business, not with a template, and we judge our work by what it does for you: more
            calls, more bookings, more orders, less time spent on busywork.
          </p>
        </div>
      </section>

      <section aria-labelledby="apart" className="mt-24">
        <Eyebrow>02</Eyebrow>
        <h2 id="apart" className="mt-3 text-3xl font-bold tracking-tight text-white">
          What Sets Us Apart
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {differentiators.map((item) => (
            <Card key={item.title}>
              <Icon name={item.icon} className="size-8 text-[var(--color-accent)]" aria-hidden="true" />
              <h3 className="mt-6 text-xl font-semibold text-white">{item.title}</h3>
              <p className="mt-3 leading-relaxed text-zinc-300">{item.text}</p>
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
            <li key={step.title} className="bg-black p-8">
              <p className="font-mono text-sm text-[var(--color-accent)]">{String(index + 1).padStart(2, "0")}</p>
              <h3 className="mt-3 text-xl font-semibold text-white">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-zinc-300">{step.text}</p>
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
