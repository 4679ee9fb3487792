import type { ReactNode } from "react";
import { cx } from "#app/components/admin/ui.tsx";

const tones = {
  green: "border-emerald-700/60 bg-emerald-950 text-emerald-200",
  amber: "border-amber-700/60 bg-amber-950 text-amber-200",
  sky: "border-sky-700/60 bg-sky-950 text-sky-200",
  violet: "border-violet-700/60 bg-violet-950 text-violet-200",
  red: "border-red-700/60 bg-red-950 text-red-200",
  zinc: "border-zinc-700 bg-zinc-900 text-zinc-300",
} as const;
export type BadgeTone = keyof typeof tones;

/** A small status pill; each list maps its statuses to tones. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
