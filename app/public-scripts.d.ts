declare module "virtual:public-scripts" {
  /** URL of each browser module of vite.config.ts `publicScripts`, by name */
  const urls: Record<"contact-form" | "local-time" | "proposal-choice" | "view-beacon", string>;
  export default urls;
}
