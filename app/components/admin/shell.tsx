/**
 * The back-office shell: a sidebar (collapsible with Ctrl/Cmd+B, remembered in a cookie,
 * off-canvas below 768 px) and a header with the signed-in email, the owner's notices (the unread
 * count, ADR 0041), Home, Settings and Logout.
 */

import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { HeaderTimer, type HeaderTimerData } from "#app/components/admin/header-timer.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { useStudioName } from "#app/components/admin/studio-name.ts";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { Icon, type IconName, IconSprite } from "#app/components/icons.tsx";
import type { SubmissionStatus } from "#app/domain/enums.ts";
import { defaultInboxStatus } from "#app/domain/inbox-list.ts";
import { noticeMessages, noticesPath } from "#app/domain/owner-notices.ts";
import {
  ariaCurrentFor,
  currentSection,
  mobileBreakpointPx,
  sidebarCookie,
  sidebarShortcutKey,
} from "#app/domain/sidebar.ts";

export type ShellProps = {
  email: string;
  counts: Record<SubmissionStatus, number>;
  /** inquiries held as suspected spam (/admin/spam) */
  spam: number;
  /** the owner's unread notices (/admin/notices) */
  unreadNotices: number;
  sidebarOpen: boolean;
  /** the signed-in person's running timer (null: none) */
  timer: HeaderTimerData;
  children: ReactNode;
};

const filters: { status: SubmissionStatus; label: string; attention: boolean }[] = [
  { status: "new", label: "New", attention: true },
  { status: "in-progress", label: "In Progress", attention: true },
  { status: "completed", label: "Completed", attention: false },
  { status: "archived", label: "Archived", attention: false },
];

const sections: { href: string; label: string; icon: IconName }[] = [
  { href: "/admin/bookings", label: "Bookings", icon: "calendar-check" as const },
  { href: "/admin/customers", label: "Customers", icon: "users" as const },
  { href: "/admin/projects", label: "Projects", icon: "folder-kanban" as const },
  { href: "/admin/time", label: "Time", icon: "timer" as const },
  { href: "/admin/invoices", label: "Invoices", icon: "file-text" as const },
  { href: "/admin/proposals", label: "Proposals", icon: "file-signature" as const },
  { href: "/admin/reports", label: "Reports", icon: "chart-column" as const },
];

/** The public site's content. */
const publicSite: { href: string; label: string; icon: IconName }[] = [
  { href: "/admin/site/portfolio", label: "Portfolio", icon: "images" as const },
  { href: "/admin/site/pricing", label: "Pricing", icon: "tags" as const },
  { href: "/admin/site/texts", label: "Site texts", icon: "pencil" as const },
  { href: "/admin/site/testimonials", label: "Testimonials", icon: "message-square-quote" as const },
];

/** The studio's own administration: settings, the team, the audit log. */
const administration: { href: string; label: string; icon: IconName }[] = [
  { href: "/admin/settings", label: "Settings", icon: "settings" as const },
  { href: "/admin/settings/emails", label: "Emails", icon: "mail" as const },
  { href: "/admin/settings/team", label: "Team", icon: "user-cog" as const },
  { href: "/admin/settings/security", label: "Security", icon: "shield-check" as const },
  { href: "/admin/automations", label: "Automations", icon: "workflow" as const },
  { href: "/admin/audit", label: "Audit log", icon: "scroll-text" as const },
];

/** Every sidebar link's path: the current section is the longest that covers the page. */
const sectionHrefs = [
  "/admin/dashboard",
  "/admin/spam",
  ...[...sections, ...publicSite, ...administration].map((section) => section.href),
];

