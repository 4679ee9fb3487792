/**
 * The contact submissions inbox's dialogs, addressed by the URL (?submission=id, &convert=1): the submission
 * details with its status and internal notes, and Convert to Customer. Both are ordinary POST
 * forms built with the admin form kit, so they work without JavaScript.
 */

import { Link } from "react-router";
import {
  AdminForm,
  EmailField,
  FormError,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import type { SubmissionDetail } from "#app/components/admin/inbox-table.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { Detail, DialogBody, DialogFooter, dialogFormClass, UrlDialog } from "#app/components/admin/url-dialog.tsx";
import { Icon } from "#app/components/icons.tsx";
import type { Touches } from "#app/domain/attribution.ts";
import { customerPageFormSchema } from "#app/domain/customer-form.ts";
import { formatDate, formatDateTime } from "#app/domain/dates.ts";
import {
  customerTypeLabels,
  projectTypeLabels,
  submissionStatuses,
  submissionStatusLabels,
} from "#app/domain/enums.ts";
import { budgetLabel } from "#app/domain/inbox.ts";
import { limits } from "#app/domain/limits.ts";
import { telHref } from "#app/domain/studio.ts";
import { convertFormDefaults, safeExternalHref, submissionUpdateSchema } from "#app/domain/submission-forms.ts";

const linkClass = "text-[var(--color-accent)] underline-offset-2 hover:underline";
const statusOptions = submissionStatuses.map((status) => ({ value: status, label: submissionStatusLabels[status] }));

export function SubmissionDialog({
  submission,
  action,
  closeHref,
  convertHref,
  failure,
}: {
  submission: SubmissionDetail;
  action: string;
  closeHref: string;
  convertHref: string;
  failure?: ActionFailure;
}) {
  const [form, fields] = useAdminForm({
    id: `update-${submission.id}`,
    schema: submissionUpdateSchema,
    failure,
    defaultValue: {
      status: submission.status,
      notes: submission.notes ?? "",
      source_correction: submission.sourceCorrection?.source ?? "",
      campaign_correction: submission.sourceCorrection?.campaign ?? "",
    },
  });
  const website = safeExternalHref(submission.existingWebsiteUrl);
  const notProvided = <span className="text-zinc-400">Not provided</span>;
  return (
    <UrlDialog
      title="Submission Details"
      description={`From ${submission.name}, ${formatDate(submission.createdAt)}`}
      closeHref={closeHref}
      returnFocus="#inbox-list-title"
    >
      <AdminForm form={form} action={action} preventScrollReset className={dialogFormClass}>
        <input type="hidden" name="id" value={submission.id} />
        <DialogBody className="flex flex-col gap-6">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            <Detail label="Name">{submission.name}</Detail>
            <Detail label="Email">
              <a href={`mailto:${submission.email}`} className={linkClass}>
                {submission.email}
              </a>
            </Detail>
            <Detail label="Phone">
              {submission.phoneNumber ? (
                <a href={telHref(submission.phoneNumber)} className={linkClass}>
                  {submission.phoneNumber}
                </a>
              ) : (
                notProvided
              )}
            </Detail>
            <Detail label="Business">{submission.businessName ?? notProvided}</Detail>
            <Detail label="Existing Website">
              {website ? (
                <a
                  href={website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cx(linkClass, "inline-flex gap-1")}
                >
                  <span className="break-all">{submission.existingWebsiteUrl}</span>
                  <Icon name="external-link" aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                (submission.existingWebsiteUrl ?? notProvided)
              )}
            </Detail>
            {submission.customerType ? (
              <Detail label="Customer Type">{customerTypeLabels[submission.customerType]}</Detail>
            ) : null}
            <Detail label="Project Type">{projectTypeLabels[submission.projectType]}</Detail>
            <Detail label="Budget">{budgetLabel(submission.budgetRange)}</Detail>
            <Detail label="Package">{submission.packageName ?? notProvided}</Detail>
            <Detail label="Submitted">
              <time dateTime={submission.createdAt.toISOString()} suppressHydrationWarning>
                {formatDateTime(submission.createdAt)}
              </time>
            </Detail>
            <Detail label="Came from" wide>
              {submission.touches ? (
                <span data-measured-source>{touchText(submission.touches)}</span>
              ) : (
                <span className="text-zinc-400">Not recorded (a direct visit, or the visitor declined tracking)</span>
              )}
            </Detail>
            <Detail label="Message" wide>
              <p
                data-testid="submission-message"
                className="rounded-md border border-zinc-800 bg-zinc-900 px-3 py-2 whitespace-pre-wrap"
              >
                {submission.message}
              </p>
            </Detail>
          </dl>

          <div className="flex flex-col gap-2 border-t border-zinc-800 pt-5">
            <FormError form={form} />
            <SelectField meta={fields.status} label="Status" options={statusOptions} className="sm:max-w-60" />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <TextField
                meta={fields.source_correction}
                label="Correct the source"
                maxLength={100}
                description="Blank keeps the measured one. Say where they really found you: “referral”, “linkedin”."
              />
              <TextField meta={fields.campaign_correction} label="Campaign (optional)" maxLength={100} />
            </div>
            <TextareaField
              meta={fields.notes}
              label="Internal Notes"
              placeholder="Add notes about this submission (only admins see them)"
              description={`Up to ${limits.notes} characters`}
            />
          </div>
        </DialogBody>
        <DialogFooter>
          {submission.customerId ? (
            <Link
              to={`/admin/customers/${submission.customerId}`}
              reloadDocument
              className={buttonClass("secondary", { className: "sm:mr-auto" })}
            >
              <Icon name="user-check" aria-hidden className="size-4" />
              View Customer
            </Link>
          ) : (
            <Link to={convertHref} preventScrollReset className={buttonClass("secondary", { className: "sm:mr-auto" })}>
              <Icon name="user-check" aria-hidden className="size-4" />
              Convert to Customer
            </Link>
          )}
          <Link to={closeHref} preventScrollReset className={buttonClass("ghost")}>
            Cancel
          </Link>
          <SubmitButton intent="update" pendingLabel="Updating…">
            Update
          </SubmitButton>
        </DialogFooter>
      </AdminForm>
    </UrlDialog>
  );
}

export function ConvertDialog({
  submission,
  action,
  closeHref,
  failure,
}: {
  submission: SubmissionDetail;
  action: string;
  closeHref: string;
  failure?: ActionFailure;
}) {
  const [form, fields] = useAdminForm({
    id: `convert-${submission.id}`,
    schema: customerPageFormSchema,
    failure,
    defaultValue: convertFormDefaults(submission),
  });
  return (
    <UrlDialog
      title="Convert to Customer"
      description="Create a customer record from this submission. Name and Email are required."
      closeHref={closeHref}
    >
      <AdminForm form={form} action={action} preventScrollReset className={dialogFormClass}>
        <input type="hidden" name="id" value={submission.id} />
        <input type="hidden" name="status" value="prospect" />
        <DialogBody className="flex flex-col gap-4">
          <FormError form={form} />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField meta={fields.name} label="Name" autoComplete="off" />
            <EmailField meta={fields.email} label="Email" />
            <TextField meta={fields.phone_number} label="Phone" type="tel" autoComplete="off" />
            <TextField meta={fields.business_name} label="Business Name" autoComplete="off" />
            <TextField meta={fields.website_url} label="Website" type="url" autoComplete="off" />
            <NumberField meta={fields.payment_terms} label="Payment Terms (days)" min={0} step={1} />
            <TextField meta={fields.billing_street} label="Street" wide autoComplete="off" />
            <TextField meta={fields.billing_city} label="City" autoComplete="off" />
            <div className="grid grid-cols-2 gap-x-4">
              <TextField meta={fields.billing_state} label="State" autoComplete="off" />
              <TextField meta={fields.billing_zip} label="Zip" autoComplete="off" />
            </div>
            <TextareaField meta={fields.notes} label="Notes" />
          </div>
        </DialogBody>
        <DialogFooter>
          <Link to={closeHref} preventScrollReset className={buttonClass("ghost")}>
            Cancel
          </Link>
          <SubmitButton intent="convert" pendingLabel="Converting…">
            Convert to Customer
          </SubmitButton>
        </DialogFooter>
      </AdminForm>
    </UrlDialog>
  );
}

/** The measured touches in words: "newsletter / email / spring (first: google.com / referral)". */
function touchText(touches: Touches): string {
  const one = (touch: Touches["first"]) =>
    `${[touch.source, touch.medium, touch.campaign].filter(Boolean).join(" / ")}, landed on ${touch.landing}`;
  const same = JSON.stringify(touches.first) === JSON.stringify(touches.last);
  return same ? one(touches.last) : `${one(touches.last)} (first: ${one(touches.first)})`;
}
