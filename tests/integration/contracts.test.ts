/**
 * Contracts and their schedules (ADR 0043), on both databases: a signed proposal becomes a contract
 * whose deposit invoice carries the proposal's tax; New Invoice on its project offers the schedule,
 * never the full price; milestones and the balance are drawn from it, the balance deducting every
 * earlier invoice after tax, so the invoices add up to the contract's total to the cent; invoiced
 * installments are locked in the model; deduction lines are refused unless linked to an earlier
 * document of the same customer, and never make a total negative; a converted estimate is a contract.
 */
import { and, eq, isNull } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { contractInstallments, contracts, invoiceLineItems, invoices } from "#app/db/schema.ts";
import type { InstallmentRow } from "#app/domain/contract-form.ts";
import { contractMessages } from "#app/domain/contracts.ts";
import { addDaysIso } from "#app/domain/dates.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { emptyLine } from "#app/domain/invoice-form.ts";
import { invoiceMessages } from "#app/domain/invoice-pages.ts";
import { toCents } from "#app/domain/money.ts";
import type { SignForm } from "#app/domain/proposals.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { drawInvoice, getContract, listContracts, saveSchedule } from "#app/models/contracts.server.ts";
import { issueCreditNote, voidDocument } from "#app/models/document-lifecycle.server.ts";
import { acceptEstimate, convertEstimate } from "#app/models/estimates.server.ts";
import {
  createInvoice,
  deductionMessages,
  getPrintableInvoice,
  InvoiceInputError,
  updateInvoice,
} from "#app/models/invoices.server.ts";
import { recordPayment } from "#app/models/payments.server.ts";
import * as invoiceEditor from "#app/routes/admin/invoice-editor.tsx";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { loadPortal } from "#app/services/portal.server.ts";
import { findClientProposal, signProposal } from "#app/services/proposals.server.ts";
import { csvLoader } from "../support/csv-exports.ts";
import { describeEachDatabase } from "../support/database.ts";
import { createSentProposal } from "../support/proposals.ts";
import { formData, insertCustomer, invoiceForm } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const logger = pino({ level: "silent" });
const cents = (value: string | null | undefined) => toCents(value ?? "0") ?? 0;

