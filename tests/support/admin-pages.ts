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
  "/admin/proposals",
  "/admin/questionnaires",
  "/admin/time",
  "/admin/site/testimonials",
  "/admin/automations",
];

/**
 * Back-office pages without row actions (not lists, or a list that only reads: the audit log): the layout
 * test checks their header, their width and any table's cells.
 */
export const adminPagesWithoutRows: readonly string[] = [
  "/admin/audit",
  "/admin/reports",
  "/admin/site/pricing",
  "/admin/bookings/availability",
  "/admin/settings/emails",
  "/admin/reviews",
  "/admin/reports/profit",
  "/admin/site/texts",
  "/admin/reports/sources",
  "/admin/automations/new",
];

export const adminLayoutViewports = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;
