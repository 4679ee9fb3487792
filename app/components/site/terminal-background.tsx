import { InlineScript } from "#app/components/inline-script.tsx";
import { terminalElementId, terminalScript } from "#app/components/site/terminal-script.ts";
import { staticTerminalText } from "#app/domain/terminal.ts";

const script = terminalScript();
const initialText = staticTerminalText();

/**
 * The home page's decorative terminal. The server renders a full static screen
 * (the first paint needs no script; it stays static under reduced motion); the
 * inline script then types into a fixed-size, absolutely positioned box that is
 * its own compositing layer (`will-change: transform`) and contains its layout,
 * style and paint (`contain: strict`): a typed character lays out and repaints
 * that box alone, never the page, and the page never shifts. Off screen
 * (`content-visibility: auto`) the box is not rendered at all.
 */
export function TerminalBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-0 overflow-hidden select-none">
      <pre
        id={terminalElementId}
        className="absolute inset-x-0 top-16 bottom-0 overflow-hidden [contain:strict] [content-visibility:auto] will-change-transform px-5 font-mono text-[13px] leading-[25px] text-[var(--color-accent)] opacity-20 md:px-10 md:text-[15px] md:opacity-30"
      >
        {initialText}
      </pre>
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_30%_40%,rgb(0_0_0/0.35),rgb(0_0_0/0.9)_75%)]" />
      <InlineScript code={script} />
    </div>
  );
}
