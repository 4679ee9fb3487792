/**
 * /admin/settings: the studio's identity (business name, contact name and email, phone,
 * address, website, tax id). The public pages, their JSON-LD and the owner's new-lead mails
 * read it on every render, so a save shows at once (docs/decisions/0005, 0006).
 * The action dispatches on `intent`, so more sections (invoice numbering) can sit below.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/crm.tsx";
import { BusinessSettingsForm } from "#app/components/admin/settings-form.tsx";
import { showToast } from "#app/components/admin/toaster.tsx";
import { getApp } from "#app/context.server.ts";
import {
  businessSettingsDefaults,
  businessSettingsSchema,
  settingsMessages,
  toBusinessSettingsRow,
} from "#app/domain/business-settings.ts";
import { getBusinessSettings, getStudioIdentity, saveBusinessSettings } from "#app/models/business-settings.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Business Settings | Studio back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const [settings, studio] = await Promise.all([getBusinessSettings(database.db), getStudioIdentity(database.db)]);
  return {
    identity: businessSettingsDefaults({ ...studio, taxId: settings?.taxId ?? null }),
    saved: Boolean(settings),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, logger } = getApp(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "identity") return data({ intent: null, result: undefined, toast: undefined }, { status: 400 });
  if (!session.userId) {
    return data(
      {
        intent,
        result: undefined,
        toast: {
          type: "error" as const,
          message: settingsMessages.errorTitle,
          description: settingsMessages.notAuthenticated,
        },
      },
      { status: 401 },
    );
  }
  const submission = parseWithZod(formData, { schema: businessSettingsSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), toast: undefined }, { status: 400 });
  }
  try {
    await saveBusinessSettings(database.db, toBusinessSettingsRow(submission.value));
  } catch (error) {
    logger.error({ err: error }, "saving business settings failed");
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [settingsMessages.saveFailed] }),
        toast: {
          type: "error" as const,
          message: settingsMessages.errorTitle,
          description: settingsMessages.saveFailed,
        },
      },
      { status: 500 },
    );
  }
  return redirectWithToast(config, "/admin/settings", { type: "success", message: settingsMessages.saved });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title="Business Settings"
        description="Your studio's details: shown on the public site and used in new-lead emails and invoices."
        back={{ href: "/admin/dashboard", label: "Back to the dashboard" }}
      />
      <BusinessSettingsForm
        defaults={loaderData.identity}
        lastResult={actionData?.intent === "identity" ? actionData.result : undefined}
      />
    </div>
  );
}
