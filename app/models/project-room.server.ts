/**
 * The project room's queries (ADR 0057): phases, the checklist, deliverables with their versions, files
 * and answers, and deliverable links (only token hashes). Every read for a client takes the customer's id
 * and filters on it in SQL, so a link or a portal never reads another customer's row.
 */
import { and, asc, desc, eq, gt, inArray, isNull, max, sql } from "drizzle-orm";
import type { Queryable, Tx } from "#app/db/client.server.ts";
import {
  deliverableAnswerRecords,
  deliverableLinks,
  deliverables,
  deliverableVersionFiles,
  deliverableVersions,
  projectChecklistItems,
  projectPhases,
  projects,
  timeEntries,
} from "#app/db/schema.ts";
import type { DeliverableAnswer, PhaseStatus } from "#app/domain/project-room.ts";

// ---------------------------------------------------------------- the room as a whole

export type RoomVersion = {
  id: string;
  version: number;
  note: string | null;
  url: string | null;
  contentHash: string;
  createdAt: Date;
  files: { fileId: string; position: number; sha256: string }[];
  answer: {
    answer: DeliverableAnswer;
    comment: string | null;
    name: string;
    answeredAt: Date;
  } | null;
};

type RoomDeliverable = {
  id: string;
  phaseId: string;
  title: string;
  approvesPhase: boolean;
  createdAt: Date;
  /** oldest first */
  versions: RoomVersion[];
};

type RoomPhase = {
  id: string;
  position: number;
  name: string;
  status: PhaseStatus;
  plannedStart: string | null;
  plannedEnd: string | null;
  actualStart: string | null;
  actualEnd: string | null;
  pricingPhaseId: string | null;
  approvedAt: Date | null;
};

type RoomChecklistItem = { id: string; phaseId: string | null; label: string; doneAt: Date | null };

