/** The pricing page's packages and consultation banner, and the owner's edits. */
import { asc, count, eq, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { pricingBanner, pricingPackages, questionnaires } from "#app/db/schema.ts";
import { defaultPricingBanner, type PricingPackageForm } from "#app/domain/site-content.ts";

/** A package as the public page shows it (its onboarding questionnaire is the owner's, never public). */
export type PricingPackage = Omit<typeof pricingPackages.$inferSelect, "questionnaireId">;

const publicColumns = {
  id: pricingPackages.id,
  name: pricingPackages.name,
  price: pricingPackages.price,
  description: pricingPackages.description,
  features: pricingPackages.features,
  ctaLabel: pricingPackages.ctaLabel,
  highlighted: pricingPackages.highlighted,
  highlightLabel: pricingPackages.highlightLabel,
  sortOrder: pricingPackages.sortOrder,
};

/** The pricing packages, in display order. */
export function listPricingPackages(db: Queryable): Promise<PricingPackage[]> {
  return db
    .select(publicColumns)
    .from(pricingPackages)
    .orderBy(asc(pricingPackages.sortOrder), asc(pricingPackages.id));
}

/** The packages for the owner's editor: each with the questionnaire it sends by default. */
export function listPricingPackagesForEditor(db: Queryable) {
  return db
    .select({ ...publicColumns, questionnaireId: pricingPackages.questionnaireId })
    .from(pricingPackages)
    .orderBy(asc(pricingPackages.sortOrder), asc(pricingPackages.id));
}

/**
 * The onboarding questionnaire of the package a signed tier was made from (a proposal's tiers are the
 * packages' names when it is built from them), or null: no package of that name, or none set.
 */
export async function packageQuestionnaireFor(db: Queryable, tierName: string): Promise<string | null> {
  const [row] = await db
    .select({ questionnaireId: pricingPackages.questionnaireId })
    .from(pricingPackages)
    .where(eq(pricingPackages.name, tierName.trim()))
    .orderBy(asc(pricingPackages.sortOrder), asc(pricingPackages.id))
    .limit(1);
  return row?.questionnaireId ?? null;
}

/** A package's questionnaire that is not (or no longer) there: the form says so on its field. */
export class PackageQuestionnaireMissing extends Error {
  constructor() {
    super("Questionnaire not found");
  }
}

/** The packages a visitor may choose on the inquiry form: id and name, in display order. */
export function listPackageChoices(db: Queryable): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: pricingPackages.id, name: pricingPackages.name })
    .from(pricingPackages)
    .orderBy(asc(pricingPackages.sortOrder), asc(pricingPackages.id));
}

/** The name of the package with this id, or null when there is none. */
export async function pricingPackageName(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: pricingPackages.name })
    .from(pricingPackages)
    .where(eq(pricingPackages.id, id))
    .limit(1);
  return row?.name ?? null;
}

const changed = (db: Queryable) => publishChange(db, { table: "site_content", id: "pricing" });
const lock = (db: Queryable) => db.execute(sql`select pg_advisory_xact_lock(hashtext('studio:pricing'))`);

export async function updatePricingPackage(db: Db, form: PricingPackageForm) {
  return db.transaction(async (tx) => {
    if (form.questionnaire_id) {
      // read with a share lock: the questionnaire stays while the package names it
      const [named] = await tx
        .select({ id: questionnaires.id })
        .from(questionnaires)
        .where(eq(questionnaires.id, form.questionnaire_id))
        .for("share");
      if (!named) throw new PackageQuestionnaireMissing();
    }
    const [row] = await tx
      .update(pricingPackages)
      .set({
        name: form.name,
        price: form.price,
        description: form.description,
        features: form.features,
        ctaLabel: form.cta_label,
        highlighted: form.highlighted,
        highlightLabel: form.highlight_label || "Most Popular",
        questionnaireId: form.questionnaire_id ?? null,
      })
      .where(eq(pricingPackages.id, form.id))
      .returning({ id: pricingPackages.id, name: pricingPackages.name });
    if (row) await changed(tx);
    return row ?? null;
  });
}

/** A new package at the end, with placeholder texts for the owner to edit. */
export async function addPricingPackage(db: Db) {
  return db.transaction(async (tx) => {
    await lock(tx);
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${pricingPackages.sortOrder}), 0)::int` })
      .from(pricingPackages);
    const [row] = await tx
      .insert(pricingPackages)
      .values({
        name: "New package",
        price: "$0",
        description: "Describe what this package is for.",
        features: ["First feature"],
        ctaLabel: "Get Started",
        sortOrder: Number(last?.max ?? 0) + 1,
      })
      .returning({ id: pricingPackages.id, name: pricingPackages.name });
    await changed(tx);
    return row ?? null;
  });
}

/** Removes a package unless it is the last one: "last" when refused, null when missing. */
export async function removePricingPackage(db: Db, id: number) {
  return db.transaction(async (tx) => {
    await lock(tx);
    const [total] = await tx.select({ n: count() }).from(pricingPackages);
    if (Number(total?.n ?? 0) <= 1) return "last" as const;
    const [row] = await tx
      .delete(pricingPackages)
      .where(eq(pricingPackages.id, id))
      .returning({ id: pricingPackages.id, name: pricingPackages.name });
    if (row) await changed(tx);
    return row ?? null;
  });
}

export async function getPricingBanner(db: Queryable): Promise<{ whatYouGet: string[]; includes: string[] }> {
  const [row] = await db.select().from(pricingBanner).limit(1);
  return row ? { whatYouGet: row.whatYouGet, includes: row.includes } : defaultPricingBanner;
}

export async function savePricingBanner(db: Db, banner: { whatYouGet: string[]; includes: string[] }) {
  await db.transaction(async (tx) => {
    await tx
      .insert(pricingBanner)
      .values({ id: 1, ...banner })
      .onConflictDoUpdate({ target: pricingBanner.id, set: { ...banner, updatedAt: new Date() } });
    await changed(tx);
  });
}
