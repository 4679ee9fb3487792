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
 * Runs in the browser (serialised by terminalScript): leaves the server-rendered
 * static text alone under prefers-reduced-motion, otherwise animates it by
 * replacing the text of a fixed-size, absolutely positioned element (no layout shift).
 */
function runTerminal(
  program: TerminalProgram,
  capacityOf: typeof lineCapacity,
  initial: typeof initialTerminalState,
  step: typeof terminalStep,
  text: typeof terminalText,
): void {
  const element = document.getElementById(program.elementId);
  if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  let capacity = capacityOf(window.innerHeight, program.timing);
  let state = initial(program.commands, capacity);
  window.addEventListener("resize", () => {
    capacity = capacityOf(window.innerHeight, program.timing);
  });
  const tick = () => {
    const result = step(state, program.commands, capacity, program.timing);
    state = result.state;
    element.textContent = text(state, program.commands);
    window.setTimeout(tick, result.delayMs);
  };
  element.textContent = text(state, program.commands);
  window.setTimeout(tick, program.timing.charMs);
}

export const terminalElementId = "terminal-text";

/** The inline script of the home page (a few KB, no imports). */
export function terminalScript(commands: string[] = terminalCommands, timing: TerminalTiming = terminalTiming): string {
  const program: TerminalProgram = { commands, timing, elementId: terminalElementId };
  const json = JSON.stringify(program).replace(/</g, "\\u003c");
  return `(${runTerminal.toString()})(${json},${lineCapacity.toString()},${initialTerminalState.toString()},${terminalStep.toString()},${terminalText.toString()});`;
}
