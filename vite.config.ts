import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Small browser modules for pages that are not hydrated (ADR 0009): each is
 * built as its own client chunk, and `virtual:public-scripts` tells the server
 * its URL (the source path in development, the hashed file in production).
 */
const publicScripts = { "contact-form": "app/client/contact-form.ts" };

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
    buildStart() {
      if (command !== "build" || this.environment.name !== "client") return;
      for (const [name, source] of Object.entries(entries)) {
        this.emitFile({ type: "chunk", id: path.resolve(root, source), name, preserveSignature: "strict" });
      }
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
        // the client build runs first and keeps its manifest (build.manifest below)
        const manifest = JSON.parse(
          readFileSync(path.resolve(root, "build/client/.vite/manifest.json"), "utf8"),
        ) as Record<string, { file: string }>;
        for (const [name, source] of Object.entries(entries)) {
          const entry = manifest[source];
          if (!entry) throw new Error(`${source} is missing from the client build manifest`);
          urls[name] = `/${entry.file}`;
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
  },
  ssr: {
    // Bundling drizzle avoids Node's slow package.json reads at start-up.
    noExternal: ["drizzle-orm", "lucide-react", "radix-ui", /^@radix-ui\//, "sonner"],
  },
  plugins: [tailwindcss(), reactRouter(), publicScriptsPlugin(publicScripts)],
});
