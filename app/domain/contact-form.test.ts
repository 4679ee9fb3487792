import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { contactFormSchema, toSubmissionRow } from "#app/domain/contact-form.ts";
import { parseSerialId } from "#app/domain/ids.ts";

const valid = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.test",
  project_type: "website",
  message: "We need a new site.",
};

/** The first message for a field, or undefined when the field is valid. */
function errorFor(field: string, value: unknown): string | undefined {
  const result = contactFormSchema.safeParse({ ...valid, [field]: value });
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("contact form schema", () => {
  it("accepts a minimal valid inquiry and trims", () => {
    const result = contactFormSchema.parse({ ...valid, first_name: "  Ada ", message: "  hi  " });
    expect(result.first_name).toBe("Ada");
    expect(result.message).toBe("hi");
  });

  it.each([
    ["first_name", "First name"],
    ["last_name", "Last name"],
  ])("%s: required, at most 50", (field, label) => {
    expect(errorFor(field, "")).toBe(`${label} is required`);
    expect(errorFor(field, "   ")).toBe(`${label} is required`);
    expect(errorFor(field, undefined)).toBe(`${label} is required`);
    expect(errorFor(field, "a".repeat(50))).toBeUndefined();
    expect(errorFor(field, "a".repeat(51))).toBe(`${label} must be less than 50 characters`);
    expect(errorFor(field, ` ${"a".repeat(50)} `)).toBeUndefined();
  });

  it("email: valid, at most 255", () => {
    expect(errorFor("email", "")).toBe("Invalid email address");
    expect(errorFor("email", "not-an-email")).toBe("Invalid email address");
    expect(errorFor("email", "a@b")).toBe("Invalid email address");
    expect(errorFor("email", " ada@example.test ")).toBeUndefined();
    const local = "a".repeat(64);
    const at255 = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}`;
    expect(at255).toHaveLength(255);
    expect(errorFor("email", at255)).toBeUndefined();
    expect(errorFor("email", `${at255}x`)).toBe("Email must be less than 255 characters");
  });

  it("phone_number: optional; digits, spaces, hyphens, parentheses, plus; 10 to 20", () => {
    expect(errorFor("phone_number", undefined)).toBeUndefined();
    expect(errorFor("phone_number", "")).toBeUndefined();
    expect(errorFor("phone_number", "123456789")).toBe("Phone number must be at least 10 digits");
    expect(errorFor("phone_number", "1234567890")).toBeUndefined();
    expect(errorFor("phone_number", "+1 (555) 010-4242")).toBeUndefined();
    expect(errorFor("phone_number", "1".repeat(20))).toBeUndefined();
    expect(errorFor("phone_number", "1".repeat(21))).toBe("Phone number must be less than 20 characters");
    expect(errorFor("phone_number", "555-010-CALL")).toBe("Invalid phone number format");
    expect(errorFor("phone_number", "555.010.4242")).toBe("Invalid phone number format");
  });

  it("business_name: optional, at most 100", () => {
    expect(errorFor("business_name", "b".repeat(100))).toBeUndefined();
    expect(errorFor("business_name", "b".repeat(101))).toBe("Business name must be less than 100 characters");
  });

  it("existing_website_url: optional http(s) URL, at most 500", () => {
    expect(errorFor("existing_website_url", "")).toBeUndefined();
    expect(errorFor("existing_website_url", "https://example.com/path?q=1")).toBeUndefined();
    expect(errorFor("existing_website_url", "http://example.com")).toBeUndefined();
    expect(errorFor("existing_website_url", "not a url")).toBe("Invalid URL format");
    expect(errorFor("existing_website_url", "javascript:alert(1)")).toBe("Invalid URL format");
    expect(errorFor("existing_website_url", "ftp://example.com")).toBe("Invalid URL format");
    expect(errorFor("existing_website_url", "https://")).toBe("Invalid URL format");
    const at500 = `https://example.com/${"p".repeat(500 - 20)}`;
    expect(at500).toHaveLength(500);
    expect(errorFor("existing_website_url", at500)).toBeUndefined();
    expect(errorFor("existing_website_url", `${at500}p`)).toBe("URL must be less than 500 characters");
  });

  it("existing_website_url: a bare domain is taken as https", () => {
    expect(contactFormSchema.parse({ ...valid, existing_website_url: "bakery.example" }).existing_website_url).toBe(
      "https://bakery.example",
    );
  });

  it("project_type: required, one of the form's six", () => {
    expect(errorFor("project_type", undefined)).toBe("Please select a project type");
    expect(errorFor("project_type", "")).toBe("Please select a project type");
    expect(errorFor("project_type", "demo")).toBe("Please select a project type");
    for (const type of ["quote", "contact", "consultation", "website", "webapp", "redesign"]) {
      expect(errorFor("project_type", type)).toBeUndefined();
    }
  });

  it("customer_type and budget_range: optional, listed values only", () => {
    expect(errorFor("customer_type", "entrepreneur")).toBeUndefined();
    expect(errorFor("customer_type", "astronaut")).toBeDefined();
    expect(errorFor("budget_range", "enterprise")).toBeUndefined();
    expect(errorFor("budget_range", "billions")).toBeDefined();
  });

  it("message: required, at most 2000", () => {
    expect(errorFor("message", "")).toBe("Message is required");
    expect(errorFor("message", "m".repeat(2000))).toBeUndefined();
    expect(errorFor("message", "m".repeat(2001))).toBe("Message must be less than 2000 characters");
  });

  it("parses a posted form the same way (blank optional fields become null in the row)", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...valid, phone_number: "", business_name: " ", budget_range: "" })) {
      form.set(key, value);
    }
    const submission = parseWithZod(form, { schema: contactFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(toSubmissionRow(submission.value)).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.test",
      phoneNumber: null,
      customerType: null,
      businessName: null,
      existingWebsiteUrl: null,
      projectType: "website",
      budgetRange: null,
      packageName: null,
      message: "We need a new site.",
    });
    expect(toSubmissionRow(submission.value, "Standard Package").packageName).toBe("Standard Package");
  });

  it("reads a package id as a positive whole number (the one id parser), anything else as none", () => {
    expect(parseSerialId("2")).toBe(2);
    expect(parseSerialId(" 17 ")).toBe(17);
    for (const value of [undefined, null, "", "0", "-1", "1.5", "1e3", "abc", "9999999999"]) {
      expect(parseSerialId(value), String(value)).toBeNull();
    }
  });
});
