import { describe, expect, it } from "vitest";
import { projectFormSchema, toProjectRow } from "#app/domain/project-form.ts";
import { parseProjectListQuery, projectListHref } from "#app/domain/project-list.ts";
import {
  defaultPhaseName,
  projectFormDefaults,
  projectLines,
  projectValue,
  recurringFeeLines,
  recurringFeesTotal,
} from "#app/domain/projects.ts";

const customerId = "0193a8c2-6f1d-4c5e-9a2b-1c3d4e5f6a7b";

describe("project value", () => {
  const base = { pricingDetails: null, fixedPrice: null, hourlyRate: null, estimatedHours: null };
  it("fixed: the fixed price", () => {
    expect(projectValue({ ...base, fixedPrice: "2500.50" })).toBe(250_050);
    expect(
      projectValue({
        ...base,
        fixedPrice: "10.00",
        pricingDetails: { type: "fixed", phases: [], recurring_fees: [] },
      }),
    ).toBe(1000);
  });
  it("hourly: rate x hours, rounded half away from zero to the cent", () => {
    const hourly = { type: "hourly" as const, phases: [], recurring_fees: [] };
    expect(projectValue({ ...base, pricingDetails: hourly, hourlyRate: "85.00", estimatedHours: "12.50" })).toBe(
      106_250,
    );
    // 33.33 x 0.5 = 16.665 -> 16.67
    expect(projectValue({ ...base, pricingDetails: hourly, hourlyRate: "33.33", estimatedHours: "0.50" })).toBe(1667);
    expect(projectValue({ ...base, pricingDetails: hourly, hourlyRate: "85.00", estimatedHours: null })).toBeNull();
  });
  it("phased: the sum of the phases, a blank price counting 0, exactly", () => {
    const phased = {
      type: "phased" as const,
      phases: [
        { id: "a", name: "Phase 1", price: 0.1 },
        { id: "b", name: "Phase 2", price: 0.2 },
        { id: "c", name: "Phase 3", price: null },
        { id: "d", name: "Phase 4", price: 1999.99 },
      ],
      recurring_fees: [],
    };
    expect(projectValue({ ...base, pricingDetails: phased, fixedPrice: "2000.29" })).toBe(200_029);
  });
  it("otherwise: not set (null)", () => {
    expect(projectValue(base)).toBeNull();
    expect(
      projectValue({ ...base, pricingDetails: { type: "hourly", phases: [], recurring_fees: [] }, fixedPrice: "5" }),
    ).toBeNull();
  });
  it("recurring fees add up in cents", () => {
    expect(
      recurringFeesTotal({
        type: "fixed",
        phases: [],
        recurring_fees: [
          { id: "a", name: "Hosting", amount: 25.1 },
          { id: "b", name: "Care", amount: 0.2 },
          { id: "c", name: "Empty", amount: null },
        ],
      }),
    ).toBe(2530);
    expect(recurringFeesTotal(null)).toBe(0);
  });
});

