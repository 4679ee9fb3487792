/**
 * The public pages' tiny browser programs, serialised into nonce'd inline
 * scripts. Each function is self-contained: it uses only its arguments and
 * browser globals, because it runs as its own source text.
 */
import { filterHref, matchesFilter, type PortfolioFilter } from "#app/domain/portfolio.ts";

/** Mobile menu (a <details> element that works without JavaScript): closes on a link, Escape or a click outside. */
function runMenu(menuId: string): void {
  const menu = document.getElementById(menuId) as HTMLDetailsElement | null;
  if (!menu) return;
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) menu.open = false;
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
}

export const menuId = "site-menu";
export const menuScript = `(${runMenu.toString()})(${JSON.stringify(menuId)});`;

/**
 * Portfolio filter without a reload: the server renders every card (those not
 * matching carry `hidden`) and filter links that also work without JavaScript.
 */
function runPortfolioFilter(
  matches: (category: "websites" | "webapps", filter: PortfolioFilter) => boolean,
  hrefOf: (filter: PortfolioFilter) => string,
): void {
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[data-filter]"));
  const cards = Array.from(document.querySelectorAll<HTMLElement>("[data-category]"));
  const apply = (filter: PortfolioFilter) => {
    for (const link of links) {
      if (link.dataset.filter === filter) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
    for (const card of cards) card.hidden = !matches(card.dataset.category as "websites" | "webapps", filter);
  };
  for (const link of links) {
    link.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      const filter = link.dataset.filter as PortfolioFilter;
      apply(filter);
      window.history.replaceState(null, "", hrefOf(filter));
    });
  }
}

export const portfolioFilterScript = `(${runPortfolioFilter.toString()})(${matchesFilter.toString()},${filterHref.toString()});`;
