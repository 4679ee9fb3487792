import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SiteLogo } from "#app/domain/site-logo.ts";

const base =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 text-base font-semibold transition-colors";
const variants = {
  primary: `${base} bg-[var(--color-accent)] text-black hover:bg-white`,
  secondary: `${base} border border-white/25 text-white hover:border-white hover:bg-white/5`,
};

/** A link styled as a button (every call to action is a plain link: it works without JavaScript). */
export function ButtonLink({
  to,
  children,
  variant = "primary",
  className = "",
}: {
  to: string;
  children: ReactNode;
  variant?: keyof typeof variants;
  className?: string;
}) {
  return (
    <Link to={to} className={`${variants[variant]} ${className}`}>
      {children}
    </Link>
  );
}

/** Small monospace label above a section heading. */
export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className="font-mono text-sm tracking-widest text-[var(--color-accent)] uppercase">{children}</p>;
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-3xl border border-white/10 bg-zinc-950 p-8 ${className}`}>{children}</div>;
}

/**
 * The studio mark: the owner's uploaded logo (app/domain/site-logo.ts) when there is one, else the design's prompt
 * and cursor. Decorative either way: it always stands beside the studio's name or the page's title.
 */
export function LogoMark({
  className = "size-8",
  logo = null,
  size = 32,
}: {
  className?: string;
  logo?: SiteLogo | null;
  /** the CSS pixels it is drawn at (the stored squares are 64 and 128 px: twice these, for sharp screens) */
  size?: 32 | 64;
}) {
  if (logo) {
    return (
      <img
        src={size === 32 ? logo.small : logo.large}
        srcSet={`${logo.small} 64w, ${logo.large} 128w`}
        sizes={`${size}px`}
        alt=""
        width={size}
        height={size}
        className={`${className} shrink-0 object-contain`}
      />
    );
  }
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0a0a0a" stroke="rgb(255 255 255 / 0.15)" strokeWidth="2" />
      <path
        d="M14 22l12 10-12 10"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M32 44h18" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
