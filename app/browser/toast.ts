/**
 * Toasts for pages that are not hydrated: the same behaviour as the back
 * office's (at most 3 visible, 4 seconds, Alt+T to reach them, a region named
 * 'Notifications'), in plain DOM.
 */
const maxVisible = 3;
const durationMs = 4000;

function region(): HTMLOListElement {
  const existing = document.querySelector<HTMLOListElement>("[data-toasts] ol");
  if (existing) return existing;
  const section = document.createElement("section");
  section.dataset.toasts = "";
  section.setAttribute("aria-label", "Notifications alt+T");
  section.tabIndex = -1;
  section.className = "fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2";
  const list = document.createElement("ol");
  list.className = "flex flex-col gap-2";
  section.append(list);
  document.body.append(section);
  document.addEventListener("keydown", (event) => {
    if (event.altKey && event.code === "KeyT") section.focus();
  });
  return list;
}

export function showToast(kind: "success" | "error", title: string, description: string): void {
  const list = region();
  const item = document.createElement("li");
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  item.className = `rounded-xl border p-4 shadow-lg ${
    kind === "error"
      ? "border-red-400/40 bg-red-950 text-red-50"
      : "border-emerald-400/40 bg-emerald-950 text-emerald-50"
  }`;
  const heading = document.createElement("p");
  heading.className = "font-semibold";
  heading.textContent = title;
  const body = document.createElement("p");
  body.className = "text-sm opacity-90";
  body.textContent = description;
  item.append(heading, body);
  list.append(item);
  while (list.children.length > maxVisible) list.firstElementChild?.remove();
  setTimeout(() => item.remove(), durationMs);
}
