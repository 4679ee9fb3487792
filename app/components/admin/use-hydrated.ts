import { useEffect, useState } from "react";

/** False on the server and in the first render in the browser, true once hydrated: for what only works with JavaScript. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
