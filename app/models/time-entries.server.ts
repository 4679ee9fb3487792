/**
 * Time entries and rates (ADR 0058): the queries. An entry's standing is read from its invoice (none,
 * a draft, issued); only an unbilled, undeleted entry is changed, and every change names the version it
 * read, so two editors never overwrite each other. Billing locks the entries it takes.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import { type Queryable, selectRows } from "#app/db/client.server.ts";
import {
  customers,
  hourBankMonths,
  invoices,
  projectPhases,
  projects,
  rates,
  timeEntries,
  users,
} from "#app/db/schema.ts";
import { centsToDecimal, toCents } from "#app/domain/money.ts";
import {
  type EntryStanding,
  entryStanding,
  type RateRow,
  type ResolvedRate,
  resolveRate,
  timeLimits,
  valueAt,
} from "#app/domain/time-tracking.ts";

const centsOrNull = (value: string | null) => (value === null ? null : toCents(value));

/** The person's running timer, with its project and phase names; null when none runs. */
export async function runningTimer(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      id: timeEntries.id,
      projectId: timeEntries.projectId,
      projectName: projects.projectName,
      phaseId: timeEntries.phaseId,
      phaseName: projectPhases.name,
      startedAt: timeEntries.startedAt,
      note: timeEntries.note,
      version: timeEntries.version,
    })
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(projectPhases, eq(projectPhases.id, timeEntries.phaseId))
    .where(and(eq(timeEntries.userId, userId), isNull(timeEntries.minutes), isNull(timeEntries.deletedAt)))
    .limit(1);
  if (!row?.startedAt) return null;
  return { ...row, startedAt: row.startedAt };
}

/** The project and, when given, its phase; null when either is not found (or the phase is another project's). */
export async function workTarget(db: Queryable, projectId: string, phaseId: string | null) {
  const [project] = await db
    .select({ id: projects.id, projectName: projects.projectName, customerId: projects.customerId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return null;
  if (!phaseId) return { project, phase: null };
  const [phase] = await db
    .select({ id: projectPhases.id, name: projectPhases.name })
    .from(projectPhases)
    .where(and(eq(projectPhases.id, phaseId), eq(projectPhases.projectId, projectId)));
  return phase ? { project, phase } : null;
}

/** Every project not completed or cancelled, with its phases: what time can be logged on. */
export async function workChoices(db: Queryable) {
  const rows = await db
    .select({
      projectId: projects.id,
      projectName: projects.projectName,
      customerName: customers.name,
      phaseId: projectPhases.id,
      phaseName: projectPhases.name,
    })
    .from(projects)
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .leftJoin(projectPhases, eq(projectPhases.projectId, projects.id))
    .where(sql`${projects.status} not in ('completed', 'cancelled')`)
    .orderBy(asc(projects.projectName), asc(projects.id), asc(projectPhases.position))
    .limit(2000);
  const byProject = new Map<
    string,
    { projectId: string; projectName: string; customerName: string; phases: { id: string; name: string }[] }
  >();
  for (const row of rows) {
    let project = byProject.get(row.projectId);
    if (!project) {
      project = { projectId: row.projectId, projectName: row.projectName, customerName: row.customerName, phases: [] };
      byProject.set(row.projectId, project);
    }
    if (row.phaseId && row.phaseName) project.phases.push({ id: row.phaseId, name: row.phaseName });
  }
  return [...byProject.values()];
}

type NewEntry = {
  userId: string;
  projectId: string;
  phaseId: string | null;
  workDate: string;
  minutes: number | null;
  startedAt: Date | null;
  endedAt: Date | null;
  note: string | null;
  billable: boolean;
};

/** Inserts an entry (a running timer when `minutes` is null); null when the person already runs a timer. */
export async function insertEntry(db: Queryable, entry: NewEntry) {
  const [row] = await db
    .insert(timeEntries)
    .values(entry)
    .onConflictDoNothing({
      target: timeEntries.userId,
      where: sql`${timeEntries.minutes} is null and ${timeEntries.deletedAt} is null`,
    })
    .returning({ id: timeEntries.id });
  if (row) await publishChange(db, { table: "time_entries", id: row.id });
  return row ?? null;
}

/** One entry with its invoice (number and status), for a change; locked when `lock`. */
export async function entryForChange(db: Queryable, id: string, lock = false) {
  const query = db
    .select({
      id: timeEntries.id,
      userId: timeEntries.userId,
      projectId: timeEntries.projectId,
      minutes: timeEntries.minutes,
      startedAt: timeEntries.startedAt,
      version: timeEntries.version,
      deletedAt: timeEntries.deletedAt,
      invoiceId: timeEntries.invoiceId,
    })
    .from(timeEntries)
    .where(eq(timeEntries.id, id));
  const [entry] = lock ? await query.for("update") : await query;
  if (!entry) return null;
  const invoice = entry.invoiceId
    ? ((
        await db
          .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status })
          .from(invoices)
          .where(eq(invoices.id, entry.invoiceId))
      )[0] ?? null)
    : null;
  return { ...entry, invoice };
}

