import { describe, expect, it } from "vitest";
import { defaultWording } from "#app/domain/mail-templates.ts";
import {
  acceptFormSchema,
  clientLinkPath,
  defaultMessage,
  defaultSubject,
  deliveryLabels,
  documentMail,
  documentWording,
  dueReminder,
  estimateAnsweredMail,
  mailText,
  parseReminderOffsets,
  reminderOffsetLabel,
  reminderSchedule,
  sendFormSchema,
  sendKindLabel,
  templateFor,
} from "#app/domain/sending.ts";

const invoice = {
  invoiceType: "invoice" as const,
  invoiceNumber: "INV-0007",
  businessName: "Studio Nine",
  customerName: "Maria",
  total: 150000,
  balanceDue: 100000,
  dueDate: "2026-12-01",
};

describe("default texts", () => {
  it("names the document, the amount due and the due date", () => {
    expect(defaultSubject(invoice)).toBe("Invoice INV-0007 from Studio Nine");
    const message = defaultMessage(invoice);
    expect(message).toContain("Hello Maria,");
    // the studio's date format, never ISO
    expect(message).toContain("invoice INV-0007 for $1,000.00, due on 12/01/2026");
    expect(message).not.toContain("2026-12-01");
    expect(defaultMessage({ ...invoice, dueDate: null })).toContain("for $1,000.00, due on receipt, attached.");
  });

  it("uses the owner's wording, with the placeholders filled", () => {
    const wording = {
      subject: "{studio_name}: {document_number}",
      opening: "Dear {client_name}, {amount} by {due_date}.",
    };
    expect(defaultSubject(invoice, wording)).toBe("Studio Nine: INV-0007");
    expect(defaultMessage(invoice, wording)).toBe(
      "Dear Maria, $1,000.00 by 12/01/2026.\n\nThank you for your business,\nStudio Nine",
    );
  });

  it("says what a revision changed, and a receipt's balance", () => {
    const revised = documentWording("revision", invoice, defaultWording("revision"), {
      changes: ["Total $1,000.00 → $1,200.00", "Line items"],
    });
    expect(revised.subject).toBe("Revised invoice INV-0007 from Studio Nine");
    expect(revised.message).toContain("We have revised invoice INV-0007");
    expect(revised.message).toContain("What changed:\n- Total $1,000.00 → $1,200.00\n- Line items");
    const receipt = documentWording("receipt", { ...invoice, balanceDue: 0 }, defaultWording("receipt"), {
      receipt: { amount: 100000, paidOn: "2026-11-30" },
    });
    expect(receipt.subject).toBe("Receipt for invoice INV-0007 from Studio Nine");
    expect(receipt.message).toContain("We received your payment of $1,000.00 for invoice INV-0007 on 11/30/2026.");
    expect(receipt.message).toContain("The invoice is now paid in full.");
    const voided = documentWording("void", invoice, defaultWording("void"));
    expect(voided.subject).toBe("Void: invoice INV-0007 from Studio Nine");
    expect(
      documentMail({ ...voided, link: null, invoiceType: "invoice" }).blocks.map((block) => block.type),
    ).not.toContain("action");
  });

  it("asks an estimate's client to accept or decline", () => {
    const estimate = { ...invoice, invoiceType: "estimate" as const, invoiceNumber: "EST-0002" };
    expect(defaultSubject(estimate)).toBe("Estimate EST-0002 from Studio Nine");
    expect(defaultMessage(estimate)).toContain("estimate EST-0002 for $1,500.00");
    expect(mailText("Hi", "https://s.test/i/x", "estimate")).toBe(
      "Hi\n\nView, accept or decline the estimate online:\nhttps://s.test/i/x",
    );
  });

  it("words reminders by their offset", () => {
    const reminder = (offset: number) =>
      documentWording("reminder", invoice, defaultWording(templateFor("reminder", "invoice", offset)));
    expect(reminder(-3).subject).toBe("Reminder: invoice INV-0007 from Studio Nine is due soon");
    expect(reminder(0).subject).toContain("is due today");
    expect(reminder(7).subject).toContain("is overdue");
    expect(reminder(7).message).toContain("was due on 12/01/2026 and is still unpaid");
  });
});

