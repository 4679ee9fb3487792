/**
 * A dialog addressed by the URL (for example ?submission=id): the server renders it open, so
 * it works before and without JavaScript; closing it (Escape, the X, Cancel) is a link back.
 */
import { Dialog } from "radix-ui";
import { type ReactNode, useId, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";

/** How to find again the control that opened a dialog once the page behind it has re-rendered. */
type Opener = { label: string | null; href: string | null };

function openerOf(node: Element | null): Opener {
  if (!node || node === document.body) return { label: null, href: null };
  return { label: node.getAttribute("aria-label"), href: node.getAttribute("href") };
}

/**
 * Focuses the visible control that opened the dialog (the list re-renders, so it is found again);
 * when it is gone (its row left the list), the element `fallback` selects.
 */
function focusOpener(opener: Opener, fallback: string | undefined) {
  const selector = opener.label
    ? `[aria-label="${CSS.escape(opener.label)}"]`
    : opener.href
      ? `a[href="${CSS.escape(opener.href)}"]`
      : null;
  const visible = (found: string) =>
    [...document.querySelectorAll<HTMLElement>(found)].find((node) => node.getClientRects().length > 0);
  const target = (selector ? visible(selector) : undefined) ?? (fallback ? visible(fallback) : undefined);
  target?.focus();
}

/**
 * A dialog open as long as the URL says so; closing (Escape, the X, Cancel) goes to `closeHref`,
 * and focus goes back to the control that opened it. It is never taller than the screen: its
 * title stays at the top, its `DialogBody` scrolls, and its `DialogFooter` (the buttons) stays in
 * view at the bottom, in the Tab order after the body. A form that holds both is
 * `dialogFormClass`, so the footer's submit button is inside it.
 */
export function UrlDialog({
  title,
  description,
  closeHref,
  returnFocus,
  children,
}: {
  title: string;
  description: string;
  closeHref: string;
  /** what takes focus when the control that opened the dialog is gone (a selector, e.g. the list's heading) */
  returnFocus?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // explicit ids: the server-rendered dialog must be named before any script runs
  const id = useId();
  // read while the dialog first renders, before it moves focus into itself
  const opener = useRef<Opener | null>(null);
  if (opener.current === null && typeof document !== "undefined") opener.current = openerOf(document.activeElement);
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) void navigate(closeHref, { preventScrollReset: true });
      }}
    >
      {/* no portal: the server renders the dialog open, so it works before (and without) JavaScript */}
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
      <Dialog.Content
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          if (!target?.label && !target?.href && !returnFocus) return;
          event.preventDefault();
          requestAnimationFrame(() => focusOpener(target ?? { label: null, href: null }, returnFocus));
        }}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="fixed inset-x-0 top-0 z-50 mx-auto flex max-h-dvh w-full max-w-2xl flex-col overflow-hidden border-zinc-800 bg-zinc-950 text-zinc-100 shadow-2xl sm:top-[5vh] sm:max-h-[90vh] sm:w-[calc(100%-2rem)] sm:rounded-xl sm:border"
      >
        <div className="flex shrink-0 items-start gap-4 border-b border-zinc-800 bg-zinc-950 px-5 py-4">
          <div className="min-w-0 flex-1">
            <Dialog.Title id={`${id}-title`} className="text-lg font-semibold">
              {title}
            </Dialog.Title>
            <Dialog.Description id={`${id}-description`} className="mt-0.5 text-sm text-zinc-400">
              {description}
            </Dialog.Description>
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            className={buttonClass("ghost", { size: "icon", className: "-mr-2" })}
            aria-label="Close"
          >
            <Icon name="x" aria-hidden className="size-4" />
          </Link>
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** One labelled value of a read-only details list (`<dl>`). */
export function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cx("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-zinc-100">{children}</dd>
    </div>
  );
}

/** The classes of a form that holds a dialog's body and footer (so the footer stays in view). */
export const dialogFormClass = "flex min-h-0 flex-1 flex-col";

/** A dialog's content: scrolls inside the dialog when it is taller than the screen allows. */
export function DialogBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx("min-h-0 flex-1 overflow-y-auto px-5 py-5", className)}>{children}</div>;
}

/** A dialog's buttons: always in view at its foot, the main action last (rightmost from 640 px). */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      data-dialog-footer
      className={cx(
        "flex shrink-0 flex-col gap-2 border-t border-zinc-800 bg-zinc-950 px-5 py-4 sm:flex-row sm:items-center sm:justify-end",
        className,
      )}
    >
      {children}
    </div>
  );
}
