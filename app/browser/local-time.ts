/**
 * Client pages (not hydrated): every `time[data-local-time]` rewritten into the reader's own zone with
 * the studio's one formatter (`formatMomentIn`), the studio's reading kept below it. Readers in the
 * studio's zone, and pages without JavaScript, keep the server's text.
 */
import { formatMomentIn } from "#app/domain/dates.ts";

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
for (const time of document.querySelectorAll<HTMLTimeElement>("time[data-local-time]")) {
  const moment = new Date(time.dateTime);
  if (!zone || time.dataset.zone === zone || Number.isNaN(moment.getTime())) continue;
  const studio = document.createElement("span");
  studio.className = "block text-xs text-zinc-600";
  studio.textContent = `Studio time: ${time.textContent}`;
  time.textContent = formatMomentIn(moment, zone);
  time.after(studio);
}
