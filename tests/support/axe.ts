/** axe-core in a Playwright page. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export type AxeCheck = {
  /** the rule tags to run (for example "wcag2a", "wcag2aa"); every rule when left out */
  tags?: string[];
  /** the impacts that count; every impact when left out */
  impacts?: ("minor" | "moderate" | "serious" | "critical")[];
};

/** The violations of a page, as "rule: targets" lines. */
export async function axeViolations(page: Page, check: AxeCheck = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (check.tags) builder.withTags(check.tags);
  // axe's default run finishes in a new blank page of the context (a new renderer: about a CPU-second and a
  // second of waiting each time), which only pages with cross-origin frames need; a page without frames runs
  // the same rules in place. (axe needs the page's JavaScript either way: a context without it never answers.)
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const result = await builder.analyze();
  return result.violations
    .filter((violation) => !check.impacts || check.impacts.some((impact) => impact === violation.impact))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** The serious and critical WCAG 2 A/AA violations, as "rule: targets" lines. */
export function seriousViolations(page: Page): Promise<string[]> {
  return axeViolations(page, { tags: ["wcag2a", "wcag2aa"], impacts: ["serious", "critical"] });
}