/**
 * Changes an unbilled, undeleted entry read at `version`; the version moves on. False when the entry
 * changed since, went on an invoice or was deleted (the caller reads which).
 */
export async function updateEntry(
  db: Queryable,
  id: string,
  version: number,
  values: Partial<Omit<NewEntry, "userId">> & { deletedAt?: Date },
): Promise<boolean> {
  const [row] = await db
    .update(timeEntries)
    .set({ ...values, version: sql`${timeEntries.version} + 1` })
    .where(
      and(
        eq(timeEntries.id, id),
        eq(timeEntries.version, version),
        isNull(timeEntries.invoiceId),
        isNull(timeEntries.deletedAt),
      ),
    )
    .returning({ id: timeEntries.id, projectId: timeEntries.projectId });
  if (row) await publishChange(db, { table: "time_entries", id: row.id });
  return row !== undefined;
}

/** A person's finished entries with a start and end on the days around `day`: what a new entry may overlap. */
export async function timedEntriesAround(db: Queryable, userId: string, from: string, to: string) {
  const rows = await db
    .select({
      id: timeEntries.id,
      startedAt: timeEntries.startedAt,
      endedAt: timeEntries.endedAt,
      projectName: projects.projectName,
    })
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .where(
      and(
        eq(timeEntries.userId, userId),
        isNull(timeEntries.deletedAt),
        gte(timeEntries.workDate, from),
        lte(timeEntries.workDate, to),
        sql`${timeEntries.startedAt} is not null and ${timeEntries.endedAt} is not null`,
      ),
    );
  return rows.flatMap((row) =>
    row.startedAt && row.endedAt
      ? [{ id: row.id, start: row.startedAt, end: row.endedAt, projectName: row.projectName }]
      : [],
  );
}

// ---------------------------------------------------------------- rates

/** The rates' history that can apply to a project's work: its own, its phases', and every person's. */
export async function ratesForProject(db: Queryable, projectId: string): Promise<RateRow[]> {
  const rows = await db
    .select({
      userId: rates.userId,
      projectId: rates.projectId,
      phaseId: rates.phaseId,
      effectiveFrom: rates.effectiveFrom,
      billableRate: rates.billableRate,
      costRate: rates.costRate,
    })
    .from(rates)
    .where(sql`${rates.projectId} = ${projectId} or ${rates.userId} is not null`)
    .orderBy(asc(rates.effectiveFrom));
  return rows.map(({ billableRate, costRate, ...row }) => ({
    ...row,
    billableCents: centsOrNull(billableRate),
    costCents: centsOrNull(costRate),
  }));
}

