/**
 * The Proposals part of /admin/settings (ADR 0033), for the settings route to call:
 * `getProposalSettings` in its loader, `proposalSettingsAction` in its action when `intent` is
 * `proposal-settings`. New proposals start from these; a proposal already made keeps its own text.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppContext } from "#app/context.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { proposalMessages } from "#app/domain/proposal-pages.ts";
import { proposalSettingsSchema } from "#app/domain/proposals.ts";
import { saveProposalSettings } from "#app/models/proposal-settings.server.ts";
import { invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";

type Config = AppContext["config"];

export async function proposalSettingsAction(
  config: Pick<Config, "publicUrl" | "sessionSecret">,
  db: Db,
  formData: FormData,
  actor: { userId: string; email: string; ip?: string | null },
) {
  const submission = parseWithZod(formData, { schema: proposalSettingsSchema });
  if (submission.status !== "success") return invalid(submission);
  const { agreement_template, deposit_percent, valid_days } = submission.value;
  await auditedChange(
    db,
    (tx) =>
      saveProposalSettings(tx, {
        agreementTemplate: agreement_template,
        depositPercent: deposit_percent,
        validDays: valid_days,
      }),
    {
      actor,
      ip: actor.ip,
      event: "proposal_settings_saved",
    },
  );
  return redirectWithToast(config, "/admin/settings", {
    type: "success",
    message: proposalMessages.settingsSaved,
    id: "proposal-settings",
  });
}
