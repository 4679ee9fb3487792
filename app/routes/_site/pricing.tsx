import { Icon } from "#app/components/icons.tsx";
import { ButtonLink, Eyebrow } from "#app/components/site/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { consultationHref, packageHref } from "#app/domain/site-content.ts";
import { getPricingBanner, listPricingPackages } from "#app/models/pricing.server.ts";
import type { Route } from "./+types/pricing";
import { sitePageMeta } from "./seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    path: "/pricing",
    title: "Pricing Plans | {studio}",
    description:
      "Website packages from $500: Basic, Standard and Premium, plus a free consultation with a branded demo website and a 30-minute strategy session.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const db = getApp(context).database.db;
  const [packages, banner] = await Promise.all([listPricingPackages(db), getPricingBanner(db)]);
  return { packages, banner };
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-zinc-200">
          <Icon name="check" className="mt-0.5 size-5 shrink-0 text-[var(--color-accent)]" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { packages, banner } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-5 pt-20 pb-28">
      <Eyebrow>Clear prices</Eyebrow>
      <h1 className="mt-3 text-5xl font-bold tracking-tight text-white sm:text-6xl">Pricing Plans</h1>
      <p className="mt-5 max-w-2xl text-lg text-zinc-300">
        Pricing may vary depending on project scope and functionality
      </p>

      <section
        aria-labelledby="free-consultation"
        className="mt-14 rounded-[2rem] border border-[var(--color-accent)]/40 bg-zinc-950 p-8 sm:p-12"
      >
        <h2 id="free-consultation" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Free Consultation
        </h2>
        <p className="mt-2 text-xl font-medium text-[var(--color-accent)]">No Cost. No Commitment. Just Value.</p>
        <div className="mt-10 grid gap-10 md:grid-cols-2">
          <div>
            <h3 className="text-lg font-semibold text-white">What You Get</h3>
            <CheckList items={banner.whatYouGet} />
          </div>
          <div>
            <h3 className="text-lg font-semibold text-white">Consultation Includes</h3>
            <CheckList items={banner.includes} />
          </div>
        </div>
        <ButtonLink to={consultationHref()} className="mt-10 w-full whitespace-nowrap sm:w-auto">
          Schedule Free Consultation
        </ButtonLink>
      </section>

      <h2 className="sr-only">Packages</h2>
      <ul className="mt-16 grid gap-6 lg:grid-cols-3">
        {packages.map((pkg) => (
          <li
            key={pkg.id}
            className={`relative flex flex-col rounded-3xl border p-8 ${
              pkg.highlighted ? "border-[var(--color-accent)] bg-zinc-900" : "border-white/10 bg-zinc-950"
            }`}
          >
            {pkg.highlighted ? (
              <p className="absolute -top-3.5 left-8 rounded-full bg-[var(--color-accent)] px-3 py-1 text-xs font-bold tracking-wide text-black uppercase">
                {pkg.highlightLabel}
              </p>
            ) : null}
            <h3 className="text-xl font-semibold text-white">{pkg.name}</h3>
            <p className="mt-4 text-3xl font-bold tracking-tight whitespace-nowrap text-white">{pkg.price}</p>
            <p className="mt-4 leading-relaxed text-zinc-300">{pkg.description}</p>
            <ul className="mt-6 flex flex-1 flex-col gap-3 border-t border-white/10 pt-6">
              {pkg.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-zinc-200">
                  <Icon name="check" className="mt-0.5 size-5 shrink-0 text-[var(--color-accent)]" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <ButtonLink
              to={packageHref(pkg.id)}
              variant={pkg.highlighted ? "primary" : "secondary"}
              className="mt-8 w-full"
            >
              {pkg.ctaLabel}
            </ButtonLink>
          </li>
        ))}
      </ul>

      <section className="mt-20 flex flex-col items-start justify-between gap-6 rounded-3xl border border-white/10 p-10 md:flex-row md:items-center">
        <div>
          <h2 className="text-3xl font-bold tracking-tight text-white">Need a Custom Solution?</h2>
          <p className="mt-2 max-w-xl text-zinc-300">
            Booking systems, portals, integrations: tell us what your business needs and we will scope it with you.
          </p>
        </div>
        <ButtonLink to="/contact">Request a Quote</ButtonLink>
      </section>
    </main>
  );
}