/** The versions of some deliverables, oldest first, with their files and answers. */
async function versionsOf(db: Queryable, deliverableIds: string[]): Promise<Map<string, RoomVersion[]>> {
  const byDeliverable = new Map<string, RoomVersion[]>();
  if (deliverableIds.length === 0) return byDeliverable;
  const rows = await db
    .select({
      id: deliverableVersions.id,
      deliverableId: deliverableVersions.deliverableId,
      version: deliverableVersions.version,
      note: deliverableVersions.note,
      url: deliverableVersions.url,
      contentHash: deliverableVersions.contentHash,
      createdAt: deliverableVersions.createdAt,
      answer: deliverableAnswerRecords.answer,
      comment: deliverableAnswerRecords.comment,
      name: deliverableAnswerRecords.name,
      answeredAt: deliverableAnswerRecords.answeredAt,
    })
    .from(deliverableVersions)
    .leftJoin(deliverableAnswerRecords, eq(deliverableAnswerRecords.versionId, deliverableVersions.id))
    .where(inArray(deliverableVersions.deliverableId, deliverableIds))
    .orderBy(asc(deliverableVersions.deliverableId), asc(deliverableVersions.version));
  const files = rows.length
    ? await db
        .select()
        .from(deliverableVersionFiles)
        .where(
          inArray(
            deliverableVersionFiles.versionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(deliverableVersionFiles.versionId), asc(deliverableVersionFiles.position))
    : [];
  for (const row of rows) {
    const list = byDeliverable.get(row.deliverableId) ?? [];
    list.push({
      id: row.id,
      version: row.version,
      note: row.note,
      url: row.url,
      contentHash: row.contentHash,
      createdAt: row.createdAt,
      files: files
        .filter((file) => file.versionId === row.id)
        .map((file) => ({ fileId: file.fileId, position: file.position, sha256: file.sha256 })),
      answer:
        row.answer && row.name && row.answeredAt
          ? { answer: row.answer, comment: row.comment, name: row.name, answeredAt: row.answeredAt }
          : null,
    });
    byDeliverable.set(row.deliverableId, list);
  }
  return byDeliverable;
}

/** A project's phases (in order) and its checklist. */
async function roomPhasesAndChecklist(db: Queryable, projectId: string) {
  const [phases, checklist] = await Promise.all([
    db
      .select({
        id: projectPhases.id,
        position: projectPhases.position,
        name: projectPhases.name,
        status: projectPhases.status,
        plannedStart: projectPhases.plannedStart,
        plannedEnd: projectPhases.plannedEnd,
        actualStart: projectPhases.actualStart,
        actualEnd: projectPhases.actualEnd,
        pricingPhaseId: projectPhases.pricingPhaseId,
        approvedAt: projectPhases.approvedAt,
      })
      .from(projectPhases)
      .where(eq(projectPhases.projectId, projectId))
      .orderBy(asc(projectPhases.position), asc(projectPhases.createdAt)),
    db
      .select({
        id: projectChecklistItems.id,
        phaseId: projectChecklistItems.phaseId,
        label: projectChecklistItems.label,
        doneAt: projectChecklistItems.doneAt,
      })
      .from(projectChecklistItems)
      .where(eq(projectChecklistItems.projectId, projectId))
      .orderBy(asc(projectChecklistItems.createdAt), asc(projectChecklistItems.id)),
  ]);
  return { phases: phases as RoomPhase[], checklist: checklist as RoomChecklistItem[] };
}

/** A project's phases (in order), checklist and deliverables with every version. */
export async function roomOf(db: Queryable, projectId: string) {
  const [{ phases, checklist }, deliverableRows] = await Promise.all([
    roomPhasesAndChecklist(db, projectId),
    db
      .select({
        id: deliverables.id,
        phaseId: deliverables.phaseId,
        title: deliverables.title,
        approvesPhase: deliverables.approvesPhase,
        createdAt: deliverables.createdAt,
      })
      .from(deliverables)
      .where(eq(deliverables.projectId, projectId))
      .orderBy(asc(deliverables.createdAt), asc(deliverables.id)),
  ]);
  const versions = await versionsOf(
    db,
    deliverableRows.map((row) => row.id),
  );
  const items: RoomDeliverable[] = deliverableRows.map((row) => ({ ...row, versions: versions.get(row.id) ?? [] }));
  return { phases, checklist, deliverables: items };
}

// ---------------------------------------------------------------- phases

export async function countPhases(db: Queryable, projectId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projectPhases)
    .where(eq(projectPhases.projectId, projectId));
  return row?.count ?? 0;
}

/** Locks the project's row: phases and checklist items of one project are added one at a time. */
export async function lockProject(tx: Tx, projectId: string) {
  const [row] = await tx
    .select({ id: projects.id, customerId: projects.customerId, pricingDetails: projects.pricingDetails })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  return row ?? null;
}

export async function insertPhase(
  tx: Tx,
  projectId: string,
  row: { name: string; plannedStart?: string | null; plannedEnd?: string | null; pricingPhaseId?: string | null },
): Promise<string> {
  const [last] = await tx
    .select({ position: max(projectPhases.position) })
    .from(projectPhases)
    .where(eq(projectPhases.projectId, projectId));
  const [created] = await tx
    .insert(projectPhases)
    .values({
      projectId,
      position: (last?.position ?? -1) + 1,
      name: row.name,
      plannedStart: row.plannedStart ?? null,
      plannedEnd: row.plannedEnd ?? null,
      pricingPhaseId: row.pricingPhaseId ?? null,
    })
    .returning({ id: projectPhases.id });
  if (!created) throw new Error("phase not inserted");
  return created.id;
}

/** The pricing phase ids already in the project's room. */
export async function pricingPhaseIdsOf(db: Queryable, projectId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: projectPhases.pricingPhaseId })
    .from(projectPhases)
    .where(eq(projectPhases.projectId, projectId));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}