/** Adds a rate from a day, or replaces the one of the same target and day. */
export async function upsertRate(
  db: Queryable,
  rate: {
    userId: string | null;
    projectId: string | null;
    phaseId: string | null;
    effectiveFrom: string;
    billableCents: number | null;
    costCents: number | null;
    createdBy: string;
  },
) {
  const values = {
    userId: rate.userId,
    projectId: rate.projectId,
    phaseId: rate.phaseId,
    effectiveFrom: rate.effectiveFrom,
    billableRate: rate.billableCents === null ? null : centsToDecimal(rate.billableCents),
    costRate: rate.costCents === null ? null : centsToDecimal(rate.costCents),
    createdBy: rate.createdBy,
  };
  await db
    .insert(rates)
    .values(values)
    .onConflictDoUpdate({
      target: [rates.userId, rates.projectId, rates.phaseId, rates.effectiveFrom],
      set: { billableRate: values.billableRate, costRate: values.costRate, createdBy: values.createdBy },
    });
}

/** The history of rates shown beside a project: its own and its phases', newest first, and the team's. */
export async function rateHistory(db: Queryable, projectId: string) {
  return db
    .select({
      id: rates.id,
      userId: rates.userId,
      personName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
      projectId: rates.projectId,
      phaseId: rates.phaseId,
      phaseName: projectPhases.name,
      effectiveFrom: rates.effectiveFrom,
      billableRate: rates.billableRate,
      costRate: rates.costRate,
    })
    .from(rates)
    .leftJoin(users, eq(users.id, rates.userId))
    .leftJoin(projectPhases, eq(projectPhases.id, rates.phaseId))
    .where(sql`${rates.projectId} = ${projectId} or ${rates.userId} is not null`)
    .orderBy(desc(rates.effectiveFrom), asc(rates.id))
    .limit(200);
}

/** The team: who can log time and have a person's rate. */
export async function teamMembers(db: Queryable) {
  return db
    .select({ id: users.id, name: sql<string>`coalesce(${users.name}, ${users.email})` })
    .from(users)
    .where(isNull(users.disabledAt))
    .orderBy(asc(users.email))
    .limit(200);
}

// ---------------------------------------------------------------- a project's time

export type ProjectEntry = {
  id: string;
  userId: string;
  personName: string;
  phaseId: string | null;
  phaseName: string | null;
  workDate: string;
  minutes: number | null;
  startedAt: Date | null;
  endedAt: Date | null;
  note: string | null;
  billable: boolean;
  version: number;
  invoiceId: string | null;
  invoiceNumber: string | null;
  standing: EntryStanding;
  rate: ResolvedRate;
  /** billable value: the billed rate once on an invoice, else the rate in effect on its day */
  valueCents: number;
  costCents: number;
};

/** Every undeleted entry of a project (running ones too), newest day first, valued at their rates. */
export async function projectEntries(
  db: Queryable,
  project: { id: string; hourlyRate: string | null },
  options: { from?: string; to?: string; limit?: number; rates?: RateRow[] } = {},
): Promise<ProjectEntry[]> {
  const conditions = [eq(timeEntries.projectId, project.id), isNull(timeEntries.deletedAt)];
  if (options.from) conditions.push(gte(timeEntries.workDate, options.from));
  if (options.to) conditions.push(lte(timeEntries.workDate, options.to));
  const [rows, rateRows] = await Promise.all([
    db
      .select({
        id: timeEntries.id,
        userId: timeEntries.userId,
        personName: sql<string>`coalesce(${users.name}, ${users.email})`,
        phaseId: timeEntries.phaseId,
        phaseName: projectPhases.name,
        workDate: timeEntries.workDate,
        minutes: timeEntries.minutes,
        startedAt: timeEntries.startedAt,
        endedAt: timeEntries.endedAt,
        note: timeEntries.note,
        billable: timeEntries.billable,
        version: timeEntries.version,
        invoiceId: timeEntries.invoiceId,
        invoiceNumber: invoices.invoiceNumber,
        invoiceStatus: invoices.status,
        billedRate: timeEntries.billedRate,
        billedCostRate: timeEntries.billedCostRate,
      })
      .from(timeEntries)
      .innerJoin(users, eq(users.id, timeEntries.userId))
      .leftJoin(projectPhases, eq(projectPhases.id, timeEntries.phaseId))
      .leftJoin(invoices, eq(invoices.id, timeEntries.invoiceId))
      .where(and(...conditions))
      .orderBy(desc(timeEntries.workDate), desc(timeEntries.createdAt), desc(timeEntries.id))
      .limit(options.limit ?? timeLimits.allEntries * 100),
    options.rates ?? ratesForProject(db, project.id),
  ]);
  const hourly = centsOrNull(project.hourlyRate);
  return rows.map(({ invoiceStatus, billedRate, billedCostRate, ...row }) => {
    const resolved = resolveRate(rateRows, { ...row, projectId: project.id }, hourly);
    // the rates it was billed at hold while it is on an invoice (a deleted draft leaves them behind)
    const billed = row.invoiceId ? centsOrNull(billedRate) : null;
    const billedCost = row.invoiceId ? centsOrNull(billedCostRate) : null;
    const rate: ResolvedRate =
      billed !== null ? { ...resolved, billableCents: billed, costCents: billedCost ?? resolved.costCents } : resolved;
    const minutes = row.minutes ?? 0;
    return {
      ...row,
      standing: entryStanding(invoiceStatus ? { status: invoiceStatus } : null),
      rate,
      valueCents: row.billable ? valueAt(minutes, rate.billableCents) : 0,
      costCents: valueAt(minutes, rate.costCents),
    };
  });
}

