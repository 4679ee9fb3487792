/**
 * The page of `contract.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { ContractView } from "#app/components/admin/contract-view.tsx";
import type { Route } from "./+types/contract";

export function ContractPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContractView contract={loaderData.contract} failure={actionData && "result" in actionData ? actionData : null} />
  );
}
