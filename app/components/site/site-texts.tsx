/**
 * The site's own words as the pages show them (app/domain/site-texts.ts): the layout provides the saved texts, or
 * an owner's unsaved ones on the preview page (ADR 0061), so every page and the footer read them one way.
 */
import { createContext, useContext } from "react";
import { defaultSiteTexts, type SiteTexts } from "#app/domain/site-texts.ts";

const SiteTextsContext = createContext<SiteTexts | null>(null);

export const SiteTextsProvider = SiteTextsContext;

/** The texts the page shows (the specification's words outside the site's layout). */
export function useSiteTexts(): SiteTexts {
  return useContext(SiteTextsContext) ?? defaultSiteTexts();
}
