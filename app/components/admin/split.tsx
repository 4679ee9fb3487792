/**
 * The one way to keep a heavy piece of a page (a dialog and its form, a chart) out of the page's
 * first JavaScript: `splitComponent(() => import("./x.tsx").then((m) => m.X))` is a component that
 * renders X once its chunk has loaded.
 *
 * Unlike `React.lazy`, it never makes the server stream: the server starts the import when the route
 * module loads (before the first request), so the piece is rendered in place in the HTML and works
 * without JavaScript. In the browser the chunk is fetched the first time the piece renders (or when
 * `preload` is called, on intent); while it loads, a hydrating page keeps the server's HTML of it
 * and a client navigation waits, as for any other route data.
 *
 * React's server outlines (streams after the shell, for a script to move into place) any finished
 * boundary larger than its `progressiveChunkSize` (12.8 KB by default): the server renders with
 * `renderOptions` so that a large piece such as a dialog's form stays in place as well.
 */
import { type ComponentType, Suspense, use, useEffect } from "react";

/** For `renderToPipeableStream` (entry.server.tsx): finished boundaries are never outlined. */
export const renderOptions = { progressiveChunkSize: Number.POSITIVE_INFINITY } as const;

type Split<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/** How many rendered pieces still wait for their chunk: `<html data-pieces-loading>` (root.tsx). */
let piecesLoading = 0;
function countLoading(change: number) {
  piecesLoading += change;
  document.documentElement.dataset.piecesLoading = String(piecesLoading);
}

export function splitComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): Split<Props> {
  let loaded: ComponentType<Props> | null = null;
  let pending: Promise<ComponentType<Props>> | null = null;
  /** counted in `piecesLoading`: rendered by the page's hydration, or before its chunk came */
  let waiting = false;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null; // a failed fetch (offline, a new deploy) is tried again on the next render
        throw error;
      },
    );
    return pending;
  };
  if (typeof document === "undefined") void preload().catch(() => {});

  /** counted in `piecesLoading` until the piece's content is React's (hydrated or rendered) */
  const settle = () => {
    if (!waiting) return;
    waiting = false;
    countLoading(-1);
  };

  // biome-ignore lint/correctness/noComponentHookFactories: made once per piece at module level, as React.lazy makes its component
  function Loaded(props: Props) {
    const Component = loaded ?? use(preload());
    useEffect(settle, []);
    return <Component {...props} />;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: made once per piece at module level, as React.lazy makes its component
  function SplitPiece(props: Props) {
    // Counted here, outside the boundary: React hydrates a boundary's content in a pass of its own after
    // the page's (at the lowest priority), so the page can be hydrated while this piece is still the
    // server's HTML, whose form would post the page instead of running its script. After hydration, a
    // piece counts while its chunk loads.
    if (!waiting && typeof document !== "undefined" && (!loaded || !("hydrated" in document.documentElement.dataset))) {
      waiting = true;
      countLoading(1);
    }
    // the chunk is asked for now, not when React comes to the boundary's own pass
    if (!loaded && typeof document !== "undefined") void preload().catch(() => {});
    useEffect(() => settle, []);
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(SplitPiece, { preload });
}
