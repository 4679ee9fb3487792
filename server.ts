/**
 * Starts the server: `node server.ts` serves the production build,
 * `node server.ts --dev` runs Vite in middleware mode with hot reload.
 * Both read `.env` first (server/env-file.ts).
 */
import { loadEnvFileOrExit } from "./server/env-file.ts";

// `.env` first (variables already set win), so the configuration sees it
loadEnvFileOrExit();

const dev = process.argv.includes("--dev");

if (dev) {
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const mod = await vite.ssrLoadModule("/server/app.ts");
  await mod.main({
    build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
    devMiddleware: vite.middlewares,
    onClose: () => vite.close(),
  });
} else {
  const entry = new URL("./build/server/index.js", import.meta.url).href;
  const mod = await import(entry);
  await mod.main();
}
