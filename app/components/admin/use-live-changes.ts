/**
 * Live lists (ADR 0010): one `EventSource` on /admin/events per page. When a watched table
 * changes, the page's loaders run again (debounced), so rows and counts come through the
 * same guarded loaders as on a reload. `EventSource` reconnects by itself after a drop;
 * after a reconnection the page re-fetches once, since events may have been missed.
 * While a navigation or a form submission is under way the re-fetch waits for it to end: a
 * revalidation started during a navigation makes React Router load the navigation's data again,
 * and the second answer no longer carries the flash toast the first one read (the toast was lost
 * whenever the action's own change event arrived before the redirect had rendered).
 */
import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import {
  type ChangeTable,
  changeRevalidateDebounceMs,
  changeStreamPath,
  parseChangeEvent,
} from "#app/domain/changes.ts";

export function useLiveChanges(tables: readonly ChangeTable[]) {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const navigating = useNavigation().state !== "idle";
  const navigatingRef = useRef(navigating);
  navigatingRef.current = navigating;
  const key = [...new Set(tables)].sort().join(",");

  useEffect(() => {
    if (!key || typeof EventSource === "undefined") return;
    const watched = new Set(key.split(","));
    const source = new EventSource(changeStreamPath);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let dropped = false;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (navigatingRef.current) schedule();
        else void revalidateRef.current().catch(() => {});
      }, changeRevalidateDebounceMs);
    };
    source.addEventListener("change", (message) => {
      const event = parseChangeEvent((message as MessageEvent<string>).data);
      if (event && watched.has(event.table)) schedule();
    });
    source.addEventListener("error", () => {
      dropped = true;
    });
    source.addEventListener("open", () => {
      if (dropped) schedule();
      dropped = false;
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [key]);
}
