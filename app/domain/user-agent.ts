/**
 * A short, human description of a browser's User-Agent for the sessions list ("Chrome on
 * Windows"): enough to recognise one's own devices, never used for any decision.
 */
const browsers: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/HeadlessChrome\//, "Headless Chrome"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
  [/curl\//, "curl"],
];
const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Unknown browser";
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** The sign-out scopes: this session, every other one, or all of them (the default). */
const signOutScopes = ["local", "others", "global"] as const;
export type SignOutScope = (typeof signOutScopes)[number];
export function parseSignOutScope(value: unknown): SignOutScope {
  return signOutScopes.includes(value as SignOutScope) ? (value as SignOutScope) : "global";
}
