/**
 * Documents from a project, through the routes: the editor's new estimate or invoice starts with the
 * project's pricing lines (its recurring fees only when asked for), the project-choices endpoint
 * gives each project's lines, and 'Load projects' without JavaScript fills blank lines from the
 * chosen project but never typed ones.
 */
import { beforeEach, expect, it } from "vitest";
import { invoices } from "#app/db/schema.ts";
import type { EditorLine } from "#app/domain/invoice-form.ts";
import * as invoiceEditor from "#app/routes/admin/invoice-editor.tsx";
import * as projectChoices from "#app/routes/admin/invoice-project-choices.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertProject } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";

const phased = {
  type: "phased" as const,
  phases: [
    { id: "p1", name: "Discovery", price: 1_200 },
    { id: "p2", name: "Design", price: 2_400.5 },
    { id: "p3", name: "Build", price: null },
  ],
  recurring_fees: [
    { id: "f1", name: "Hosting", amount: 25 },
    { id: "f2", name: "Care plan", amount: 90 },
  ],
};

const validate = JSON.stringify({ type: "validate", payload: { name: "customer_id" } });

describeEachDatabase("documents from a project", (database) => {
  const db = () => database().db;
  const { call, cookieFor } = routeHarness(database);
  let admin = "";
  let customerId = "";
  let projectId = "";
  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    customerId = (await insertCustomer(db(), { name: "Ada Lovelace" })).id;
    projectId = (await insertProject(db(), customerId, { projectName: "Shop", pricingDetails: phased })).id;
  });

  const newEditor = async (search: string) => {
    const page = await call(invoiceEditor.loader, `/admin/invoices/new?${search}`, {
      cookie: admin,
      params: { id: "new" },
    });
    expect(page.status).toBe(200);
    return (page.data as { defaultValue: { invoice_type: string; project_id: string; items: EditorLine[] } })
      .defaultValue;
  };

  it("a new estimate for a phased project starts with one line per phase; its fees only with fees=1", async () => {
    const estimate = await newEditor(`type=estimate&customer_id=${customerId}&project_id=${projectId}`);
    expect(estimate.invoice_type).toBe("estimate");
    expect(estimate.project_id).toBe(projectId);
    expect(estimate.items).toEqual([
      { description: "Shop: Discovery", quantity: "1", unit_price: "1200.00" },
      { description: "Shop: Design", quantity: "1", unit_price: "2400.50" },
      { description: "Shop: Build", quantity: "1", unit_price: "0.00" },
    ]);
    const withFees = await newEditor(`type=invoice&customer_id=${customerId}&project_id=${projectId}&fees=1`);
    expect(withFees.items.map((line) => [line.description, line.unit_price])).toEqual([
      ["Shop: Discovery", "1200.00"],
      ["Shop: Design", "2400.50"],
      ["Shop: Build", "0.00"],
      ["Hosting", "25.00"],
      ["Care plan", "90.00"],
    ]);
  });

  it("hourly is hours x rate; no pricing, or another customer's project, starts with one empty line", async () => {
    const hourly = await insertProject(db(), customerId, {
      projectName: "Audit",
      pricingDetails: { type: "hourly", phases: [], recurring_fees: [] },
      hourlyRate: "85.00",
      estimatedHours: "12.50",
    });
    expect((await newEditor(`type=invoice&customer_id=${customerId}&project_id=${hourly.id}`)).items).toEqual([
      { description: "Audit: hours", quantity: "12.5", unit_price: "85.00" },
    ]);
    const bare = await insertProject(db(), customerId, { projectName: "Bare" });
    const empty = { description: "", quantity: "1", unit_price: "0" };
    expect((await newEditor(`type=invoice&customer_id=${customerId}&project_id=${bare.id}`)).items).toEqual([empty]);
    const other = await insertCustomer(db(), { name: "Zed Zebra" });
    const foreign = await newEditor(`type=estimate&customer_id=${other.id}&project_id=${projectId}`);
    expect(foreign.project_id).toBe("");
    expect(foreign.items).toEqual([empty]);
  });

  it("the project-choices endpoint gives each project's lines, fee lines and contracts, and the customer's deductible documents, to admins only", async () => {
    const path = `/admin/invoices/project-choices?customer_id=${customerId}`;
    const answer = await call(projectChoices.loader, path, { cookie: admin });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      projects: [
        {
          id: projectId,
          projectName: "Shop",
          lines: [
            { description: "Shop: Discovery", quantity: 100, unit_price: 120_000 },
            { description: "Shop: Design", quantity: 100, unit_price: 240_050 },
            { description: "Shop: Build", quantity: 100, unit_price: 0 },
          ],
          feeLines: [
            { description: "Hosting", quantity: 100, unit_price: 2_500 },
            { description: "Care plan", quantity: 100, unit_price: 9_000 },
          ],
          contracts: [],
        },
      ],
      documents: [],
    });
    expect((await call(projectChoices.loader, path)).status).toBe(302);
    const staff = await cookieFor("staff@studio.test", false);
    expect((await call(projectChoices.loader, path, { cookie: staff })).status).toBe(403);
  });

  it("'Load projects' without JavaScript fills blank lines from the chosen project, never typed ones", async () => {
    const post = (form: Record<string, string>) =>
      call(invoiceEditor.action, "/admin/invoices/new?type=estimate", {
        cookie: admin,
        params: { id: "new" },
        form: {
          invoice_type: "estimate",
          customer_id: customerId,
          project_id: projectId,
          issue_date: "2026-11-22",
          tax_rate: "0",
          discount_amount: "0",
          ...form,
        },
      });
    const itemsOf = (outcome: { data: unknown }) =>
      (outcome.data as { result: { initialValue: { items?: EditorLine[] } } }).result.initialValue.items;

    const blank = await post({
      __intent__: validate,
      "items[0].description": "",
      "items[0].quantity": "1",
      "items[0].unit_price": "0",
    });
    expect(blank.status).toBe(200);
    expect(itemsOf(blank)?.map((line) => line.description)).toEqual(["Shop: Discovery", "Shop: Design", "Shop: Build"]);
    expect((blank.data as { projects: { id: string }[] }).projects.map((project) => project.id)).toEqual([projectId]);

    const typed = await post({
      __intent__: validate,
      "items[0].description": "Logo",
      "items[0].quantity": "1",
      "items[0].unit_price": "300",
    });
    expect(itemsOf(typed)).toEqual([{ description: "Logo", quantity: "1", unit_price: "300" }]);

    // Add Item is not a reload: the new line is added, nothing filled in
    const added = await post({
      __intent__: JSON.stringify({ type: "insert", payload: { name: "items" } }),
      "items[0].description": "",
      "items[0].quantity": "1",
      "items[0].unit_price": "0",
    });
    const afterAdd = itemsOf(added) ?? [];
    expect(afterAdd).toHaveLength(2);
    expect(afterAdd.map((line) => line?.description)).not.toContain("Shop: Discovery");
  });

  it("the prefilled estimate saves as a draft linked to the project", async () => {
    const estimate = await newEditor(`type=estimate&customer_id=${customerId}&project_id=${projectId}`);
    const lines = Object.fromEntries(
      estimate.items.flatMap((line, index) => [
        [`items[${index}].description`, line.description],
        [`items[${index}].quantity`, line.quantity],
        [`items[${index}].unit_price`, line.unit_price],
      ]),
    );
    const saved = await call(invoiceEditor.action, "/admin/invoices/new?type=estimate", {
      cookie: admin,
      params: { id: "new" },
      form: {
        invoice_type: "estimate",
        customer_id: customerId,
        project_id: estimate.project_id,
        issue_date: "2026-11-22",
        tax_rate: "0",
        discount_amount: "0",
        intent: "draft",
        ...lines,
      },
    });
    expect(saved.status).toBe(302);
    const stored = await db().select().from(invoices);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      invoiceType: "estimate",
      status: "draft",
      projectId,
      totalAmount: "3600.50",
    });
  });
});