/**
 * A project's finished time summed by what values it (person, phase, day, billable, standing and billed
 * rates): the few narrow rows its totals need, valued like `projectEntries`, without reading every entry.
 */
export async function projectTimeSums(
  db: Queryable,
  project: { id: string; hourlyRate: string | null },
  preloaded?: RateRow[],
) {
  const standing = sql<
    string | null
  >`(select ${invoices.status} from ${invoices} where ${invoices.id} = ${timeEntries.invoiceId})`;
  const [rows, rateRows] = await Promise.all([
    db
      .select({
        userId: timeEntries.userId,
        phaseId: timeEntries.phaseId,
        workDate: timeEntries.workDate,
        billable: timeEntries.billable,
        invoiceStatus: standing,
        billedRate: sql<
          string | null
        >`case when ${timeEntries.invoiceId} is not null then ${timeEntries.billedRate} end`,
        billedCostRate: sql<
          string | null
        >`case when ${timeEntries.invoiceId} is not null then ${timeEntries.billedCostRate} end`,
        minutes: sql<number>`sum(${timeEntries.minutes})::int`,
        entries: sql<number>`count(*)::int`,
      })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.projectId, project.id),
          isNull(timeEntries.deletedAt),
          sql`${timeEntries.minutes} is not null`,
        ),
      )
      .groupBy(sql`1, 2, 3, 4, 5, 6, 7`),
    preloaded ?? ratesForProject(db, project.id),
  ]);
  const hourly = centsOrNull(project.hourlyRate);
  return rows.map((row) => {
    const resolved = resolveRate(rateRows, { ...row, projectId: project.id }, hourly);
    const billed = centsOrNull(row.billedRate);
    const billableCents = billed ?? resolved.billableCents;
    const costCents = billed !== null ? (centsOrNull(row.billedCostRate) ?? resolved.costCents) : resolved.costCents;
    return {
      phaseId: row.phaseId,
      workDate: row.workDate,
      entries: row.entries,
      minutes: row.minutes,
      billable: row.billable,
      standing: entryStanding(row.invoiceStatus ? { status: row.invoiceStatus } : null),
      valueCents: row.billable ? valueAt(row.minutes, billableCents) : 0,
      costCents: valueAt(row.minutes, costCents),
    };
  });
}

/**
 * The unbilled, billable, finished entries of a project in [from, to] (and of `phaseIds` when given),
 * locked for the transaction that bills them: a concurrent edit, delete or second bill waits, then
 * finds them changed.
 */
