import type { ReactNode } from "react";

export function cx(...classes: (string | false | null | undefined)[]) {
  return classes.filter(Boolean).join(" ");
}

/** The button looks and sizes, defined once in app/app.css (`.btn-*`). */
type Variant = "primary" | "secondary" | "ghost";
type Size = "md" | "sm" | "icon";

/** Classes of a button (or a link that looks like one). Sizes are separate so that nothing fights. */
export function buttonClass(
  variant: Variant = "primary",
  { size = "md", className }: { size?: Size; className?: string } = {},
) {
  return cx("btn", `btn-${size}`, `btn-${variant}`, className);
}

/**
 * A titled card of the back office (a section named by its heading): the editors' cards, the
 * record's cards, each section of Settings. `id` names the heading (derived from the title when
 * not given); `bodyClassName` lays out what is inside.
 */
export function Card({
  title,
  id,
  className,
  bodyClassName = "p-5",
  children,
}: {
  title: ReactNode;
  id?: string;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const headingId = id ?? `card-${String(title).toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className={cx("rounded-xl border border-zinc-800 bg-zinc-900/40", className)}>
      <h2 id={headingId} className="border-b border-zinc-800 px-5 py-3 text-base font-semibold">
        {title}
      </h2>
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
