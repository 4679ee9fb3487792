import type { ReactNode } from "react";
import { useStudioName } from "#app/components/admin/studio-name.ts";

/** The centred card of the login and set-up pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const studioName = useStudioName();
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-950 px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center font-mono text-sm font-bold tracking-wide text-zinc-400">
          <span className="text-[var(--color-accent)]">▍</span>
          <span>{studioName}</span>
        </p>
        <section
          aria-labelledby="auth-title"
          className="rounded-xl border border-zinc-800 bg-zinc-900/80 p-6 shadow-xl shadow-black/40"
        >
          <h1 id="auth-title" className="text-xl font-semibold text-zinc-50">
            {title}
          </h1>
          {description ? <p className="mt-1.5 text-sm text-zinc-400">{description}</p> : null}
          <div className="mt-6">{children}</div>
        </section>
      </div>
    </main>
  );
}
