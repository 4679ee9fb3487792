import type { Route } from "./+types/about";
import { AboutPage } from "./about-page.tsx";
import { sitePageMeta } from "./seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    path: "/about",
    title: "About | {studio}",
    description:
      "Functionality and purpose over design alone: how we work, what sets us apart and the four steps of every project.",
  });

/** The About page (./about-page.tsx). */
export default function About() {
  return <AboutPage />;
}