/** The way back from a page that failed: the sidebar section that covers `pathname` (else the inbox). */
export function sectionBackLink(pathname: string): { href: string; label: string } {
  const all = [...sections, ...publicSite, ...administration];
  const section = all
    .filter((entry) => pathname === entry.href || pathname.startsWith(`${entry.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return section
    ? { href: section.href, label: `Back to ${section.label}` }
    : { href: "/admin/dashboard", label: "Back to Contact Forms" };
}

const skipLinkClass =
  "sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-zinc-50 focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-zinc-950";

const MobileMenu = splitComponent(() =>
  import("#app/components/admin/mobile-menu.tsx").then((module) => module.MobileMenu),
);

export function AdminShell({ email, counts, spam, unreadNotices, sidebarOpen, timer, children }: ShellProps) {
  const [open, setOpen] = useState(sidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const toggle = useCallback(() => {
    if (window.matchMedia(`(max-width: ${mobileBreakpointPx - 1}px)`).matches) {
      setMobileOpen((value) => !value);
      return;
    }
    // remembered for the server's first render, 7 days
    // biome-ignore lint/suspicious/noDocumentCookie: one fixed value built by sidebarCookie(); the Cookie Store API is not everywhere yet
    document.cookie = sidebarCookie(!open);
    setOpen(!open);
  }, [open]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === sidebarShortcutKey && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  // a navigation closes the off-canvas sidebar
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setMobileOpen(false), [location.key]);

  return (
    <IconSprite>
      <div className="flex min-h-screen bg-zinc-950 text-zinc-100">
        <a href="#admin-main" className={skipLinkClass}>
          Skip to main content
        </a>
        {/* The column stretches to the page's full height, so its background reaches the bottom of a
          long page; its content sticks to the viewport. overflow-x-clip (not hidden) keeps the
          sticky content working while the column's width animates. */}
        <aside
          id="admin-sidebar"
          data-state={open ? "expanded" : "collapsed"}
          className={cx(
            "hidden shrink-0 overflow-x-clip border-zinc-800 bg-zinc-900 transition-[width] duration-200 motion-reduce:transition-none md:block",
            open ? "w-64 border-r" : "w-0",
          )}
        >
          <div className="sticky top-0 max-h-screen w-64 overflow-y-auto" inert={!open}>
            <SidebarContent counts={counts} spam={spam} />
          </div>
        </aside>

        {mobileOpen ? (
          <MobileMenu onOpenChange={setMobileOpen} returnFocus={() => toggleButton.current?.focus()}>
            <SidebarContent counts={counts} spam={spam} />
            <p className="border-t border-zinc-800 px-5 py-4 text-xs break-all text-zinc-400">Signed in as {email}</p>
          </MobileMenu>
        ) : null}

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-zinc-800 bg-zinc-950/90 px-3 backdrop-blur sm:px-4">
            <button
              ref={toggleButton}
              type="button"
              onClick={toggle}
              onPointerDown={MobileMenu.preload}
              className={buttonClass("ghost", { size: "icon" })}
              aria-label="Toggle sidebar"
              aria-controls="admin-sidebar"
              aria-expanded={open}
              aria-keyshortcuts="Control+B Meta+B"
              title="Toggle sidebar (Ctrl+B)"
            >
              <Icon name="panel-left" aria-hidden className="hidden size-4 md:block" />
              <Icon name="menu" aria-hidden className="size-4 md:hidden" />
            </button>
            <span className="font-mono text-sm font-bold md:hidden">Studio</span>
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              <span className="mr-2 hidden max-w-64 truncate text-sm text-zinc-400 sm:inline" title={email}>
                {email}
              </span>
              <HeaderTimer timer={timer} />
              <Link
                to={noticesPath}
                className={buttonClass("ghost", { size: "sm", className: "relative" })}
                aria-label={unreadNotices > 0 ? `Notices: ${noticeMessages.unread(unreadNotices)}` : "Notices"}
                data-notices={unreadNotices}
              >
                <Icon name="bell" aria-hidden className="size-4" />
                <span className="max-sm:sr-only">Notices</span>
                {unreadNotices > 0 ? (
                  <span
                    aria-hidden
                    className="min-w-5 rounded-full bg-amber-300 px-1.5 text-center text-xs font-semibold text-zinc-950 tabular-nums"
                  >
                    {unreadNotices > 99 ? "99+" : unreadNotices}
                  </span>
                ) : null}
              </Link>
              <Link to="/" reloadDocument className={buttonClass("ghost", { size: "sm" })}>
                <Icon name="home" aria-hidden className="size-4" />
                <span className="max-sm:sr-only">Home</span>
              </Link>
              <Link to="/admin/settings" reloadDocument className={buttonClass("ghost", { size: "sm" })}>
                <Icon name="settings" aria-hidden className="size-4" />
                <span className="max-sm:sr-only">Settings</span>
              </Link>
              <Form method="post" action="/admin/logout" reloadDocument>
                <button type="submit" className={buttonClass("secondary", { size: "sm" })}>
                  <Icon name="log-out" aria-hidden className="size-4" />
                  <span className="max-sm:sr-only">Logout</span>
                </button>
              </Form>
            </div>
          </header>
          <main id="admin-main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
            {children}
          </main>
        </div>
      </div>
    </IconSprite>
  );
}

function SidebarContent({ counts, spam }: { counts: Record<SubmissionStatus, number>; spam: number }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const onDashboard = location.pathname === "/admin/dashboard";
  const current = currentSection(location.pathname, sectionHrefs);
  const studioName = useStudioName();
  const activeStatus = onDashboard
    ? (searchParams.get("status") ?? defaultInboxStatus(searchParams.get("q")?.trim() ?? ""))
    : null;
  return (
    <nav aria-label="Back office" className="flex flex-col gap-6 px-3 py-4">
      <Link to="/admin/dashboard" className="flex h-9 min-w-0 items-center gap-2 px-2 font-mono text-sm font-bold">
        <span className="text-[var(--color-accent)]">▍</span>
        <span className="truncate" title={studioName}>
          {studioName}
        </span>
      </Link>
      <div>
        <h2 className="px-2 pb-2 text-xs font-medium tracking-wider text-zinc-400 uppercase">Customer Management</h2>
        <ul className="flex flex-col gap-0.5">
          <li>
            <Link
              to="/admin/dashboard"
              aria-current={onDashboard ? "page" : undefined}
              className={cx(
                "flex h-9 items-center gap-2 rounded-md px-2 text-sm",
                onDashboard ? "text-zinc-50" : "text-zinc-300 hover:bg-zinc-800",
              )}
            >
              <Icon name="inbox" aria-hidden className="size-4" />
              Contact Forms
            </Link>
            <ul className="mt-0.5 ml-4 flex flex-col gap-0.5 border-l border-zinc-800 pl-2">
              {filters.map((filter) => {
                const active = activeStatus === filter.status;
                const count = counts[filter.status];
                return (
                  <li key={filter.status}>
                    <Link
                      to={`/admin/dashboard?status=${filter.status}`}
                      aria-current={active ? "page" : undefined}
                      className={cx(
                        "flex h-8 items-center gap-2 rounded-md px-2 text-sm",
                        active ? "bg-zinc-800 text-zinc-50" : "text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100",
                      )}
                    >
                      <span>{filter.label}</span>
                      {filter.attention ? (
                        <span
                          data-attention
                          aria-hidden
                          className={cx(
                            "size-1.5 rounded-full",
                            count > 0 ? "bg-[var(--color-accent)]" : "bg-zinc-600",
                          )}
                        />
                      ) : null}
                      <span className="ml-auto font-mono text-xs tabular-nums text-zinc-400">
                        {count}
                        <span className="sr-only">
                          {" "}
                          {filter.attention && count > 0 ? "need attention" : "submissions"}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
              <li>
                <Link
                  to="/admin/spam"
                  aria-current={location.pathname === "/admin/spam" ? "page" : undefined}
                  className={cx(
                    "flex h-8 items-center gap-2 rounded-md px-2 text-sm",
                    location.pathname === "/admin/spam"
                      ? "bg-zinc-800 text-zinc-50"
                      : "text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100",
                  )}
                >
                  <span>Spam</span>
                  <span className="ml-auto font-mono text-xs tabular-nums text-zinc-400" data-spam-count>
                    {spam}
                    <span className="sr-only"> held as suspected spam</span>
                  </span>
                </Link>
              </li>
            </ul>
          </li>
          {sections.map((section) => (
            <li key={section.href}>
              <Link
                to={section.href}
                reloadDocument
                aria-current={ariaCurrentFor(location.pathname, section.href, current)}
                className={cx(
                  "flex h-9 items-center gap-2 rounded-md px-2 text-sm",
                  current === section.href ? "bg-zinc-800 text-zinc-50" : "text-zinc-300 hover:bg-zinc-800",
                )}
              >
                <Icon name={section.icon} aria-hidden className="size-4" />
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {[
        { title: "Public site", links: publicSite },
        { title: "Administration", links: administration },
      ].map((group) => (
        <div key={group.title}>
          <h2 className="px-2 pb-2 text-xs font-medium tracking-wider text-zinc-400 uppercase">{group.title}</h2>
          <ul className="flex flex-col gap-0.5">
            {group.links.map((section) => (
              <li key={section.href}>
                <Link
                  to={section.href}
                  aria-current={ariaCurrentFor(location.pathname, section.href, current)}
                  className={cx(
                    "flex h-9 items-center gap-2 rounded-md px-2 text-sm",
                    current === section.href ? "bg-zinc-800 text-zinc-50" : "text-zinc-300 hover:bg-zinc-800",
                  )}
                >
                  <Icon name={section.icon} aria-hidden className="size-4" />
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
