/**
 * Enumerations, with their labels.
 * The database enforces the same values (see app/db/schema.ts); this module
 * is the single source for both.
 */

export const customerTypes = [
  "business_owner",
  "business_manager",
  "company_representative",
  "marketing_director",
  "entrepreneur",
  "nonprofit_leader",
  "other",
] as const;
export type CustomerType = (typeof customerTypes)[number];
export const customerTypeLabels: Record<CustomerType, string> = {
  business_owner: "Business Owner",
  business_manager: "Business Manager",
  company_representative: "Company Representative",
  marketing_director: "Marketing Director",
  entrepreneur: "Entrepreneur",
  nonprofit_leader: "Nonprofit Leader",
  other: "Other",
};

/** Project types the public contact form offers, with their labels. */
export const formProjectTypes = ["quote", "contact", "consultation", "website", "webapp", "redesign"] as const;
/** Every project type a submission can carry; `demo` exists only in the admin label map. */
export const projectTypes = [...formProjectTypes, "demo"] as const;
export type ProjectType = (typeof projectTypes)[number];
export const projectTypeLabels: Record<ProjectType, string> = {
  quote: "Request a Quote",
  contact: "General Contact",
  consultation: "Free Consultation",
  website: "New Website",
  webapp: "Web Application",
  redesign: "Website Redesign",
  demo: "Demo Request",
};

export const budgetRanges = [
  "tbd",
  "under_500",
  "range_500_1000",
  "range_1000_2500",
  "range_2500_5000",
  "medium",
  "large",
  "enterprise",
] as const;
export type BudgetRange = (typeof budgetRanges)[number];
export const budgetRangeLabels: Record<BudgetRange, string> = {
  tbd: "To be determined",
  under_500: "Under $500",
  range_500_1000: "$500 - $1,000",
  range_1000_2500: "$1,000 - $2,500",
  range_2500_5000: "$2,500 - $5,000",
  medium: "$5,000 - $15,000",
  large: "$15,000 - $30,000",
  enterprise: "$30,000+",
};
export const budgetNotSpecified = "Not specified";

export const submissionStatuses = ["new", "in-progress", "completed", "archived"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];
export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  new: "New",
  "in-progress": "In Progress",
  completed: "Completed",
  archived: "Archived",
};

export const customerStatuses = ["prospect", "active", "inactive", "archived"] as const;
export type CustomerStatus = (typeof customerStatuses)[number];
export const customerStatusLabels: Record<CustomerStatus, string> = {
  prospect: "Prospect",
  active: "Active",
  inactive: "Inactive",
  archived: "Archived",
};

export const projectStatuses = ["quoted", "approved", "in_progress", "completed", "on_hold", "cancelled"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectStatusLabels: Record<ProjectStatus, string> = {
  quoted: "Quoted",
  approved: "Approved",
  in_progress: "In Progress",
  completed: "Completed",
  on_hold: "On Hold",
  cancelled: "Cancelled",
};

export const pricingModels = ["fixed", "hourly", "phased"] as const;
export type PricingModel = (typeof pricingModels)[number];
export const pricingModelLabels: Record<PricingModel, string> = {
  fixed: "Fixed Price",
  hourly: "Hourly",
  phased: "Phased",
};

/**
 * Money documents: invoices and estimates (made in the editor) and credit notes (issued from a sent
 * invoice, never edited; docs/decisions/0030-document-lifecycle.md).
 */
export const invoiceTypes = ["invoice", "estimate", "credit_note"] as const;
export type InvoiceType = (typeof invoiceTypes)[number];
export const invoiceTypeLabels: Record<InvoiceType, string> = {
  invoice: "Invoice",
  estimate: "Estimate",
  credit_note: "Credit Note",
};
/** The number sequences: one per document type, proposals included (PRO-0001). */
export const documentSequences = [...invoiceTypes, "proposal"] as const;
export type DocumentSequence = (typeof documentSequences)[number];
/** The types the editor makes. */
export const editableInvoiceTypes = ["invoice", "estimate"] as const;

/**
 * Stored statuses. `overdue` is never stored by this code: it is derived at query time (ADR 0014);
 * `accepted` and `declined` are estimate states (ADR 0015).
 */
export const invoiceStatuses = [
  "draft",
  "sent",
  "viewed",
  "paid",
  "partial",
  "overdue",
  "cancelled",
  "accepted",
  "declined",
] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  paid: "Paid",
  partial: "Partial",
  overdue: "Overdue",
  // the only way to cancel a document is to void it (ADR 0030): the owner's word for it
  cancelled: "Void",
  accepted: "Accepted",
  declined: "Declined",
};

