/**
 * The animated terminal behind the home page: it types
 * code commands one character at a time, pauses after each line, keeps as many
 * lines as fit the window and cycles endlessly.
 *
 * The step functions below are pure and self-contained (they use only their
 * arguments), because `terminalScript()` serialises them into the page's one
 * small inline script: the public pages ship no bundled JavaScript
 * (docs/decisions/0006-public-pages-without-hydration.md).
 */

export const terminalTiming = {
  /** one character every 60 ms */
  charMs: 60,
  /** pause after each finished line */
  linePauseMs: 200,
  /** estimated line height */
  lineHeightPx: 25,
  /** the fixed header above the terminal */
  headerOffsetPx: 64,
};
export type TerminalTiming = typeof terminalTiming;

export const terminalCommands: string[] = [
  "$ npm create studio-site@latest -- --template purpose",
  "$ cd client-site && npm install",
  "added 212 packages in 3.8s",
  "$ git checkout -b feature/booking-flow",
  "$ npm run dev",
  "  ready in 412 ms: http://localhost:3000",
  "$ curl -s localhost:3000/api/health",
  '{"status":"ok","database":"ready"}',
  "$ npm run lint && npm run typecheck",
  "  0 problems, 0 type errors",
  "$ npm test",
  "  148 passed, 0 failed",
  "$ npx lighthouse https://client.example --preset=mobile",
  "  performance 100  accessibility 100  seo 100",
  "$ npm run db:migrate",
  "  applied 0007_inventory.sql",
  "$ git commit -m 'Checkout: one page, three steps'",
  "$ git push origin main",
  "$ npm run build",
  "  built in 2.1s: 14 KB of JavaScript",
  "$ npm run deploy -- --env production",
  "  deployed: https://client.example",
  "$ tail -f logs/app.log | grep order",
  '  {"msg":"order placed","total":"$248.00"}',
];

export type TerminalState = {
  /** finished lines on screen, oldest first */
  lines: string[];
  /** index of the command being typed */
  next: number;
  /** characters of it typed so far */
  typed: number;
};

/** How many lines fit the window: its height below the header, 25 px a line (at least one). */
export function lineCapacity(windowHeight: number, timing: TerminalTiming): number {
  return Math.max(1, Math.floor((windowHeight - timing.headerOffsetPx) / timing.lineHeightPx));
}

/** The screen before any typing: the first commands, leaving the last line for the one being typed. */
export function initialTerminalState(commands: string[], capacity: number): TerminalState {
  const lines: string[] = [];
  for (let i = 0; i < capacity - 1; i++) lines.push(commands[i % commands.length] ?? "");
  return { lines, next: Math.max(0, capacity - 1) % commands.length, typed: 0 };
}

/**
 * One tick: type one more character, or, once the line is complete, move it
 * up into the finished lines (dropping the oldest ones that no longer fit) and
 * start the next command, wrapping round to the first. Returns the new state
 * and how long to wait before the next tick.
 */
export function terminalStep(
  state: TerminalState,
  commands: string[],
  capacity: number,
  timing: TerminalTiming,
): { state: TerminalState; delayMs: number } {
  const current = commands[state.next] ?? "";
  if (state.typed < current.length) {
    const typed = state.typed + 1;
    return {
      state: { lines: state.lines, next: state.next, typed },
      delayMs: typed === current.length ? timing.linePauseMs : timing.charMs,
    };
  }
  const keep = Math.max(0, capacity - 1);
  const lines = keep === 0 ? [] : [...state.lines, current].slice(-keep);
  return {
    state: { lines, next: (state.next + 1) % commands.length, typed: 0 },
    delayMs: timing.charMs,
  };
}

/** The text on screen: the finished lines, then the line being typed with a cursor. */
export function terminalText(state: TerminalState, commands: string[]): string {
  const typing = (commands[state.next] ?? "").slice(0, state.typed);
  return [...state.lines, `${typing}\u2588`].join("\n");
}

/** What the server renders before any script runs (and what stays under reduced motion). */
export function staticTerminalText(lineCount = 48, commands: string[] = terminalCommands): string {
  return Array.from({ length: lineCount }, (_, i) => commands[i % commands.length]).join("\n");
}
