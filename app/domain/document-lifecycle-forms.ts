/** TODO header */
import { z } from "zod";
import { typedHundredths } from "#app/domain/amount-field.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { limits } from "#app/domain/limits.ts";
import { maxMoneyCents } from "#app/domain/money.ts";
import { requiredText } from "#app/domain/validation.ts";

const reason = (required: string) => requiredText(limits.changeReason, required, lifecycleMessages.reasonTooLong);

export const voidFormSchema = z.object({ reason: reason(lifecycleMessages.voidReasonRequired) });
export const reviseFormSchema = z.object({ reason: reason(lifecycleMessages.reviseReasonRequired) });
export const creditNoteFormSchema = z.object({
  amount: typedHundredths(
    z
      .number(lifecycleMessages.creditPositive)
      .int()
      .min(1, lifecycleMessages.creditPositive)
      .max(maxMoneyCents, lifecycleMessages.creditPositive),
  ),
  reason: reason(lifecycleMessages.creditReasonRequired),
});
