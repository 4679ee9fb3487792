import { Link, NavLink } from "react-router";
import { Icon } from "#app/components/icons.tsx";
import { InlineScript } from "#app/components/inline-script.tsx";
import { menuId, menuScript } from "#app/components/site/scripts.ts";
import { ButtonLink, LogoMark } from "#app/components/site/ui.tsx";
import { navigation } from "#app/domain/site.ts";
import type { SiteLogo } from "#app/domain/site-logo.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-white/10 text-[var(--color-accent)]" : "text-zinc-300 hover:text-white"
  }`;

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-2xl px-4 py-3 text-lg font-medium ${
    isActive ? "bg-white/10 text-[var(--color-accent)]" : "text-zinc-200 hover:bg-white/5"
  }`;

/**
 * Fixed top navigation. Below 768 px the links fold into a <details> menu:
 * it opens and closes without JavaScript; a tiny script closes it once a link
 * is chosen, on Escape and on a click outside.
 */
export function SiteHeader({ shortName, logo }: { shortName: string; logo: SiteLogo | null }) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 h-16 border-b border-white/10 bg-black">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-5">
        <Link to="/" className="flex items-center gap-3 text-lg font-bold tracking-tight text-white">
          <LogoMark logo={logo} />
          <span>{shortName}</span>
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {navigation.map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} end className={linkClass}>
                {item.name}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden md:block">
          <ButtonLink to="/contact" className="min-h-10 px-5 text-sm">
            Request a Quote
          </ButtonLink>
        </div>
        <details id={menuId} className="group md:hidden">
          <summary className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full border border-white/15 text-white [&::-webkit-details-marker]:hidden">
            <Icon name="menu" className="size-5 group-open:hidden" aria-hidden="true" />
            <Icon name="x" className="hidden size-5 group-open:block" aria-hidden="true" />
            <span className="sr-only">Menu</span>
          </summary>
          <div className="absolute inset-x-0 top-16 border-b border-white/10 bg-black px-5 pt-3 pb-6">
            <ul className="flex flex-col gap-1">
              {navigation.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path} end className={mobileLinkClass}>
                    {item.name}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ButtonLink to="/contact" className="mt-4 w-full">
              Request a Quote
            </ButtonLink>
          </div>
        </details>
      </nav>
      <InlineScript code={menuScript} />
    </header>
  );
}
