import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/_site/layout.tsx", [index("routes/_site/home.tsx"), route("*", "routes/_site/not-found.tsx")]),
] satisfies RouteConfig;
