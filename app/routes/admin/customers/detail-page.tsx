/**
 * The page of `detail.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { useActionData } from "react-router";
import { CustomerDetailView } from "#app/components/admin/customer-detail.tsx";
import { copiedPortalLink } from "#app/components/admin/portal-card.tsx";
import type { Route } from "./+types/detail";

export function CustomerDetail({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData() as Route.ComponentProps["actionData"];
  return (
    <CustomerDetailView
      {...loaderData}
      portal={{ summary: loaderData.portal, copied: copiedPortalLink(actionData) }}
      noteFailure={actionData && "result" in actionData && actionData.form === undefined ? actionData : undefined}
      creditFailure={actionData && "result" in actionData && actionData.form === "refund-credit" ? actionData : null}
    />
  );
}
