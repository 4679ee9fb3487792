/**
 * /stop-emails/{token}: the "Stop these emails" link of every mail an owner's automation sends (ADR 0063). The page
 * asks once (a link checker that opens it stops nothing); its button stops the automatic mails to that address for
 * good: automations skip it with the reason. Invoices, receipts and the owner's own mails still go. A plain page:
 * not hydrated, works without JavaScript, read on phones first; never cached, indexed or sent as a referrer.
 */
import { redirect } from "react-router";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { optOutMessages } from "#app/domain/automation-rules.ts";
import { clientPageHeaders, clientPageMessages } from "#app/domain/client-pages.ts";
import { optedOut, optOut } from "#app/models/automation-custom-rules.server.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import { optOutAddress, optOutPath } from "#app/services/mail-opt-out.server.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/stop-emails";

export const handle: RouteHandle = { hydrate: false };

export const headers: Route.HeadersFunction = () => clientPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${optOutMessages.title} | ${loaderData.studio}` : "Not found" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { config, database } = getApp(context);
  const email = optOutAddress(config.sessionSecret, params.token);
  if (!email) notFound(clientPageMessages.invalidLink, clientPageHeaders);
  const studio = await getStudioIdentity(database.db);
  return { studio: studio.businessName, stopped: await optedOut(database.db, email) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { config, database } = getApp(context);
  const email = optOutAddress(config.sessionSecret, params.token);
  if (!email) notFound(clientPageMessages.invalidLink, clientPageHeaders);
  await optOut(database.db, email);
  return redirect(`${optOutPath}/${params.token}`, { status: 303, headers: clientPageHeaders });
}

export default function StopEmails({ loaderData }: Route.ComponentProps) {
  const { studio, stopped } = loaderData;
  return (
    <main className="min-h-screen bg-zinc-100 text-zinc-900 [color-scheme:light]">
      <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-6">
        <p className="text-sm font-medium text-zinc-600">{studio}</p>
        <h1 className="text-2xl font-bold">{stopped ? optOutMessages.stoppedTitle : optOutMessages.title}</h1>
        {stopped ? (
          <p role="status" className="rounded-lg border border-zinc-300 bg-white p-4">
            {optOutMessages.done(studio)}
          </p>
        ) : (
          <form method="post" className="flex flex-col gap-4 rounded-lg border border-zinc-300 bg-white p-4">
            <p>{optOutMessages.explain(studio)}</p>
            <button type="submit" className={cx(buttonClass("primary"), "h-11 self-start px-5 text-base")}>
              {optOutMessages.button}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
