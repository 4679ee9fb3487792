import type { ComponentProps, ReactNode } from "react";

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

/** A labelled input with its error messages, wired for assistive technology. */
export function Field({
  label,
  errors,
  errorId,
  inputProps,
  hint,
}: {
  label: string;
  errors?: string[];
  errorId: string;
  inputProps: ComponentProps<"input"> & { id: string; key?: string };
  hint?: ReactNode;
}) {
  const invalid = Boolean(errors?.length);
  // Conform's props carry a `key`, which React refuses to receive through a spread
  const { key: _key, ...attributes } = inputProps as typeof inputProps & { key?: string };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputProps.id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        {...attributes}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={cx(
          "h-10 rounded-md border bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500",
          "focus-visible:border-[var(--color-accent)]",
          invalid ? "border-red-500" : "border-zinc-700",
        )}
      />
      {hint && !invalid ? <p className="text-xs text-zinc-400">{hint}</p> : null}
      <p id={errorId} className="min-h-4 text-xs text-red-400" aria-live="polite">
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}
