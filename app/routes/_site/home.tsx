import { getApp } from "#app/context.server.ts";
import { listFeaturedTestimonials } from "#app/models/testimonials.server.ts";
import type { Route } from "./+types/home";
import { HomePage } from "./home-page.tsx";
import { sitePageMeta } from "./seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    path: "/",
    title: "{studio} | Custom websites and web applications",
    description:
      "We dream, design and develop custom websites and web applications that work hard for your business: functionality and purpose over design alone.",
  });

/** The testimonials the owner picked for the home page (at most three, each one the site may show: ADR 0059). */
export async function loader({ context }: Route.LoaderArgs) {
  return { testimonials: await listFeaturedTestimonials(getApp(context).database.db) };
}

/** The home page (./home-page.tsx), with the testimonials the owner picked. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage testimonials={loaderData.testimonials} />;
}
