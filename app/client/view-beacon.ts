/**
 * The view beacon (ADR 0034): a client page that counts views carries
 * `<div data-view-beacon data-kind=… data-token=…>`; once the page is visible in a browser (not a
 * prerender, not a background tab, not a fetch by a link scanner, which runs no script) this posts
 * the kind and token to the beacon endpoint, once. The page itself never changes state when fetched.
 */
import { viewBeaconPath } from "#app/domain/view-beacon.ts";

const marker = document.querySelector<HTMLElement>("[data-view-beacon]");
if (marker) watch(marker);

function watch(element: HTMLElement) {
  const kind = element.dataset.kind ?? "";
  const token = element.dataset.token ?? "";
  let sent = false;
  const send = () => {
    if (sent || document.visibilityState !== "visible") return;
    sent = true;
    document.removeEventListener("visibilitychange", send);
    void fetch(viewBeaconPath, {
      method: "POST",
      body: new URLSearchParams({ kind, token }),
      credentials: "same-origin",
      keepalive: true,
    })
      .then(() => {
        element.dataset.viewSent = "";
      })
      .catch(() => {});
  };
  document.addEventListener("visibilitychange", send);
  send();
}
