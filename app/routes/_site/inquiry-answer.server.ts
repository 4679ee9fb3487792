/**
 * The answer to a post of the inquiry form, for the page (/contact, without JavaScript) and the
 * form's script (/contact/send) alike: the post is parsed here and received by the contact service,
 * whose outcome is mapped to its status and body in one place. Bots are answered like people whose
 * message was sent; an unexpected failure is logged and answered with the generic error.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { touchesFromCookie } from "#app/domain/attribution.ts";
import { type ContactAnswer, contactFormSchema, contactMessages } from "#app/domain/contact-form.ts";
import { type InquiryOutcome, type InquirySubmission, receiveInquiry } from "#app/services/contact.server.ts";

type InquiryAnswer = { status: number; headers: Record<string, string>; body: ContactAnswer };

/** Every answer's status: sent (or kept as spam), a stale page, invalid fields, over the limit, our failure. */
const statusOf = { sent: 200, stale: 409, invalid: 400, limited: 429, failed: 500 } as const;
const noStore = { "Cache-Control": "no-store" };

function answerFor(outcome: InquiryOutcome, submission: InquirySubmission): InquiryAnswer {
  if (outcome.ok) return { status: statusOf.sent, headers: noStore, body: { status: "sent" } };
  const result = submission.reply();
  switch (outcome.reason) {
    case "stale":
      return {
        status: statusOf.stale,
        headers: noStore,
        body: { status: "stale", message: contactMessages.staleForm, formToken: outcome.formToken ?? "", result },
      };
    case "invalid":
      return { status: statusOf.invalid, headers: noStore, body: { status: "invalid", result } };
    case "limited":
      return {
        status: statusOf.limited,
        headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) },
        body: { status: "error", message: contactMessages.rateLimited, result },
      };
  }
}

/** Parses the post against the form's schema and answers what receiving it came to. */
export async function answerInquiryPost(
  app: Parameters<typeof receiveInquiry>[0],
  request: Request,
): Promise<InquiryAnswer> {
  try {
    const submission = parseWithZod(await request.formData(), { schema: contactFormSchema });
    const touches = touchesFromCookie(request.headers.get("cookie"));
    return answerFor(await receiveInquiry(app, submission, touches), submission);
  } catch (error) {
    app.logger.error({ err: error }, "contact submission failed");
    return {
      status: statusOf.failed,
      headers: noStore,
      body: { status: "error", message: contactMessages.errorDescription },
    };
  }
}
