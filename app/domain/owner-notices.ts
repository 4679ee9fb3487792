/**
 * The owner's notices (ADR 0041): their kinds and the texts of the header's count and the page.
 * Small on purpose: any part of the back office that needs the owner's attention posts one
 * (models/owner-notices.server.ts `postOwnerNotice`) with a link to where to act. Schema-free, as
 * the shell reads it on every page; the page's forms are in `owner-notice-form.ts`.
 */

/** Who posts notices; a new poster adds its kind here. */
const noticeKinds = ["payment_anomaly", "payment_dispute", "payment_setup", "budget", "automation"] as const;
export type NoticeKind = (typeof noticeKinds)[number];

const noticeKindLabels: Record<NoticeKind, string> = {
  payment_anomaly: "Online payment",
  payment_dispute: "Dispute",
  payment_setup: "Online payments set-up",
  budget: "Project budget",
  automation: "Automation to-do",
};

export function noticeKindLabel(kind: string): string {
  return (noticeKindLabels as Record<string, string>)[kind] ?? kind;
}

/** The page shows the newest this many. */
export const noticeListSize = 100;

export const noticesPath = "/admin/notices";

export const noticeMessages = {
  title: "Notices",
  empty: "Nothing needs your attention.",
  markedRead: "Notice marked read",
  allMarkedRead: "All notices marked read",
  notFound: "Notice not found",
  unread: (count: number) => (count === 1 ? "1 unread notice" : `${count} unread notices`),
} as const;
