/** The inbox dialogs' forms end to end below HTTP: posted form data → schema → model → what an admin reads back. */
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { contactSubmissions, customers } from "#app/db/schema.ts";
import { customerFormSchema } from "#app/domain/customer-form.ts";
import { convertFormDefaults, submissionUpdateSchema, toSubmissionChanges } from "#app/domain/submission-forms.ts";
import { convertSubmission, getSubmission, updateSubmission } from "#app/models/contact-submissions.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { formData } from "../support/records.ts";

describeEachDatabase("inbox forms", (database) => {
  async function storedSubmission(notes: string | null = null) {
    const [row] = await database()
      .db.insert(contactSubmissions)
      .values({
        name: "Ada Lovelace",
        email: "ada@example.test",
        phoneNumber: "+44 20 7946 0000",
        projectType: "webapp",
        budgetRange: "large",
        message: "Line one\r\nLine two",
        notes,
      })
      .returning();
    if (!row) throw new Error("no row");
    return row;
  }

  it("an update posted from the dialog is stored with its line breaks; blank notes become null", async () => {
    const row = await storedSubmission();
    const posted = parseWithZod(formData({ status: "completed", notes: "Called.\r\nQuote sent." }), {
      schema: submissionUpdateSchema,
    });
    if (posted.status !== "success") throw new Error("expected a valid form");
    await updateSubmission(database().db, row.id, toSubmissionChanges(posted.value));
    expect(await getSubmission(database().db, row.id)).toMatchObject({
      status: "completed",
      notes: "Called.\nQuote sent.",
    });

    const blank = parseWithZod(formData({ status: "archived", notes: "  " }), { schema: submissionUpdateSchema });
    if (blank.status !== "success") throw new Error("expected a valid form");
    await updateSubmission(database().db, row.id, toSubmissionChanges(blank.value));
    expect(await getSubmission(database().db, row.id)).toMatchObject({ status: "archived", notes: null });
  });

  it("notes over the limit never reach the database", async () => {
    const posted = parseWithZod(formData({ status: "new", notes: "x".repeat(5001) }), {
      schema: submissionUpdateSchema,
    });
    expect(posted.status).toBe("error");
    expect(posted.reply().error?.notes).toEqual(["Notes must be less than 5000 characters"]);
  });

  it("the convert dialog's prefill is a valid customer form and converts the submission", async () => {
    const row = await storedSubmission("Warm lead");
    const posted = parseWithZod(formData(convertFormDefaults(row)), { schema: customerFormSchema });
    if (posted.status !== "success") throw new Error(`expected a valid form: ${JSON.stringify(posted.reply())}`);
    const customer = await convertSubmission(database().db, row.id, posted.value);
    expect(customer).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.test",
      phoneNumber: "+44 20 7946 0000",
      paymentTerms: 30,
      status: "prospect",
      notes: "Warm lead",
      contactSubmissionId: row.id,
    });
    const after = await getSubmission(database().db, row.id);
    expect(after?.customerId).toBe(customer?.id);
    // the New inquiry is now being worked
    expect(after?.status).toBe("in-progress");
    expect(await database().db.select().from(customers).where(eq(customers.contactSubmissionId, row.id))).toHaveLength(
      1,
    );
  });

  it("the convert form refuses a blank name or email with the spec's message", async () => {
    const posted = parseWithZod(formData({ name: " ", email: "", payment_terms: "abc" }), {
      schema: customerFormSchema,
    });
    expect(posted.status).toBe("error");
    const errors = posted.reply().error ?? {};
    expect(errors.name).toEqual(["Name and email are required"]);
    expect(errors.email).toEqual(["Name and email are required"]);
  });
});
