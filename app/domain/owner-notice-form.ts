/** The notices page's two forms (ADR 0041): mark one notice read, mark all read. */
import { z } from "zod";
import { uuidField } from "#app/domain/id-fields.ts";
import { noticeMessages } from "#app/domain/owner-notices.ts";

export const noticeFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), notice_id: uuidField(noticeMessages.notFound) }),
  z.object({ intent: z.literal("read-all") }),
]);
