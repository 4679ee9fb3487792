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
