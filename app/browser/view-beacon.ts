/**
 * The view beacon (ADR 0034): a client page that counts views carries
 * `<div data-view-beacon=ENDPOINT data-kind=… data-token=… data-stamp=…>`; once the page is visible in a browser (not a
 * prerender, not a background tab, not a fetch by a link scanner, which runs no script) this posts
 * the kind and token to the beacon endpoint, once. The page itself never changes state when fetched.
 *
 * It imports nothing (the endpoint comes with the marker), so it stays a few hundred bytes.
 */

function start() {
  const marker = document.querySelector<HTMLElement>("[data-view-beacon]");
  if (marker) watch(marker);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();

function watch(element: HTMLElement) {
  const endpoint = element.dataset.viewBeacon || "/viewed";
  const kind = element.dataset.kind ?? "";
  const token = element.dataset.token ?? "";
  const stamp = element.dataset.stamp ?? "";
  let sent = false;
  const send = () => {
    if (sent || document.visibilityState !== "visible") return;
    sent = true;
    document.removeEventListener("visibilitychange", send);
    void fetch(endpoint, {
      method: "POST",
      body: new URLSearchParams({ kind, token, stamp }),
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
