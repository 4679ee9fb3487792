/** The portfolio filter (/portfolio). Pure: no I/O. */
import { type PortfolioCategory, portfolioCategories } from "#app/domain/enums.ts";

export type PortfolioFilter = "all" | PortfolioCategory;

export const portfolioFilters: { value: PortfolioFilter; label: string }[] = [
  { value: "all", label: "All Projects" },
  { value: "websites", label: "Websites" },
  { value: "webapps", label: "Web Apps" },
];

/** The `?category=` value; anything missing or unknown means "all". */
export function parsePortfolioFilter(value: string | null | undefined): PortfolioFilter {
  return (portfolioCategories as readonly string[]).includes(value ?? "") ? (value as PortfolioCategory) : "all";
}

export function matchesFilter(category: PortfolioCategory, filter: PortfolioFilter): boolean {
  return filter === "all" || category === filter;
}

/** The link of a filter button: the default filter has no query string (the canonical URL). */
export function filterHref(filter: PortfolioFilter): string {
  return filter === "all" ? "/portfolio" : `/portfolio?category=${filter}`;
}