describe("project form", () => {
  const valid = { customer_id: customerId, project_name: "New site" };
  it("requires the customer and the project name", () => {
    const result = projectFormSchema.safeParse({ customer_id: "", project_name: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["customer_id", "Please fill in all required fields"],
      ["project_name", "Please fill in all required fields"],
    ]);
    expect(projectFormSchema.safeParse({ ...valid, customer_id: "42" }).success).toBe(false);
  });
  it("defaults: quoted, fixed, blanks stored as null", () => {
    const row = toProjectRow(projectFormSchema.parse({ ...valid, status: "bogus", pricing_type: "weird" }));
    expect(row).toEqual({
      customerId,
      projectName: "New site",
      description: null,
      projectType: null,
      status: "quoted",
      startDate: null,
      endDate: null,
      fixedPrice: null,
      hourlyRate: null,
      estimatedHours: null,
      notes: null,
      pricingDetails: { type: "fixed", phases: [], recurring_fees: [] },
    });
  });
  it("refuses negative or non-numeric amounts and an end before the start", () => {
    expect(projectFormSchema.safeParse({ ...valid, fixed_price: "-1" }).success).toBe(false);
    // a number field cannot send text; anything unparsable is taken as blank
    expect(
      toProjectRow(projectFormSchema.parse({ ...valid, pricing_type: "hourly", hourly_rate: "abc" })).hourlyRate,
    ).toBeNull();
    expect(projectFormSchema.safeParse({ ...valid, estimated_hours: "-0.5" }).success).toBe(false);
    const dates = projectFormSchema.safeParse({ ...valid, start_date: "2026-03-01", end_date: "2026-02-28" });
    expect(dates.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["end_date", "End date cannot be before the start date"],
    ]);
    expect(projectFormSchema.safeParse({ ...valid, start_date: "2026-02-30" }).success).toBe(false);
    expect(projectFormSchema.safeParse({ ...valid, start_date: "2026-03-01", end_date: "2026-03-01" }).success).toBe(
      true,
    );
  });
  it("refuses amounts and totals beyond what the database holds with a message, never a failed insert", () => {
    const issues = (values: Record<string, unknown>) =>
      projectFormSchema
        .safeParse({ ...valid, ...values })
        .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    // rounded to the cent this is 10,000,000,000.00: numeric(12,2) cannot hold it
    expect(issues({ fixed_price: "9999999999.999" })).toEqual([["fixed_price", "Must be at most 9,999,999,999.99"]]);
    expect(issues({ fixed_price: "9999999999.99" })).toBeUndefined();
    // estimated hours are numeric(10,2)
    expect(issues({ pricing_type: "hourly", estimated_hours: "100000000" })).toEqual([
      ["estimated_hours", "Must be at most 99,999,999.99"],
    ]);
    // computed: rate x hours, the sum of 50 phases (stored as fixed_price), the sum of the fees (one invoice)
    expect(issues({ pricing_type: "hourly", hourly_rate: "9999999999", estimated_hours: "99999999" })).toEqual([
      ["estimated_hours", "The total must be at most 9,999,999,999.99"],
    ]);
    const phases = Array.from({ length: 50 }, () => ({ price: "9999999999" }));
    expect(issues({ pricing_type: "phased", phases })).toEqual([
      ["phases", "The total must be at most 9,999,999,999.99"],
    ]);
    // phases of another model are not stored: not counted
    expect(issues({ pricing_type: "fixed", phases })).toBeUndefined();
    const fees = [
      { name: "Hosting", amount: "9999999999" },
      { name: "Care", amount: "1" },
    ];
    expect(issues({ recurring_fees: fees })).toEqual([
      ["recurring_fees", "The total must be at most 9,999,999,999.99"],
    ]);
  });
  it("fixed: keeps only the fixed price", () => {
    const row = toProjectRow(
      projectFormSchema.parse({ ...valid, pricing_type: "fixed", fixed_price: "1500.5", hourly_rate: "80" }),
    );
    expect(row).toMatchObject({ fixedPrice: "1500.50", hourlyRate: null, estimatedHours: null });
  });
  it("hourly: keeps rate and hours", () => {
    const row = toProjectRow(
      projectFormSchema.parse({
        ...valid,
        pricing_type: "hourly",
        fixed_price: "999",
        hourly_rate: "85",
        estimated_hours: "12.5",
      }),
    );
    expect(row).toMatchObject({ fixedPrice: null, hourlyRate: "85.00", estimatedHours: "12.50" });
  });
  it("phased: the sum of the phases as fixed_price, default names, blank prices as 0, at least one phase", () => {
    const row = toProjectRow(
      projectFormSchema.parse({
        ...valid,
        pricing_type: "phased",
        fixed_price: "1",
        phases: [
          { name: "Discovery", price: "0.10", hours: "12.5" },
          { name: "", price: "0.20", hours: "" },
          { name: "Launch", price: "" },
        ],
      }),
    );
    expect(row.fixedPrice).toBe("0.30");
    // a phase's estimated hours are kept with it (its budget on the project's time page), blank as null
    expect(row.pricingDetails.phases).toEqual([
      { id: "phase-1", name: "Discovery", price: 0.1, hours: 12.5 },
      { id: "phase-2", name: "Phase 2", price: 0.2, hours: null },
      { id: "phase-3", name: "Launch", price: 0, hours: null },
    ]);
    expect(
      projectFormSchema
        .safeParse({ ...valid, pricing_type: "phased", phases: [{ name: "Build", hours: "-2" }] })
        .error?.issues.map((issue) => issue.path.join(".")),
    ).toEqual(["phases.0.hours"]);
    const empty = toProjectRow(projectFormSchema.parse({ ...valid, pricing_type: "phased" }));
    expect(empty.pricingDetails.phases).toEqual([{ id: "phase-1", name: "Phase 1", price: 0, hours: null }]);
    expect(empty.fixedPrice).toBe("0.00");
  });
  it("recurring fees: named ones kept, blank rows dropped, an amount without a name refused", () => {
    const row = toProjectRow(
      projectFormSchema.parse({
        ...valid,
        recurring_fees: [
          { name: "Hosting", amount: "25" },
          { name: "", amount: "" },
          { name: "Support", amount: "" },
        ],
      }),
    );
    expect(row.pricingDetails.recurring_fees).toEqual([
      { id: "fee-1", name: "Hosting", amount: 25 },
      { id: "fee-2", name: "Support", amount: null },
    ]);
    const unnamed = projectFormSchema.safeParse({ ...valid, recurring_fees: [{ name: "", amount: "10" }] });
    expect(unnamed.error?.issues[0]?.path).toEqual(["recurring_fees", 0, "name"]);
  });
  it("ignores fields it does not own", () => {
    const parsed = projectFormSchema.parse({ ...valid, id: "x", created_at: "2020-01-01", total: "5" });
    expect(Object.keys(toProjectRow(parsed))).not.toContain("id");
    expect(parsed).not.toHaveProperty("created_at");
  });
  it("defaults the form: Phase 1, the customer given, stored values when editing", () => {
    expect(defaultPhaseName(0)).toBe("Phase 1");
    expect(defaultPhaseName(3)).toBe("Phase 4");
    const fresh = projectFormDefaults(null, customerId);
    expect(fresh).toMatchObject({
      customer_id: customerId,
      status: "quoted",
      pricing_type: "fixed",
      phases: [{ name: "Phase 1", price: "" }],
    });
    const stored = projectFormDefaults({
      customerId,
      projectName: "P",
      description: null,
      projectType: "Website",
      status: "approved",
      startDate: "2026-01-05",
      endDate: null,
      notes: null,
      fixedPrice: "300.00",
      hourlyRate: null,
      estimatedHours: null,
      pricingDetails: {
        type: "phased",
        phases: [
          { id: "phase-1", name: "A", price: 100 },
          { id: "phase-2", name: "B", price: 200 },
        ],
        recurring_fees: [{ id: "fee-1", name: "Hosting", amount: 20.5 }],
      },
    });
    expect(stored).toMatchObject({
      pricing_type: "phased",
      fixed_price: "",
      phases: [
        { name: "A", price: "100.00" },
        { name: "B", price: "200.00" },
      ],
      recurring_fees: [{ name: "Hosting", amount: "20.50" }],
    });
  });
});

