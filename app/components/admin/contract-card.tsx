/**
 * A project's or a customer's contracts (docs/decisions/0043-contracts-and-customer-credit.md): each
 * with its figures (contract total, invoiced, paid, remaining), what its schedule invoices next, and
 * the way to its page. The project page and the customer page show it.
 */
import { Link } from "react-router";
import { ContractFigures } from "#app/components/admin/contract-view.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import type { ContractProgress, InstallmentKind } from "#app/domain/contracts.ts";
import { formatMoney } from "#app/domain/money.ts";

export type ContractCardData = {
  id: string;
  title: string;
  progress: ContractProgress;
  next: { label: string; kind: InstallmentKind; amount: number } | null;
  balance: number | null;
};

export function ContractCards({ contracts }: { contracts: ContractCardData[] }) {
  if (contracts.length === 0) return null;
  return (
    <section aria-labelledby="contracts-heading" className="flex flex-col gap-3" data-contracts>
      <h2 id="contracts-heading" className="text-base font-semibold">
        {contracts.length === 1 ? "Contract" : "Contracts"}
      </h2>
      {contracts.map((contract) => (
        <article
          key={contract.id}
          aria-label={`Contract ${contract.title}`}
          className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4"
          data-contract-card={contract.id}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={`/admin/contracts/${contract.id}`} className={`${linkClass} font-medium break-words`}>
              {contract.title}
            </Link>
            <Link
              to={`/admin/contracts/${contract.id}`}
              className={buttonClass("secondary", { size: "sm" })}
              aria-label={`Schedule of ${contract.title}`}
            >
              <Icon name="file-signature" aria-hidden className="size-4" />
              Schedule
            </Link>
          </div>
          <ContractFigures progress={contract.progress} />
          <p className="text-sm text-zinc-400">
            {contract.next
              ? `Next in schedule: ${contract.next.label}, ${formatMoney(contract.next.amount)}.`
              : "Every installment is invoiced."}
            {contract.balance !== null && contract.next?.kind !== "balance"
              ? ` Remaining balance: ${formatMoney(contract.balance)}.`
              : ""}
          </p>
        </article>
      ))}
    </section>
  );
}
