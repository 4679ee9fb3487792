/**
 * The back-office pages the layout test (tests/e2e/admin-layout.test.ts) checks at every size in
 * `adminLayoutViewports`. A new admin page adds its path here.
 */
export const adminLayoutPaths: readonly string[] = [
  "/admin/dashboard",
  "/admin/customers",
  "/admin/projects",
  "/admin/invoices",
  "/admin/spam",
  "/admin/bookings",
  "/admin/site/portfolio",
  "/admin/settings/team",
  "/admin/settings/security",
  "/admin/notices",
];

/** Back-office pages that are not lists (no row actions): the layout test checks their header and width. */
export const adminPagesWithoutRows: readonly string[] = [
  "/admin/reports",
  "/admin/site/pricing",
  "/admin/bookings/availability",
];

export const adminLayoutViewports = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;
