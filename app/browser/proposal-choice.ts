/**
 * The client's proposal page in the browser (/p/{token}; the page is not hydrated: ADR 0009).
 * The summary follows the choice as it changes, computed with the server's own money module
 * (app/domain/proposal-totals.ts) from the prices the form carries, so every cent matches what
 * signing records; "Update total" (the way without JavaScript) is hidden. The signature pad
 * appears: drawing with any pointer writes a PNG data URL into the form's `signature` field, made
 * to fit the server's box and the field's limit (app/domain/signature.ts); a drawing that cannot be
 * made to fit says so on the page instead of being dropped.
 * Without this script the page still works: the server computes the total and the name is typed.
 */
import { formatMoney } from "#app/domain/money.ts";
import { type ChoicePricing, choiceTotals } from "#app/domain/proposal-totals.ts";
import { maxSignatureChars, signatureBox, signatureMessages } from "#app/domain/signature.ts";

const form = document.querySelector<HTMLFormElement>("form[data-proposal-form]");
if (form) {
  enhanceSummary(form);
  enhanceSignature(form);
}

function enhanceSummary(form: HTMLFormElement) {
  let pricing: ChoicePricing;
  try {
    pricing = JSON.parse(form.dataset.pricing ?? "") as ChoicePricing;
  } catch {
    return;
  }
  for (const element of form.querySelectorAll<HTMLElement>("[data-no-script]")) element.hidden = true;
  const show = (name: string, cents: number) => {
    const element = form.querySelector<HTMLElement>(`[data-summary-value="${name}"]`);
    if (element) element.textContent = formatMoney(cents);
  };
  const update = () => {
    const data = new FormData(form);
    const chosen = choiceTotals(pricing, {
      tierId: String(data.get("tier") ?? ""),
      addonIds: data.getAll("addons").map(String),
    });
    if (!chosen.ok) return;
    show("subtotal", chosen.totals.subtotal);
    show("tax", chosen.totals.taxAmount);
    show("total", chosen.totals.total);
    show("deposit", chosen.totals.deposit);
  };
  form.addEventListener("change", (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "tier" || target.name === "addons") update();
  });
  update();
}

function enhanceSignature(form: HTMLFormElement) {
  const pad = form.querySelector<HTMLElement>("[data-signature-pad]");
  const canvas = pad?.querySelector("canvas");
  const field = pad?.querySelector<HTMLInputElement>('input[name="signature"]');
  const clear = pad?.querySelector<HTMLButtonElement>("[data-signature-clear]");
  const problem = pad?.querySelector<HTMLElement>("[data-signature-problem]");
  if (!pad || !canvas || !field || !clear || !problem) return;
  pad.hidden = false;
  const context = canvas.getContext("2d");
  if (!context) return;
  const scale = Math.min(2, window.devicePixelRatio || 1);
  const size = () => {
    canvas.width = Math.round(canvas.clientWidth * scale);
    canvas.height = Math.round(canvas.clientHeight * scale);
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.lineWidth = 2.5;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#18181b";
  };
  size();
  let drawing = false;
  let drawn = false;
  const point = (event: PointerEvent) => {
    const box = canvas.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  canvas.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    drawing = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.01, y);
    context.stroke();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drawing) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  });
  const say = (message: string) => {
    problem.textContent = message;
    problem.hidden = message === "";
  };
  const finish = () => {
    if (!drawing) return;
    drawing = false;
    drawn = true;
    const url = compactDataUrl(canvas);
    field.value = url ?? "";
    say(url ? "" : signatureMessages.tooLarge);
  };
  canvas.addEventListener("pointerup", finish);
  canvas.addEventListener("pointercancel", finish);
  clear.addEventListener("click", () => {
    context.clearRect(0, 0, canvas.width, canvas.height);
    field.value = "";
    drawn = false;
    say("");
  });
  // a resize clears the canvas: start again rather than send half a signature
  window.addEventListener("resize", () => {
    if (canvas.width === Math.round(canvas.clientWidth * scale)) return;
    size();
    if (drawn) {
      field.value = "";
      drawn = false;
    }
  });
}

/**
 * The drawing as a PNG data URL within the server's box and the field's limit: the canvas scaled
 * down to fit the box, then smaller while it is still too long; null when even the smallest is.
 */
function compactDataUrl(canvas: HTMLCanvasElement): string | null {
  for (const share of [1, 0.75, 0.5, 0.35]) {
    const scale = Math.min(
      1,
      (signatureBox.width * share) / canvas.width,
      (signatureBox.height * share) / canvas.height,
    );
    let url: string;
    if (scale === 1) {
      url = canvas.toDataURL("image/png");
    } else {
      const copy = document.createElement("canvas");
      copy.width = Math.max(1, Math.round(canvas.width * scale));
      copy.height = Math.max(1, Math.round(canvas.height * scale));
      copy.getContext("2d")?.drawImage(canvas, 0, 0, copy.width, copy.height);
      url = copy.toDataURL("image/png");
    }
    if (url.length <= maxSignatureChars) return url;
  }
  return null;
}
