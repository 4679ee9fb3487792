import { expect, it } from "vitest";
import { conversionDescription } from "#app/domain/submissions.ts";

it("names the project type label and the budget label when present", () => {
  expect(conversionDescription({ projectType: "webapp", budgetRange: "medium" })).toBe(
    "Original inquiry: Web Application. Budget: $5,000 - $15,000.",
  );
  expect(conversionDescription({ projectType: "consultation", budgetRange: null })).toBe(
    "Original inquiry: Free Consultation.",
  );
});
