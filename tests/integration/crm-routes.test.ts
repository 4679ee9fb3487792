/**
 * The CRM and settings routes below HTTP: the guard on every loader and action, the forms'
 * validation, fields the forms do not own being ignored, and malformed or unknown ids
 * answering 404 (never 500).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { businessSettings, customerInteractions, customers, projects } from "#app/db/schema.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import * as customerDetail from "#app/routes/admin/customers/detail.tsx";
import * as customerForm from "#app/routes/admin/customers/form.tsx";
import * as customerList from "#app/routes/admin/customers/list.tsx";
import * as projectDetail from "#app/routes/admin/projects/detail.tsx";
import * as projectForm from "#app/routes/admin/projects/form.tsx";
import * as projectList from "#app/routes/admin/projects/list.tsx";
import * as settings from "#app/routes/admin/settings.tsx";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer } from "../support/records.ts";
import { routeHarness } from "../support/routes.ts";

const missingId = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("CRM routes", (database) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";
  let staff = "";
  let customerId = "";
  let projectId = "";

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    staff = await cookieFor("staff@studio.test", false);
    const customer = await insertCustomer(database().db, {
      name: "Maria Alvarez",
      email: "maria@bakery.test",
      billingAddress: "12 Main St\nAustin\nTX\n78701",
    });
    customerId = customer?.id ?? "";
    const [project] = await database()
      .db.insert(projects)
      .values({ customerId, projectName: "Bakery site", fixedPrice: "1500.00" })
      .returning();
    projectId = project?.id ?? "";
  });

  describe("the guard", () => {
    type Case = {
      name: string;
      fn: (args: never) => unknown;
      path: string;
      params: Record<string, string>;
      post?: boolean;
    };
    const cases = (): Case[] => [
      { name: "customers list", fn: customerList.loader, path: "/admin/customers", params: {} },
      { name: "new customer", fn: customerForm.loader, path: "/admin/customers/new", params: {} },
      { name: "create customer", fn: customerForm.action, path: "/admin/customers/new", params: {}, post: true },
      {
        name: "customer",
        fn: customerDetail.loader,
        path: `/admin/customers/${customerId}`,
        params: { id: customerId },
      },
      {
        name: "add note",
        fn: customerDetail.action,
        path: `/admin/customers/${customerId}`,
        params: { id: customerId },
        post: true,
      },
      {
        name: "edit customer",
        fn: customerForm.loader,
        path: `/admin/customers/${customerId}/edit`,
        params: { id: customerId },
      },
      {
        name: "update customer",
        fn: customerForm.action,
        path: `/admin/customers/${customerId}/edit`,
        params: { id: customerId },
        post: true,
      },
      { name: "projects list", fn: projectList.loader, path: "/admin/projects", params: {} },
      { name: "new project", fn: projectForm.loader, path: "/admin/projects/new", params: {} },
      { name: "create project", fn: projectForm.action, path: "/admin/projects/new", params: {}, post: true },
      { name: "project", fn: projectDetail.loader, path: `/admin/projects/${projectId}`, params: { id: projectId } },
      {
        name: "edit project",
        fn: projectForm.loader,
        path: `/admin/projects/${projectId}/edit`,
        params: { id: projectId },
      },
      {
        name: "update project",
        fn: projectForm.action,
        path: `/admin/projects/${projectId}/edit`,
        params: { id: projectId },
        post: true,
      },
      { name: "settings", fn: settings.loader, path: "/admin/settings", params: {} },
      { name: "save settings", fn: settings.action, path: "/admin/settings", params: {}, post: true },
    ];

    it("every loader and action sends anonymous visitors to the login page and refuses non-admins", async () => {
      const form = {
        intent: "identity",
        name: "Hacker",
        email: "h@x.test",
        customer_id: customerId,
        project_name: "Hack",
        subject: "x",
        business_name: "Hack",
        contact_name: "H",
      };
      for (const item of cases()) {
        const options = { params: item.params, ...(item.post ? { form } : {}) };
        const anonymous = await call(item.fn, item.path, options);
        expect(anonymous.status, item.name).toBe(302);
        expect(anonymous.location, item.name).toBe(`/admin/login?redirectTo=${encodeURIComponent(item.path)}`);
        const refused = await call(item.fn, item.path, { ...options, cookie: staff });
        expect(refused.status, item.name).toBe(403);
      }
      // nothing the refused posts carried was stored
      expect((await database().db.select().from(customers)).map((row) => row.name)).toEqual(["Maria Alvarez"]);
      expect((await database().db.select().from(projects)).map((row) => row.projectName)).toEqual(["Bakery site"]);
      expect(await database().db.select().from(customerInteractions)).toEqual([]);
      expect(await database().db.select().from(businessSettings)).toEqual([]);
      // and an admin is let through
      for (const item of cases()) {
        const options = { params: item.params, ...(item.post ? { form } : {}) };
        const allowed = await call(item.fn, item.path, { ...options, cookie: admin });
        expect([200, 302, 400], item.name).toContain(allowed.status);
      }
    });
  });

  describe("customers", () => {
    it("creates a customer, ignoring fields the form does not own", async () => {
      const result = await call(customerForm.action, "/admin/customers/new", {
        cookie: admin,
        form: {
          name: " Devon Brooks ",
          email: "devon@plumbing.test",
          billing_street: "1 Pipe Rd",
          billing_zip: "30301",
          payment_terms: "net 30",
          status: "active",
          id: missingId,
          contact_submission_id: missingId,
          created_at: "2001-01-01T00:00:00Z",
        },
      });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/admin/customers");
      expect(result.headers.get("set-cookie")).toContain("studio_toast=");
      const [row] = await database().db.select().from(customers).where(eq(customers.email, "devon@plumbing.test"));
      expect(row).toMatchObject({
        name: "Devon Brooks",
        billingAddress: "1 Pipe Rd\n\n\n30301",
        paymentTerms: 30,
        status: "active",
        contactSubmissionId: null,
      });
      expect(row?.id).not.toBe(missingId);
      expect(row?.createdAt.getFullYear()).toBeGreaterThan(2001);
    });

    it("refuses invalid input with the spec's message and the field errors", async () => {
      const result = await call(customerForm.action, "/admin/customers/new", {
        cookie: admin,
        form: { name: "", email: "", website_url: "javascript:alert(1)" },
      });
      expect(result.status).toBe(400);
      const error = (result.data as { result: { error: Record<string, string[]> } }).result.error;
      expect(error.name).toEqual(["Name and email are required"]);
      expect(error.email).toEqual(["Name and email are required"]);
      expect(error.website_url).toEqual(["Invalid URL format"]);
      const long = await call(customerForm.action, "/admin/customers/new", {
        cookie: admin,
        form: { name: "x".repeat(201), email: "a@b.test", status: "deleted" },
      });
      expect(long.status).toBe(400);
      expect(await database().db.select().from(customers)).toHaveLength(1);
    });

    it("edits a customer: the address comes back split and is stored joined", async () => {
      const loaded = await call(customerForm.loader, `/admin/customers/${customerId}/edit`, {
        cookie: admin,
        params: { id: customerId },
      });
      expect(loaded.data).toMatchObject({
        mode: "edit",
        defaults: { billing_street: "12 Main St", billing_city: "Austin", billing_state: "TX", billing_zip: "78701" },
      });
      const saved = await call(customerForm.action, `/admin/customers/${customerId}/edit`, {
        cookie: admin,
        params: { id: customerId },
        form: { name: "Maria A", email: "maria@bakery.test", billing_street: "14 Main St", billing_city: "Austin" },
      });
      expect(saved.status).toBe(302);
      const [row] = await database().db.select().from(customers).where(eq(customers.id, customerId));
      expect(row).toMatchObject({ name: "Maria A", billingAddress: "14 Main St\nAustin" });
    });

    it("answers 404 for malformed and unknown ids, never 500", async () => {
      for (const id of ["not-a-uuid", "1", "'; drop table customers; --", missingId]) {
        const detail = await call(customerDetail.loader, `/admin/customers/${encodeURIComponent(id)}`, {
          cookie: admin,
          params: { id },
        });
        expect(detail.status, id).toBe(404);
        expect(detail.data).toBe("Customer not found");
        const edit = await call(customerForm.loader, "/admin/customers/x/edit", { cookie: admin, params: { id } });
        expect(edit.status, id).toBe(404);
        const update = await call(customerForm.action, "/admin/customers/x/edit", {
          cookie: admin,
          params: { id },
          form: { name: "A", email: "a@b.test" },
        });
        expect(update.status, id).toBe(404);
        const note = await call(customerDetail.action, "/admin/customers/x", {
          cookie: admin,
          params: { id },
          form: { intent: "add-note", subject: "Call" },
        });
        expect(note.status, id).toBe(404);
      }
    });

    it("shows the detail tabs and adds an activity note", async () => {
      const posted = await call(customerDetail.action, `/admin/customers/${customerId}`, {
        cookie: admin,
        params: { id: customerId },
        form: { intent: "add-note", subject: "Phone call", description: "Wants a quote", customer_id: missingId },
      });
      expect(posted.status).toBe(302);
      expect(posted.location).toBe(`/admin/customers/${customerId}?tab=activity`);
      const activity = await call(customerDetail.loader, `/admin/customers/${customerId}?tab=activity`, {
        cookie: admin,
        params: { id: customerId },
      });
      expect(activity.data).toMatchObject({
        tab: "activity",
        notes: [{ subject: "Phone call", description: "Wants a quote" }],
        summary: { projectCount: 1, invoiceCount: 0, totalBilled: 0, outstanding: 0 },
      });
      const blank = await call(customerDetail.action, `/admin/customers/${customerId}`, {
        cookie: admin,
        params: { id: customerId },
        form: { intent: "add-note", subject: " " },
      });
      expect(blank.status).toBe(400);
      const unknown = await call(customerDetail.action, `/admin/customers/${customerId}`, {
        cookie: admin,
        params: { id: customerId },
        form: { intent: "delete" },
      });
      expect(unknown.status).toBe(400);
      const projectsTab = await call(customerDetail.loader, `/admin/customers/${customerId}?tab=projects`, {
        cookie: admin,
        params: { id: customerId },
      });
      expect((projectsTab.data as { projects: { projectName: string }[] }).projects.map((p) => p.projectName)).toEqual([
        "Bakery site",
      ]);
    });
  });

  describe("projects", () => {
    it("a project started from a customer is locked to it and returns to the customer's page", async () => {
      const other = await insertCustomer(database().db, { name: "Other", email: "o@x.test" });
      const path = `/admin/projects/new?customer_id=${customerId}`;
      const loaded = await call(projectForm.loader, path, { cookie: admin });
      expect(loaded.data).toMatchObject({ lockedCustomer: { id: customerId }, defaults: { customer_id: customerId } });
      const result = await call(projectForm.action, path, {
        cookie: admin,
        form: [
          ["customer_id", other.id],
          ["project_name", "Phased build"],
          ["pricing_type", "phased"],
          ["phases[0].name", "Design"],
          ["phases[0].price", "1000"],
          ["phases[1].name", ""],
          ["phases[1].price", "500.55"],
          ["fixed_price", "99999"],
          ["id", missingId],
        ],
      });
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/admin/customers/${customerId}?tab=projects`);
      const [row] = await database().db.select().from(projects).where(eq(projects.projectName, "Phased build"));
      expect(row).toMatchObject({ customerId, fixedPrice: "1500.55", status: "quoted" });
      expect(row?.pricingDetails?.phases.map((phase) => phase.name)).toEqual(["Design", "Phase 2"]);
      expect(row?.id).not.toBe(missingId);
    });

    it("Add phase without JavaScript posts and comes back with one more phase, nothing saved", async () => {
      const result = await call(projectForm.action, "/admin/projects/new", {
        cookie: admin,
        form: [
          ["customer_id", customerId],
          ["project_name", "Draft"],
          ["pricing_type", "phased"],
          ["phases[0].name", "Phase 1"],
          ["phases[0].price", "100"],
          [
            "__intent__",
            JSON.stringify({
              type: "insert",
              payload: { name: "phases", defaultValue: { name: "Phase 2", price: "" } },
            }),
          ],
        ],
      });
      expect(result.status).toBe(200);
      const reply = (result.data as { result: { initialValue: { phases: { name: string }[] } } }).result;
      expect(reply.initialValue.phases.map((phase) => phase.name)).toEqual(["Phase 1", "Phase 2"]);
      expect(await database().db.select().from(projects)).toHaveLength(1);
    });

    it("requires customer and project name; a malformed customer lock or id is a 404", async () => {
      const result = await call(projectForm.action, "/admin/projects/new", {
        cookie: admin,
        form: { customer_id: "", project_name: "" },
      });
      expect(result.status).toBe(400);
      const error = (result.data as { result: { error: Record<string, string[]> } }).result.error;
      expect(error.customer_id).toEqual(["Please fill in all required fields"]);
      expect(error.project_name).toEqual(["Please fill in all required fields"]);
      const gone = await call(projectForm.action, "/admin/projects/new", {
        cookie: admin,
        form: { customer_id: missingId, project_name: "Ghost" },
      });
      expect(gone.status).toBe(400);
      for (const id of ["nope", missingId]) {
        expect(
          (await call(projectForm.loader, `/admin/projects/new?customer_id=${id}`, { cookie: admin })).status,
        ).toBe(404);
        expect(
          (await call(projectDetail.loader, `/admin/projects/${id}`, { cookie: admin, params: { id } })).status,
        ).toBe(404);
        expect(
          (await call(projectForm.loader, `/admin/projects/${id}/edit`, { cookie: admin, params: { id } })).status,
        ).toBe(404);
        expect(
          (
            await call(projectForm.action, `/admin/projects/${id}/edit`, {
              cookie: admin,
              params: { id },
              form: { customer_id: customerId, project_name: "X" },
            })
          ).status,
        ).toBe(404);
      }
    });

    it("updates a project and goes back to the list", async () => {
      const result = await call(projectForm.action, `/admin/projects/${projectId}/edit`, {
        cookie: admin,
        params: { id: projectId },
        form: {
          customer_id: customerId,
          project_name: "Bakery site v2",
          pricing_type: "hourly",
          hourly_rate: "90",
          estimated_hours: "10.5",
          status: "approved",
          start_date: "2026-02-01",
          end_date: "2026-01-01",
        },
      });
      expect(result.status).toBe(400);
      expect((result.data as { result: { error: Record<string, string[]> } }).result.error.end_date).toEqual([
        "End date cannot be before the start date",
      ]);
      const ok = await call(projectForm.action, `/admin/projects/${projectId}/edit`, {
        cookie: admin,
        params: { id: projectId },
        form: {
          customer_id: customerId,
          project_name: "Bakery site v2",
          pricing_type: "hourly",
          hourly_rate: "90",
          estimated_hours: "10.5",
          status: "approved",
        },
      });
      expect(ok.status).toBe(302);
      // Update Project lands on the project it changed
      expect(ok.location).toBe(`/admin/projects/${projectId}`);
      const detail = await call(projectDetail.loader, `/admin/projects/${projectId}`, {
        cookie: admin,
        params: { id: projectId },
      });
      expect(detail.data).toMatchObject({
        project: { projectName: "Bakery site v2", hourlyRate: "90.00", fixedPrice: null, customer: { id: customerId } },
        invoices: [],
      });
    });
  });

  describe("settings", () => {
    it("saves the studio identity for the public pages, ignoring other fields", async () => {
      const result = await call(settings.action, "/admin/settings", {
        cookie: admin,
        form: {
          intent: "identity",
          business_name: "Brightside Studio",
          contact_name: "Sam",
          email: "hello@brightside.test",
          phone_number: "(555) 123-4567",
          website: "brightside.test",
          invoice_prefix: "HACK",
          user_id: missingId,
        },
      });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/admin/settings");
      expect(await getStudioIdentity(database().db)).toMatchObject({
        businessName: "Brightside Studio",
        email: "hello@brightside.test",
        website: "https://brightside.test",
      });
      const [row] = await database().db.select().from(businessSettings);
      expect(row).toMatchObject({ invoicePrefix: "INV", userId: null });
      const loaded = await call(settings.loader, "/admin/settings", { cookie: admin });
      expect(loaded.data).toMatchObject({ identity: { business_name: "Brightside Studio" }, saved: true });
    });

    it("refuses a blank required field or an unknown intent", async () => {
      const blank = await call(settings.action, "/admin/settings", {
        cookie: admin,
        form: { intent: "identity", business_name: "", contact_name: "", email: "nope" },
      });
      expect(blank.status).toBe(400);
      expect((blank.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
        business_name: ["Business name is required"],
        contact_name: ["Contact name is required"],
        email: ["Invalid email address"],
      });
      const unknown = await call(settings.action, "/admin/settings", { cookie: admin, form: { intent: "drop" } });
      expect(unknown.status).toBe(400);
      expect(await database().db.select().from(businessSettings)).toHaveLength(0);
    });
  });
});
