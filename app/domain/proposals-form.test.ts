import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { proposalFormSchema } from "#app/domain/proposals.ts";

/** The editor's post as Conform reads it: a blank field arrives as missing. */
function post(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: proposalFormSchema });
}

const filled = {
  customer_id: "66c9b62f-fe13-47be-be34-f10c6235e899",
  title: "Website",
  introduction: "",
  scope: "",
  "tiers[0].name": "Basic",
  "tiers[0].description": "",
  "tiers[0].lines[0].description": "Design",
  "tiers[0].lines[0].quantity": "1",
  "tiers[0].lines[0].unit_price": "100",
  agreement: "Terms",
  expires_on: "2030-01-01",
  tax_rate: "0",
  deposit_kind: "percent",
  deposit_value: "50",
  intent: "send",
};

describe("the proposal editor's post, through Conform", () => {
  it("accepts blank optional texts (introduction, scope, descriptions)", () => {
    const submission = post(filled);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ introduction: "", scope: "", intent: "send" });
    expect(submission.value.tiers[0]).toMatchObject({
      description: "",
      lines: [{ description: "Design", quantity: 100, unit_price: 10000 }],
    });
  });

  it("names the field of each mistake: a package without a described line, a blank title or agreement", () => {
    const submission = post({ ...filled, "tiers[0].lines[0].description": "", title: "", agreement: "" });
    expect(submission.status).toBe("error");
    if (submission.status !== "error") return;
    expect(submission.error).toEqual({
      "tiers[0].lines": ["Each package and add-on needs at least one line"],
      title: ["Title is required"],
      agreement: ["Agreement is required"],
    });
  });
});
