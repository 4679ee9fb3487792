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
import { type ComponentType, Suspense, use } from "react";

/** For `renderToPipeableStream` (entry.server.tsx): finished boundaries are never outlined. */
export const renderOptions = { progressiveChunkSize: Number.POSITIVE_INFINITY } as const;

type Split<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

export function splitComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): Split<Props> {
  let loaded: ComponentType<Props> | null = null;
  let pending: Promise<ComponentType<Props>> | null = null;
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

  // biome-ignore lint/correctness/noComponentHookFactories: made once per piece at module level, as React.lazy makes its component
  function Loaded(props: Props) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: made once per piece at module level, as React.lazy makes its component
  function SplitPiece(props: Props) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(SplitPiece, { preload });
}
