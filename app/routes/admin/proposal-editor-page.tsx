/**
 * The page of `proposal-editor.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { FailureNotice } from "#app/components/admin/form-buttons.tsx";
import {
  ProposalEditor,
  type ProposalEditorProject,
  type ProposalEditorValues,
} from "#app/components/admin/proposal-editor.tsx";
import { ProposalDeleteDialog, ProposalView } from "#app/components/admin/proposal-view.tsx";
import type { ActionFailure } from "#app/domain/action-answer.ts";
import type { Route } from "./+types/proposal-editor";

export function ProposalPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const action = `/admin/proposals/${params.id}`;
  const failure =
    actionData && typeof actionData === "object" && "result" in actionData
      ? (actionData as ActionFailure & { projects?: ProposalEditorProject[] })
      : null;
  if (loaderData.mode === "view") {
    return (
      <ProposalView
        key={params.id}
        proposal={loaderData.view}
        dialog={loaderData.dialog}
        failure={failure}
        clientLinkAnswer={actionData}
        action={action}
      />
    );
  }
  // the editor's answers name no form; the record's (delete) name theirs
  const editorFailure = failure && failure.form === undefined ? failure : null;
  return (
    <>
      <ProposalEditor
        key={params.id}
        mode={loaderData.mode}
        proposalNumber={loaderData.proposalNumber}
        proposalId={loaderData.mode === "edit" ? loaderData.proposalId : null}
        defaultValue={loaderData.defaultValue}
        customers={loaderData.customers}
        projects={editorFailure?.projects ?? loaderData.projects}
        questionnaires={loaderData.questionnaires}
        lockedCustomer={loaderData.lockedCustomer}
        failure={editorFailure}
        action={params.id === "new" ? `/admin/proposals/new${searchOf(loaderData)}` : action}
        canDelete={loaderData.mode === "edit" && loaderData.canDelete}
      />
      {loaderData.mode === "edit" && loaderData.dialog === "delete" && loaderData.canDelete ? (
        <ProposalDeleteDialog
          proposalId={loaderData.proposalId}
          proposalNumber={loaderData.proposalNumber}
          action={action}
          failure={failure}
        />
      ) : (
        <div className="mx-auto mt-3 max-w-5xl empty:hidden">
          <FailureNotice failure={failure} form="delete" />
        </div>
      )}
    </>
  );
}

/** A new proposal posts to its own address (the project's fixed customer stays in the URL). */
function searchOf(loaderData: { lockedCustomer: { id: string } | null; defaultValue: ProposalEditorValues }) {
  return loaderData.lockedCustomer && loaderData.defaultValue.project_id
    ? `?project_id=${loaderData.defaultValue.project_id}`
    : "";
}
