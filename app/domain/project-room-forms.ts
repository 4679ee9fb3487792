/**
 * The project room's forms, for browser and server: the owner's (phases, the checklist, deliverables and
 * their versions, the portal switch) and the client's answer to a version. Words: project-room.ts.
 */
import { z } from "zod";
import { uuidField } from "#app/domain/id-fields.ts";
import { limits, tooLong } from "#app/domain/limits.ts";
import { phaseStatuses, roomLimits, roomMessages } from "#app/domain/project-room.ts";
import { optionalDate, optionalHttpUrl, optionalMultilineText, requiredText } from "#app/domain/validation.ts";

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;
/** An empty file input posts an empty, nameless file. */
const isNoFile = (value: unknown) => value === "" || (isFile(value) && value.size === 0 && value.name === "");

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());

const phaseName = requiredText(
  limits.projectName,
  roomMessages.phaseNameRequired,
  tooLong("Phase name", limits.projectName),
);

const dates = {
  planned_start: optionalDate,
  planned_end: optionalDate,
};

function endAfterStart(start: "planned_start" | "actual_start", end: "planned_end" | "actual_end") {
  return (form: Partial<Record<string, unknown>>, ctx: z.RefinementCtx) => {
    const from = form[start];
    const to = form[end];
    if (typeof from === "string" && typeof to === "string" && to < from) {
      ctx.addIssue({ code: "custom", path: [end], message: roomMessages.endBeforeStart });
    }
  };
}

export const addPhaseSchema = z
  .object({ intent: z.literal("add-phase"), name: phaseName, ...dates })
  .superRefine(endAfterStart("planned_start", "planned_end"));

export const savePhaseSchema = z
  .object({
    intent: z.literal("save-phase"),
    phase_id: uuidField(roomMessages.phaseNotFound),
    name: phaseName,
    status: z.enum(phaseStatuses),
    ...dates,
    actual_start: optionalDate,
    actual_end: optionalDate,
  })
  .superRefine(endAfterStart("planned_start", "planned_end"))
  .superRefine(endAfterStart("actual_start", "actual_end"));
export type SavePhaseForm = z.output<typeof savePhaseSchema>;

export const addItemSchema = z.object({
  intent: z.literal("add-item"),
  label: requiredText(
    roomLimits.checklistLabel,
    roomMessages.itemLabelRequired,
    tooLong("The item", roomLimits.checklistLabel),
  ),
  phase_id: z.preprocess(
    (value) => (value === "" ? undefined : value),
    uuidField(roomMessages.phaseNotFound).optional(),
  ),
});

export const addDeliverableSchema = z.object({
  intent: z.literal("add-deliverable"),
  phase_id: uuidField(roomMessages.phaseNotFound),
  title: requiredText(
    roomLimits.deliverableTitle,
    roomMessages.titleRequired,
    tooLong("Title", roomLimits.deliverableTitle),
  ),
  approves_phase: checkbox,
});

/**
 * A new version: a link, or files (the upload layer has put each stored file's id in `files`), and a
 * note; `notify` mails the client its link.
 */
export const postVersionSchema = z
  .object({
    intent: z.literal("post-version"),
    deliverable_id: uuidField(roomMessages.deliverableNotFound),
    url: optionalHttpUrl,
    // on the server, the upload layer has put each stored file's id here; in the browser, the chosen files
    files: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((item) => !isNoFile(item)),
      z
        .array(z.union([uuidField(roomMessages.urlOrFiles), z.custom<File>(isFile, roomMessages.urlOrFiles)]))
        .max(roomLimits.versionFiles, roomMessages.tooManyFiles),
    ),
    note: optionalMultilineText(roomLimits.versionNote, "Note"),
    notify: checkbox,
  })
  .superRefine((form, ctx) => {
    if (!form.url && form.files.length === 0)
      ctx.addIssue({ code: "custom", path: ["url"], message: roomMessages.urlOrFiles });
    if (form.url && form.files.length > 0)
      ctx.addIssue({ code: "custom", path: ["url"], message: roomMessages.urlAndFiles });
  });
export type PostVersionForm = z.output<typeof postVersionSchema>;

/** The room's buttons that carry one id. */
export const roomRowSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-phase"), phase_id: uuidField(roomMessages.phaseNotFound) }),
  z.object({ intent: z.literal("toggle-item"), item_id: uuidField(roomMessages.itemNotFound), done: checkbox }),
  z.object({ intent: z.literal("delete-item"), item_id: uuidField(roomMessages.itemNotFound) }),
  z.object({ intent: z.literal("copy-phases") }),
  z.object({ intent: z.literal("room-visible"), visible: checkbox }),
  z.object({ intent: z.literal("room-hours"), visible: checkbox }),
]);

const roomIntents = [
  "room-hours",
  "add-phase",
  "save-phase",
  "add-item",
  "add-deliverable",
  "post-version",
  "delete-phase",
  "toggle-item",
  "delete-item",
  "copy-phases",
  "room-visible",
] as const;
export const roomIntentSchema = z.object({ intent: z.enum(roomIntents) });

/** Which phase's or deliverable's form a post came from (its refusal is shown there). */
export const roomTargetSchema = z.object({
  phase_id: z.string().max(64).catch("").default(""),
  deliverable_id: z.string().max(64).catch("").default(""),
});

/** The client's answer to a version (the deliverable's page, with or without JavaScript). */
export const deliverableAnswerSchema = z
  .object({
    version_id: uuidField(roomMessages.deliverableNotFound),
    content_hash: z.string().regex(/^[0-9a-f]{64}$/, roomMessages.changedSinceShown),
    answer: z.enum(["approved", "changes_requested"]),
    name: requiredText(limits.fullName, roomMessages.nameRequired, tooLong("Name", limits.fullName)),
    comment: optionalMultilineText(roomLimits.answerComment, "Comment"),
  })
  .superRefine((form, ctx) => {
    if (form.answer === "changes_requested" && !form.comment) {
      ctx.addIssue({ code: "custom", path: ["comment"], message: roomMessages.commentRequired });
    }
  });
export type DeliverableAnswerForm = z.output<typeof deliverableAnswerSchema>;
