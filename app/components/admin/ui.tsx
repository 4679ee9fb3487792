export function cx(...classes: (string | false | null | undefined)[]) {
  return classes.filter(Boolean).join(" ");
}

/** The button looks and sizes, defined once in app/app.css (`.btn-*`). */
type Variant = "primary" | "secondary" | "ghost";
type Size = "md" | "sm" | "icon";

/** Classes of a button (or a link that looks like one). Sizes are separate so that nothing fights. */
export function buttonClass(variant: Variant = "primary", extra?: string, size: Size = "md") {
  return cx("btn", `btn-${size}`, `btn-${variant}`, extra);
}