export async function lockUnbilledEntries(
  db: Queryable,
  projectId: string,
  range: { from: string; to: string },
  phaseIds: readonly string[] | null,
) {
  const conditions = [
    eq(timeEntries.projectId, projectId),
    isNull(timeEntries.deletedAt),
    isNull(timeEntries.invoiceId),
    eq(timeEntries.billable, true),
    sql`${timeEntries.minutes} is not null`,
    gte(timeEntries.workDate, range.from),
    lte(timeEntries.workDate, range.to),
  ];
  if (phaseIds) {
    const named = phaseIds.filter((id) => id !== "");
    const none = phaseIds.includes("");
    const phase = named.length ? inArray(timeEntries.phaseId, named) : sql`false`;
    conditions.push(none ? sql`(${phase} or ${timeEntries.phaseId} is null)` : phase);
  }
  return db
    .select({
      id: timeEntries.id,
      userId: timeEntries.userId,
      workDate: timeEntries.workDate,
      minutes: timeEntries.minutes,
      note: timeEntries.note,
      phaseId: timeEntries.phaseId,
    })
    .from(timeEntries)
    .where(and(...conditions))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.id))
    .for("update");
}

/**
 * Puts entries on an invoice with the rates they are billed at: one update per pair of rates (a project's
 * entries share a few), not one per entry.
 */
export async function markEntriesBilled(
  db: Queryable,
  invoiceId: string,
  entries: readonly { id: string; billableCents: number; costCents: number }[],
) {
  const byRates = new Map<string, { billableCents: number; costCents: number; ids: string[] }>();
  for (const entry of entries) {
    const key = `${entry.billableCents}:${entry.costCents}`;
    const group = byRates.get(key) ?? { billableCents: entry.billableCents, costCents: entry.costCents, ids: [] };
    group.ids.push(entry.id);
    byRates.set(key, group);
  }
  for (const group of byRates.values()) {
    await db
      .update(timeEntries)
      .set({
        invoiceId,
        billedRate: centsToDecimal(group.billableCents),
        billedCostRate: centsToDecimal(group.costCents),
        version: sql`${timeEntries.version} + 1`,
      })
      .where(and(inArray(timeEntries.id, group.ids), isNull(timeEntries.invoiceId)));
  }
}

/** A voided invoice gives its time back: unbilled again, at the rates of their day (ADR 0058). */
export async function releaseInvoicedTime(db: Queryable, invoiceId: string): Promise<number> {
  const freed = await db
    .update(timeEntries)
    .set({ invoiceId: null, billedRate: null, billedCostRate: null, version: sql`${timeEntries.version} + 1` })
    .where(eq(timeEntries.invoiceId, invoiceId))
    .returning({ id: timeEntries.id });
  return freed.length;
}

/** The timesheet an invoice bills: its entries by day, for the PDF's appendix. */
export async function timesheetOf(db: Queryable, invoiceId: string) {
  return db
    .select({
      workDate: timeEntries.workDate,
      personName: sql<string>`coalesce(${users.name}, ${users.email})`,
      phaseName: projectPhases.name,
      note: timeEntries.note,
      minutes: sql<number>`coalesce(${timeEntries.minutes}, 0)`,
    })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .leftJoin(projectPhases, eq(projectPhases.id, timeEntries.phaseId))
    .where(eq(timeEntries.invoiceId, invoiceId))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.createdAt), asc(timeEntries.id))
    .limit(2000);
}

/** A person's recent entries across projects (the Time page). */
export async function recentEntries(db: Queryable, userId: string) {
  return db
    .select({
      id: timeEntries.id,
      projectId: timeEntries.projectId,
      projectName: projects.projectName,
      phaseId: timeEntries.phaseId,
      phaseName: projectPhases.name,
      workDate: timeEntries.workDate,
      minutes: timeEntries.minutes,
      startedAt: timeEntries.startedAt,
      note: timeEntries.note,
      billable: timeEntries.billable,
      version: timeEntries.version,
      invoiceId: timeEntries.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      invoiceStatus: invoices.status,
    })
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(projectPhases, eq(projectPhases.id, timeEntries.phaseId))
    .leftJoin(invoices, eq(invoices.id, timeEntries.invoiceId))
    .where(and(eq(timeEntries.userId, userId), isNull(timeEntries.deletedAt), sql`${timeEntries.minutes} is not null`))
    .orderBy(desc(timeEntries.workDate), desc(timeEntries.createdAt), desc(timeEntries.id))
    .limit(timeLimits.listedEntries);
}

