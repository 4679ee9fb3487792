/**
 * Chromium for end-to-end tests, driven by playwright-core. Found through
 * CHROME_PATH, else the usual install locations.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type Download, type Page } from "playwright-core";

const candidates = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      "Chromium was not found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`; macOS: install Google Chrome) or set CHROME_PATH to its executable.",
    );
  }
  return found;
}

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Set by the end-to-end project's global set-up (tests/support/e2e-setup.ts): the address of one Chromium the
 * whole run shares. A file connects to it instead of launching its own; its contexts are its own, and
 * `browser.close()` closes them and disconnects, leaving the browser to the other files.
 */
export const sharedBrowserVariable = "STUDIO_E2E_BROWSER_WS";

/** Chromium with the test flags: the run's shared browser when there is one, else a new one. */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[sharedBrowserVariable];
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
}

/** Launches the Chromium a run's files share (see `sharedBrowserVariable`). */
export function launchSharedBrowser() {
  return chromium.launchServer({ executablePath: findChromium(), args: chromiumArgs });
}

/**
 * Waits until React has hydrated the page and every piece split out with splitComponent that the page
 * renders is in place (root.tsx marks `<html data-hydrated>`, split.tsx counts `data-pieces-loading`).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const { dataset } = document.documentElement;
    return "hydrated" in dataset && (dataset.piecesLoading ?? "0") === "0";
  });
}

type Box = { x: number; y: number; width: number; height: number };

/** Whether two on-screen boxes (Playwright's `boundingBox()`) share any area. */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A download's bytes, read through Playwright (`download.path()` is not there when the browser is the run's shared one). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