/** A phase of the project, locked for the change. */
export async function lockPhase(tx: Tx, projectId: string, phaseId: string) {
  const [row] = await tx
    .select()
    .from(projectPhases)
    .where(and(eq(projectPhases.id, phaseId), eq(projectPhases.projectId, projectId)))
    .for("update");
  return row ?? null;
}

export async function updatePhase(
  tx: Tx,
  phaseId: string,
  row: {
    name: string;
    status: PhaseStatus;
    plannedStart: string | null;
    plannedEnd: string | null;
    actualStart: string | null;
    actualEnd: string | null;
    approvedAt: Date | null;
  },
): Promise<void> {
  await tx.update(projectPhases).set(row).where(eq(projectPhases.id, phaseId));
}

/** A phase approved: its status, when, and its actual end (today when none was set). */
export async function setPhaseApproved(tx: Tx, phaseId: string, row: { approvedAt: Date; actualEnd: string }) {
  await tx
    .update(projectPhases)
    .set({ status: "approved", approvedAt: row.approvedAt, actualEnd: row.actualEnd })
    .where(eq(projectPhases.id, phaseId));
}

/** Whether any deliverable sits under the phase. */
export async function phaseHasDeliverables(db: Queryable, phaseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deliverables.id })
    .from(deliverables)
    .where(eq(deliverables.phaseId, phaseId))
    .limit(1);
  return row !== undefined;
}

export async function deletePhase(tx: Tx, projectId: string, phaseId: string): Promise<boolean> {
  const rows = await tx
    .delete(projectPhases)
    .where(and(eq(projectPhases.id, phaseId), eq(projectPhases.projectId, projectId)))
    .returning({ id: projectPhases.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- the checklist

export async function countChecklistItems(db: Queryable, projectId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projectChecklistItems)
    .where(eq(projectChecklistItems.projectId, projectId));
  return row?.count ?? 0;
}

export async function insertChecklistItem(
  tx: Tx,
  projectId: string,
  row: { label: string; phaseId: string | null },
): Promise<void> {
  await tx.insert(projectChecklistItems).values({ projectId, label: row.label, phaseId: row.phaseId });
}

/** Ticks or unticks an item of the project; the label, or null when it is not the project's. */
export async function setChecklistItemDone(
  tx: Tx,
  projectId: string,
  itemId: string,
  doneAt: Date | null,
): Promise<string | null> {
  const [row] = await tx
    .update(projectChecklistItems)
    .set({ doneAt })
    .where(and(eq(projectChecklistItems.id, itemId), eq(projectChecklistItems.projectId, projectId)))
    .returning({ label: projectChecklistItems.label });
  return row?.label ?? null;
}

export async function deleteChecklistItem(tx: Tx, projectId: string, itemId: string): Promise<string | null> {
  const [row] = await tx
    .delete(projectChecklistItems)
    .where(and(eq(projectChecklistItems.id, itemId), eq(projectChecklistItems.projectId, projectId)))
    .returning({ label: projectChecklistItems.label });
  return row?.label ?? null;
}

// ---------------------------------------------------------------- deliverables and versions

export async function insertDeliverable(
  tx: Tx,
  row: { projectId: string; phaseId: string; title: string; approvesPhase: boolean },
): Promise<string> {
  const [created] = await tx.insert(deliverables).values(row).returning({ id: deliverables.id });
  if (!created) throw new Error("deliverable not inserted");
  return created.id;
}

/**
 * A deliverable, its project and customer, locked: versions are numbered and answered one at a time.
 * With `customerId`, only that customer's deliverable is found.
 */
export async function lockDeliverable(tx: Tx, deliverableId: string, customerId?: string) {
  const [row] = await tx
    .select({
      id: deliverables.id,
      title: deliverables.title,
      phaseId: deliverables.phaseId,
      approvesPhase: deliverables.approvesPhase,
      projectId: deliverables.projectId,
      projectName: projects.projectName,
      customerId: projects.customerId,
    })
    .from(deliverables)
    .innerJoin(projects, eq(projects.id, deliverables.projectId))
    .where(
      customerId
        ? and(eq(deliverables.id, deliverableId), eq(projects.customerId, customerId))
        : eq(deliverables.id, deliverableId),
    )
    .for("update", { of: deliverables });
  return row ?? null;
}

/** A deliverable's versions with their files and answers, oldest first. */
export async function deliverableVersionsOf(db: Queryable, deliverableId: string): Promise<RoomVersion[]> {
  return (await versionsOf(db, [deliverableId])).get(deliverableId) ?? [];
}

export async function insertVersion(
  tx: Tx,
  row: {
    deliverableId: string;
    version: number;
    note: string | null;
    url: string | null;
    contentHash: string;
    createdAt: Date;
    files: { fileId: string; sha256: string }[];
  },
): Promise<string> {
  const [created] = await tx
    .insert(deliverableVersions)
    .values({
      deliverableId: row.deliverableId,
      version: row.version,
      note: row.note,
      url: row.url,
      contentHash: row.contentHash,
      createdAt: row.createdAt,
    })
    .returning({ id: deliverableVersions.id });
  if (!created) throw new Error("version not inserted");
  if (row.files.length) {
    await tx.insert(deliverableVersionFiles).values(
      row.files.map((file, position) => ({
        versionId: created.id,
        fileId: file.fileId,
        sha256: file.sha256,
        position,
      })),
    );
  }
  return created.id;
}

export async function insertAnswer(
  tx: Tx,
  row: {
    versionId: string;
    contentHash: string;
    answer: DeliverableAnswer;
    comment: string | null;
    name: string;
    ip: string | null;
    userAgent: string | null;
    answeredAt: Date;
  },
): Promise<void> {
  await tx.insert(deliverableAnswerRecords).values(row);
}

/** Whether a file is one of the deliverable's versions' files (the client may download it). */
export async function isDeliverableFile(db: Queryable, deliverableId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ fileId: deliverableVersionFiles.fileId })
    .from(deliverableVersionFiles)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, deliverableVersionFiles.versionId))
    .where(and(eq(deliverableVersions.deliverableId, deliverableId), eq(deliverableVersionFiles.fileId, fileId)))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------- links

