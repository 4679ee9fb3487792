import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("contact/send", "routes/contact-send.ts"),
  layout("routes/_site/layout.tsx", [
    index("routes/_site/home.tsx"),
    route("portfolio", "routes/_site/portfolio.tsx"),
    route("pricing", "routes/_site/pricing.tsx"),
    route("about", "routes/_site/about.tsx"),
    route("contact", "routes/_site/contact.tsx"),
    route("*", "routes/_site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
