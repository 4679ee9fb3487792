/**
 * The invoices list's Create New menu (the dialog library's dropdown), a chunk loaded on demand: the list
 * renders it through `splitComponent`, so the server renders it in place (two plain links without JavaScript).
 */
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { newInvoiceHref } from "#app/domain/invoice-pages.ts";

/** What the menu creates, in its order. */
const newDocuments = [
  { type: "invoice", icon: "file-text", label: "New Invoice" },
  { type: "estimate", icon: "file-plus-2", label: "New Estimate" },
] as const;

/** Create New: a menu with JavaScript; without it, two plain links. */
export function CreateNewMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <noscript>
        <style>{".js-only{display:none!important}"}</style>
        <span className="flex gap-2">
          <a href={newInvoiceHref("invoice")} className={buttonClass("primary", { size: "sm" })}>
            New Invoice
          </a>
          <a href={newInvoiceHref("estimate")} className={buttonClass("secondary", { size: "sm" })}>
            New Estimate
          </a>
        </span>
      </noscript>
      <DropdownMenu.Trigger className={buttonClass("primary", { size: "sm", className: "js-only" })}>
        <Icon name="plus" />
        Create New
        <Icon name="chevron-down" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border border-zinc-800 bg-zinc-900 p-1 text-sm text-zinc-100 shadow-xl"
        >
          {newDocuments.map((item) => (
            <DropdownMenu.Item key={item.type} asChild>
              <Link
                to={newInvoiceHref(item.type)}
                className="flex items-center gap-2 rounded px-2 py-2 outline-none data-[highlighted]:bg-zinc-800"
              >
                <Icon name={item.icon} />
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
