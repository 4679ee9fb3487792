import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "#app/config.server.ts";
import type { Database } from "#app/db/client.server.ts";
import type { ChangeFeed } from "#app/services/events.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import type { PageViewCounter } from "#app/services/page-views.server.ts";

/** What the server hands every loader, action and middleware (set in server/app.ts). */
export type AppContext = {
  config: Config;
  database: Database;
  /** subscribe to changes of listed tables (live lists) */
  changes: ChangeFeed;
  /** aborted when the server begins shutting down: long-lived responses end on it */
  shutdown: AbortSignal;
  /** the request's child logger, carrying its request id */
  logger: Logger;
  requestId: string;
  /** counts public page views in memory, written in batches */
  pageViews: PageViewCounter;
  /**
   * CSP nonce for this response's inline scripts; empty when the page is rendered once for
   * the public-page cache (its inline scripts are then allowed by their hashes: ADR 0021)
   */
  nonce: string;
  /** true when this render is stored and served to every visitor (server/public-cache.ts) */
  forCache: boolean;
  /** client address (honours TRUST_PROXY) */
  ip: string;
};

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
