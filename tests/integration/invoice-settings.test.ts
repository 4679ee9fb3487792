/** The invoice part of the settings and the stored logo, on both databases. */
import { parseWithZod } from "@conform-to/zod/v4";
import { expect, it } from "vitest";
import { invoiceFormSchema } from "#app/domain/invoice-form.ts";
import { invoiceSettingsMessages, invoiceSettingsSchema } from "#app/domain/invoice-settings.ts";
import { checkLogo } from "#app/domain/logo.ts";
import {
  getInvoiceNumbering,
  NextNumberTooLowError,
  saveInvoiceNumbering,
} from "#app/models/invoice-settings.server.ts";
import { createInvoice } from "#app/models/invoices.server.ts";
import {
  deleteStudioLogo,
  getStudioLogo,
  getStudioLogoVersion,
  saveStudioLogo,
} from "#app/models/studio-logo.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { formData, insertCustomer } from "../support/records.ts";

function settings(values: Record<string, string>) {
  const parsed = parseWithZod(formData(values), { schema: invoiceSettingsSchema });
  if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.reply().error));
  return parsed.value;
}

describeEachDatabase("invoice settings", (database) => {
  const db = () => database().db;

  async function newInvoice(type: "invoice" | "estimate") {
    const customer = await insertCustomer(db(), { name: "C", email: "c@x.test" });
    const parsed = parseWithZod(
      formData({
        customer_id: customer?.id ?? "",
        issue_date: "2026-11-22",
        invoice_type: type,
        "items[0].description": "x",
      }),
      { schema: invoiceFormSchema },
    );
    if (parsed.status !== "success") throw new Error("invalid");
    return createInvoice(db(), parsed.value);
  }

  it("defaults, then new prefixes and a raised next number apply to the next document", async () => {
    expect(await getInvoiceNumbering(db())).toEqual({
      invoicePrefix: "INV",
      estimatePrefix: "EST",
      nextInvoiceNumber: 1,
      nextEstimateNumber: 1,
      timeZone: "America/New_York",
      reminderOffsets: [-3, 0, 7],
    });
    await saveInvoiceNumbering(
      db(),
      settings({
        invoice_prefix: " fac ",
        estimate_prefix: "Q",
        next_invoice_number: "1001",
        next_estimate_number: "1",
      }),
    );
    expect(await getInvoiceNumbering(db())).toMatchObject({ invoicePrefix: "FAC", nextInvoiceNumber: 1001 });
    expect((await newInvoice("invoice")).invoiceNumber).toBe("FAC-1001");
    expect((await newInvoice("estimate")).invoiceNumber).toBe("Q-0001");
    expect((await getInvoiceNumbering(db())).nextInvoiceNumber).toBe(1002);
  });

  it("saves the payment-reminder schedule, none when blank, and refuses a bad one with its message", async () => {
    const base = { invoice_prefix: "INV", estimate_prefix: "EST", next_invoice_number: "1", next_estimate_number: "1" };
    await saveInvoiceNumbering(db(), settings({ ...base, payment_reminders: "7, -2 ,0" }));
    expect((await getInvoiceNumbering(db())).reminderOffsets).toEqual([-2, 0, 7]);
    await saveInvoiceNumbering(db(), settings({ ...base, payment_reminders: "" }));
    expect((await getInvoiceNumbering(db())).reminderOffsets).toEqual([]);
    const bad = parseWithZod(formData({ ...base, payment_reminders: "soon, 400" }), { schema: invoiceSettingsSchema });
    expect(bad.status).toBe("error");
    expect(JSON.stringify(bad.reply().error)).toContain("whole numbers of days between -60 and 365");
  });

  it("refuses a next number below one already handed out, and equal prefixes", async () => {
    await newInvoice("invoice");
    await newInvoice("invoice");
    await expect(
      saveInvoiceNumbering(
        db(),
        settings({
          invoice_prefix: "INV",
          estimate_prefix: "EST",
          next_invoice_number: "2",
          next_estimate_number: "1",
        }),
      ),
    ).rejects.toBeInstanceOf(NextNumberTooLowError);
    expect((await getInvoiceNumbering(db())).nextInvoiceNumber).toBe(3);
    const same = parseWithZod(
      formData({ invoice_prefix: "A", estimate_prefix: "a", next_invoice_number: "1", next_estimate_number: "1" }),
      { schema: invoiceSettingsSchema },
    );
    expect(same.reply().error?.estimate_prefix).toEqual([invoiceSettingsMessages.samePrefix]);
    const bad = parseWithZod(
      formData({ invoice_prefix: "IN V", estimate_prefix: "EST", next_invoice_number: "0", next_estimate_number: "x" }),
      { schema: invoiceSettingsSchema },
    );
    expect(Object.keys(bad.reply().error ?? {}).sort()).toEqual([
      "invoice_prefix",
      "next_estimate_number",
      "next_invoice_number",
    ]);
  });

  it("stores the logo's bytes exactly and replaces or removes it", async () => {
    expect(await getStudioLogo(db())).toBeNull();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1, 2]);
    const checked = checkLogo(png);
    if (!checked.ok) throw new Error(checked.message);
    await saveStudioLogo(db(), checked.logo);
    const stored = await getStudioLogo(db());
    expect(stored?.mimeType).toBe("image/png");
    expect([...(stored?.data ?? [])]).toEqual([...png]);
    expect(await getStudioLogoVersion(db())).toMatch(/^\d+$/);
    const jpeg = checkLogo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1]));
    if (!jpeg.ok) throw new Error(jpeg.message);
    await saveStudioLogo(db(), jpeg.logo);
    expect((await getStudioLogo(db()))?.mimeType).toBe("image/jpeg");
    await deleteStudioLogo(db());
    expect(await getStudioLogo(db())).toBeNull();
  });
});
