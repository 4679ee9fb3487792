/**
 * The client's project room (ADR 0057): a project's phases the client can see, what the studio needs from
 * the client, and deliverables posted as versions (v1, v2, …) that the client approves or asks changes
 * to. An answer is bound to exactly what was shown: the version's content hash (its files' SHA-256
 * hashes, or its URL with the time it was posted). A version is answered once; a new version needs a
 * new answer, and the earlier ones stay in its history. Pure rules and words: no zod, no database.
 */

export const phaseStatuses = ["not_started", "in_progress", "waiting_for_client", "in_review", "approved"] as const;
export type PhaseStatus = (typeof phaseStatuses)[number];

export const phaseStatusLabels: Record<PhaseStatus, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  waiting_for_client: "Waiting for the client",
  in_review: "In review",
  approved: "Approved",
};

/** The same states as the client reads them in the portal. */
export const clientPhaseStatusLabels: Record<PhaseStatus, string> = {
  ...phaseStatusLabels,
  waiting_for_client: "Waiting for you",
};

const deliverableAnswers = ["approved", "changes_requested"] as const;
export type DeliverableAnswer = (typeof deliverableAnswers)[number];

export const deliverableAnswerLabels: Record<DeliverableAnswer, string> = {
  approved: "Approved",
  changes_requested: "Changes requested",
};

/** How long a deliverable's mailed link opens it (a fresh one is a click away on the expired page). */
export const deliverableLinkLifetimeDays = 60;

export const roomLimits = {
  phases: 30,
  checklistItems: 100,
  checklistLabel: 300,
  deliverableTitle: 200,
  versionNote: 2000,
  answerComment: 2000,
  versionFiles: 10,
} as const;

export const roomMessages = {
  projectNotFound: "Project not found",
  phaseNotFound: "Phase not found",
  itemNotFound: "Item not found",
  deliverableNotFound: "Deliverable not found",
  phaseHasDeliverables: "This phase has deliverables, and their versions and answers are records: it cannot be deleted",
  tooManyPhases: `A project can have at most ${roomLimits.phases} phases`,
  tooManyItems: `A project can have at most ${roomLimits.checklistItems} checklist items`,
  phaseNameRequired: "Please enter the phase's name",
  itemLabelRequired: "Please describe what you need from the client",
  titleRequired: "Please enter the deliverable's title",
  endBeforeStart: "The end cannot be before the start",
  urlOrFiles: "Add a file or a link to the version",
  urlAndFiles: "A version is either files or a link, not both",
  tooManyFiles: `A version can have at most ${roomLimits.versionFiles} files`,
  nameRequired: "Please enter your name",
  commentRequired: "Please say what should change",
  alreadyAnswered: "This version has already been answered",
  superseded: "This version has been replaced by a newer one. Please look at the current version.",
  changedSinceShown: "This version changed since the page was shown. Please look at it again.",
  linkExpired: "This link has expired",
  linkRevoked: "This link is no longer valid",
  freshLinkSent: "A fresh link is on its way to the email address we have for you.",
  phasesCopied: (count: number) =>
    count === 1 ? "1 phase added from the pricing" : `${count} phases added from the pricing`,
  noPricingPhases: "All of the pricing's phases are already in the room",
  versionPosted: (title: string, version: number) => `${title} v${version} posted`,
  answerRecorded: {
    approved: "Thank you: your approval is recorded.",
    changes_requested: "Thank you: your change request is recorded.",
  } satisfies Record<DeliverableAnswer, string>,
  viewAsClient: "View as this client",
  previewNotice: "You are seeing the portal as the client does. Nothing you do here counts as the client's view.",
} as const;

export function versionLabel(version: number): string {
  return `v${version}`;
}

type DatedPhase = {
  status: PhaseStatus;
  plannedStart: string | null;
  plannedEnd: string | null;
};

/**
 * The next date the client waits for: the earliest planned start or end, today or later, of a phase not
 * approved yet; null when none is planned.
 */
export function nextPhaseDate(phases: readonly DatedPhase[], today: string): string | null {
  let next: string | null = null;
  for (const phase of phases) {
    if (phase.status === "approved") continue;
    for (const day of [phase.plannedStart, phase.plannedEnd]) {
      if (day && day >= today && (next === null || day < next)) next = day;
    }
  }
  return next;
}

type AnsweredVersion = { id: string; version: number; answer: DeliverableAnswer | null };

/** A deliverable's current version: the highest number. */
export function currentVersion<T extends { version: number }>(versions: readonly T[]): T | null {
  let current: T | null = null;
  for (const version of versions) if (!current || version.version > current.version) current = version;
  return current;
}

/** The number the next version of a deliverable takes: one past the current one. */
export function nextVersionNumber(versions: readonly { version: number }[]): number {
  return (currentVersion(versions)?.version ?? 0) + 1;
}

type PortalDeliverable = { current: { version: number; answer: DeliverableAnswer | null } | null };

/**
 * What a room asks of the client in the portal: the checklist's open items, the deliverables whose current
 * version has no answer yet, and (apart) those answered, to open again.
 */
export function waitingOnClient<Item extends { doneAt: Date | null }, Deliverable extends PortalDeliverable>(room: {
  checklist: readonly Item[];
  deliverables: readonly Deliverable[];
}) {
  return {
    asked: room.checklist.filter((item) => item.doneAt === null),
    toAnswer: room.deliverables.filter(
      (deliverable) => deliverable.current !== null && deliverable.current.answer === null,
    ),
    answered: room.deliverables.filter((deliverable) => deliverable.current?.answer != null),
  };
}

/** How many deliverables each of a room's portal lists shows before "Show all" (the rest one click away). */
export const portalListCap = 10;

/**
 * A portal list's first `portalListCap` items, or all of them when `all` (the client asked to see the
 * room's whole list); `more` is how many are left out.
 */
export function firstOfList<T>(list: readonly T[], all: boolean): { shown: readonly T[]; more: number } {
  if (all || list.length <= portalListCap) return { shown: list, more: 0 };
  return { shown: list.slice(0, portalListCap), more: list.length - portalListCap };
}

/** How many of the pricing's phases are not in the room yet ("Add the pricing's N phases"). */
export function pricingPhasesToCopy(
  pricingPhases: readonly { id: string }[],
  roomPhases: readonly { pricingPhaseId: string | null }[],
): number {
  const copied = new Set(roomPhases.map((phase) => phase.pricingPhaseId));
  return pricingPhases.filter((phase) => !copied.has(phase.id)).length;
}

/**
 * Whether an answer to `versionId` shown with `shownHash` may be recorded now: it must be the current
 * version, unanswered, and its content must be what the page showed.
 */
export function answerRefusal(
  versions: readonly (AnsweredVersion & { contentHash: string })[],
  versionId: string,
  shownHash: string,
): null | "not-found" | "superseded" | "answered" | "changed" {
  const version = versions.find((item) => item.id === versionId);
  if (!version) return "not-found";
  if (currentVersion(versions)?.id !== version.id) return "superseded";
  if (version.answer !== null) return "answered";
  if (version.contentHash !== shownHash) return "changed";
  return null;
}

/** A file's size for people: 1.2 MB, 340 KB, 12 bytes. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return bytes === 1 ? "1 byte" : `${bytes} bytes`;
}
