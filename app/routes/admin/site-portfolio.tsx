/**
 * /admin/site/portfolio: the public portfolio as the owner runs it. Items in their
 * order with Move up / Move down, Publish / Unpublish and Delete (confirmed in a dialog addressed
 * by ?delete=id): every button a plain POST, so it all works without JavaScript. Changes show on
 * /portfolio at once (a site_content change event).
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { getApp } from "#app/context.server.ts";
import { portfolioCategoryLabels } from "#app/domain/enums.ts";
import { portfolioRowActionSchema } from "#app/domain/site-content.ts";
import { siteMessages } from "#app/domain/site-messages.ts";
import {
  deletePortfolioItem,
  listAllPortfolioItems,
  movePortfolioItem,
  setPortfolioPublished,
} from "#app/models/portfolio.server.ts";
import { badRequest, notFound, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/site-portfolio";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Portfolio") }];

const listPath = "/admin/site/portfolio";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const items = await listAllPortfolioItems(getApp(context).database.db);
  const deleting = Number(new URL(request.url).searchParams.get("delete"));
  return { items, deleting: items.find((item) => item.id === deleting) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: portfolioRowActionSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) badRequest("Unknown action");
    notFound(siteMessages.notFound);
  }
  const { id, intent } = submission.value;
  const db = database.db;
  const done = (message: string) => redirectWithToast(config, listPath, { type: "success", message });
  switch (intent) {
    case "move-up":
    case "move-down": {
      const moved = await auditedChange(db, (tx) => movePortfolioItem(tx, id, intent === "move-up" ? "up" : "down"), {
        actor: session,
        ip,
        event: "portfolio_item_moved",
        detail: { id, direction: intent },
      });
      if (moved === null) notFound(siteMessages.notFound);
      return done(moved ? "Order saved" : "Already at the end of the list");
    }
    case "publish":
    case "unpublish": {
      const row = await auditedChange(
        db,
        async (tx) => (await setPortfolioPublished(tx, id, intent === "publish")) ?? null,
        {
          actor: session,
          ip,
          event: intent === "publish" ? "portfolio_item_published" : "portfolio_item_unpublished",
          detail: (changed) => ({ id, title: changed.title }),
        },
      );
      if (!row) notFound(siteMessages.notFound);
      return done(intent === "publish" ? `“${row.title}” is on the portfolio page` : `“${row.title}” is hidden`);
    }
    case "delete": {
      const row = await auditedChange(db, async (tx) => (await deletePortfolioItem(tx, id)) ?? null, {
        actor: session,
        ip,
        event: "portfolio_item_deleted",
        detail: (deleted) => ({ id, title: deleted.title }),
      });
      if (!row) notFound(siteMessages.notFound);
      return done(siteMessages.deleted);
    }
  }
}

function ItemButton({
  id,
  intent,
  label,
  children,
}: {
  id: number;
  intent: "move-up" | "move-down" | "publish" | "unpublish";
  label: string;
  children: React.ReactNode;
}) {
  return (
    <RowActionForm
      intent={intent}
      fields={{ id }}
      action={listPath}
      aria-label={label}
      className={buttonClass("ghost", { size: "sm" })}
      data-row-action
    >
      {children}
    </RowActionForm>
  );
}

export default function SitePortfolio({ loaderData }: Route.ComponentProps) {
  const { items, deleting } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader title="Portfolio" description="The projects on the public portfolio page, in this order.">
        <Link to="/admin/site/portfolio/edit" className={buttonClass("primary", { size: "sm" })}>
          <Icon name="plus" aria-hidden className="size-4" />
          New Item
        </Link>
      </PageHeader>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-400">
          No portfolio items yet.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Portfolio items in their order">
          {items.map((item, index) => (
            <li
              key={item.id}
              className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-900/40 p-3 sm:flex-row sm:items-center"
            >
              <img
                src={item.image}
                alt=""
                width={160}
                height={100}
                className="aspect-[8/5] w-40 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-zinc-50">
                  {index + 1}. {item.title}
                </p>
                <p className="text-sm text-zinc-400">
                  {portfolioCategoryLabels[item.category]} · {item.published ? "Published" : "Hidden"}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-1">
                <ItemButton id={item.id} intent="move-up" label={`Move ${item.title} up`}>
                  <Icon name="arrow-up" aria-hidden className="size-4" />
                </ItemButton>
                <ItemButton id={item.id} intent="move-down" label={`Move ${item.title} down`}>
                  <Icon name="arrow-down" aria-hidden className="size-4" />
                </ItemButton>
                <ItemButton
                  id={item.id}
                  intent={item.published ? "unpublish" : "publish"}
                  label={`${item.published ? "Unpublish" : "Publish"} ${item.title}`}
                >
                  {item.published ? (
                    <Icon name="eye-off" aria-hidden className="size-4" />
                  ) : (
                    <Icon name="eye" aria-hidden className="size-4" />
                  )}
                  <span className="max-lg:sr-only">{item.published ? "Unpublish" : "Publish"}</span>
                </ItemButton>
                <Link
                  to={`/admin/site/portfolio/edit?id=${item.id}`}
                  className={buttonClass("ghost", { size: "sm" })}
                  aria-label={`Edit ${item.title}`}
                  data-row-action
                >
                  <Icon name="pencil" aria-hidden className="size-4" />
                  <span className="max-lg:sr-only">Edit</span>
                </Link>
                <Link
                  to={`${listPath}?delete=${item.id}`}
                  preventScrollReset
                  className={buttonClass("ghost", { size: "sm" })}
                  aria-label={`Delete ${item.title}`}
                  data-row-action
                >
                  <Icon name="trash-2" aria-hidden className="size-4" />
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
      {deleting ? (
        <ConfirmDialog
          title="Delete portfolio item"
          description={`Delete “${deleting.title}”? It disappears from the portfolio page. This cannot be undone.`}
          closeHref={listPath}
          action={listPath}
          intent="delete"
          fields={{ id: String(deleting.id) }}
          confirm="Delete"
          pendingLabel="Deleting..."
        />
      ) : null}
    </div>
  );
}
