/**
 * The one "are you sure?" dialog of the back office: a question addressed by the URL (`UrlDialog`), a
 * Cancel link back and one submit button posting `intent` with the hidden fields. Works without
 * JavaScript; a refusal of the action shows in it (`FailureNotice` of the form named `intent`). Pages take it
 * through `ConfirmDialog` (`confirm-dialog.tsx`), as a chunk loaded when a dialog first opens.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { type ActionFailure, FailureNotice, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { DialogBody, DialogFooter, dialogFormClass, UrlDialog } from "#app/components/admin/url-dialog.tsx";

export function ConfirmDialogView({
  title,
  description,
  closeHref,
  action,
  intent,
  confirm,
  pendingLabel,
  cancel = "Cancel",
  fields = {},
  failure,
  children,
}: {
  title: string;
  description: string;
  /** where Cancel, Escape and the X go */
  closeHref: string;
  /** where the form posts (the current page when left out) */
  action?: string;
  intent: string;
  /** the submit button's words */
  confirm: string;
  pendingLabel?: string;
  cancel?: string;
  /** hidden fields posted with the intent */
  fields?: Record<string, string>;
  /** the page's action answer: a refusal of this intent is shown in the dialog */
  failure?: ActionFailure | null;
  /** anything the question needs besides its description */
  children?: ReactNode;
}) {
  const notice = failure !== undefined ? <FailureNotice failure={failure} form={intent} /> : null;
  return (
    <UrlDialog title={title} description={description} closeHref={closeHref}>
      <Form method="post" action={action} className={dialogFormClass}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {notice || children ? (
          <DialogBody className="flex flex-col gap-3">
            {notice}
            {children}
          </DialogBody>
        ) : null}
        <DialogFooter>
          <Link to={closeHref} preventScrollReset className={buttonClass("ghost")}>
            {cancel}
          </Link>
          <SubmitButton intent={intent} action={action} pendingLabel={pendingLabel}>
            {confirm}
          </SubmitButton>
        </DialogFooter>
      </Form>
    </UrlDialog>
  );
}
