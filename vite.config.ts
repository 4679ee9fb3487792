import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin } from "vite";

/**
 * Small browser modules for pages that are not hydrated (ADR 0009). Each is bundled on its own, in a
 * build of its own (one file, its imports inlined and tree-shaken for it alone), so the public page
 * never downloads what the back office's code adds to shared chunks (zod's core is one module: a
 * shared chunk carries every part any admin schema uses). `virtual:public-scripts` tells the server
 * each URL (the source path in development, the hashed file in production).
 */
const publicScripts = {
  "contact-form": "app/browser/contact-form.ts",
  "view-beacon": "app/browser/view-beacon.ts",
  "proposal-choice": "app/browser/proposal-choice.ts",
  "local-time": "app/browser/local-time.ts",
};
const publicScriptsManifest = "build/client/.vite/public-scripts.json";

function publicScriptsPlugin(entries: Record<string, string>): Plugin {
  const virtualId = "virtual:public-scripts";
  let command: "build" | "serve" = "serve";
  let root = process.cwd();
  return {
    name: "studio-public-scripts",
    configResolved(config) {
      command = config.command;
      root = config.root;
    },
    async generateBundle() {
      if (command !== "build" || this.environment.name !== "client") return;
      const urls: Record<string, string> = {};
      for (const [name, source] of Object.entries(entries)) {
        const output = await build({
          configFile: false,
          root,
          logLevel: "warn",
          build: {
            write: false,
            emptyOutDir: false,
            modulePreload: false,
            rollupOptions: {
              input: { [name]: path.resolve(root, source) },
              output: { format: "es", entryFileNames: "assets/[name]-[hash].js", codeSplitting: false },
            },
          },
        });
        const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
          "output" in result ? result.output : [],
        );
        const entry = chunks.find((chunk) => chunk.type === "chunk" && chunk.isEntry);
        if (entry?.type !== "chunk") throw new Error(`${source} built no entry chunk`);
        this.emitFile({ type: "asset", fileName: entry.fileName, source: entry.code });
        urls[name] = `/${entry.fileName}`;
      }
      this.emitFile({ type: "asset", fileName: ".vite/public-scripts.json", source: JSON.stringify(urls) });
    },
    resolveId(id) {
      return id === virtualId ? `\0${virtualId}` : undefined;
    },
    load(id) {
      if (id !== `\0${virtualId}`) return;
      const urls: Record<string, string> = {};
      if (command === "serve") {
        for (const [name, source] of Object.entries(entries)) urls[name] = `/${source}`;
      } else {
        // the client build runs first and writes the scripts' URLs (generateBundle above)
        const built = JSON.parse(readFileSync(path.resolve(root, publicScriptsManifest), "utf8")) as Record<
          string,
          string
        >;
        for (const name of Object.keys(entries)) {
          const url = built[name];
          if (!url) throw new Error(`${name} is missing from ${publicScriptsManifest}`);
          urls[name] = url;
        }
      }
      return `export default ${JSON.stringify(urls)};`;
    },
  };
}

export default defineConfig({
  build: { manifest: true },
  environments: {
    // The server build starts from our Express app (server/app.ts), which wraps
    // the React Router handler; everything it imports is bundled.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // The browser's chunks (ADR 0039). `manualPureFunctions`: a schema nobody in the browser uses can be
    // left out, as `z.…()` only builds a value (no zod call here registers anything); the bundler still
    // keeps one whose arguments call a helper, so list modules keep no schemas at all. The groups: the
    // framework, every lucide icon and the admin kit each in one chunk (the admin kit's modules and what
    // they import must stay schema-free), instead of some twenty files under 1 KB a page.
    client: {
      build: {
        rolldownOptions: {
          treeshake: { manualPureFunctions: ["z"] },
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
                {
                  name: "admin-kit",
                  test: /app[\\/](components[\\/]admin[\\/](shell|ui|icons|list|pager|data-table|badge|record-page|route-error|toaster|split|use-live-changes|form-buttons|confirm-dialog)\.tsx?|domain[\\/](enums|dates|money|csv|auth-messages|inbox|limits|sidebar|changes|toast|action-answer|studio|ids)\.ts)$|node_modules[\\/]sonner[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
  },
  ssr: {
    // Bundling drizzle avoids Node's slow package.json reads at start-up,
    // and React Email's components (ADR 0049): bundled, only those the mail layout uses are shipped; as a package
    // its barrel would load Tailwind (31 MB) and its `render` Prettier (12.5 MB) at the first mail
    noExternal: ["drizzle-orm", "lucide-react", "radix-ui", /^@radix-ui\//, "sonner", /^@react-email\//],
  },
  plugins: [tailwindcss(), reactRouter(), publicScriptsPlugin(publicScripts)],
});
