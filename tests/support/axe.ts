/** axe-core in a Playwright page: the serious and critical WCAG 2 A/AA violations, as "rule: targets" lines. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
