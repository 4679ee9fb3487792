/**
 * The owner's notices (ADR 0041): their kinds, the page's texts and its two forms (mark one read,
 * mark all read). Small on purpose: any part of the back office that needs the owner's attention
 * posts one (models/owner-notices.server.ts `postOwnerNotice`) with a link to where to act.
 */
import { z } from "zod";
import { uuidField } from "#app/domain/ids.ts";

/** Who posts notices; a new poster adds its kind here. */
export const noticeKinds = ["payment_anomaly", "payment_dispute"] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export const noticeKindLabels: Record<NoticeKind, string> = {
  payment_anomaly: "Online payment",
  payment_dispute: "Dispute",
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

export const noticeFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), notice_id: uuidField(noticeMessages.notFound) }),
  z.object({ intent: z.literal("read-all") }),
]);