/** The customer's rounding of billed time. */
export async function customerRounding(db: Queryable, customerId: string): Promise<number> {
  const [row] = await db
    .select({ minutes: customers.timeRoundingMinutes })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.minutes ?? 0;
}

export async function setCustomerRounding(db: Queryable, customerId: string, minutes: number) {
  await db.update(customers).set({ timeRoundingMinutes: minutes }).where(eq(customers.id, customerId));
}

/** A project's phases by id: their names. */
export async function phaseNamesOf(db: Queryable, projectId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: projectPhases.id, name: projectPhases.name })
    .from(projectPhases)
    .where(eq(projectPhases.projectId, projectId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The invoice's PDF ends with the timesheet of the entries it bills. */
export async function setTimesheetAppendix(db: Queryable, invoiceId: string) {
  await db.update(invoices).set({ timesheetAppendix: true }).where(eq(invoices.id, invoiceId));
}

/**
 * A project's revenue: what its issued invoices bill (less their credit notes; drafts and void ones
 * are not revenue) and what has been paid on them.
 */
export async function projectRevenue(db: Queryable, projectId: string) {
  const [row] = await db
    .select({
      invoiced: sql<string>`coalesce(sum(${invoices.totalAmount} - ${invoices.amountCredited}), 0)`,
      paid: sql<string>`coalesce(sum(${invoices.amountPaid}), 0)`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, projectId),
        eq(invoices.invoiceType, "invoice"),
        isNull(invoices.voidedAt),
        sql`${invoices.status} not in ('draft', 'cancelled')`,
      ),
    );
  return { invoicedCents: toCents(row?.invoiced ?? "0") ?? 0, paidCents: toCents(row?.paid ?? "0") ?? 0 };
}

/** A project's phases in order, with the pricing phase each came from. */
export async function projectPhaseList(db: Queryable, projectId: string) {
  return db
    .select({ id: projectPhases.id, name: projectPhases.name, pricingPhaseId: projectPhases.pricingPhaseId })
    .from(projectPhases)
    .where(eq(projectPhases.projectId, projectId))
    .orderBy(asc(projectPhases.position), asc(projectPhases.id));
}

/** A project's billable, finished minutes per month ('YYYY-MM') from `sinceDay` on. */
export async function billableMinutesByMonth(db: Queryable, projectId: string, sinceDay: string) {
  return selectRows<{ month: string; minutes: number }>(
    db,
    sql`select to_char(work_date, 'YYYY-MM') as month, sum(minutes)::int as minutes
        from time_entries
        where project_id = ${projectId} and deleted_at is null and minutes is not null and billable
          and work_date >= ${sinceDay}
        group by 1`,
  );
}

/** The months of a project settled against its hour bank, with the invoice a billed one made. */
export async function bankDecisionsOf(db: Queryable, projectId: string) {
  return db
    .select({
      month: hourBankMonths.month,
      beyondMinutes: hourBankMonths.beyondMinutes,
      decision: hourBankMonths.decision,
      invoiceId: hourBankMonths.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(hourBankMonths)
    .leftJoin(invoices, eq(invoices.id, hourBankMonths.invoiceId))
    .where(eq(hourBankMonths.projectId, projectId));
}

/** Records a month's decision; null when the month was already settled. */
export async function insertBankDecision(db: Queryable, row: typeof hourBankMonths.$inferInsert) {
  const [inserted] = await db
    .insert(hourBankMonths)
    .values(row)
    .onConflictDoNothing({ target: [hourBankMonths.projectId, hourBankMonths.month] })
    .returning({ id: hourBankMonths.id });
  return inserted ?? null;
}

export async function setHourBank(db: Queryable, projectId: string, minutes: number | null) {
  const [row] = await db
    .update(projects)
    .set({ hourBankMinutes: minutes })
    .where(eq(projects.id, projectId))
    .returning({ id: projects.id });
  if (row) await publishChange(db, { table: "projects", id: row.id });
  return row !== undefined;
}

/** The project's row, locked: one settlement of a month at a time. */
export async function lockProjectRow(db: Queryable, projectId: string) {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
  return row ?? null;
}