describe("the send form", () => {
  it("requires a recipient, a subject and a message", () => {
    const result = sendFormSchema.safeParse({ to: "nope", subject: " ", message: "" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain("Invalid email address");
    expect(messages).toContain("Please enter a subject");
    expect(messages).toContain("Please enter a message");
  });

  it("keeps line breaks and limits lengths", () => {
    expect(sendFormSchema.parse({ to: "a@b.test", subject: "S", message: "a\r\nb" }).message).toBe("a\nb");
    const long = sendFormSchema.safeParse({ to: "a@b.test", subject: "x".repeat(301), message: "m" });
    expect(long.error?.issues[0]?.message).toBe("Subject must be less than 300 characters");
  });
});

describe("client links", () => {
  it("live under /i/", () => {
    expect(clientLinkPath("abc")).toBe("/i/abc");
  });
});

describe("reminder offsets", () => {
  it("parses, sorts and de-duplicates", () => {
    expect(parseReminderOffsets("7, -3 0, 0")).toEqual([-3, 0, 7]);
    expect(parseReminderOffsets("")).toEqual([]);
  });
  it("refuses what is not a small list of whole days in range", () => {
    expect(parseReminderOffsets("1.5")).toBeNull();
    expect(parseReminderOffsets("-61")).toBeNull();
    expect(parseReminderOffsets("366")).toBeNull();
    expect(parseReminderOffsets("1,2,3,4,5,6")).toBeNull();
    expect(parseReminderOffsets("soon")).toBeNull();
  });
});

describe("which reminder is due", () => {
  const base = { dueDate: "2026-12-10", sentDay: "2026-11-20", offsets: [-3, 0, 7], alreadySent: [] as number[] };
  it("sends nothing before the first reminder day", () => {
    expect(dueReminder({ ...base, today: "2026-12-06" })).toBeNull();
  });
  it("sends each on its day, once", () => {
    expect(dueReminder({ ...base, today: "2026-12-07" })).toBe(-3);
    expect(dueReminder({ ...base, today: "2026-12-07", alreadySent: [-3] })).toBeNull();
    expect(dueReminder({ ...base, today: "2026-12-10", alreadySent: [-3] })).toBe(0);
    expect(dueReminder({ ...base, today: "2026-12-17", alreadySent: [-3, 0] })).toBe(7);
    expect(dueReminder({ ...base, today: "2027-01-30", alreadySent: [-3, 0, 7] })).toBeNull();
  });
  it("catches up a missed day with the latest reminder only, never an earlier one after it", () => {
    expect(dueReminder({ ...base, today: "2026-12-20" })).toBe(7);
    expect(dueReminder({ ...base, today: "2026-12-20", alreadySent: [7] })).toBeNull();
  });
  it("sends no reminder whose day came before the invoice was sent", () => {
    expect(dueReminder({ ...base, sentDay: "2026-12-08", today: "2026-12-08" })).toBeNull();
    expect(dueReminder({ ...base, sentDay: "2026-12-08", today: "2026-12-10" })).toBe(0);
  });
});

describe("every reminder still to come", () => {
  const base = { dueDate: "2026-12-10", sentDay: "2026-11-20", offsets: [-3, 0, 7], alreadySent: [] as number[] };
  it("lists the offsets after today in order, and the one due today first", () => {
    expect(reminderSchedule({ ...base, today: "2026-12-01" })).toEqual([-3, 0, 7]);
    expect(reminderSchedule({ ...base, today: "2026-12-07" })).toEqual([-3, 0, 7]);
    expect(reminderSchedule({ ...base, today: "2026-12-07", alreadySent: [-3] })).toEqual([0, 7]);
    expect(reminderSchedule({ ...base, today: "2026-12-12", alreadySent: [-3] })).toEqual([0, 7]);
    expect(reminderSchedule({ ...base, today: "2026-12-20", alreadySent: [-3, 0, 7] })).toEqual([]);
  });
  it("lists the same reminder the pass would send today, and none whose day came before the send", () => {
    // a missed day: only the latest (the pass's) is due, the earlier is never sent
    expect(reminderSchedule({ ...base, today: "2026-12-11" })).toEqual([0, 7]);
    expect(reminderSchedule({ ...base, sentDay: "2026-12-08", today: "2026-12-08" })).toEqual([0, 7]);
  });
  it("lists no earlier reminder once a later one went", () => {
    expect(reminderSchedule({ ...base, today: "2026-12-01", alreadySent: [0] })).toEqual([7]);
  });
});

describe("an estimate answered on its link", () => {
  it("needs a typed name to accept, not to decline", () => {
    const unsigned = acceptFormSchema.safeParse({ intent: "accept", name: " A " });
    expect(unsigned.error?.issues[0]?.message).toBe("Please type your full name to sign");
    expect(acceptFormSchema.parse({ intent: "accept", name: " Ada Lovelace " }).name).toBe("Ada Lovelace");
    expect(acceptFormSchema.parse({ intent: "decline" })).toEqual({ intent: "decline", name: "" });
    expect(acceptFormSchema.safeParse({ intent: "approve", name: "Ada" }).success).toBe(false);
  });

  it("tells the owner who answered, with the signature when accepted", () => {
    const estimate = { invoiceNumber: "EST-0003", customerName: "Ada" };
    const accepted = estimateAnsweredMail({ intent: "accept", name: "Ada Lovelace" }, estimate, "https://s.test/x");
    expect(accepted).toMatchObject({
      subject: "Estimate EST-0003 was accepted by Ada",
      text: "Ada accepted estimate EST-0003 on its client link.\n\nSigned as: Ada Lovelace\n\nOpen it:\nhttps://s.test/x",
    });
    const declined = estimateAnsweredMail({ intent: "decline", name: "" }, estimate, "https://s.test/x");
    expect(declined.text).toBe("Ada declined estimate EST-0003 on its client link.\n\nOpen it:\nhttps://s.test/x");
  });
});

describe("the send history's words", () => {
  it("names sends and reminders by their offset", () => {
    expect(sendKindLabel("send", null)).toBe("Sent");
    expect(sendKindLabel("reminder", -3)).toBe("Payment reminder (3 days before the due date)");
    expect(sendKindLabel("reminder", 0)).toBe("Payment reminder (on the due date)");
    expect(sendKindLabel("reminder", 7)).toBe("Payment reminder (7 days after the due date)");
    expect(deliveryLabels.kept).toBe("Kept in the outbox (no SMTP)");
  });
});

describe("a reminder's day in words", () => {
  it("says before, on or after the due date", () => {
    expect([-3, -1, 0, 1, 7].map(reminderOffsetLabel)).toEqual([
      "3 days before the due date",
      "1 day before the due date",
      "on the due date",
      "1 day after the due date",
      "7 days after the due date",
    ]);
  });
});
