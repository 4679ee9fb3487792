import { describe, expect, it } from "vitest";
import {
  defaultWording,
  fillWording,
  mailTemplateFormSchema,
  mailTemplateKeys,
  mailTemplates,
  unknownPlaceholders,
} from "#app/domain/mail-templates.ts";

describe("mail templates", () => {
  it("fill every placeholder they offer, and leave any other as typed", () => {
    const filled = fillWording(
      { subject: "{studio_name}:\n{document_number}", opening: "Hi {client_name}, {nope} {amount}" },
      { studio_name: "Studio", document_number: "INV-0001", client_name: "Ada", amount: "$5.00" },
    );
    expect(filled).toEqual({ subject: "Studio: INV-0001", opening: "Hi Ada, {nope} $5.00" });
  });

  it("offer in their defaults only placeholders they list", () => {
    for (const key of mailTemplateKeys) {
      const wording = defaultWording(key);
      expect(unknownPlaceholders(key, `${wording.subject} ${wording.opening}`), key).toEqual([]);
      expect(mailTemplates[key].label.length).toBeGreaterThan(0);
    }
  });

  it("refuse an unknown placeholder on its field, a blank subject, and an unknown template", () => {
    const saved = mailTemplateFormSchema.safeParse({
      intent: "save",
      key: "receipt",
      subject: "Thanks {client_name}",
      opening: "Due {due_date}",
    });
    expect(saved.success).toBe(false);
    expect(saved.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      [
        "opening",
        "Unknown placeholder {due_date}: this mail offers {client_name}, {studio_name}, {document_number}, {payment_amount}, {payment_date}",
      ],
    ]);
    expect(
      mailTemplateFormSchema.safeParse({ intent: "save", key: "invoice", subject: " ", opening: "x" }).success,
    ).toBe(false);
    expect(mailTemplateFormSchema.safeParse({ intent: "reset", key: "__proto__" }).success).toBe(false);
    expect(
      mailTemplateFormSchema.parse({ intent: "save", key: "invoice", subject: "A  {studio_name}", opening: "B\r\nC" }),
    ).toEqual({ intent: "save", key: "invoice", subject: "A {studio_name}", opening: "B\nC" });
    expect(mailTemplateFormSchema.safeParse({ intent: "accent", accent: "#12G" }).success).toBe(false);
  });
});