/** How a payment was made. */
export const proposalStatuses = ["draft", "sent", "viewed", "signed", "declined", "revoked"] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];
/** what the lists show: a sent proposal past its expiry date reads "Expired" */
export type ProposalState = ProposalStatus | "expired";
export const proposalStateLabels: Record<ProposalState, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  signed: "Signed",
  declined: "Declined",
  revoked: "Revoked",
  expired: "Expired",
};

/**
 * How a payment was made. "customer_credit" is the customer's credit balance applied to an invoice
 * (ADR 0043): written only with its ledger entry, never picked in the payment form.
 */
export const paymentMethods = ["bank_transfer", "card", "cash", "check", "other", "customer_credit"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** The methods the owner records a payment (or a refund of credit) with. */
export const recordedPaymentMethods = [
  "bank_transfer",
  "card",
  "cash",
  "check",
  "other",
] as const satisfies readonly PaymentMethod[];
export type RecordedPaymentMethod = (typeof recordedPaymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  bank_transfer: "Bank transfer",
  card: "Card",
  cash: "Cash",
  check: "Check",
  other: "Other",
  customer_credit: "Customer credit",
};

export const interactionTypes = ["note"] as const;

export const roles = ["admin"] as const;

export const portfolioCategories = ["websites", "webapps"] as const;
export type PortfolioCategory = (typeof portfolioCategories)[number];
/** A portfolio card's category tag. */
export const portfolioCategoryLabels: Record<PortfolioCategory, string> = { websites: "Website", webapps: "Web App" };

/**
 * Where a testimonial's permission to publish was recorded: none (never shown on the site), the client's own
 * testimonial form, or the owner's note of where the client said yes (ADR 0059).
 */
export const testimonialPermissions = ["none", "client_form", "owner_note"] as const;
export type TestimonialPermission = (typeof testimonialPermissions)[number];

/**
 * Where an automation's run is (ADR 0063): due later, waiting for the owner's approval, done (sent), skipped with a
 * reason, or failed after its last retry (shown to the owner, never dropped).
 */
export const automationRunStatuses = ["scheduled", "waiting_approval", "sent", "skipped", "failed"] as const;
export type AutomationRunStatus = (typeof automationRunStatuses)[number];

/** Why a post of the inquiry form was kept as suspected spam (the back office's Spam view). */
const spamReasons = ["honeypot", "too-fast", "replayed-token", "invalid-token", "missing-token"] as const;
export type SpamReason = (typeof spamReasons)[number];
export const spamReasonLabels: Record<SpamReason, string> = {
  honeypot: "Hidden field filled in",
  "too-fast": "Sent too fast",
  "replayed-token": "Form sent many times",
  "invalid-token": "Forged form",
  "missing-token": "Sent without the form",
};

/** How often a recurring schedule (a retainer) invoices. */
export const scheduleFrequencies = ["week", "month", "quarter", "year"] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];
export const scheduleFrequencyLabels: Record<ScheduleFrequency, string> = {
  week: "Every week",
  month: "Every month",
  quarter: "Every quarter",
  year: "Every year",
};
/** The word after "per": "$49.00 per month". */
export const schedulePeriodNouns: Record<ScheduleFrequency, string> = {
  week: "week",
  month: "month",
  quarter: "quarter",
  year: "year",
};

/** Which day of the period: the start date's day (clamped in shorter months), or the month's last day. */
export const scheduleAnchors = ["date", "last_day"] as const;
export type ScheduleAnchor = (typeof scheduleAnchors)[number];
export const scheduleAnchorLabels: Record<ScheduleAnchor, string> = {
  date: "On the start date's day",
  last_day: "On the last day of the month",
};

export const scheduleStatuses = ["active", "paused", "ended"] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];
export const scheduleStatusLabels: Record<ScheduleStatus, string> = {
  active: "Active",
  paused: "Paused",
  ended: "Ended",
};

/** What a due period makes: a draft for review, or an invoice emailed at once (as Save & Send). */
export const scheduleModes = ["draft", "send"] as const;
export type ScheduleMode = (typeof scheduleModes)[number];
export const scheduleModeLabels: Record<ScheduleMode, string> = {
  draft: "Create a draft for review",
  send: "Send automatically",
};
