/**
 * The page of `invoice-editor.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { DocumentActions } from "#app/components/admin/document-actions.tsx";
import { type EditorProject, InvoiceEditor } from "#app/components/admin/invoice-editor.tsx";
import type { ActionFailure } from "#app/domain/action-answer.ts";
import type { Route } from "./+types/invoice-editor";

export function InvoiceEditorPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const action =
    params.id === "new"
      ? `/admin/invoices/new?type=${loaderData.defaultValue.invoice_type}`
      : `/admin/invoices/${params.id}`;
  // the answers of the forms below the editor name their form (payment, delete-payment, estimate)
  const documentFailure = actionData && "result" in actionData && actionData.form !== undefined ? actionData : null;
  // the editor's answers carry the posted customer's projects, for the form re-rendered without JavaScript
  const editorFailure =
    actionData && "result" in actionData && actionData.form === undefined
      ? (actionData as ActionFailure & { projects?: EditorProject[] })
      : null;
  return (
    <>
      <InvoiceEditor
        key={params.id}
        mode={loaderData.mode}
        heading={loaderData.heading}
        invoiceNumber={loaderData.invoiceNumber}
        defaultValue={loaderData.defaultValue}
        customers={loaderData.customers}
        projects={editorFailure?.projects ?? loaderData.projects}
        documents={loaderData.documents}
        failure={editorFailure}
        action={action}
        closed={"closed" in loaderData ? loaderData.closed : null}
        documentId={"documentId" in loaderData ? loaderData.documentId : null}
        clientLink={
          "hasClientLink" in loaderData ? { live: Boolean(loaderData.hasClientLink), answer: actionData } : null
        }
      />
      {"documentActions" in loaderData && loaderData.documentActions ? (
        <DocumentActions
          key={`doc-${params.id}`}
          doc={loaderData.documentActions}
          failure={documentFailure}
          action={action}
        />
      ) : null}
    </>
  );
}
