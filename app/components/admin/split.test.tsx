import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderOptions, splitComponent } from "#app/components/admin/split.tsx";

function Greeting({ name }: { name: string }) {
  return <p data-piece>Hello {name}</p>;
}

const fieldNames = Array.from({ length: 400 }, (_, i) => `field-${i}`);

/** Larger than React's default progressive chunk (12.8 KB), as a dialog with its form is. */
function LongForm() {
  return (
    <form data-long>
      {fieldNames.map((name) => (
        <input key={name} name={name} aria-label={`The long form's ${name}`} />
      ))}
    </form>
  );
}

/** Renders as the app's server does for a browser: the HTML written once the shell is ready. */
function renderShell(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => {
      html += chunk.toString("utf8");
    });
    const stream = renderToPipeableStream(element, {
      ...renderOptions,
      onShellReady() {
        stream.pipe(sink);
        // what is written at once: a piece still loading would be a fallback here and arrive later
        setImmediate(() => resolve(html));
      },
      onShellError: reject,
    });
  });
}

describe("splitComponent", () => {
  it("is rendered in place in the server's first HTML once its chunk has loaded (works without JavaScript)", async () => {
    let loads = 0;
    const Split = splitComponent(async () => {
      loads += 1;
      return Greeting;
    });
    await Split.preload(); // the server started it when the module loaded
    const html = await renderShell(
      <main>
        <Split name="Ada" />
      </main>,
    );
    // a completed boundary in place: no fallback, nothing streamed later for a script to reveal
    expect(html).toContain('<main><!--$--><p data-piece="true">Hello <!-- -->Ada</p><!--/$--></main>');
    await Split.preload();
    expect(loads).toBe(1);
  });

  it("keeps a large piece in place too (React would stream a boundary over 12.8 KB after the shell)", async () => {
    const Split = splitComponent(async () => LongForm);
    await Split.preload();
    const html = await renderShell(
      <main>
        <Split />
      </main>,
    );
    expect(html.length).toBeGreaterThan(20_000);
    expect(html.startsWith("<main><!--$--><form data-long")).toBe(true);
    expect(html).not.toContain("<template");
  });

  it("is a fallback in the first HTML while its chunk is still loading", async () => {
    const Split = splitComponent(() => new Promise<typeof Greeting>(() => {}));
    const html = await renderShell(
      <main>
        <Split name="Ada" />
      </main>,
    );
    expect(html).toContain("<!--$?-->");
    expect(html).not.toContain("Hello");
  });

  it("starts loading on the server as soon as it is made", async () => {
    let loads = 0;
    splitComponent(async () => {
      loads += 1;
      return Greeting;
    });
    expect(loads).toBe(1);
  });

  it("tries a failed load again instead of keeping the failure", async () => {
    let attempts = 0;
    const Split = splitComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("chunk not found");
      return Greeting;
    });
    await new Promise((settle) => setImmediate(settle)); // the load started on creation has failed
    await expect(Split.preload()).resolves.toBe(Greeting);
    expect(attempts).toBe(2);
  });
});