describe("list URL state", () => {
  it("parses and builds", () => {
    expect(parseProjectListQuery(new URLSearchParams("status=on_hold&q=site&page=2"))).toEqual({
      status: "on_hold",
      q: "site",
      page: 2,
    });
    expect(parseProjectListQuery(new URLSearchParams("status=nope"))).toEqual({ status: "all", q: "", page: 1 });
    expect(projectListHref({ status: "in_progress", q: "", page: 1 })).toBe("/admin/projects?status=in_progress");
  });
});

describe("recurring fees as invoice lines", () => {
  it("one line per named fee, quantity 1, the amount in exact cents; none without fees", () => {
    const pricing = {
      type: "fixed" as const,
      phases: [],
      recurring_fees: [
        { id: "a", name: " Hosting (monthly) ", amount: 49 },
        { id: "b", name: "Care plan", amount: 120.1 },
        { id: "c", name: "Backups", amount: null },
        { id: "d", name: "  ", amount: 5 },
      ],
    };
    expect(recurringFeeLines(pricing)).toEqual([
      { description: "Hosting (monthly)", quantity: 100, unit_price: 4_900 },
      { description: "Care plan", quantity: 100, unit_price: 12_010 },
      { description: "Backups", quantity: 100, unit_price: 0 },
    ]);
    expect(recurringFeeLines(null)).toEqual([]);
    expect(recurringFeeLines({ type: "hourly", phases: [], recurring_fees: [] })).toEqual([]);
  });
});

describe("project lines (a new estimate or invoice from the project)", () => {
  const base = {
    projectName: "Bakery site",
    pricingDetails: null,
    fixedPrice: null,
    hourlyRate: null,
    estimatedHours: null,
  };
  it("phased: one line per phase, named after the project and the phase, a blank price $0.00", () => {
    expect(
      projectLines({
        ...base,
        fixedPrice: "3000.00",
        pricingDetails: {
          type: "phased",
          phases: [
            { id: "a", name: "Discovery", price: 500 },
            { id: "b", name: " ", price: 2400.5 },
            { id: "c", name: "Launch", price: null },
          ],
          recurring_fees: [{ id: "f", name: "Hosting", amount: 49 }],
        },
      }),
    ).toEqual([
      { description: "Bakery site: Discovery", quantity: 100, unit_price: 50_000 },
      { description: "Bakery site: Phase 2", quantity: 100, unit_price: 240_050 },
      { description: "Bakery site: Launch", quantity: 100, unit_price: 0 },
    ]);
  });
  it("hourly: the estimated hours x the rate (1 hour when no estimate); nothing without a rate", () => {
    const hourly = { type: "hourly" as const, phases: [], recurring_fees: [] };
    expect(projectLines({ ...base, pricingDetails: hourly, hourlyRate: "85.00", estimatedHours: "12.5" })).toEqual([
      { description: "Bakery site: hours", quantity: 1_250, unit_price: 8_500 },
    ]);
    expect(projectLines({ ...base, pricingDetails: hourly, hourlyRate: "85.00" })).toEqual([
      { description: "Bakery site: hours", quantity: 100, unit_price: 8_500 },
    ]);
    expect(projectLines({ ...base, pricingDetails: hourly, estimatedHours: "3" })).toEqual([]);
  });
  it("fixed: one line at the fixed price; nothing when it is not set", () => {
    expect(projectLines({ ...base, fixedPrice: "2500.50" })).toEqual([
      { description: "Bakery site", quantity: 100, unit_price: 250_050 },
    ]);
    expect(projectLines(base)).toEqual([]);
  });
});
