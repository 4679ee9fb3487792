/**
 * The home page's terminal animation as an inline browser program (the public pages are not
 * hydrated, ADR 0006). The rules it runs are the pure ones of `app/domain/terminal.ts`,
 * serialised into the script; this module is the DOM wiring.
 */
import {
  initialTerminalState,
  lineCapacity,
  type TerminalTiming,
  terminalCommands,
  terminalStep,
  terminalText,
  terminalTiming,
} from "#app/domain/terminal.ts";

type TerminalProgram = {
  commands: string[];
  timing: TerminalTiming;
  elementId: string;
};

/**
 * Runs in the browser (serialised by terminalScript): leaves the server-rendered static text alone
 * under prefers-reduced-motion, otherwise types into a fixed-size box of its own (`contain: strict`,
 * its own compositing layer: see TerminalBackground), so a character never lays out the page. The
 * screen is two text nodes, the finished lines and the line being typed: a character rewrites only
 * the second. The typing stops while the tab is hidden and for good once reduced motion is asked
 * for; it resumes when the tab is shown again.
 */
function runTerminal(
  program: TerminalProgram,
  capacityOf: typeof lineCapacity,
  initial: typeof initialTerminalState,
  step: typeof terminalStep,
  text: typeof terminalText,
): void {
  const element = document.getElementById(program.elementId);
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  if (!element || reduced.matches) return;
  let capacity = capacityOf(window.innerHeight, program.timing);
  let state = initial(program.commands, capacity);
  let timer: number | undefined;
  let stopped = false;
  window.addEventListener("resize", () => {
    capacity = capacityOf(window.innerHeight, program.timing);
  });
  const finished = document.createTextNode("");
  const typing = document.createTextNode("");
  element.textContent = "";
  element.append(finished, typing);
  const draw = () => {
    const screen = text(state, program.commands);
    const cut = screen.lastIndexOf("\n") + 1;
    const lines = screen.slice(0, cut);
    if (finished.data !== lines) finished.data = lines;
    typing.data = screen.slice(cut);
  };
  const schedule = (delayMs: number) => {
    if (timer !== undefined) window.clearTimeout(timer);
    timer = stopped || document.hidden ? undefined : window.setTimeout(tick, delayMs);
  };
  const tick = () => {
    timer = undefined;
    if (reduced.matches) {
      stopped = true;
      return;
    }
    const result = step(state, program.commands, capacity, program.timing);
    state = result.state;
    draw();
    schedule(result.delayMs);
  };
  document.addEventListener("visibilitychange", () => schedule(program.timing.charMs));
  reduced.addEventListener("change", () => {
    stopped = stopped || reduced.matches;
    schedule(program.timing.charMs);
  });
  draw();
  schedule(program.timing.charMs);
}

export const terminalElementId = "terminal-text";

/** The inline script of the home page (a few KB, no imports). */
export function terminalScript(commands: string[] = terminalCommands, timing: TerminalTiming = terminalTiming): string {
  const program: TerminalProgram = { commands, timing, elementId: terminalElementId };
  const json = JSON.stringify(program).replace(/</g, "\\u003c");
  return `(${runTerminal.toString()})(${json},${lineCapacity.toString()},${initialTerminalState.toString()},${terminalStep.toString()},${terminalText.toString()});`;
}
