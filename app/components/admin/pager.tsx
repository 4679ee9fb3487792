import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";

/**
 * The pager under every back-office list: "Showing 1–25 of 120", Previous / Next as links (work
 * without JavaScript). `capped`: `total` is a lower bound (a one- or two-character search counts
 * at most 1000 matches, app/domain/pages.ts): "of 1000+", and a hint to type more.
 */
export function Pager({
  page,
  pageCount,
  total,
  capped = false,
  pageSize,
  shown,
  href,
}: {
  page: number;
  pageCount: number;
  total: number;
  capped?: boolean;
  pageSize: number;
  shown: number;
  href: (page: number) => string;
}) {
  const more = capped ? "+" : "";
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + shown;
  const pagerLink = (target: number, label: string, icon: ReactNode, disabled: boolean) =>
    disabled ? (
      <span
        aria-disabled="true"
        className={buttonClass("secondary", { size: "sm", className: "pointer-events-none opacity-50" })}
      >
        {icon === "prev" ? <Icon name="chevron-left" /> : null}
        {label}
        {icon === "next" ? <Icon name="chevron-right" /> : null}
      </span>
    ) : (
      <Link
        to={href(target)}
        rel={icon === "prev" ? "prev" : "next"}
        className={buttonClass("secondary", { size: "sm" })}
      >
        {icon === "prev" ? <Icon name="chevron-left" /> : null}
        {label}
        {icon === "next" ? <Icon name="chevron-right" /> : null}
      </Link>
    );
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-400">
      <p>
        Showing <span className="text-zinc-200 tabular-nums">{first}</span>–
        <span className="text-zinc-200 tabular-nums">{last}</span> of{" "}
        <span className="text-zinc-200 tabular-nums">
          {total}
          {more}
        </span>
        {capped ? <span> (type more of the search to narrow it)</span> : null}
      </p>
      <div className="flex items-center gap-2">
        {pagerLink(page - 1, "Previous", "prev", page <= 1)}
        <span className="px-1 tabular-nums" aria-current="page">
          Page {page} of {pageCount}
          {more}
        </span>
        {pagerLink(page + 1, "Next", "next", page >= pageCount)}
      </div>
    </nav>
  );
}
