import { expect, it } from "vitest";
import { inquiryNotification } from "#app/domain/inquiry-mail.ts";

it("names the sender in the subject and lists every field with labels", () => {
  const mail = inquiryNotification(
    {
      name: "Ada Lovelace",
      email: "ada@example.test",
      phoneNumber: null,
      businessName: "Engines Ltd",
      existingWebsiteUrl: null,
      projectType: "webapp",
      budgetRange: "large",
      message: "Line one\nLine two",
    },
    "https://studio.example/admin/dashboard?submission=1",
  );
  expect(mail.subject).toBe("New inquiry from Ada Lovelace");
  expect(mail.text).toContain("Project type: Web Application");
  expect(mail.text).toContain("Budget: $15,000 - $30,000");
  expect(mail.text).toContain("Phone: -");
  expect(mail.text).toContain("Line one\nLine two");
  expect(mail.text).toContain("https://studio.example/admin/dashboard?submission=1");
});

it("keeps a visitor's name, email and business on one line: no forged lines or headers", () => {
  const mail = inquiryNotification(
    {
      name: "Ada\r\nBcc: victim@example.test\nOpen it in the inbox: https://evil.example",
      email: "ada@example.test",
      phoneNumber: null,
      businessName: "Engines\nBudget: $30,000+",
      existingWebsiteUrl: null,
      projectType: "webapp",
      budgetRange: null,
      message: "Hello",
    },
    "https://studio.example/admin/dashboard?submission=1",
  );
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.subject).toBe("New inquiry from Ada Bcc: victim@example.test Open it in the inbox: https://evil.example");
  const lines = mail.text.split("\n");
  // the one link to the inbox is the studio's own, on the line after its label
  expect(lines.filter((line) => line.startsWith("Open it in the inbox:"))).toEqual(["Open it in the inbox:"]);
  expect(lines[lines.indexOf("Open it in the inbox:") + 1]).toBe("https://studio.example/admin/dashboard?submission=1");
  expect(mail.blocks.filter((block) => block.type === "action")).toEqual([
    { type: "action", label: "Open it in the inbox", url: "https://studio.example/admin/dashboard?submission=1" },
  ]);
  expect(lines.filter((line) => line.startsWith("Budget:"))).toEqual(["Budget: Not specified"]);
  expect(lines.some((line) => line.startsWith("Bcc:"))).toBe(false);
});

it("names the package chosen on the form, or says none", () => {
  const base = {
    name: "Ada Lovelace",
    email: "ada@example.test",
    phoneNumber: null,
    businessName: null,
    existingWebsiteUrl: null,
    projectType: "quote" as const,
    budgetRange: null,
    message: "Hi",
  };
  const lines = (packageName: string | null) =>
    inquiryNotification({ ...base, packageName }, "https://studio.example/admin/dashboard").text.split("\n");
  expect(lines("Standard Package")).toContain("Package: Standard Package");
  expect(lines("Evil\nBudget: $1")).toContain("Package: Evil Budget: $1");
  expect(lines(null)).toContain("Package: -");
});
