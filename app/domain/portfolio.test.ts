import { expect, it } from "vitest";
import { filterHref, matchesFilter, parsePortfolioFilter, portfolioFilters } from "#app/domain/portfolio.ts";

it("offers the spec's three filters, all first", () => {
  expect(portfolioFilters).toEqual([
    { value: "all", label: "All Projects" },
    { value: "websites", label: "Websites" },
    { value: "webapps", label: "Web Apps" },
  ]);
});

it("parses ?category=, defaulting to all", () => {
  expect(parsePortfolioFilter("websites")).toBe("websites");
  expect(parsePortfolioFilter("webapps")).toBe("webapps");
  expect(parsePortfolioFilter("all")).toBe("all");
  expect(parsePortfolioFilter(null)).toBe("all");
  expect(parsePortfolioFilter("WEBSITES")).toBe("all");
  expect(parsePortfolioFilter("constructor")).toBe("all");
});

it("matches items to filters", () => {
  expect(matchesFilter("websites", "all")).toBe(true);
  expect(matchesFilter("websites", "websites")).toBe(true);
  expect(matchesFilter("webapps", "websites")).toBe(false);
});

it("links the default filter to the canonical URL", () => {
  expect(filterHref("all")).toBe("/portfolio");
  expect(filterHref("webapps")).toBe("/portfolio?category=webapps");
});
