/** URLs of the small browser modules for non-hydrated pages (built by the plugin in vite.config.ts). */
import urls from "virtual:public-scripts";

export function publicScriptUrl(name: keyof typeof urls): string {
  return urls[name];
}
