import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("contact/send", "routes/contact-send.ts"),
  // uploaded portfolio images (content-addressed, immutable)
  route("media/portfolio/:file", "routes/media-portfolio.ts"),
  // the client's link to an invoice or estimate (no account; the token is the key)
  route("i/:token", "routes/client-document.tsx"),
  route("i/:token/pdf", "routes/client-document-pdf.ts"),
  // the client portal (ADR 0034): ask for a link by email; a customer's portal (the token is the key)
  route("portal", "routes/portal-request.tsx"),
  route("portal/:token", "routes/portal.tsx"),
  // a deliverable of the client's project room: view, approve or ask changes (no account; ADR 0057)
  route("d/:token", "routes/client-deliverable.tsx"),
  route("d/:token/file", "routes/client-deliverable-file.ts"),
  // onboarding questionnaires: the portal's Open button (a fresh link), and the client's link (the token is the key)
  route("portal/:token/questionnaire", "routes/portal-questionnaire.ts"),
  route("q/:token", "routes/client-questionnaire.tsx"),
  // the client's testimonial form, from the request mailed once the project is completed (no account; ADR 0062)
  route("t/:token", "routes/client-testimonial.tsx"),
  route("stop-emails/:token", "routes/stop-emails.tsx"),
  // the view beacon of the client pages: a person had the page on screen (ADR 0034)
  route("viewed", "routes/view-beacon.ts"),
  // the client's link to a proposal: choose, sign or decline (no account; the token is the key)
  route("p/:token", "routes/client-proposal.tsx"),
  route("p/:token/pdf", "routes/client-proposal-pdf.ts"),
  // the one Pay entry (client page, email, portal, deposits): POST opens a Checkout session (ADR 0035)
  route("i/:token/pay", "routes/client-document.tsx", { id: "client-document-pay" }),
  // the payment provider's webhook (raw body, signature checked; no Origin check: server/app.ts)
  route("webhooks/stripe", "routes/webhooks-stripe.ts"),
  layout("routes/_site/layout.tsx", [
    index("routes/_site/home.tsx"),
    route("portfolio", "routes/_site/portfolio.tsx"),
    route("portfolio/samples/:slug", "routes/_site/portfolio-sample.tsx"),
    // a case study's page (ADR 0059), and the owner's preview of it in the site's frame (admins only)
    route("portfolio/:slug", "routes/_site/case-study.tsx"),
    route("admin/site/portfolio/:id/preview", "routes/_site/case-study-preview.tsx"),
    // the owner's unsaved site texts on their real page (ADR 0061; admins only, nothing saved)
    route("admin/site/texts/preview", "routes/_site/site-texts-preview.tsx"),
    route("pricing", "routes/_site/pricing.tsx"),
    route("about", "routes/_site/about.tsx"),
    route("contact", "routes/_site/contact.tsx"),
    // booking the free consultation, and the visitor's single-use link to cancel or move it
    route("book", "routes/_site/book.tsx"),
    route("book/manage/:token", "routes/_site/book-manage.tsx"),
    route("*", "routes/_site/not-found.tsx"),
  ]),
  // the customer's portal exactly as the client sees it (outside the back office's frame), for admins
  // only, never counted as the client's view (ADR 0057)
  route("admin/customers/:id/portal", "routes/admin/customers/portal-preview.tsx"),
  ...prefix("admin", [
    // open to everyone: signing out
    route("logout", "routes/admin/logout.tsx"),
    // every back-office page: the toast region and flash toasts
    layout("routes/admin/frame.tsx", [
      // open to everyone: signing in and the one-time first-admin set-up (useless without its token)
      route("login", "routes/admin/login.tsx"),
      route("login/verify", "routes/admin/login-verify.tsx"),
      route("login/passkey", "routes/admin/login-passkey.ts"),
      route("setup", "routes/admin/setup.tsx"),
      // open to everyone: accepting a team invitation (useless without its token; ADR 0026)
      route("invite/:token", "routes/admin/invite.tsx"),
      // everything else under /admin: the guarded back office
      layout("routes/admin/layout.tsx", [
        index("routes/admin/index.tsx"),
        // the contact submissions inbox
        route("dashboard", "routes/admin/inbox.tsx"),
        // the owner's figures: revenue, receivables, submissions per week, conversion, page views
        route("reports", "routes/admin/reports.tsx"),
        // profit by month, customer or kind of project, and its CSV (ADR 0058)
        route("reports/profit", "routes/admin/reports-profit.tsx"),
        route("reports/profit.csv", "routes/admin/export-profit.ts"),
        // where paying clients come from: visits to revenue per source, campaign or package, and its CSV (ADR 0060)
        route("reports/sources", "routes/admin/reports-sources.tsx"),
        route("reports/sources.csv", "routes/admin/export-sources.ts"),
        // invoices and estimates
        route("invoices", "routes/admin/invoices.tsx"),
        // CSV downloads of the lists, with the list page's filters (one module)
        route("invoices/export.csv", "routes/admin/export-invoices.ts"),
        route("customers/export.csv", "routes/admin/export-customers.ts"),
        route("dashboard/export.csv", "routes/admin/export-submissions.ts"),
        route("invoices/project-choices", "routes/admin/invoice-project-choices.ts"),
        route("invoices/:id", "routes/admin/invoice-editor.tsx"),
        route("invoices/:id/pdf", "routes/admin/invoice-print-view.tsx"),
        route("invoices/:id/send", "routes/admin/invoice-send.tsx"),
        route("invoices/:id.pdf", "routes/admin/invoice-pdf-file.ts"),
        // a signed proposal's or converted estimate's contract: its schedule, and invoices drawn from it (ADR 0043)
        route("contracts/:id", "routes/admin/contract.tsx"),
        route("settings/logo", "routes/admin/settings-logo.ts"),
        // a project room's stored file, for the owner (ADR 0056)
        route("files/:id", "routes/admin/stored-file.ts"),
        // proposals: package tiers, add-ons and an agreement the client signs (ADR 0033); new and edit share one module
        route("proposals", "routes/admin/proposals.tsx"),
        route("proposals/export.csv", "routes/admin/export-proposals.ts"),
        route("proposals/:id", "routes/admin/proposal-editor.tsx"),
        route("proposals/:id.pdf", "routes/admin/proposal-pdf-file.ts"),
        // suspected spam from the inquiry form: restore or delete for good
        route("spam", "routes/admin/spam.tsx"),
        // the free consultations booked on the site, and when they can be booked
        route("bookings", "routes/admin/bookings.tsx"),
        route("bookings/availability", "routes/admin/booking-settings.tsx"),
        // server-sent events for live lists (a resource route, guarded by the layout's middleware)
        route("events", "routes/admin/events.ts"),
        // the CRM; new and edit share one module each
        route("customers", "routes/admin/customers/list.tsx"),
        route("customers/new", "routes/admin/customers/form.tsx", { id: "customer-new" }),
        route("customers/:id", "routes/admin/customers/detail.tsx"),
        route("customers/:id/edit", "routes/admin/customers/form.tsx", { id: "customer-edit" }),
        route("customers/:id/automations", "routes/admin/customers/automations.ts"),
        route("projects", "routes/admin/projects/list.tsx"),
        route("projects/new", "routes/admin/projects/form.tsx", { id: "project-new" }),
        route("projects/:id", "routes/admin/projects/detail.tsx"),
        route("projects/:id/edit", "routes/admin/projects/form.tsx", { id: "project-edit" }),
        // the client's project room: phases, what we need, deliverables and answers (ADR 0057)
        route("projects/:id/room", "routes/admin/projects/room.tsx"),
        // time, rates, billing unbilled time, budget and profit of a project (ADR 0058)
        route("projects/:id/time", "routes/admin/projects/time.tsx"),
        // "Request a testimonial" on a completed project: mails the client the testimonial form (ADR 0062)
        route("projects/:id/testimonial-request", "routes/admin/projects/testimonial-request.ts"),
        route("projects/:id/automations", "routes/admin/projects/automations.ts"),
        // the signed-in person's timer and time (ADR 0058)
        route("time", "routes/admin/time.tsx"),
        route("settings", "routes/admin/settings.tsx"),
        route("settings/security", "routes/admin/settings-security.tsx"),
        route("settings/passkeys", "routes/admin/settings-passkeys.ts"),
        route("settings/emails", "routes/admin/settings-emails.tsx"),
        // the public site's content
        route("site/portfolio", "routes/admin/site-portfolio.tsx"),
        route("site/portfolio/edit", "routes/admin/site-portfolio-edit.tsx"),
        route("site/pricing", "routes/admin/site-pricing.tsx"),
        route("site/texts", "routes/admin/site-texts.tsx"),
        // what clients said: permission recorded, the home page's three (ADR 0059)
        route("site/testimonials", "routes/admin/site-testimonials.tsx"),
        // the team and the audit log (ADR 0026, 0027)
        route("settings/team", "routes/admin/settings-team.tsx"),
        route("audit", "routes/admin/audit.tsx"),
        // what asks for the owner's attention: disputes, online payments that could not be recorded (ADR 0041)
        route("notices", "routes/admin/notices.tsx"),
        // the automations engine's rules and every run (ADR 0063)
        route("automations", "routes/admin/automations.tsx"),
        route("automations/new", "routes/admin/automation-rule.tsx", { id: "automation-rule-new" }),
        route("automations/:id", "routes/admin/automation-rule.tsx", { id: "automation-rule-edit" }),
        // onboarding questionnaires: the builder, a sent copy (answers, history, reopen), the review queue
        route("questionnaires", "routes/admin/questionnaires.tsx"),
        route("questionnaires/:id", "routes/admin/questionnaire-editor.tsx"),
        route("questionnaires/sent/:id", "routes/admin/questionnaire-sent.tsx"),
        route("reviews", "routes/admin/reviews.tsx"),
        route("*", "routes/admin/not-found.tsx"),
      ]),
    ]),
  ]),
] satisfies RouteConfig;
