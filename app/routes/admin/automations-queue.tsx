/**
 * The automations page's approval queue (ADR 0063), a chunk loaded on demand (its forms, Conform and their schema):
 * each run an owner's automation holds for approval, with what it will send (to whom, the subject and the message,
 * editable for a mail) and Approve / Skip. Rendered in place by the server: it works without JavaScript.
 */
import { AdminForm, FormError, TextareaField, TextField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { approvalFormId, approveRunSchema } from "#app/domain/automation-forms.ts";
import { automationsPath } from "#app/domain/automations.ts";
import { formatDateTime } from "#app/domain/dates.ts";

type Preview = { to: string; subject: string; body: string; editable: boolean };
type Waiting = { id: string; rule: string; subject: string; dueAt: string; preview: Preview | null };

export function ApprovalQueue({ queue, failure }: { queue: Waiting[]; failure: ActionFailure | null }) {
  return (
    <section
      aria-labelledby="approval-queue-title"
      className="flex flex-col gap-3 rounded-lg border border-amber-900/60 bg-amber-950/20 p-4"
      data-approval-queue
    >
      <h2 id="approval-queue-title" className="text-base font-semibold text-zinc-50">
        Waiting for your approval ({queue.length})
      </h2>
      <ul className="flex flex-col gap-4">
        {queue.map((run) => (
          <li key={run.id} data-waiting-run={run.subject} className="flex flex-col gap-2">
            <QueueItem run={run} failure={failure} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueItem({ run, failure }: { run: Waiting; failure: ActionFailure | null }) {
  const id = approvalFormId(run.id);
  const [form, fields] = useAdminForm({
    id,
    schema: approveRunSchema,
    failure: failure?.form === id ? failure : null,
    defaultValue: { intent: "approve", run: run.id, subject: run.preview?.subject, body: run.preview?.body },
  });
  const preview = run.preview;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-zinc-800 bg-zinc-950/60 p-3">
      <p className="text-sm">
        <span className="block text-xs text-zinc-400">
          {run.rule} · due {formatDateTime(new Date(run.dueAt))}
        </span>
        <span className="block [overflow-wrap:anywhere]">{run.subject}</span>
      </p>
      {preview ? (
        <AdminForm form={form} action={automationsPath} className="flex flex-col gap-2">
          <FormError form={form} />
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="run" value={run.id} />
          <p className="text-sm text-zinc-300 [overflow-wrap:anywhere]">To: {preview.to}</p>
          {preview.editable ? (
            <>
              <TextField meta={fields.subject} label="Subject" maxLength={200} />
              <TextareaField meta={fields.body} label="Message" rows={6} maxLength={4000} />
            </>
          ) : (
            <p className="text-sm text-zinc-300">{preview.subject}</p>
          )}
        </AdminForm>
      ) : (
        <p className="text-sm text-zinc-400">What it was for is gone: skip it.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {preview ? (
          // the approval form's button, beside Skip (a form of its own: forms do not nest)
          <SubmitButton form={id} pendingLabel="Sending..." aria-label={`Approve: ${run.subject}`}>
            {preview.editable ? "Approve and send" : "Approve"}
          </SubmitButton>
        ) : null}
        <RowActionForm
          intent="skip-run"
          fields={{ run: run.id }}
          action={automationsPath}
          className={buttonClass("secondary")}
          aria-label={`Skip: ${run.subject}`}
          data-row-action
        >
          Skip
        </RowActionForm>
      </div>
    </div>
  );
}
