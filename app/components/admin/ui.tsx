export function cx(...classes: (string | false | null | undefined)[]) {
  return classes.filter(Boolean).join(" ");
}

const variants = {
  primary:
    "bg-[var(--color-accent)] text-black hover:bg-[var(--color-accent-strong)] disabled:opacity-60 font-semibold",
  secondary: "border border-zinc-700 bg-zinc-900 text-zinc-100 hover:bg-zinc-800",
  ghost: "text-zinc-300 hover:bg-zinc-800 hover:text-zinc-100",
} as const;

const sizes = {
  md: "h-10 px-4",
  sm: "h-9 px-2.5 sm:px-3",
  icon: "size-9",
} as const;

/** Classes of a button (or a link that looks like one). Sizes are separate so that nothing fights. */
export function buttonClass(
  variant: keyof typeof variants = "primary",
  extra?: string,
  size: keyof typeof sizes = "md",
) {
  return cx(
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm transition-colors",
    "disabled:cursor-not-allowed",
    sizes[size],
    variants[variant],
    extra,
  );
}
