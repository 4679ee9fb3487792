import { Link } from "react-router";
import { Icon } from "#app/components/icons.tsx";
import { InlineScript } from "#app/components/inline-script.tsx";
import { LogoMark } from "#app/components/site/ui.tsx";
import { jsonForScript, organizationJsonLd, quickLinks } from "#app/domain/site.ts";
import type { SiteLogo } from "#app/domain/site-logo.ts";
import { type StudioIdentity, studioDescription, telHref } from "#app/domain/studio.ts";

export function SiteFooter({
  studio,
  siteUrl,
  year,
  tagline,
  logo,
}: {
  studio: StudioIdentity;
  /** the owner's logo, or null for the design's mark */
  logo: SiteLogo | null;
  siteUrl: string;
  year: number;
  /** the owner's tagline (app/domain/site-texts.ts) */
  tagline: string;
}) {
  const organization = organizationJsonLd(studio, siteUrl, studioDescription, logo?.large);
  return (
    <footer className="relative z-10 border-t border-white/10 bg-black">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 md:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-4">
          <Link to="/" className="flex w-fit items-center gap-3 text-lg font-bold tracking-tight text-white">
            <LogoMark logo={logo} />
            <span>{studio.shortName}</span>
          </Link>
          <p className="max-w-xs text-zinc-400">{tagline}</p>
        </div>
        <div>
          <h2 className="font-mono text-sm tracking-widest text-zinc-400 uppercase">Quick Links</h2>
          <ul className="mt-4 flex flex-col gap-1">
            {quickLinks.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className="inline-block py-1.5 text-zinc-200 hover:text-[var(--color-accent)]">
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-mono text-sm tracking-widest text-zinc-400 uppercase">Contact</h2>
          <ul className="mt-4 flex flex-col gap-1">
            <li>
              <a
                href={`mailto:${studio.email}`}
                className="inline-flex items-center gap-2 py-1.5 text-zinc-200 hover:text-[var(--color-accent)]"
              >
                <Icon name="mail" className="size-4" aria-hidden="true" />
                {studio.email}
              </a>
            </li>
            {studio.phoneNumber ? (
              <li>
                <a
                  href={telHref(studio.phoneNumber)}
                  className="inline-flex items-center gap-2 py-1.5 text-zinc-200 hover:text-[var(--color-accent)]"
                >
                  <Icon name="phone" className="size-4" aria-hidden="true" />
                  {studio.phoneNumber}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-5 py-6 text-sm text-zinc-400">
          © {year}{" "}
          <Link to="/admin/login" className="hover:text-white">
            {studio.businessName}
          </Link>
          . All rights reserved.
        </p>
      </div>
      <InlineScript type="application/ld+json" code={jsonForScript(organization)} />
    </footer>
  );
}
