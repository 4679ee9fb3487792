import { describe, expect, it } from "vitest";
import {
  initialTerminalState,
  lineCapacity,
  staticTerminalText,
  terminalCommands,
  terminalStep,
  terminalText,
  terminalTiming,
} from "#app/domain/terminal.ts";

describe("lineCapacity", () => {
  it("fits 25 px lines below the 64 px header", () => {
    expect(lineCapacity(864, terminalTiming)).toBe(32);
    expect(lineCapacity(888, terminalTiming)).toBe(32);
    expect(lineCapacity(889, terminalTiming)).toBe(33);
  });
  it("keeps at least one line on tiny windows", () => {
    expect(lineCapacity(50, terminalTiming)).toBe(1);
  });
});

describe("terminalStep", () => {
  const commands = ["ab", "c"];
  it("types one character every 60 ms and pauses 200 ms after a finished line", () => {
    let state = initialTerminalState(commands, 3);
    expect(state).toEqual({ lines: ["ab", "c"], next: 0, typed: 0 });
    const first = terminalStep(state, commands, 3, terminalTiming);
    expect(first).toEqual({ state: { lines: ["ab", "c"], next: 0, typed: 1 }, delayMs: 60 });
    const second = terminalStep(first.state, commands, 3, terminalTiming);
    expect(second.delayMs).toBe(200);
    expect(terminalText(second.state, commands)).toBe("ab\nc\nab\u2588");
    state = terminalStep(second.state, commands, 3, terminalTiming).state;
    // the finished line moved up, the oldest dropped: never more lines than fit
    expect(state).toEqual({ lines: ["c", "ab"], next: 1, typed: 0 });
  });

  it("cycles endlessly through the commands and never grows past the capacity", () => {
    let state = initialTerminalState(terminalCommands, 5);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      state = terminalStep(state, terminalCommands, 5, terminalTiming).state;
      seen.add(state.next);
      expect(state.lines.length).toBeLessThanOrEqual(4);
      expect(terminalText(state, terminalCommands).split("\n").length).toBeLessThanOrEqual(5);
    }
    expect(seen.size).toBe(terminalCommands.length);
  });

  it("works with a capacity of one line", () => {
    const result = terminalStep({ lines: [], next: 1, typed: 1 }, commands, 1, terminalTiming);
    expect(result.state).toEqual({ lines: [], next: 0, typed: 0 });
  });
});

it("renders a static screen for the server", () => {
  expect(staticTerminalText(3, ["a", "b"])).toBe("a\nb\na");
});
