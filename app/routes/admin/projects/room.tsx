/**
 * /admin/projects/{id}/room: the client's project room (ADR 0057). Phases (from the pricing or by hand)
 * with their status and dates; "what we need from you"; deliverables under phases, posted as versions
 * (files uploaded here, or a link) and the client's answers; whether the portal shows the room; "View as
 * this client". Each form posts an `intent`; a new version is a multipart post whose files the upload
 * layer stores as they stream in (services/file-storage.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { pricingPhasesToCopy, roomMessages } from "#app/domain/project-room.ts";
import {
  addDeliverableSchema,
  addItemSchema,
  addPhaseSchema,
  postVersionSchema,
  roomIntentSchema,
  roomRowSchema,
  roomTargetSchema,
  savePhaseSchema,
} from "#app/domain/project-room-forms.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { roomOf } from "#app/models/project-room.server.ts";
import { getProject } from "#app/models/projects.server.ts";
import { fileFactsOf } from "#app/models/stored-files.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { parseUploadForm } from "#app/services/file-storage.server.ts";
import {
  addChecklistItem,
  addDeliverable,
  addPhase,
  copyPricingPhases,
  postVersion,
  removeChecklistItem,
  removePhase,
  savePhase,
  setRoomHoursVisibility,
  setRoomVisibility,
  tickChecklistItem,
} from "#app/services/project-room.server.ts";
import type { AdminHandle } from "../layout.tsx";
import type { Route } from "./+types/room";

export const handle: AdminHandle = { liveTables: ["projects"] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: adminTitle(
      matches,
      loaderData ? `Project room · ${loaderData.project.projectName}` : roomMessages.projectNotFound,
    ),
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const project = id ? await getProject(database.db, id) : null;
  if (!project) notFound(roomMessages.projectNotFound);
  const [room, today] = await Promise.all([roomOf(database.db, project.id), studioToday(database.db)]);
  const files = await fileFactsOf(
    database.db,
    room.deliverables.flatMap((deliverable) =>
      deliverable.versions.flatMap((version) => version.files.map((file) => file.fileId)),
    ),
  );
  return {
    project: {
      id: project.id,
      projectName: project.projectName,
      customerId: project.customerId,
      customerName: project.customer?.name ?? null,
      roomVisible: project.roomVisible,
      roomHoursVisible: project.roomHoursVisible,
    },
    pricingPhasesToCopy: pricingPhasesToCopy(project.pricingDetails?.phases ?? [], room.phases),
    room,
    files,
    today,
  };
}

type Answerable<Value extends object> =
  | ({ ok: true } & Value)
  | { ok: false; reason: "not-found" | "refused"; message: string; field?: string };

/** One refusal rule for every form of the page: 404 gone, 400 a field's limit, 409 otherwise. */
function answer<Value extends object>(
  config: Parameters<typeof redirectWithToast>[0],
  page: string,
  form: string,
  submission: Parameters<typeof invalid>[0],
  result: Answerable<Value>,
  toast: (value: { ok: true } & Value) => string,
) {
  if (result.ok) return redirectWithToast(config, page, { type: "success", message: toast(result) });
  if (result.reason === "not-found") return refuse(404, result.message, { submission: submission ?? undefined, form });
  if (result.field && submission) {
    return invalid(submission, {
      form,
      fieldErrors: { [result.field]: [result.message] },
      toast: { type: "error", message: result.message },
    });
  }
  return refuse(409, result.message, { submission: submission ?? undefined, form });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const projectId = parseUuid(params.id);
  const project = projectId ? await getProject(database.db, projectId) : null;
  if (!project) notFound(roomMessages.projectNotFound);
  const page = `/admin/projects/${project.id}/room`;
  const upload = await parseUploadForm(database.db, request, {
    customerId: project.customerId,
    projectId: project.id,
    uploadedBy: "owner",
    fileFields: ["files"],
  });
  if (!upload.ok) return invalid(null, { form: "post-version", formError: upload.message });
  const formData = upload.formData;
  const posted = roomIntentSchema.safeParse(Object.fromEntries(formData));
  if (!posted.success) badRequest("Unknown action");
  const intent = posted.data.intent;
  // the form a refusal belongs to: each phase's and each deliverable's own
  const target = roomTargetSchema.parse(Object.fromEntries(formData));
  const deps = { db: database.db, config };
  const base = { projectId: project.id, actor: session, ip };

  if (intent === "add-phase") {
    const submission = parseWithZod(formData, { schema: addPhaseSchema });
    if (submission.status !== "success") return invalid(submission, { form: intent });
    const { name, planned_start, planned_end } = submission.value;
    const result = await addPhase(deps, {
      ...base,
      name,
      plannedStart: planned_start ?? null,
      plannedEnd: planned_end ?? null,
    });
    return answer(config, page, intent, submission, result, () => `${name} added`);
  }
  if (intent === "save-phase") {
    const submission = parseWithZod(formData, { schema: savePhaseSchema });
    const form = `phase-${target.phase_id}`;
    if (submission.status !== "success") return invalid(submission, { form });
    const result = await savePhase(deps, { ...base, form: submission.value });
    return answer(config, page, form, submission, result, (saved) =>
      saved.invoiceNumbers.length
        ? `${submission.value.name} approved: invoice ${saved.invoiceNumbers.join(", ")} sent`
        : `${submission.value.name} saved`,
    );
  }
  if (intent === "add-item") {
    const submission = parseWithZod(formData, { schema: addItemSchema });
    if (submission.status !== "success") return invalid(submission, { form: intent });
    const result = await addChecklistItem(deps, {
      ...base,
      label: submission.value.label,
      phaseId: submission.value.phase_id ?? null,
    });
    return answer(config, page, intent, submission, result, () => "Added to what you need from the client");
  }
  if (intent === "add-deliverable") {
    const submission = parseWithZod(formData, { schema: addDeliverableSchema });
    if (submission.status !== "success") return invalid(submission, { form: intent });
    const { phase_id, title, approves_phase } = submission.value;
    const result = await addDeliverable(deps, { ...base, phaseId: phase_id, title, approvesPhase: approves_phase });
    return answer(config, page, intent, submission, result, () => `${title} added`);
  }
  if (intent === "post-version") {
    const submission = parseWithZod(formData, { schema: postVersionSchema });
    const form = `version-${target.deliverable_id}`;
    if (submission.status !== "success" || Object.keys(upload.fileErrors).length > 0) {
      const fieldErrors: Record<string, string[]> = {};
      for (const [field, message] of Object.entries(upload.fileErrors)) fieldErrors[field] = [message];
      return invalid(submission, { form, fieldErrors });
    }
    const result = await postVersion(deps, { ...base, form: submission.value });
    return answer(
      config,
      page,
      form,
      submission,
      result,
      (posted) =>
        `${roomMessages.versionPosted(posted.title, posted.version)}${posted.mailed ? " and emailed to the client" : ""}`,
    );
  }

  const row = roomRowSchema.safeParse(Object.fromEntries(formData));
  if (!row.success) return refuse(404, roomMessages.itemNotFound, { form: intent });
  const value = row.data;
  switch (value.intent) {
    case "room-visible":
      return answer(
        config,
        page,
        intent,
        null,
        await setRoomVisibility(deps, { ...base, visible: value.visible }),
        () =>
          value.visible ? "The room is shown in the client's portal" : "The room is hidden from the client's portal",
      );
    case "room-hours":
      return answer(
        config,
        page,
        intent,
        null,
        await setRoomHoursVisibility(deps, { ...base, visible: value.visible }),
        () =>
          value.visible
            ? "The client's portal shows the hours logged on this project"
            : "The hours are hidden from the client's portal",
      );
    case "copy-phases":
      return answer(config, page, intent, null, await copyPricingPhases(deps, base), (copied) =>
        roomMessages.phasesCopied(copied.count),
      );
    case "delete-phase":
      return answer(
        config,
        page,
        intent,
        null,
        await removePhase(deps, { ...base, phaseId: value.phase_id }),
        () => "Phase deleted",
      );
    case "toggle-item":
      return answer(
        config,
        page,
        intent,
        null,
        await tickChecklistItem(deps, { ...base, itemId: value.item_id, done: value.done }),
        (item) => (value.done ? `${item.label}: done` : `${item.label}: not done`),
      );
    case "delete-item":
      return answer(
        config,
        page,
        intent,
        null,
        await removeChecklistItem(deps, { ...base, itemId: value.item_id }),
        (item) => `${item.label}: removed`,
      );
  }
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own.
const ProjectRoomPage = splitComponent(() => import("./room-page.tsx").then((module) => module.ProjectRoomPage));

export default function ProjectRoomRoute(props: Route.ComponentProps) {
  return <ProjectRoomPage {...props} />;
}
