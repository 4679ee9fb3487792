/**
 * /admin/customers/new and /admin/customers/{id}/edit: one module for both (the id decides).
 * The server validates everything with the form's schema and stores only the fields the form
 * owns; success goes back to /admin/customers with the toast.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "react-router";
import { customerFormId } from "#app/components/admin/customer-form.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { customerPageFormSchema, customerPageFormToRow } from "#app/domain/customer-form.ts";
import { customerFormDefaults, customerMessages } from "#app/domain/customers.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { createCustomer, getCustomer, updateCustomer } from "#app/models/customers.server.ts";
import { invalid, notFound, redirectWithToast, serverError } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/form";

// The form (Conform, its schema) loads as a chunk of its own: the server renders it in place, and it posts
// without JavaScript until its chunk is there.
const CustomerFormView = splitComponent(() =>
  import("#app/components/admin/customer-form.tsx").then((module) => module.CustomerFormView),
);

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: adminTitle(matches, params.id ? "Edit Customer" : "New Customer") },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  if (params.id === undefined) return { mode: "new" as const, id: null, defaults: customerFormDefaults() };
  const id = parseUuid(params.id);
  const customer = id ? await getCustomer(database.db, id) : null;
  if (!customer) notFound(customerMessages.notFound);
  return { mode: "edit" as const, id: customer.id, defaults: customerFormDefaults(customer) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { config, database, logger } = getApp(context);
  const editing = params.id !== undefined;
  const id = editing ? parseUuid(params.id) : null;
  if (editing && !id) notFound(customerMessages.notFound);
  const submission = parseWithZod(await request.formData(), { schema: customerPageFormSchema });
  if (submission.status !== "success") return invalid(submission);
  const row = customerPageFormToRow(submission.value);
  let saved: { id: string } | null;
  try {
    saved = id ? await updateCustomer(database.db, id, row) : await createCustomer(database.db, row);
  } catch (error) {
    logger.error({ err: error, customer: id }, "saving a customer failed");
    return serverError(submission, {
      type: "error",
      message: customerMessages.errorTitle,
      description: customerMessages.saveFailed,
    });
  }
  if (!saved) notFound(customerMessages.notFound);
  return redirectWithToast(config, "/admin/customers", {
    type: "success",
    message: "Success",
    description: id ? customerMessages.updated : customerMessages.created,
    id: customerFormId(id),
  });
}

export default function CustomerFormRoute({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <CustomerFormView
      key={loaderData.id ?? "new"}
      customerId={loaderData.id}
      defaults={loaderData.defaults}
      failure={actionData}
    />
  );
}
