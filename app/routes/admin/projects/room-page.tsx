/**
 * The page of `room.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): phases,
 * "what we need from the client", deliverables and their versions. Works without JavaScript.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  AdminForm,
  CheckboxField,
  DateField,
  FileField,
  FormError,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, FailureNotice, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { EmptyState, PageHeader } from "#app/components/admin/list.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { formatDay } from "#app/domain/dates.ts";
import {
  deliverableAnswerLabels,
  fileSizeText,
  nextVersionNumber,
  phaseStatuses,
  phaseStatusLabels,
  roomLimits,
  roomMessages,
  versionLabel,
} from "#app/domain/project-room.ts";
import {
  addDeliverableSchema,
  addItemSchema,
  addPhaseSchema,
  postVersionSchema,
  savePhaseSchema,
} from "#app/domain/project-room-forms.ts";
import type { Route } from "./+types/room";

type Loaded = Route.ComponentProps["loaderData"];
type Phase = Loaded["room"]["phases"][number];
type Deliverable = Loaded["room"]["deliverables"][number];
type Failure = ActionFailure | null | undefined;

const cardClass = "rounded-lg border border-zinc-800 bg-zinc-900/40 p-4";
const smallButton = buttonClass("secondary", { size: "sm" });

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-zinc-100">
        {title}
      </h2>
      {children}
    </section>
  );
}

function mine(failure: Failure, form: string) {
  return failure?.form === form ? failure : null;
}

function PhaseForm({ phase, failure }: { phase: Phase; failure: Failure }) {
  const id = `phase-${phase.id}`;
  const [form, fields] = useAdminForm({
    id,
    schema: savePhaseSchema,
    failure: mine(failure, id),
    defaultValue: {
      name: phase.name,
      status: phase.status,
      planned_start: phase.plannedStart ?? "",
      planned_end: phase.plannedEnd ?? "",
      actual_start: phase.actualStart ?? "",
      actual_end: phase.actualEnd ?? "",
    },
  });
  return (
    <li className={cardClass} data-phase={phase.name}>
      <AdminForm form={form} preventScrollReset aria-label={`Phase ${phase.name}`}>
        <FormError form={form} />
        <input type="hidden" name="phase_id" value={phase.id} />
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField meta={fields.name} label="Phase" maxLength={200} />
          <SelectField
            meta={fields.status}
            label="Status"
            options={phaseStatuses.map((value) => ({ value, label: phaseStatusLabels[value] }))}
          />
          <DateField meta={fields.planned_start} label="Planned start" />
          <DateField meta={fields.planned_end} label="Planned end" />
          <DateField meta={fields.actual_start} label="Actual start" />
          <DateField meta={fields.actual_end} label="Actual end" />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SubmitButton intent="save-phase">
            Save<span className="sr-only"> {phase.name}</span>
          </SubmitButton>
          {phase.pricingPhaseId ? <span className="text-xs text-zinc-400">From the pricing</span> : null}
        </div>
      </AdminForm>
      <RowActionForm
        intent="delete-phase"
        fields={{ phase_id: phase.id }}
        formClassName="mt-2"
        className={buttonClass("ghost", { size: "sm" })}
      >
        Delete phase<span className="sr-only"> {phase.name}</span>
      </RowActionForm>
    </li>
  );
}

function AddPhaseForm({ failure }: { failure: Failure }) {
  const [form, fields] = useAdminForm({ id: "add-phase", schema: addPhaseSchema, failure: mine(failure, "add-phase") });
  return (
    <AdminForm form={form} preventScrollReset className={cardClass} aria-label="Add a phase">
      <FormError form={form} />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <TextField meta={fields.name} label="New phase" maxLength={200} />
        <DateField meta={fields.planned_start} label="Planned start" />
        <DateField meta={fields.planned_end} label="Planned end" />
      </div>
      <SubmitButton intent="add-phase" variant="secondary">
        Add phase
      </SubmitButton>
    </AdminForm>
  );
}

function PhasesSection({ loaderData, failure }: { loaderData: Loaded; failure: Failure }) {
  const { room, pricingPhasesToCopy } = loaderData;
  return (
    <Section id="room-phases" title="Phases">
      <FailureNotice failure={failure} form="copy-phases" />
      <FailureNotice failure={failure} form="delete-phase" />
      {room.phases.length ? (
        <ol className="flex flex-col gap-3">
          {room.phases.map((phase) => (
            <PhaseForm key={phase.id} phase={phase} failure={failure} />
          ))}
        </ol>
      ) : (
        <EmptyState>No phases yet</EmptyState>
      )}
      {pricingPhasesToCopy > 0 ? (
        <RowActionForm intent="copy-phases" fields={{}} className={smallButton}>
          <Icon name="plus" aria-hidden className="size-4" />
          Add {pricingPhasesToCopy === 1 ? "the pricing's phase" : `the pricing's ${pricingPhasesToCopy} phases`}
        </RowActionForm>
      ) : null}
      {room.phases.length < roomLimits.phases ? <AddPhaseForm failure={failure} /> : null}
    </Section>
  );
}

function ChecklistSection({ loaderData, failure }: { loaderData: Loaded; failure: Failure }) {
  const { room } = loaderData;
  const phaseName = new Map(room.phases.map((phase) => [phase.id, phase.name]));
  const [form, fields] = useAdminForm({ id: "add-item", schema: addItemSchema, failure: mine(failure, "add-item") });
  return (
    <Section id="room-checklist" title="What we need from the client">
      <FailureNotice failure={failure} form="toggle-item" />
      <FailureNotice failure={failure} form="delete-item" />
      {room.checklist.length ? (
        <ul className="flex flex-col gap-2">
          {room.checklist.map((item) => (
            <li
              key={item.id}
              className={`${cardClass} flex flex-wrap items-center justify-between gap-2`}
              data-checklist-item={item.label}
            >
              <span className={item.doneAt ? "text-zinc-400 line-through" : "text-zinc-100"}>
                {item.label}
                {item.phaseId && phaseName.get(item.phaseId) ? (
                  <span className="ml-2 text-xs text-zinc-400">({phaseName.get(item.phaseId)})</span>
                ) : null}
              </span>
              <span className="flex gap-2">
                <RowActionForm
                  intent="toggle-item"
                  fields={{ item_id: item.id, done: item.doneAt ? "false" : "true" }}
                  className={smallButton}
                >
                  {item.doneAt ? "Mark not done" : "Mark done"}
                  <span className="sr-only"> {item.label}</span>
                </RowActionForm>
                <RowActionForm
                  intent="delete-item"
                  fields={{ item_id: item.id }}
                  className={buttonClass("ghost", { size: "sm" })}
                >
                  Remove<span className="sr-only"> {item.label}</span>
                </RowActionForm>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>Nothing asked of the client yet</EmptyState>
      )}
      <AdminForm form={form} preventScrollReset className={cardClass} aria-label="Ask the client for something">
        <FormError form={form} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField meta={fields.label} label="What you need" maxLength={roomLimits.checklistLabel} />
          <SelectField
            meta={fields.phase_id}
            label="Phase (optional)"
            placeholder="No phase"
            options={room.phases.map((phase) => ({ value: phase.id, label: phase.name }))}
          />
        </div>
        <SubmitButton intent="add-item" variant="secondary">
          Add
        </SubmitButton>
      </AdminForm>
    </Section>
  );
}

function VersionHistory({ deliverable, files }: { deliverable: Deliverable; files: Loaded["files"] }) {
  const versions = [...deliverable.versions].reverse();
  if (!versions.length) return <p className="text-sm text-zinc-400">No version posted yet</p>;
  return (
    <ol className="flex flex-col gap-2">
      {versions.map((version) => (
        <li
          key={version.id}
          className="rounded-md border border-zinc-800 p-3 text-sm"
          data-version={versionLabel(version.version)}
        >
          <p className="font-medium text-zinc-100">
            {versionLabel(version.version)} <span className="text-zinc-400">· {formatDay(version.createdAt)}</span>
          </p>
          {version.note ? <p className="mt-1 whitespace-pre-line text-zinc-300">{version.note}</p> : null}
          {version.url ? (
            <a href={version.url} className={`${linkClass} break-all`} rel="noreferrer noopener" target="_blank">
              {version.url}
            </a>
          ) : null}
          {version.files.length ? (
            <ul className="mt-1">
              {version.files.map((file) => {
                const facts = files[file.fileId];
                return (
                  <li key={file.fileId}>
                    <a href={`/admin/files/${file.fileId}`} className={`${linkClass} break-all`} download>
                      {facts?.name ?? "File"}
                    </a>
                    {facts ? <span className="text-zinc-400"> ({fileSizeText(facts.size)})</span> : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          <p className="mt-1 text-zinc-300" data-answer>
            {version.answer
              ? `${deliverableAnswerLabels[version.answer.answer]} by ${version.answer.name} on ${formatDay(version.answer.answeredAt)}`
              : "Waiting for the client's answer"}
          </p>
          {version.answer?.comment ? (
            <p className="mt-1 whitespace-pre-line text-zinc-400">“{version.answer.comment}”</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function PostVersionForm({ deliverable, failure }: { deliverable: Deliverable; failure: Failure }) {
  const id = `version-${deliverable.id}`;
  const [form, fields] = useAdminForm({
    id,
    schema: postVersionSchema,
    failure: mine(failure, id),
    defaultValue: { notify: "on" },
  });
  const next = versionLabel(nextVersionNumber(deliverable.versions));
  return (
    <AdminForm
      form={form}
      encType="multipart/form-data"
      preventScrollReset
      className="mt-3"
      aria-label={`Post ${deliverable.title} ${next}`}
    >
      <FormError form={form} />
      <input type="hidden" name="deliverable_id" value={deliverable.id} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FileField
          meta={fields.files}
          label={`Files for ${next}`}
          multiple
          accept="image/png,image/jpeg,image/webp,image/gif,application/pdf,application/zip"
          description={`Images, PDFs or ZIP archives; at most ${roomLimits.versionFiles} files.`}
        />
        <TextField meta={fields.url} label="Or a link (a staging site)" type="url" />
        <TextareaField meta={fields.note} label="Note to the client" rows={2} />
        <CheckboxField meta={fields.notify} label="Email the client a link to it" />
      </div>
      <SubmitButton intent="post-version" pendingLabel="Posting...">
        Post {next}
        <span className="sr-only"> of {deliverable.title}</span>
      </SubmitButton>
    </AdminForm>
  );
}

function AddDeliverableForm({ phases, failure }: { phases: Phase[]; failure: Failure }) {
  const [form, fields] = useAdminForm({
    id: "add-deliverable",
    schema: addDeliverableSchema,
    failure: mine(failure, "add-deliverable"),
  });
  return (
    <AdminForm form={form} preventScrollReset className={cardClass} aria-label="Add a deliverable">
      <FormError form={form} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField meta={fields.title} label="New deliverable" maxLength={roomLimits.deliverableTitle} />
        <SelectField
          meta={fields.phase_id}
          label="Phase"
          options={phases.map((phase) => ({ value: phase.id, label: phase.name }))}
        />
        <CheckboxField meta={fields.approves_phase} label="Its approval approves the phase" wide />
      </div>
      <SubmitButton intent="add-deliverable" variant="secondary">
        Add deliverable
      </SubmitButton>
    </AdminForm>
  );
}

function DeliverablesSection({ loaderData, failure }: { loaderData: Loaded; failure: Failure }) {
  const { room, files } = loaderData;
  return (
    <Section id="room-deliverables" title="Deliverables">
      {room.phases.length === 0 ? <EmptyState>Add a phase first: each deliverable belongs to one</EmptyState> : null}
      {room.phases.map((phase) => {
        const items = room.deliverables.filter((deliverable) => deliverable.phaseId === phase.id);
        if (!items.length) return null;
        return (
          <div key={phase.id} className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold text-zinc-300">{phase.name}</h3>
            {items.map((deliverable) => (
              <article
                key={deliverable.id}
                className={cardClass}
                data-deliverable={deliverable.title}
                aria-label={deliverable.title}
              >
                <h4 className="font-semibold text-zinc-100">{deliverable.title}</h4>
                {deliverable.approvesPhase ? (
                  <p className="mb-2 text-xs text-zinc-400">Its approval approves {phase.name}</p>
                ) : null}
                <VersionHistory deliverable={deliverable} files={files} />
                <PostVersionForm deliverable={deliverable} failure={failure} />
              </article>
            ))}
          </div>
        );
      })}
      {room.phases.length ? <AddDeliverableForm phases={room.phases} failure={failure} /> : null}
    </Section>
  );
}

export function ProjectRoomPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project } = loaderData;
  const failure = actionData as Failure;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Project room"
        description={
          <Link to={`/admin/projects/${project.id}`} className={linkClass}>
            {project.projectName}
            {project.customerName ? ` · ${project.customerName}` : ""}
          </Link>
        }
        back={{ href: `/admin/projects/${project.id}`, label: "Back to the project" }}
      >
        <a href={`/admin/customers/${project.customerId}/portal`} className={smallButton} data-view-as-client>
          <Icon name="eye" aria-hidden className="size-4" />
          {roomMessages.viewAsClient}
        </a>
        <RowActionForm
          intent="room-visible"
          fields={{ visible: project.roomVisible ? "false" : "true" }}
          className={buttonClass(project.roomVisible ? "secondary" : "primary", { size: "sm" })}
        >
          {project.roomVisible ? "Hide from the client's portal" : "Show in the client's portal"}
        </RowActionForm>
      </PageHeader>
      <FailureNotice failure={failure} form="room-visible" />
      <FailureNotice failure={failure} form="room-hours" />
      <p className="text-sm text-zinc-400" data-room-visibility>
        {project.roomVisible
          ? "The client's portal shows this room's phases, checklist and deliverables."
          : "The client's portal does not show this room; deliverables still reach the client by their emailed link."}
      </p>
      <div className="flex flex-wrap items-center gap-2" data-room-hours>
        <p className="text-sm text-zinc-400">
          {project.roomHoursVisible
            ? "The portal shows the hours logged on this project, in total and by phase."
            : "The portal does not show the hours logged: adjust them before billing, then show them if you wish."}
        </p>
        <RowActionForm
          intent="room-hours"
          fields={{ visible: project.roomHoursVisible ? "false" : "true" }}
          className={buttonClass("secondary", { size: "sm" })}
        >
          {project.roomHoursVisible ? "Hide hours from the client" : "Show hours to the client"}
        </RowActionForm>
      </div>
      <PhasesSection loaderData={loaderData} failure={failure} />
      <ChecklistSection loaderData={loaderData} failure={failure} />
      <DeliverablesSection loaderData={loaderData} failure={failure} />
    </div>
  );
}