export async function insertDeliverableLink(
  tx: Queryable,
  row: { deliverableId: string; customerId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.insert(deliverableLinks).values(row);
}

/** A link by its hash, live or not (the page says when it expired or was revoked). */
export async function findDeliverableLink(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({
      deliverableId: deliverableLinks.deliverableId,
      customerId: deliverableLinks.customerId,
      expiresAt: deliverableLinks.expiresAt,
      revokedAt: deliverableLinks.revokedAt,
    })
    .from(deliverableLinks)
    .where(eq(deliverableLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** A person had the deliverable on screen (the view beacon); the deliverable, or null for a dead link. */
export async function markDeliverableViewed(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .update(deliverableLinks)
    .set({ lastViewedAt: now })
    .where(
      and(
        eq(deliverableLinks.tokenHash, tokenHash),
        isNull(deliverableLinks.revokedAt),
        gt(deliverableLinks.expiresAt, now),
      ),
    )
    .returning({ deliverableId: deliverableLinks.deliverableId, customerId: deliverableLinks.customerId });
  return row ?? null;
}

// ---------------------------------------------------------------- the portal

/**
 * What a customer's portal shows of its project rooms: only projects the owner shows, their phases,
 * open checklist items and deliverables with their current version's state.
 */
export async function portalRooms(db: Queryable, customerId: string) {
  const shown = await db
    .select({ id: projects.id, name: projects.projectName, hoursVisible: projects.roomHoursVisible })
    .from(projects)
    .where(and(eq(projects.customerId, customerId), eq(projects.roomVisible, true)))
    .orderBy(asc(projects.createdAt));
  return Promise.all(
    shown.map(async ({ hoursVisible, ...project }) => ({
      ...project,
      ...(await portalRoomOf(db, project.id)),
      // the hours only when the owner shows them: entries are adjusted before billing
      hours: hoursVisible ? await roomHours(db, project.id) : null,
    })),
  );
}

/** The hours logged on a project, in total and by phase ("" for none): finished, undeleted entries. */
async function roomHours(db: Queryable, projectId: string) {
  const rows = await db
    .select({ phaseId: timeEntries.phaseId, minutes: sql<number>`sum(${timeEntries.minutes})::int` })
    .from(timeEntries)
    .where(
      and(eq(timeEntries.projectId, projectId), isNull(timeEntries.deletedAt), sql`${timeEntries.minutes} is not null`),
    )
    .groupBy(timeEntries.phaseId);
  return {
    totalMinutes: rows.reduce((sum, row) => sum + row.minutes, 0),
    byPhase: Object.fromEntries(rows.map((row) => [row.phaseId ?? "", row.minutes])),
  };
}

/**
 * One room as the portal shows it: phases, the checklist, and each deliverable with only its current
 * version's number and answer (one row each: the portal lists, the deliverable's own page shows the rest).
 */
async function portalRoomOf(db: Queryable, projectId: string) {
  const [{ phases, checklist }, current] = await Promise.all([
    roomPhasesAndChecklist(db, projectId),
    db
      .selectDistinctOn([deliverables.id], {
        id: deliverables.id,
        phaseId: deliverables.phaseId,
        title: deliverables.title,
        createdAt: deliverables.createdAt,
        version: deliverableVersions.version,
        answer: deliverableAnswerRecords.answer,
      })
      .from(deliverables)
      .leftJoin(deliverableVersions, eq(deliverableVersions.deliverableId, deliverables.id))
      .leftJoin(deliverableAnswerRecords, eq(deliverableAnswerRecords.versionId, deliverableVersions.id))
      .where(eq(deliverables.projectId, projectId))
      .orderBy(deliverables.id, desc(deliverableVersions.version)),
  ]);
  const ordered = current.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return {
    phases,
    checklist,
    deliverables: ordered.map((row) => ({
      id: row.id,
      phaseId: row.phaseId,
      title: row.title,
      current: row.version === null ? null : { version: row.version, answer: row.answer ?? null },
    })),
  };
}

/** Shows or hides a project's room in its customer's portal; false when there is no such project. */
/** Whether the portal shows the room's hours (ADR 0058). */
export async function setRoomHoursVisible(tx: Tx, projectId: string, visible: boolean): Promise<boolean> {
  const rows = await tx
    .update(projects)
    .set({ roomHoursVisible: visible })
    .where(eq(projects.id, projectId))
    .returning({ id: projects.id });
  return rows.length > 0;
}

export async function setRoomVisible(tx: Tx, projectId: string, visible: boolean): Promise<boolean> {
  const rows = await tx
    .update(projects)
    .set({ roomVisible: visible })
    .where(eq(projects.id, projectId))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/** A deliverable for its client page: only when it is this customer's; its project, phase and versions. */
export async function clientDeliverable(db: Queryable, deliverableId: string, customerId: string) {
  const [row] = await db
    .select({
      id: deliverables.id,
      title: deliverables.title,
      projectName: projects.projectName,
      phaseName: projectPhases.name,
      phaseStatus: projectPhases.status,
    })
    .from(deliverables)
    .innerJoin(projects, eq(projects.id, deliverables.projectId))
    .innerJoin(projectPhases, eq(projectPhases.id, deliverables.phaseId))
    .where(and(eq(deliverables.id, deliverableId), eq(projects.customerId, customerId)));
  if (!row) return null;
  return { ...row, versions: await deliverableVersionsOf(db, deliverableId) };
}
