/**
 * The back office's off-canvas menu below 768 px (a modal dialog holding the sidebar's links). Its own
 * chunk: the shell loads it when the menu is first opened (`splitComponent`), so a page does not
 * carry the dialog library for a menu most visits never open.
 */
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";

export function MobileMenu({
  onOpenChange,
  returnFocus,
  children,
}: {
  onOpenChange: (open: boolean) => void;
  /** where focus goes when the menu closes (the button that opened it: the dialog has no Radix trigger) */
  returnFocus: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 md:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r border-zinc-800 bg-zinc-900 text-zinc-100 shadow-2xl md:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className="sr-only">Back office menu</Dialog.Title>
          <Dialog.Close
            className={buttonClass("ghost", { size: "icon", className: "absolute top-3 right-3" })}
            aria-label="Close menu"
          >
            <Icon name="x" aria-hidden className="size-4" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
