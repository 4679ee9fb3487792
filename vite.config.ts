import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  environments: {
    // The server build starts from our Express app (server/app.ts), which wraps
    // the React Router handler; everything it imports is bundled.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  ssr: {
    // Bundling drizzle avoids Node's slow package.json reads at start-up (DESIGN section 8).
    noExternal: ["drizzle-orm"],
  },
  plugins: [tailwindcss(), reactRouter()],
});