describeEachDatabase("contracts", (database) => {
  const db = () => database().db;
  const deps = () => ({ db: db(), config: testConfig, logger });

  /**
   * The sample proposal (tests/support/proposals.ts), signed for its middle package and add-on:
   * subtotal $2,800.50, 8.25% tax $231.04, total $3,031.54, 50% deposit $1,400.25 + $115.52 = $1,515.77.
   */
  async function signed(name = "Ada Lovelace") {
    const customer = await insertCustomer(db(), { name });
    const today = await studioToday(db());
    const { userId } = await createOrUpdateAccount(db(), {
      email: `owner-${customer.id}@studio.test`,
      password: "a long enough test passphrase",
      admin: true,
    });
    const sent = await createSentProposal(db(), {
      customerId: customer.id,
      expiresOn: addDaysIso(today, 30),
      actor: { userId, email: "owner@studio.test" },
    });
    const opened = await findClientProposal(db(), sent.token, "198.51.100.7");
    if (!opened.ok) throw new Error(opened.reason);
    const form: SignForm = {
      intent: "sign",
      tier: "t2",
      addons: ["a1"],
      signer_name: name,
      agree: true,
      content_hash: opened.contentHash,
    };
    const result = await signProposal(deps(), { token: sent.token, form, ip: "198.51.100.7", userAgent: "Test" });
    if (!result.ok || !result.depositInvoiceId) throw new Error(JSON.stringify(result));
    const [contract] = await db().select().from(contracts).where(eq(contracts.sourceProposalId, sent.id));
    if (!contract) throw new Error("no contract");
    return { customer, projectId: result.projectId, depositId: result.depositInvoiceId, contractId: contract.id };
  }

  const row = async (id: string) => {
    const [found] = await db().select().from(invoices).where(eq(invoices.id, id));
    if (!found) throw new Error("no invoice");
    return found;
  };
  /** the owner sends a draft (the status a sent invoice has; the mail is not what is tested here) */
  const send = (id: string) =>
    db().update(invoices).set({ status: "sent", sentAt: new Date() }).where(eq(invoices.id, id));
  const pay = async (id: string) => {
    const invoice = await row(id);
    await recordPayment(
      db(),
      id,
      { paid_on: invoice.issueDate, amount: cents(invoice.balanceDue), method: "bank_transfer", email_receipt: false },
      null,
    );
  };
  const milestone = (label: string, basis: "percent" | "amount", value: number): InstallmentRow => ({
    kind: "milestone",
    label,
    basis,
    value,
  });
  const balanceRow = async (contractId: string): Promise<InstallmentRow> => {
    const contract = await getContract(db(), contractId);
    const balance = contract?.schedule.find((item) => item.kind === "balance");
    if (!balance) throw new Error("no balance");
    return { id: balance.id, kind: "balance", label: balance.label, basis: "percent" };
  };

  it("signing makes a contract of the chosen lines with a deposit and a balance; the deposit invoice carries the proposal's tax", async () => {
    const { depositId, contractId, projectId } = await signed();
    const deposit = await getPrintableInvoice(db(), depositId);
    // the defect: "Tax (0%) $0.00" on half of a taxed total
    expect(deposit).toMatchObject({
      taxRate: "8.25",
      subtotal: "1400.25",
      taxAmount: "115.52",
      totalAmount: "1515.77",
      contractId,
      status: "sent",
    });
    const contract = await getContract(db(), contractId);
    expect(contract).toMatchObject({ subtotal: 280_050, taxAmount: 23_104, total: 303_154, taxRate: 825 });
    expect(contract?.project?.id).toBe(projectId);
    expect(contract?.lines.map((line) => line.description)).toEqual(["Five-page site", "Contact form", "Logo refresh"]);
    expect(contract?.schedule.map((item) => [item.kind, item.amount, item.invoice?.id ?? null])).toEqual([
      ["deposit", 151_577, depositId],
      ["balance", 151_577, null],
    ]);
    // the deposit invoice shows its place in the contract
    expect(deposit?.standing).toEqual({
      contractTotal: 303_154,
      billedBefore: 0,
      thisInvoice: 151_577,
      leftAfter: 151_577,
    });
  });

  it("New Invoice on the project offers the schedule, never the full price again", async () => {
    const { customer, projectId, contractId } = await signed();
    const { call, cookieFor } = routeHarness(database);
    const cookie = await cookieFor("owner@studio.test", true);
    const page = await call(
      invoiceEditor.loader,
      `/admin/invoices/new?type=invoice&customer_id=${customer.id}&project_id=${projectId}`,
      { cookie, params: { id: "new" } },
    );
    const data = page.data as Awaited<ReturnType<typeof invoiceEditor.loader>>;
    // the defect: the project's phases (the full signed price) as the new invoice's lines
    expect(data.defaultValue.items).toEqual([emptyLine]);
    const project = data.projects.find((found) => found.id === projectId);
    expect(project?.lines).toEqual([]);
    expect(project?.contracts).toEqual([
      {
        id: contractId,
        title: expect.stringContaining("A new website"),
        next: { label: "Balance", amount: 151_577 },
        balance: 151_577,
      },
    ]);
  });

  it("deposit, milestone and balance: the balance deducts the earlier invoices after tax, and the three add up to the total", async () => {
    const { depositId, contractId } = await signed();
    await pay(depositId);
    const saved = await saveSchedule(db(), contractId, [
      milestone("Design approved", "percent", 3000),
      await balanceRow(contractId),
    ]);
    expect(saved).toEqual({ ok: true, count: 3 });

    const second = await drawInvoice(db(), contractId, "next");
    if (!second?.ok) throw new Error(JSON.stringify(second));
    // 30% of $2,800.50 = $840.15, 8.25% tax $69.31
    expect(await row(second.id)).toMatchObject({
      status: "draft",
      taxRate: "8.25",
      subtotal: "840.15",
      taxAmount: "69.31",
      totalAmount: "909.46",
      contractId,
    });
    await send(second.id);

    const final = await drawInvoice(db(), contractId, "balance");
    if (!final?.ok) throw new Error(JSON.stringify(final));
    const printable = await getPrintableInvoice(db(), final.id);
    expect(printable?.lines.map((line) => [line.kind, line.description, line.lineTotal])).toEqual([
      ["item", "Five-page site", "2000.00"],
      ["item", "Contact form", "500.00"],
      ["item", "Logo refresh", "300.50"],
      ["deduction", "Less deposit INV-0001", "-1515.77"],
      ["deduction", "Less milestone INV-0002", "-909.46"],
    ]);
    expect(printable).toMatchObject({
      taxRate: "8.25",
      subtotal: "2800.50",
      taxAmount: "231.04",
      totalAmount: "606.31",
    });
    expect(printable?.standing).toEqual({
      contractTotal: 303_154,
      billedBefore: 151_577 + 90_946,
      thisInvoice: 60_631,
      leftAfter: 0,
    });
    const totals = [depositId, second.id, final.id].map(async (id) => cents((await row(id)).totalAmount));
    expect((await Promise.all(totals)).reduce((a, b) => a + b, 0)).toBe(303_154);

    // the schedule is complete: nothing more to draw or edit
    expect(await drawInvoice(db(), contractId, "next")).toEqual({
      ok: false,
      message: contractMessages.allInvoiced,
      field: undefined,
    });
    expect(await saveSchedule(db(), contractId, [])).toMatchObject({ ok: false, message: contractMessages.complete });
    // a draft bills nothing yet; once sent, the contract is invoiced in full
    const projectId = (await row(final.id)).projectId ?? "";
    const [drafted] = await listContracts(db(), { projectId });
    expect(drafted?.progress.invoiced).toBe(151_577 + 90_946);
    await send(final.id);
    const [summary] = await listContracts(db(), { projectId });
    const progress = { total: 303_154, invoiced: 303_154, paid: 151_577, remaining: 151_577 };
    expect(summary?.progress).toEqual(progress);
    // the invoices CSV says what the final invoice deducts
    const { respond, cookieFor } = routeHarness(database);
    const csv = await respond(csvLoader("/admin/invoices/export.csv"), "/admin/invoices/export.csv", {
      cookie: await cookieFor("owner@studio.test", true),
    });
    const [header = [], ...rows] = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    const finalRow = rows.find((cells) => cells[0] === "INV-0003") ?? [];
    expect(finalRow[header.indexOf("Deducted")]).toBe("2425.23");
    expect(finalRow[header.indexOf("Total")]).toBe("606.31");
    // the portal shows the client the same figures
    const portal = await loadPortal(db(), (await row(final.id)).customerId);
    expect(portal?.contracts).toEqual([{ id: contractId, title: expect.any(String), progress }]);
  });

  it("an invoice drawn from the schedule survives an edit of its draft: deductions kept, the contract's tax and customer enforced", async () => {
    const { customer, depositId, contractId } = await signed();
    const final = await drawInvoice(db(), contractId, "balance");
    if (!final?.ok) throw new Error(JSON.stringify(final));
    const draft = await getPrintableInvoice(db(), final.id);
    if (!draft) throw new Error("no draft");
    const posted = (extra: Record<string, string> = {}) => {
      const values: Record<string, string> = {
        invoice_type: "invoice",
        customer_id: customer.id,
        issue_date: draft.issueDate,
        tax_rate: "8.25",
        discount_amount: "0",
        intent: "draft",
      };
      draft.lines.forEach((line, index) => {
        values[`items[${index}].description`] = line.description;
        values[`items[${index}].quantity`] = line.quantity;
        values[`items[${index}].unit_price`] = line.unitPrice;
        values[`items[${index}].kind`] = line.kind;
        if (line.deductedInvoiceId) values[`items[${index}].deducted_id`] = line.deductedInvoiceId;
      });
      return invoiceForm({ ...values, notes: "Edited", ...extra });
    };
    await updateInvoice(db(), final.id, posted());
    const edited = await getPrintableInvoice(db(), final.id);
    expect(edited?.lines.filter((line) => line.kind === "deduction").map((line) => line.deductedInvoiceId)).toEqual([
      depositId,
    ]);
    expect(edited).toMatchObject({ totalAmount: "1515.77", notes: "Edited", contractId });
    await expect(updateInvoice(db(), final.id, posted({ tax_rate: "0" }))).rejects.toThrow(
      deductionMessages.contractTax("8.25"),
    );
    const other = await insertCustomer(db(), { name: "Grace Hopper" });
    await expect(updateInvoice(db(), final.id, posted({ customer_id: other.id }))).rejects.toThrow(InvoiceInputError);
  });

  it("locks invoiced installments in the model, and refuses the balance while an earlier invoice is a draft", async () => {
    const { depositId, contractId } = await signed();
    const contract = await getContract(db(), contractId);
    const deposit = contract?.schedule.find((item) => item.kind === "deposit");
    if (!deposit) throw new Error("no deposit");
    const locked = await saveSchedule(db(), contractId, [
      { id: deposit.id, kind: "deposit", label: "Bigger deposit", basis: "percent", value: 8000 },
      await balanceRow(contractId),
    ]);
    expect(locked).toEqual({ ok: false, message: contractMessages.locked("Deposit", "INV-0001"), field: undefined });
    expect((await getContract(db(), contractId))?.schedule.map((item) => [item.label, item.amount])).toEqual([
      ["Deposit", 151_577],
      ["Balance", 151_577],
    ]);
    // too much: the schedule would bill more than the total
    const tooMuch = await saveSchedule(db(), contractId, [
      milestone("Everything", "percent", 6000),
      await balanceRow(contractId),
    ]);
    expect(tooMuch).toMatchObject({ ok: false, field: "installments" });

    await saveSchedule(db(), contractId, [milestone("Launch", "amount", 50_000), await balanceRow(contractId)]);
    const launch = await drawInvoice(db(), contractId, "next");
    if (!launch?.ok) throw new Error(JSON.stringify(launch));
    expect(await row(launch.id)).toMatchObject({ totalAmount: "500.00", taxRate: "8.25" });
    expect(await drawInvoice(db(), contractId, "balance")).toMatchObject({
      ok: false,
      message: contractMessages.draftFirst("INV-0002"),
    });
    // voiding the deposit would leave the balance deducting nothing: refused while deducted
    await send(launch.id);
    const final = await drawInvoice(db(), contractId, "balance");
    if (!final?.ok) throw new Error(JSON.stringify(final));
    expect(await voidDocument(db(), depositId, "Mistake")).toEqual({
      ok: false,
      message: lifecycleMessages.voidDeducted("INV-0003"),
    });
  });

  it("the owner edits the schedule: adds, reorders, removes, a percentage or an amount, due on a date or a phase", async () => {
    const { contractId, projectId } = await signed();
    await saveSchedule(db(), contractId, [
      milestone("Build", "amount", 100_000),
      milestone("Design", "percent", 1000),
      await balanceRow(contractId),
    ]);
    const first = await getContract(db(), contractId);
    const id = (label: string) => first?.schedule.find((item) => item.label === label)?.id ?? "";
    // 10% of $2,800.50 = $280.05 + $23.10 tax; $1,000.00 tax included
    expect(first?.schedule.map((item) => [item.label, item.amount])).toEqual([
      ["Deposit", 151_577],
      ["Build", 100_000],
      ["Design", 30_315],
      ["Balance", 303_154 - 151_577 - 100_000 - 30_315],
    ]);
    expect(first?.project?.phases.map((phase) => phase.name)).toEqual([
      "Five-page site",
      "Contact form",
      "Logo refresh",
    ]);
    const phase = first?.project?.phases[0]?.id ?? "";
    const saved = await saveSchedule(db(), contractId, [
      { ...milestone("Design approved", "percent", 1000), id: id("Design"), due_phase: phase },
      { ...(await balanceRow(contractId)), due_on: "2027-03-01" },
    ]);
    expect(saved).toEqual({ ok: true, count: 3 });
    const second = await getContract(db(), contractId);
    expect(
      second?.schedule.map((item) => [item.label, item.dueOn, item.duePhaseName, item.id === id("Design")]),
    ).toEqual([
      ["Deposit", expect.any(String), null, false],
      ["Design approved", null, "Five-page site", true],
      ["Balance", "2027-03-01", null, false],
    ]);
    expect(
      await saveSchedule(db(), contractId, [
        { ...milestone("Design", "percent", 1000), due_phase: "no-such-phase" },
        await balanceRow(contractId),
      ]),
    ).toEqual({ ok: false, message: contractMessages.unknownPhase, field: "installments[0].due_phase" });
    // a milestone without its value, and an id that is not this contract's
    expect(
      await saveSchedule(db(), contractId, [
        { kind: "milestone", label: "Empty", basis: "percent" },
        await balanceRow(contractId),
      ]),
    ).toMatchObject({ ok: false, field: "installments[0].value" });
    expect(
      await saveSchedule(db(), contractId, [
        { ...milestone("X", "percent", 10), id: projectId },
        await balanceRow(contractId),
      ]),
    ).toMatchObject({ ok: false, message: contractMessages.unknownInstallment });
  });

  it("a void earlier invoice is not deducted: its installment is free again, and the balance covers it", async () => {
    const { depositId, contractId } = await signed();
    await saveSchedule(db(), contractId, [milestone("Design", "percent", 3000), await balanceRow(contractId)]);
    const design = await drawInvoice(db(), contractId, "next");
    if (!design?.ok) throw new Error(JSON.stringify(design));
    await send(design.id);
    expect(await voidDocument(db(), design.id, "Billed too early")).toMatchObject({ ok: true });
    const schedule = (await getContract(db(), contractId))?.schedule;
    expect(schedule?.map((item) => [item.label, item.invoice?.invoiceNumber ?? null])).toEqual([
      ["Deposit", "INV-0001"],
      ["Design", null],
      ["Balance", null],
    ]);
    const final = await drawInvoice(db(), contractId, "balance");
    if (!final?.ok) throw new Error(JSON.stringify(final));
    expect(final.covered).toBe(1);
    const lines = (await getPrintableInvoice(db(), final.id))?.lines ?? [];
    expect(lines.filter((line) => line.kind === "deduction").map((line) => line.deductedInvoiceId)).toEqual([
      depositId,
    ]);
    expect((await row(final.id)).totalAmount).toBe("1515.77");
    expect((await getContract(db(), contractId))?.schedule.map((item) => item.label)).toEqual(["Deposit", "Balance"]);
  });

  it("draws at once are serialised: each takes its own installment, never the same one twice", async () => {
    const { contractId } = await signed();
    await saveSchedule(db(), contractId, [
      milestone("Design", "percent", 2000),
      milestone("Build", "percent", 2000),
      await balanceRow(contractId),
    ]);
    const results = await Promise.all([drawInvoice(db(), contractId, "next"), drawInvoice(db(), contractId, "next")]);
    expect(results.map((result) => (result?.ok ? result.label : null)).sort()).toEqual(["Build", "Design"]);
    const live = await db()
      .select({ installment: invoices.contractInstallmentId })
      .from(invoices)
      .where(and(eq(invoices.contractId, contractId), isNull(invoices.voidedAt)));
    expect(live).toHaveLength(3);
    expect(new Set(live.map((found) => found.installment)).size).toBe(3);
    // a third at once with the balance: the balance waits for the drafts to be sent
    expect(await drawInvoice(db(), contractId, "next")).toMatchObject({
      ok: false,
      message: contractMessages.draftFirst("INV-0002, INV-0003"),
    });
  });

  it("a credit note on an earlier invoice lowers what the balance deducts, so the contract is still billed in full", async () => {
    const { depositId, contractId } = await signed();
    await pay(depositId);
    const credit = await issueCreditNote(db(), depositId, { amount: 10_000, reason: "Goodwill" });
    expect(credit).toMatchObject({ ok: true, customerCredit: 10_000 });
    const final = await drawInvoice(db(), contractId, "balance");
    if (!final?.ok) throw new Error(JSON.stringify(final));
    const deductions = await db()
      .select({ unitPrice: invoiceLineItems.unitPrice })
      .from(invoiceLineItems)
      .where(and(eq(invoiceLineItems.invoiceId, final.id), eq(invoiceLineItems.kind, "deduction")));
    expect(deductions).toEqual([{ unitPrice: "1415.77" }]);
    expect((await row(final.id)).totalAmount).toBe("1615.77");
  });

  it("a converted estimate is a contract with one balance installment, invoiced by the conversion", async () => {
    const customer = await insertCustomer(db());
    const estimate = await createInvoice(
      db(),
      invoiceForm({
        invoice_type: "estimate",
        customer_id: customer.id,
        issue_date: "2026-11-02",
        "items[0].description": "Audit",
        "items[0].quantity": "2",
        "items[0].unit_price": "400",
        tax_rate: "10",
        discount_amount: "20",
        intent: "sent",
      }),
    );
    await acceptEstimate(db(), estimate.id, { name: null });
    const converted = await convertEstimate(db(), estimate.id);
    if (!converted.ok) throw new Error("not converted");
    const invoice = await row(converted.value.id);
    const [contract] = await db().select().from(contracts).where(eq(contracts.sourceEstimateId, estimate.id));
    expect(contract).toMatchObject({
      subtotal: "800.00",
      taxAmount: "80.00",
      discountAmount: "20.00",
      totalAmount: "860.00",
    });
    const schedule = await db()
      .select()
      .from(contractInstallments)
      .where(eq(contractInstallments.contractId, contract?.id ?? ""));
    expect(schedule.map((item) => [item.kind, item.amount])).toEqual([["balance", "860.00"]]);
    expect(invoice).toMatchObject({
      contractId: contract?.id,
      contractInstallmentId: schedule[0]?.id,
      totalAmount: "860.00",
    });
  });

  describe("deduction lines", () => {
    const deductionForm = (customerId: string, deducted: string, amount: string, extra: Record<string, string> = {}) =>
      formData({
        invoice_type: "invoice",
        customer_id: customerId,
        issue_date: "2026-11-02",
        "items[0].description": "Website",
        "items[0].quantity": "1",
        "items[0].unit_price": "1000",
        "items[1].description": "Less deposit",
        "items[1].kind": "deduction",
        "items[1].deducted_id": deducted,
        "items[1].unit_price": amount,
        tax_rate: "0",
        discount_amount: "0",
        intent: "draft",
        ...extra,
      });

    it("takes off an earlier invoice of the same customer after tax, and is refused unlinked, another customer's, a draft's, too large or below zero", async () => {
      const { call, cookieFor } = routeHarness(database);
      const cookie = await cookieFor("owner@studio.test", true);
      const ada = await insertCustomer(db());
      const grace = await insertCustomer(db(), { name: "Grace Hopper" });
      const sentInvoice = (customerId: string, price: string, intent = "sent") =>
        createInvoice(
          db(),
          invoiceForm({
            invoice_type: "invoice",
            customer_id: customerId,
            issue_date: "2026-11-01",
            "items[0].description": "Deposit",
            "items[0].quantity": "1",
            "items[0].unit_price": price,
            intent,
          }),
        );
      const adaDeposit = await sentInvoice(ada.id, "400");
      const graceDeposit = await sentInvoice(grace.id, "400");
      const adaDraft = await sentInvoice(ada.id, "100", "draft");
      const post = (form: FormData) =>
        call(invoiceEditor.action, "/admin/invoices/new", {
          cookie,
          params: { id: "new" },
          form: [...form.entries()].map(([key, value]) => [key, String(value)] as [string, string]),
        });
      const errors = (outcome: { data: unknown }) =>
        (outcome.data as { result?: { error?: Record<string, string[]> } }).result?.error ?? {};

      // the defect: "Less deposit" refused as "Must be 0 or more"; linked, it is taken off after tax
      const ok = await post(deductionForm(ada.id, adaDeposit.id, "400", { tax_rate: "10" }));
      expect(ok.status).toBe(302);
      const [saved] = await db()
        .select()
        .from(invoices)
        .where(and(eq(invoices.customerId, ada.id), eq(invoices.status, "draft"), eq(invoices.subtotal, "1000.00")));
      expect(saved).toMatchObject({ taxAmount: "100.00", totalAmount: "700.00" });

      const unlinked = await post(deductionForm(ada.id, "", "100"));
      expect(unlinked.status).toBe(400);
      expect(errors(unlinked)["items[1].deducted_id"]).toEqual([invoiceMessages.deductionUnlinked]);

      const foreign = await post(deductionForm(ada.id, graceDeposit.id, "100"));
      expect(foreign.status).toBe(400);
      expect(errors(foreign)["items[1].deducted_id"]).toEqual([deductionMessages.otherCustomer]);

      const draft = await post(deductionForm(ada.id, adaDraft.id, "50"));
      expect(errors(draft)["items[1].deducted_id"]).toEqual([deductionMessages.notIssued]);

      // the deposit is deducted in full by the draft saved above
      const twice = await post(deductionForm(ada.id, adaDeposit.id, "1"));
      expect(errors(twice)["items[1].unit_price"]).toEqual([deductionMessages.tooMuch(adaDeposit.invoiceNumber, 0)]);

      const estimate = await post(deductionForm(ada.id, adaDeposit.id, "1", { invoice_type: "estimate" }));
      expect(errors(estimate)["items[1].deducted_id"]).toEqual([deductionMessages.onlyInvoices]);

      const negative = await post(deductionForm(grace.id, graceDeposit.id, "400", { "items[0].unit_price": "300" }));
      expect(negative.status).toBe(400);
      expect(errors(negative).items).toEqual([invoiceMessages.deductionTooLarge]);
      expect(await db().select().from(invoices)).toHaveLength(4);
    });
  });
});
