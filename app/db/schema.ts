/**
 * The one database schema (PostgreSQL; PGlite runs the same SQL).
 * Enumerations come from app/domain/enums.ts and lengths from app/domain/limits.ts,
 * so the database refuses anything the forms would refuse.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { type SourceCorrection, type Touches, touchLimits } from "#app/domain/attribution.ts";
import { type RuleStep, type RuleTrigger, ruleSteps, ruleTriggers } from "#app/domain/automation-rules.ts";
import { caseStudyLimits } from "#app/domain/case-studies.ts";
import { type InstallmentBasis, installmentKinds } from "#app/domain/contracts.ts";
import { type CreditEntryKind, creditEntryKinds } from "#app/domain/customer-credit.ts";
import type { DocumentSnapshot } from "#app/domain/document-lifecycle.ts";
import {
  automationRunStatuses,
  type BudgetRange,
  budgetRanges,
  type CustomerStatus,
  customerStatuses,
  customerTypes,
  documentSequences,
  interactionTypes,
  invoiceStatuses,
  invoiceTypes,
  type ProjectType,
  paymentMethods,
  portfolioCategories,
  projectStatuses,
  projectTypes,
  proposalStatuses,
  roles,
  scheduleAnchors,
  scheduleFrequencies,
  scheduleModes,
  scheduleStatuses,
  submissionStatuses,
  testimonialPermissions,
} from "#app/domain/enums.ts";
import type { LineKind } from "#app/domain/invoice-form.ts";
import { limits } from "#app/domain/limits.ts";
import { type DeliverableAnswer, phaseStatuses, roomLimits } from "#app/domain/project-room.ts";
import type { DepositKind, ProposalOptions } from "#app/domain/proposals.ts";
import type { ProviderPaymentState } from "#app/domain/provider-payments.ts";
import type { Answers, Question, RecordField, RequestState, ReviewStatus } from "#app/domain/questionnaire-words.ts";
import {
  type bankDecisions,
  expenseCategories,
  expenseLimits,
  roundingIncrements,
  timeLimits,
} from "#app/domain/time-tracking.ts";

export const customerTypeEnum = pgEnum("customer_type", customerTypes);
export const projectTypeEnum = pgEnum("project_type", projectTypes);
export const budgetRangeEnum = pgEnum("budget_range", budgetRanges);
export const submissionStatusEnum = pgEnum("submission_status", submissionStatuses);
export const customerStatusEnum = pgEnum("customer_status", customerStatuses);
export const projectStatusEnum = pgEnum("project_status", projectStatuses);
export const invoiceTypeEnum = pgEnum("invoice_type", invoiceTypes);
export const invoiceStatusEnum = pgEnum("invoice_status", invoiceStatuses);
export const scheduleFrequencyEnum = pgEnum("schedule_frequency", scheduleFrequencies);
export const scheduleAnchorEnum = pgEnum("schedule_anchor", scheduleAnchors);
export const scheduleStatusEnum = pgEnum("schedule_status", scheduleStatuses);
export const scheduleModeEnum = pgEnum("schedule_mode", scheduleModes);
export const interactionTypeEnum = pgEnum("interaction_type", interactionTypes);
export const roleEnum = pgEnum("role", roles);
export const portfolioCategoryEnum = pgEnum("portfolio_category", portfolioCategories);
export const testimonialPermissionEnum = pgEnum("testimonial_permission", testimonialPermissions);
export const automationRunStatusEnum = pgEnum("automation_run_status", automationRunStatuses);

/** money: numeric(12,2); read as a string, converted with app/domain/money.ts */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** char_length(column) <= max, named after the table and column */
function maxLength(table: string, column: SQL, columnName: string, max: number) {
  return check(`${table}_${columnName}_length`, sql`char_length(${column}) <= ${sql.raw(String(max))}`);
}
function nonNegative(table: string, column: SQL, columnName: string) {
  return check(`${table}_${columnName}_non_negative`, sql`${column} >= 0`);
}
function trigram(name: string, column: SQL) {
  return index(name).using("gin", sql`${column} gin_trgm_ops`);
}
/**
 * Every one- and two-character piece of a lower-cased search text (`short_grams`, an SQL function of
 * the migrations), kept by the database: a search of one or two characters (which no trigram index
 * serves) finds a rare pair through this column's GIN index (`shortGrams`), ADR 0051.
 */
function shortGramsColumn(name: string, searched: string) {
  return text(name)
    .array()
    .generatedAlwaysAs(sql.raw(`short_grams(${searched})`));
}
function shortGramsIndex(name: string, column: AnyPgColumn) {
  return index(name).using("gin", column);
}

// ---------------------------------------------------------------- auth

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** stored lower-cased and trimmed */
    email: varchar("email", { length: limits.email }).notNull(),
    passwordHash: text("password_hash"),
    /** the name a team member gave when accepting an invitation (ADR 0026) */
    name: varchar("name", { length: limits.personName }),
    /** a disabled account cannot sign in and has no sessions (ADR 0026) */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), check("users_email_lower", sql`${t.email} = lower(${t.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the random token in the cookie; the token itself is never stored */
    id: varchar("id", { length: 64 }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: varchar("ip_address", { length: 64 }),
    userAgent: varchar("user_agent", { length: 500 }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Single-use tokens (password reset, first-admin set-up), stored as SHA-256 hashes only. */
export const authTokenPurposeEnum = pgEnum("auth_token_purpose", ["password_reset", "admin_setup", "invitation"]);
export const authTokens = pgTable(
  "auth_tokens",
  {
    /** SHA-256 (hex) of the token sent to the person */
    id: varchar("id", { length: 64 }).primaryKey(),
    purpose: authTokenPurposeEnum("purpose").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** invitation: the invited address, the roles it grants and who sent it (ADR 0026) */
    email: varchar("email", { length: limits.email }),
    roles: roleEnum("roles").array(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("auth_tokens_user_id_idx").on(t.userId)],
);

/** Security-relevant events: sign-in success and failure, resets, sign-out. Never passwords or tokens. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    event: varchar("event", { length: 50 }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    email: varchar("email", { length: limits.email }),
    ipAddress: varchar("ip_address", { length: 64 }),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("audit_log_user_id_idx").on(t.userId),
    // the audit page's keyset pagination, filtered by event (ADR 0027)
    index("audit_log_event_created_at_idx").on(t.event, t.createdAt.desc(), t.id.desc()),
  ],
);

// ---------------------------------------------------------------- infrastructure

/**
 * Fixed-window counters for rate limits (sign-in, reset, contact form), kept in
 * the database so a limit holds across app instances.
 */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: varchar("key", { length: 200 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_buckets_window_idx").on(t.windowStart)],
);

/** Every outgoing email goes through the outbox; a worker sends it (or keeps it, without SMTP). */
export const mailStatusEnum = pgEnum("mail_status", ["pending", "sent", "failed", "kept"]);
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: varchar("to", { length: limits.email }).notNull(),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    /**
     * What the mail says, as structure (domain/mail.ts `MailContent`, JSON; sealed like `text` when it
     * carries a secret): the mail worker renders the HTML part from it at delivery (ADR 0049)
     */
    content: text("content"),
    status: mailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_pending_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_created_at_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------- public content

export const portfolioItems = pgTable(
  "portfolio_items",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description").notNull(),
    category: portfolioCategoryEnum("category").notNull(),
    /** a site path: /images/portfolio/… (the seed's drawings) or /media/portfolio/{hash}-800.webp (uploads) */
    image: varchar("image", { length: limits.url }).notNull(),
    link: varchar("link", { length: limits.url }).notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** only published items show on /portfolio */
    published: boolean("published").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // ---- the case study (ADR 0059): an item with an address has a page of its own, /portfolio/{slug}
    slug: varchar("slug", { length: caseStudyLimits.slug }),
    /** the completed project it tells of (kept when the project goes: the story is the studio's) */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    problem: text("problem").notNull().default(""),
    built: text("built").notNull().default(""),
    /** one result per line */
    results: text("results").notNull().default(""),
    /** shown only while it may be (permission recorded, rating above 3): checked where it is read */
    testimonialId: integer("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("portfolio_items_slug_key").on(t.slug),
    maxLength("portfolio_items", sql`${t.problem}`, "problem", caseStudyLimits.problem),
    maxLength("portfolio_items", sql`${t.built}`, "built", caseStudyLimits.built),
    maxLength("portfolio_items", sql`${t.results}`, "results", caseStudyLimits.results),
  ],
);

/**
 * What clients said (ADR 0059). Shown on the site only with a recorded permission and a rating above 3 (or
 * none); the home page shows the ones the owner features, at most three (the model keeps the count).
 */
export const testimonials = pgTable(
  "testimonials",
  {
    id: serial("id").primaryKey(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    authorName: varchar("author_name", { length: caseStudyLimits.authorName }).notNull(),
    authorRole: varchar("author_role", { length: caseStudyLimits.authorRole }).notNull().default(""),
    quote: text("quote").notNull(),
    rating: smallint("rating"),
    permission: testimonialPermissionEnum("permission").notNull().default("none"),
    permissionNote: varchar("permission_note", { length: caseStudyLimits.permissionNote }).notNull().default(""),
    permissionAt: timestamp("permission_at", { withTimezone: true }),
    featured: boolean("featured").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxLength("testimonials", sql`${t.quote}`, "quote", caseStudyLimits.quote),
    check("testimonials_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check(
      "testimonials_featured_shown",
      sql`not ${t.featured} or (${t.permission} <> 'none' and (${t.rating} is null or ${t.rating} > 3))`,
    ),
  ],
);

/**
 * A request for a testimonial, mailed to the client of a completed project (ADR 0062): the link's token (only its
 * SHA-256), until when it works, and the answer it brought (a testimonial, whose permission is the client's own).
 */
export const testimonialRequests = pgTable(
  "testimonial_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    sentTo: varchar("sent_to", { length: 320 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    testimonialId: integer("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("testimonial_requests_token_hash_key").on(t.tokenHash),
    index("testimonial_requests_project_idx").on(t.projectId),
  ],
);

/** The owner's word on a built-in automation (ADR 0063): paused or not. A rule without a row runs. */
export const automationRules = pgTable("automation_rules", {
  key: varchar("key", { length: 60 }).primaryKey(),
  paused: boolean("paused").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * One run of an automation for one subject at one due time (ADR 0063): idempotent on (rule, subject, due time), so
 * two instances, a restart or a replay never do it twice; retried with backoff, then failed, and kept as history.
 */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rule: varchar("rule", { length: 60 }).notNull(),
    subjectType: varchar("subject_type", { length: 40 }).notNull(),
    subjectId: varchar("subject_id", { length: 80 }).notNull(),
    /** what the owner reads: the customer and the document or booking */
    subjectLabel: varchar("subject_label", { length: 300 }).notNull().default(""),
    /** the customer the run is for, when it has one: its "what happens next", its pause, its archive cancel */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** the project it is about, when there is one: the project's "what happens next", its pause, its completion */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** the owner approved a step that waits for approval; `edited`: the mail as they changed it */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    edited: jsonb("edited").$type<{ subject: string; body: string }>(),
    status: automationRunStatusEnum("status").notNull().default("scheduled"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: varchar("last_error", { length: 1000 }),
    reason: varchar("reason", { length: 300 }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("automation_runs_once").on(t.rule, t.subjectType, t.subjectId, t.dueAt),
    index("automation_runs_due_idx").on(t.status, t.nextAttemptAt, t.dueAt),
    index("automation_runs_created_idx").on(t.createdAt),
    index("automation_runs_customer_idx").on(t.customerId, t.dueAt),
    index("automation_runs_project_idx").on(t.projectId, t.dueAt),
  ],
);

/**
 * The owner's own automations (ADR 0063, app/domain/automation-rules.ts): a trigger and its days, an optional
 * minimum amount, one step (a mail to the client or a to-do) with its words, and whether it waits for approval.
 * Their pause is the `automation_rules` row of their key (`custom:{id}`), as a built-in rule's.
 */
export const automationCustomRules = pgTable(
  "automation_custom_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    trigger: varchar("trigger", { length: 40 }).$type<RuleTrigger>().notNull(),
    days: integer("days").notNull(),
    minAmount: money("min_amount"),
    /** conditions: only customers of this status; only inquiries of this project type or budget */
    customerStatus: varchar("customer_status", { length: 20 }).$type<CustomerStatus>(),
    projectType: varchar("project_type", { length: 40 }).$type<ProjectType>(),
    budgetRange: varchar("budget_range", { length: 40 }).$type<BudgetRange>(),
    step: varchar("step", { length: 20 }).$type<RuleStep>().notNull(),
    subject: varchar("subject", { length: 200 }).notNull(),
    body: text("body").notNull(),
    approval: boolean("approval").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "automation_custom_rules_trigger",
      sql`${t.trigger} in (${sql.raw(ruleTriggers.map((v) => `'${v}'`).join(", "))})`,
    ),
    check("automation_custom_rules_step", sql`${t.step} in (${sql.raw(ruleSteps.map((v) => `'${v}'`).join(", "))})`),
    maxLength("automation_custom_rules", sql`${t.body}`, "body", 4000),
  ],
);

/**
 * Addresses that asked for no more automatic mail (the link in every automation's mail): an owner's automation
 * skips them with the reason. Invoices, receipts and what the owner sends by hand still go. Lower case.
 */
export const mailOptOuts = pgTable("mail_opt_outs", {
  email: varchar("email", { length: 255 }).primaryKey(),
  createdAt: createdAt(),
});

/** A project whose automations the owner paused: as a customer's (`automation_holds`), for one project. */
export const automationProjectHolds = pgTable("automation_project_holds", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * A customer whose automations the owner paused (ADR 0063): their runs wait, scheduled, until the owner resumes;
 * the rest of the studio's automations go on.
 */
export const automationHolds = pgTable("automation_holds", {
  customerId: uuid("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const pricingPackages = pgTable("pricing_packages", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull(),
  price: varchar("price", { length: 100 }).notNull(),
  description: text("description").notNull(),
  features: jsonb("features").$type<string[]>().notNull(),
  ctaLabel: varchar("cta_label", { length: 100 }).notNull(),
  highlighted: boolean("highlighted").notNull().default(false),
  highlightLabel: varchar("highlight_label", { length: 40 }).notNull().default("Most Popular"),
  sortOrder: integer("sort_order").notNull().default(0),
  /**
   * the onboarding questionnaire sent when a proposal is signed for this package's tier and the proposal
   * names none itself (never shown on the public page)
   */
  questionnaireId: uuid("questionnaire_id").references((): AnyPgColumn => questionnaires.id, {
    onDelete: "set null",
  }),
});

/** First-party, cookieless page-view counts: one row per path per day, no visitor data. */
export const pageViews = pgTable(
  "page_views",
  {
    path: varchar("path", { length: 200 }).notNull(),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.path, t.day] }), index("page_views_day_idx").on(t.day)],
);

// ---------------------------------------------------------------- contact submissions and CRM

/**
 * What the inbox searches: name, email and business in one lower-cased text. The list's query
 * uses this same expression, so its trigram index serves `like '%…%'` (three characters or more).
 */
export function submissionSearchText(t: { name: AnyPgColumn; email: AnyPgColumn; businessName: AnyPgColumn }): SQL {
  return sql`lower(${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.businessName}, ''))`;
}

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: limits.fullName }).notNull(),
    email: varchar("email", { length: limits.email }).notNull(),
    phoneNumber: varchar("phone_number", { length: limits.phoneMax }),
    customerType: customerTypeEnum("customer_type"),
    businessName: varchar("business_name", { length: limits.businessName }),
    existingWebsiteUrl: varchar("existing_website_url", { length: limits.url }),
    projectType: projectTypeEnum("project_type").notNull(),
    budgetRange: budgetRangeEnum("budget_range"),
    /** the pricing package the visitor chose (its name when sent: a package renamed or removed later keeps it) */
    packageName: varchar("package_name", { length: 100 }),
    /** where the visitor came from: the first and last touch of their visit cookie, null when none (ADR 0060) */
    touches: jsonb("touches").$type<Touches>(),
    /** the owner's correction of the source, kept apart from the measured touches (ADR 0060) */
    sourceCorrection: jsonb("source_correction").$type<SourceCorrection>(),
    message: text("message").notNull(),
    status: submissionStatusEnum("status").notNull().default("new"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // the search text's pieces of one and two characters (the expression of submissionSearchText)
    searchGrams: shortGramsColumn(
      "search_grams",
      `lower("name" || ' ' || "email" || ' ' || coalesce("business_name", ''))`,
    ),
  },
  (t) => [
    maxLength("contact_submissions", sql`${t.message}`, "message", limits.message),
    maxLength("contact_submissions", sql`${t.notes}`, "notes", limits.notes),
    check("contact_submissions_phone_min", sql`char_length(${t.phoneNumber}) >= ${sql.raw(String(limits.phoneMin))}`),
    index("contact_submissions_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // the inbox pages: one status (and type), newest first, ties broken by id. Index columns are
    // DESC NULLS FIRST to match `order by x desc` exactly, or PostgreSQL sorts instead of reading the index.
    index("contact_submissions_status_created_at_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("contact_submissions_status_type_idx").on(
      t.status,
      t.projectType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // the inbox's search (name, email or business): one lower-cased expression, as the customers list does
    trigram("contact_submissions_search_trgm", submissionSearchText(t)),
    shortGramsIndex("contact_submissions_search_grams_idx", t.searchGrams),
  ],
);

/**
 * Posts of the inquiry form that look automated (honeypot filled, sent faster than a person
 * types, a replayed or forged form token). Kept for the owner's review, out of the inbox and
 * its counts, for 30 days; the owner restores one (it becomes a submission) or deletes it.
 */
export const suspectedSpam = pgTable(
  "suspected_spam",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reason: varchar("reason", { length: 30 }).notNull(),
    /** the posted text fields, each cut to its form limit */
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("suspected_spam_created_at_idx").on(t.createdAt.desc().nullsFirst())],
);

/**
 * Submissions per status, kept exact by a trigger on contact_submissions
 * (statement triggers in drizzle/0003_submission_counts.sql), so the inbox counts cost one tiny read
 * instead of a scan of every submission.
 */
export const contactSubmissionCounts = pgTable("contact_submission_counts", {
  status: submissionStatusEnum("status").primaryKey(),
  total: integer("total").notNull().default(0),
});

/**
 * What the customers list searches: name, email and business in one lower-cased text. The
 * list's query uses this same expression, so its trigram index serves `like '%…%'`.
 */
export function customerSearchText(t: { name: AnyPgColumn; email: AnyPgColumn; businessName: AnyPgColumn }): SQL {
  return sql`lower(${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.businessName}, ''))`;
}

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: limits.personName }).notNull(),
    email: varchar("email", { length: limits.email }).notNull(),
    phoneNumber: varchar("phone_number", { length: limits.phoneMax }),
    businessName: varchar("business_name", { length: limits.businessName }),
    websiteUrl: varchar("website_url", { length: limits.url }),
    billingAddress: varchar("billing_address", { length: limits.address }),
    taxId: varchar("tax_id", { length: limits.taxId }),
    paymentTerms: integer("payment_terms").notNull().default(30),
    /** billed time is rounded up to this many minutes on the invoice line (0: not rounded; ADR 0058) */
    timeRoundingMinutes: smallint("time_rounding_minutes").notNull().default(0),
    status: customerStatusEnum("status").notNull().default("prospect"),
    notes: text("notes"),
    contactSubmissionId: uuid("contact_submission_id").references(() => contactSubmissions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // the search text's pieces of one and two characters (the expression of customerSearchText)
    searchGrams: shortGramsColumn(
      "search_grams",
      `lower("name" || ' ' || "email" || ' ' || coalesce("business_name", ''))`,
    ),
  },
  (t) => [
    nonNegative("customers", sql`${t.paymentTerms}`, "payment_terms"),
    check("customers_time_rounding", sql`${t.timeRoundingMinutes} in (${sql.raw(roundingIncrements.join(", "))})`),
    maxLength("customers", sql`${t.notes}`, "notes", limits.notes),
    uniqueIndex("customers_contact_submission_id_key").on(t.contactSubmissionId),
    // the list: newest first, ties broken by id, optionally one status (DESC NULLS FIRST matches `order by … desc`)
    index("customers_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("customers_status_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("customers_name_idx").on(t.name),
    trigram("customers_name_trgm", sql`${t.name}`),
    trigram("customers_email_trgm", sql`${t.email}`),
    trigram("customers_business_name_trgm", sql`${t.businessName}`),
    // the list's search (name, email or business) and the projects list's customer-name search:
    // one lower-cased expression each, so a rare match is an index lookup instead of a scan
    trigram("customers_search_trgm", customerSearchText(t)),
    trigram("customers_name_lower_trgm", sql`lower(${t.name})`),
    shortGramsIndex("customers_search_grams_idx", t.searchGrams),
  ],
);

export const customerInteractions = pgTable(
  "customer_interactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    interactionType: interactionTypeEnum("interaction_type").notNull().default("note"),
    subject: varchar("subject", { length: limits.subject }).notNull(),
    description: text("description"),
    interactionDate: timestamp("interaction_date", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    maxLength("customer_interactions", sql`${t.description}`, "description", limits.longText),
    index("customer_interactions_customer_date_idx").on(t.customerId, t.interactionDate.desc().nullsFirst()),
  ],
);

/** pricing_details: a package's price range and what it includes */
export type PricingDetails = {
  type: "fixed" | "hourly" | "phased";
  /** `hours`: the phase's estimated hours (decimal), when the owner gave them (ADR 0058) */
  phases: { id: string; name: string; price: number | null; hours?: number | null }[];
  recurring_fees: { id: string; name: string; amount: number | null }[];
};

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    projectName: varchar("project_name", { length: limits.projectName }).notNull(),
    description: text("description"),
    projectType: varchar("project_type", { length: limits.projectType }),
    status: projectStatusEnum("status").notNull().default("quoted"),
    startDate: date("start_date"),
    endDate: date("end_date"),
    fixedPrice: money("fixed_price"),
    hourlyRate: money("hourly_rate"),
    estimatedHours: numeric("estimated_hours", { precision: 10, scale: 2 }),
    notes: text("notes"),
    pricingDetails: jsonb("pricing_details").$type<PricingDetails>(),
    /** the project room's phases shown in the client's portal (off until the owner turns it on) */
    roomVisible: boolean("room_visible").notNull().default(false),
    /** the hours logged shown in the client's portal with the room (off until the owner turns it on; ADR 0058) */
    roomHoursVisible: boolean("room_hours_visible").notNull().default(false),
    /** a retainer's hour bank: the minutes its monthly fee includes (null: none; ADR 0058) */
    hourBankMinutes: integer("hour_bank_minutes"),
    /** when it was last completed (null while not completed): the "project completed" automations count from it */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // the lower-cased name's pieces of one and two characters
    nameGrams: shortGramsColumn("name_grams", `lower("project_name")`),
  },
  (t) => [
    nonNegative("projects", sql`${t.fixedPrice}`, "fixed_price"),
    nonNegative("projects", sql`${t.hourlyRate}`, "hourly_rate"),
    nonNegative("projects", sql`${t.estimatedHours}`, "estimated_hours"),
    nonNegative("projects", sql`${t.hourBankMinutes}`, "hour_bank_minutes"),
    maxLength("projects", sql`${t.description}`, "description", limits.longText),
    maxLength("projects", sql`${t.notes}`, "notes", limits.notes),
    index("projects_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("projects_status_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("projects_customer_id_idx").on(t.customerId, t.createdAt.desc().nullsFirst()),
    trigram("projects_project_name_trgm", sql`${t.projectName}`),
    trigram("projects_project_name_lower_trgm", sql`lower(${t.projectName})`),
    shortGramsIndex("projects_name_grams_idx", t.nameGrams),
  ],
);

/**
 * Retainers (ADR 0031): a project's recurring fees invoiced every week, month, quarter or year.
 * `next_due` is the date of the next period not yet invoiced; a project has at most one schedule
 * that is not ended. The invoices it made carry (schedule_id, period_start), unique.
 */
export const recurringSchedules = pgTable(
  "recurring_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    frequency: scheduleFrequencyEnum("frequency").notNull(),
    anchor: scheduleAnchorEnum("anchor").notNull().default("date"),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    status: scheduleStatusEnum("status").notNull().default("active"),
    mode: scheduleModeEnum("mode").notNull().default("draft"),
    /** the next period to invoice; null once none is left before the end date */
    nextDue: date("next_due"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("recurring_schedules_end_after_start", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check("recurring_schedules_last_day_monthly", sql`${t.anchor} <> 'last_day' or ${t.frequency} <> 'week'`),
    uniqueIndex("recurring_schedules_project_open_key").on(t.projectId).where(sql`${t.status} <> 'ended'`),
    index("recurring_schedules_customer_id_idx").on(t.customerId),
    // the job's candidates: active schedules by their next date
    index("recurring_schedules_due_idx").on(t.nextDue).where(sql`${t.status} = 'active'`),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceNumber: varchar("invoice_number", { length: limits.invoiceNumber }).notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    projectId: uuid("project_id").references(() => projects.id),
    invoiceType: invoiceTypeEnum("invoice_type").notNull().default("invoice"),
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date"),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    discountAmount: money("discount_amount").notNull().default("0"),
    subtotal: money("subtotal").notNull().default("0"),
    taxAmount: money("tax_amount").notNull().default("0"),
    totalAmount: money("total_amount").notNull().default("0"),
    balanceDue: money("balance_due").notNull().default("0"),
    amountPaid: money("amount_paid").notNull().default("0"),
    notes: text("notes"),
    terms: text("terms"),
    status: invoiceStatusEnum("status").notNull().default("draft"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** the client's first view on the client link (never the owner's previews) */
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    /** estimates (ADR 0015): when the client (or the owner for them) accepted or declined */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    /** the name the client typed as a signature when accepting */
    acceptedByName: varchar("accepted_by_name", { length: limits.personName }),
    /** payment reminders by email for this invoice (Settings hold the schedule) */
    remindersEnabled: boolean("reminders_enabled").notNull().default(true),
    /** an invoice made from an estimate: the estimate (unique, so an estimate converts once) */
    sourceEstimateId: uuid("source_estimate_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "set null",
    }),
    /** a credit note: the invoice it credits (ADR 0030) */
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoices.id),
    /** an invoice: the sum of its credit notes (balance due = total - amount paid - amount credited) */
    amountCredited: money("amount_credited").notNull().default("0"),
    /** void: cancelled on purpose, with the reason; the number and the content stay (ADR 0030) */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
    /** an online payment of it is disputed and the dispute is open (ADR 0041); null when none is */
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    /** the version: 1, then one more with each revision of a sent document (ADR 0030) */
    revision: integer("revision").notNull().default(1),
    /** made from tracked time (ADR 0058): the PDF ends with the timesheet of the entries it bills */
    timesheetAppendix: boolean("timesheet_appendix").notNull().default(false),
    /** made by a retainer (ADR 0031): its schedule and the period's date; one invoice per (schedule, period) */
    scheduleId: uuid("schedule_id").references((): AnyPgColumn => recurringSchedules.id, { onDelete: "set null" }),
    periodStart: date("period_start"),
    /**
     * drawn from a contract's schedule (ADR 0043): the contract and the installment it bills; one live
     * (not void) invoice per installment
     */
    contractId: uuid("contract_id").references((): AnyPgColumn => contracts.id),
    contractInstallmentId: uuid("contract_installment_id").references((): AnyPgColumn => contractInstallments.id, {
      onDelete: "set null",
    }),
    /**
     * What a search of one or two characters reads (ADR 0036): the number, the customer's name and
     * business, each lower-cased, joined by a line break (a trimmed term of two characters cannot hold
     * one, so a match lies within one of them). Written by triggers, never by the app: on an invoice's
     * insert or a change of its number or customer, and on a customer's rename
     * (drizzle/0024_invoice_search_text_triggers.sql).
     */
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // search_text's pieces of one and two characters
    searchGrams: shortGramsColumn("search_grams", `"search_text"`),
  },
  (t) => [
    uniqueIndex("invoices_invoice_number_key").on(t.invoiceNumber),
    uniqueIndex("invoices_schedule_period_key").on(t.scheduleId, t.periodStart),
    check("invoices_schedule_period", sql`(${t.scheduleId} is null) or (${t.periodStart} is not null)`),
    index("invoices_credited_invoice_id_idx").on(t.creditedInvoiceId),
    check(
      "invoices_credit_note_link",
      sql`(${t.invoiceType}::text = 'credit_note') = (${t.creditedInvoiceId} is not null)`,
    ),
    check("invoices_void_reason", sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
    nonNegative("invoices", sql`${t.amountCredited}`, "amount_credited"),
    maxLength("invoices", sql`${t.voidReason}`, "void_reason", limits.changeReason),
    uniqueIndex("invoices_source_estimate_id_key").on(t.sourceEstimateId),
    uniqueIndex("invoices_contract_installment_live_key").on(t.contractInstallmentId).where(sql`${t.voidedAt} is null`),
    index("invoices_contract_id_idx").on(t.contractId),
    check("invoices_installment_of_contract", sql`${t.contractInstallmentId} is null or ${t.contractId} is not null`),
    maxLength("invoices", sql`${t.acceptedByName}`, "accepted_by_name", limits.personName),
    check("invoices_tax_rate_range", sql`${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
    nonNegative("invoices", sql`${t.discountAmount}`, "discount_amount"),
    nonNegative("invoices", sql`${t.amountPaid}`, "amount_paid"),
    maxLength("invoices", sql`${t.notes}`, "notes", limits.longText),
    maxLength("invoices", sql`${t.terms}`, "terms", limits.longText),
    // the list: newest first, ties broken by id, optionally one status (DESC NULLS FIRST matches `order by … desc`)
    index("invoices_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_status_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_type_idx").on(t.invoiceType),
    // the profit report's revenue (models/profit.server.ts): issued invoices of a period, read from the index alone
    index("invoices_revenue_day_idx")
      .on(t.issueDate, t.customerId, t.projectId, t.totalAmount, t.amountCredited, t.amountPaid)
      .where(sql`${t.invoiceType} = 'invoice' and ${t.voidedAt} is null and ${t.status} not in ('draft', 'cancelled')`),
    index("invoices_customer_id_idx").on(t.customerId, t.createdAt.desc().nullsFirst()),
    index("invoices_project_id_idx").on(t.projectId),
    trigram("invoices_invoice_number_trgm", sql`${t.invoiceNumber}`),
    shortGramsIndex("invoices_search_grams_idx", t.searchGrams),
  ],
);

export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    description: varchar("description", { length: limits.lineDescription }).notNull(),
    quantity: numeric("quantity", { precision: 12, scale: 2 }).notNull().default("1"),
    unitPrice: money("unit_price").notNull().default("0"),
    lineTotal: money("line_total").notNull().default("0"),
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * "item", or "deduction" (ADR 0043): an earlier invoice or credit note of the same customer taken
     * off after tax ("Less deposit INV-0001"); quantity 1, unit_price the amount, line_total its negative
     */
    kind: varchar("kind", { length: 10 }).$type<LineKind>().notNull().default("item"),
    deductedInvoiceId: uuid("deducted_invoice_id").references((): AnyPgColumn => invoices.id),
  },
  (t) => [
    nonNegative("invoice_line_items", sql`${t.quantity}`, "quantity"),
    nonNegative("invoice_line_items", sql`${t.unitPrice}`, "unit_price"),
    index("invoice_line_items_invoice_idx").on(t.invoiceId, t.sortOrder),
    check("invoice_line_items_kind", sql`${t.kind} in ('item', 'deduction')`),
    check("invoice_line_items_deduction_link", sql`(${t.kind} = 'deduction') = (${t.deductedInvoiceId} is not null)`),
    index("invoice_line_items_deducted_invoice_idx").on(t.deductedInvoiceId),
  ],
);

/** Payments received on an invoice; amount_paid and balance_due are derived from these. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    paidOn: date("paid_on").notNull(),
    amount: money("amount").notNull(),
    method: varchar("method", { length: limits.paymentMethod }).notNull(),
    note: text("note"),
    /** a payment made online (ADR 0035): the provider's payment id (a Stripe PaymentIntent), once */
    providerPaymentId: varchar("provider_payment_id", { length: 255 }),
    /** what the provider kept of it, when known */
    providerFee: money("provider_fee"),
    /**
     * What the provider said of it, merged over every read (ADR 0041: `mergeProviderStates`): its refunds
     * and disputes with their statuses, so a read older than one applied before it takes nothing back.
     */
    providerState: jsonb("provider_state").$type<ProviderPaymentState>(),
    /** its dispute, when the client disputed it: the provider's status and the amount disputed */
    disputeStatus: varchar("dispute_status", { length: 40 }),
    disputeAmount: money("dispute_amount"),
    createdAt: createdAt(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("payments_provider_payment_id_key").on(t.providerPaymentId),
    check("payments_amount_positive", sql`${t.amount} > 0`),
    check(
      "payments_method_known",
      sql`${t.method} in (${sql.raw(paymentMethods.map((method) => `'${method}'`).join(", "))})`,
    ),
    maxLength("payments", sql`${t.note}`, "note", limits.paymentNote),
    index("payments_invoice_id_idx").on(t.invoiceId, t.paidOn, t.createdAt),
  ],
);

/**
 * Money given back on a payment (ADR 0041): a ledger entry under its payment, never a change to the
 * payment itself. amount_paid = the payments less the refunds. A refund made through the provider
 * keeps its id (a Stripe refund `re_…`, or a lost dispute `du_…` counted as a refund), once.
 * `invoice_id` repeats the payment's, so an invoice's sums need no join.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    refundedOn: date("refunded_on").notNull(),
    /** refund: money given back; dispute: a dispute the studio lost */
    kind: varchar("kind", { length: 20 }).notNull().default("refund"),
    method: varchar("method", { length: limits.paymentMethod }).notNull(),
    note: text("note"),
    providerRefundId: varchar("provider_refund_id", { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refunds_provider_refund_id_key").on(t.providerRefundId),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_kind_known", sql`${t.kind} in ('refund', 'dispute')`),
    check(
      "refunds_method_known",
      sql`${t.method} in (${sql.raw(paymentMethods.map((method) => `'${method}'`).join(", "))})`,
    ),
    maxLength("refunds", sql`${t.note}`, "note", limits.paymentNote),
    index("refunds_payment_id_idx").on(t.paymentId, t.refundedOn),
    index("refunds_invoice_id_idx").on(t.invoiceId),
  ],
);

/**
 * What a provider's payment could not do (ADR 0041): a refund above its payment, a payment for no
 * invoice of ours, in another currency, more than owed or for an invoice that takes none. On the invoice
 * when one is known, else on the event; `key` (kind and subject) keeps one per cause, so a resent event
 * tells the owner once. Resolved when a later read of the same payment no longer shows it.
 */
export const paymentAnomalies = pgTable(
  "payment_anomalies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: varchar("key", { length: 300 }).notNull(),
    kind: varchar("kind", { length: 40 }).notNull(),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 20 }).notNull(),
    paymentId: varchar("payment_id", { length: 255 }),
    eventId: varchar("event_id", { length: 255 }),
    message: varchar("message", { length: 500 }).notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_anomalies_key").on(t.key),
    index("payment_anomalies_invoice_id_idx").on(t.invoiceId),
    index("payment_anomalies_payment_id_idx").on(t.paymentId),
  ],
);

/**
 * The owner's notices (ADR 0041): something in the back office asks for attention (a disputed
 * payment, an online payment that could not be recorded, later a key the provider refuses). Read or
 * not; `key`, when given, keeps one notice per cause.
 */
export const ownerNotices = pgTable(
  "owner_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 50 }).notNull(),
    message: varchar("message", { length: 500 }).notNull(),
    /** where to act on it: a back-office path */
    link: varchar("link", { length: 500 }),
    key: varchar("key", { length: 300 }),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("owner_notices_key").on(t.key),
    check("owner_notices_link_path", sql`${t.link} is null or ${t.link} like '/admin%'`),
    index("owner_notices_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("owner_notices_unread_idx").on(t.createdAt).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Every event a payment provider sent us and we acted on (ADR 0035): the provider's event id is
 * recorded once, in the transaction that acts on it, so a replayed or concurrent duplicate finds it
 * taken and changes nothing. `payment_id` is the provider's payment (PaymentIntent) it is about.
 */
export const providerEvents = pgTable(
  "provider_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: varchar("provider", { length: 20 }).notNull(),
    eventId: varchar("event_id", { length: 255 }).notNull(),
    type: varchar("type", { length: 100 }).notNull(),
    paymentId: varchar("payment_id", { length: 255 }),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** what it did: recorded, refunded, ignored, refused (with why) */
    outcome: varchar("outcome", { length: 200 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("provider_events_provider_event_id_key").on(t.provider, t.eventId),
    index("provider_events_payment_id_idx").on(t.provider, t.paymentId),
  ],
);

/**
 * How clients pay (ADR 0035): the studio's bank details printed on invoices, and whether an online
 * payment may be less than the balance due. One row at most.
 */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    id: smallint("id").primaryKey().default(1),
    accountHolder: varchar("account_holder", { length: 200 }),
    bankName: varchar("bank_name", { length: 200 }),
    iban: varchar("iban", { length: 34 }),
    bic: varchar("bic", { length: 11 }),
    accountNumber: varchar("account_number", { length: 34 }),
    routingNumber: varchar("routing_number", { length: 20 }),
    /** the transfer's reference; {number} stands for the invoice number */
    referenceFormat: varchar("reference_format", { length: 100 }).notNull().default("{number}"),
    allowPartialPayments: boolean("allow_partial_payments").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("payment_settings_single_row", sql`${t.id} = 1`)],
);

/**
 * The versions a revision replaced (ADR 0030): what was sent (and answered) before, kept for ever
 * with the moment and the reason of the change. The live version is the invoice row itself.
 */
export const documentRevisions = pgTable(
  "document_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** the revision number of the version kept here */
    revision: integer("revision").notNull(),
    snapshot: jsonb("snapshot").$type<DocumentSnapshot>().notNull(),
    /** why the next version was made */
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("document_revisions_invoice_revision_key").on(t.invoiceId, t.revision),
    maxLength("document_revisions", sql`${t.reason}`, "reason", limits.changeReason),
  ],
);

/**
 * Last number handed out per sequence (invoice, estimate, credit_note, proposal): numbers are
 * gap-free and assigned in the insert's transaction.
 */
export const documentNumberCounters = pgTable(
  "document_number_counters",
  {
    sequence: varchar("sequence", { length: 20 }).primaryKey(),
    lastValue: integer("last_value").notNull().default(0),
  },
  (t) => [
    check(
      "document_number_counters_sequence_known",
      sql`${t.sequence} in (${sql.raw(documentSequences.map((name) => `'${name}'`).join(", "))})`,
    ),
  ],
);

// ---------------------------------------------------------------- proposals (ADR 0033)

export const proposalStatusEnum = pgEnum("proposal_status", proposalStatuses);

/**
 * A proposal: package tiers (one is chosen) and add-ons (`options`, JSON checked by the domain's
 * schema), the agreement, the deposit, and, once signed, the signature's record: who, when, from
 * where, the SHA-256 of the version signed and the choice. A signed proposal never changes again.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalNumber: varchar("proposal_number", { length: limits.invoiceNumber }).notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    projectId: uuid("project_id").references(() => projects.id),
    title: varchar("title", { length: limits.projectName }).notNull(),
    introduction: text("introduction").notNull().default(""),
    scope: text("scope").notNull().default(""),
    options: jsonb("options").$type<ProposalOptions>().notNull(),
    agreement: text("agreement").notNull(),
    expiresOn: date("expires_on").notNull(),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    depositKind: varchar("deposit_kind", { length: 10 }).$type<DepositKind>().notNull().default("percent"),
    /** a percentage (0-100) or an amount, as deposit_kind says */
    depositValue: money("deposit_value").notNull().default("0"),
    status: proposalStatusEnum("status").notNull().default("draft"),
    revision: integer("revision").notNull().default(1),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signerName: varchar("signer_name", { length: limits.personName }),
    signerIp: varchar("signer_ip", { length: 64 }),
    signerUserAgent: varchar("signer_user_agent", { length: 500 }),
    /** the drawn signature (a PNG data URL), when the client drew one */
    signatureImage: text("signature_image"),
    /** SHA-256 (hex) of the signed version's text (domain/proposals.ts signingText) */
    contentHash: varchar("content_hash", { length: 64 }),
    chosenTierId: varchar("chosen_tier_id", { length: 8 }),
    chosenAddonIds: jsonb("chosen_addon_ids").$type<string[]>(),
    signedTotal: money("signed_total"),
    depositAmount: money("deposit_amount"),
    depositInvoiceId: uuid("deposit_invoice_id").references(() => invoices.id),
    /** the onboarding questionnaire sent when the proposal is signed */
    questionnaireId: uuid("questionnaire_id").references((): AnyPgColumn => questionnaires.id, {
      onDelete: "set null",
    }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("proposals_proposal_number_key").on(t.proposalNumber),
    uniqueIndex("proposals_deposit_invoice_id_key").on(t.depositInvoiceId),
    check("proposals_deposit_kind", sql`${t.depositKind} in ('percent', 'amount')`),
    check("proposals_deposit_percent", sql`${t.depositKind} <> 'percent' or ${t.depositValue} <= 100`),
    nonNegative("proposals", sql`${t.depositValue}`, "deposit_value"),
    check("proposals_tax_rate_range", sql`${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
    check(
      "proposals_signed_record",
      sql`(${t.status} = 'signed') = (${t.signedAt} is not null and ${t.signerName} is not null and ${t.contentHash} is not null and ${t.chosenTierId} is not null and ${t.signedTotal} is not null)`,
    ),
    maxLength("proposals", sql`${t.introduction}`, "introduction", limits.longText),
    maxLength("proposals", sql`${t.scope}`, "scope", limits.longText),
    maxLength("proposals", sql`${t.agreement}`, "agreement", limits.agreement),
    maxLength("proposals", sql`${t.signatureImage}`, "signature_image", 200_000),
    index("proposals_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("proposals_customer_id_idx").on(t.customerId, t.createdAt.desc().nullsFirst()),
    index("proposals_status_idx").on(t.status),
  ],
);

/** What a new proposal starts with (one row; ADR 0033): the agreement template, the deposit and the validity. */
export const proposalSettings = pgTable(
  "proposal_settings",
  {
    id: smallint("id").primaryKey().default(1),
    agreementTemplate: text("agreement_template").notNull(),
    /** percent of the total, 0-100 */
    depositPercent: numeric("deposit_percent", { precision: 5, scale: 2 }).notNull().default("50"),
    validDays: integer("valid_days").notNull().default(30),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("proposal_settings_single_row", sql`${t.id} = 1`),
    check("proposal_settings_deposit_percent", sql`${t.depositPercent} >= 0 and ${t.depositPercent} <= 100`),
    check("proposal_settings_valid_days", sql`${t.validDays} between 1 and 365`),
    maxLength("proposal_settings", sql`${t.agreementTemplate}`, "agreement_template", limits.agreement),
  ],
);

/** The versions a revision replaced: what the client was sent before, kept with the reason. */
export const proposalVersions = pgTable(
  "proposal_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    /** the version's signing text and status when it was replaced */
    snapshot: jsonb("snapshot").$type<{ text: string; status: string; contentHash: string }>().notNull(),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("proposal_versions_proposal_revision_key").on(t.proposalId, t.revision),
    maxLength("proposal_versions", sql`${t.reason}`, "reason", limits.changeReason),
  ],
);

/** The client's links to a proposal (/p/{token}), kept as SHA-256 only, revocable (as invoice_links). */
export const proposalLinks = pgTable(
  "proposal_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("proposal_links_token_hash_key").on(t.tokenHash),
    index("proposal_links_proposal_id_idx").on(t.proposalId),
  ],
);

// ---------------------------------------------------------------- contracts and customer credit (ADR 0043)

export const installmentKindEnum = pgEnum("installment_kind", installmentKinds);

/** A contract's line: quantity in hundredths, unit price in cents (app/domain/money.ts). */
export type ContractLine = { description: string; quantity: number; unitPrice: number };

/**
 * A signed proposal or a converted estimate: what was agreed (the chosen lines as they were, the tax
 * rate, the totals) and, in contract_installments, how it is invoiced. Never changed after it is made.
 */
export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    projectId: uuid("project_id").references(() => projects.id),
    title: varchar("title", { length: limits.projectName }).notNull(),
    sourceProposalId: uuid("source_proposal_id").references(() => proposals.id),
    sourceEstimateId: uuid("source_estimate_id").references(() => invoices.id),
    lines: jsonb("lines").$type<ContractLine[]>().notNull(),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    subtotal: money("subtotal").notNull(),
    taxAmount: money("tax_amount").notNull(),
    discountAmount: money("discount_amount").notNull().default("0"),
    totalAmount: money("total_amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("contracts_one_source", sql`(${t.sourceProposalId} is null) <> (${t.sourceEstimateId} is null)`),
    uniqueIndex("contracts_source_proposal_id_key").on(t.sourceProposalId),
    uniqueIndex("contracts_source_estimate_id_key").on(t.sourceEstimateId),
    check("contracts_tax_rate_range", sql`${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
    check("contracts_totals", sql`${t.totalAmount} = ${t.subtotal} + ${t.taxAmount} - ${t.discountAmount}`),
    nonNegative("contracts", sql`${t.subtotal}`, "subtotal"),
    nonNegative("contracts", sql`${t.discountAmount}`, "discount_amount"),
    nonNegative("contracts", sql`${t.totalAmount}`, "total_amount"),
    index("contracts_customer_id_idx").on(t.customerId, t.createdAt),
    index("contracts_project_id_idx").on(t.projectId),
  ],
);

/**
 * A contract's payment schedule: a deposit (first), milestones, the balance (one, last), in `position`
 * order. A deposit or milestone is a percentage of the subtotal plus tax or an amount with tax in it
 * (`basis`, `basis_value`); `amount` is what it comes to (the balance: the rest). Due on a date or when
 * a phase of the project is approved. An installment with a live invoice (invoices.contract_installment_id)
 * is locked: the model refuses to change it.
 */
export const contractInstallments = pgTable(
  "contract_installments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: varchar("label", { length: limits.installmentLabel }).notNull(),
    kind: installmentKindEnum("kind").notNull(),
    basis: varchar("basis", { length: 10 }).$type<InstallmentBasis>(),
    /** a percentage (0-100) or an amount, as `basis` says */
    basisValue: money("basis_value"),
    amount: money("amount").notNull(),
    dueOn: date("due_on"),
    duePhaseId: varchar("due_phase_id", { length: limits.phaseId }),
    duePhaseName: varchar("due_phase_name", { length: limits.projectName }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("contract_installments_basis", sql`${t.basis} is null or ${t.basis} in ('percent', 'amount')`),
    check("contract_installments_balance_is_the_rest", sql`(${t.kind} = 'balance') = (${t.basis} is null)`),
    check("contract_installments_basis_value", sql`(${t.basis} is null) = (${t.basisValue} is null)`),
    check("contract_installments_basis_positive", sql`${t.basisValue} is null or ${t.basisValue} > 0`),
    check("contract_installments_percent", sql`${t.basis} is distinct from 'percent' or ${t.basisValue} <= 100`),
    check("contract_installments_one_due", sql`${t.dueOn} is null or ${t.duePhaseId} is null`),
    check("contract_installments_phase_named", sql`(${t.duePhaseId} is null) = (${t.duePhaseName} is null)`),
    nonNegative("contract_installments", sql`${t.amount}`, "amount"),
    index("contract_installments_contract_idx").on(t.contractId, t.position),
    uniqueIndex("contract_installments_one_balance_key").on(t.contractId).where(sql`${t.kind} = 'balance'`),
  ],
);

/**
 * A customer's credit (ADR 0043), as a ledger: + what a credit note credited beyond what was still
 * owed, - applied to an invoice (with its payment of method customer_credit), - refunded (with the
 * method). The balance is the sum, never below 0: every entry that takes from it is written under a
 * lock on the customer's row.
 */
export const customerCreditEntries = pgTable(
  "customer_credit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    kind: varchar("kind", { length: 12 }).$type<CreditEntryKind>().notNull(),
    amount: money("amount").notNull(),
    entryDate: date("entry_date").notNull(),
    creditNoteId: uuid("credit_note_id").references(() => invoices.id),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    method: varchar("method", { length: limits.paymentMethod }),
    note: text("note"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "customer_credit_entries_kind",
      sql`${t.kind} in (${sql.raw(creditEntryKinds.map((kind) => `'${kind}'`).join(", "))})`,
    ),
    check("customer_credit_entries_sign", sql`(${t.kind} = 'credit_note') = (${t.amount} > 0) and ${t.amount} <> 0`),
    check("customer_credit_entries_credit_note", sql`(${t.kind} = 'credit_note') = (${t.creditNoteId} is not null)`),
    check(
      "customer_credit_entries_applied",
      sql`(${t.kind} = 'applied') = (${t.invoiceId} is not null and ${t.paymentId} is not null)`,
    ),
    check("customer_credit_entries_refunded", sql`(${t.kind} = 'refunded') = (${t.method} is not null)`),
    maxLength("customer_credit_entries", sql`${t.note}`, "note", limits.paymentNote),
    uniqueIndex("customer_credit_entries_credit_note_key").on(t.creditNoteId),
    uniqueIndex("customer_credit_entries_payment_key").on(t.paymentId),
    index("customer_credit_entries_customer_idx").on(t.customerId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- settings

/**
 * The studio's identity. One record per user; this product is one
 * studio, so the record with user_id null is the studio default (seeded) and is
 * what the public site shows (docs/decisions/0005-studio-identity.md).
 */
export const businessSettings = pgTable(
  "business_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    businessName: varchar("business_name", { length: limits.businessName }).notNull(),
    contactName: varchar("contact_name", { length: limits.personName }).notNull(),
    email: varchar("email", { length: limits.email }).notNull(),
    phoneNumber: varchar("phone_number", { length: limits.phoneMax }),
    address: varchar("address", { length: limits.address }),
    website: varchar("website", { length: limits.url }),
    taxId: varchar("tax_id", { length: limits.taxId }),
    invoicePrefix: varchar("invoice_prefix", { length: limits.numberPrefix }).notNull().default("INV"),
    estimatePrefix: varchar("estimate_prefix", { length: limits.numberPrefix }).notNull().default("EST"),
    /** the studio's IANA time zone: what "today" means for overdue invoices (ADR 0014) */
    timeZone: varchar("time_zone", { length: limits.timeZone }).notNull().default("America/New_York"),
    /** payment reminders: days relative to the due date (-3 = three days before) */
    reminderOffsets: jsonb("reminder_offsets").$type<number[]>().notNull().default([-3, 0, 7]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("business_settings_user_id_key").on(t.userId)],
);

/** bytea as bytes (PGlite returns Uint8Array, node-postgres Buffer; both are Uint8Array) */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The studio's logo for invoices (PNG or JPEG, at most 1 MB, checked by its bytes): one row at most.
 * Kept apart from business_settings so that reading the identity never reads the image.
 */
export const studioLogo = pgTable(
  "studio_logo",
  {
    id: smallint("id").primaryKey().default(1),
    data: bytea("data").notNull(),
    mimeType: varchar("mime_type", { length: 20 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("studio_logo_single_row", sql`${t.id} = 1`),
    check("studio_logo_mime_type", sql`${t.mimeType} in ('image/png', 'image/jpeg')`),
    check("studio_logo_size", sql`octet_length(${t.data}) between 1 and 1048576`),
  ],
);

/**
 * The owner's own wording of a client mail (Settings → Emails, ADR 0050): its subject and opening text,
 * with placeholders ({client_name}, {document_number}, ...). A template without a row is the default
 * (domain/mail-templates.ts); "Reset to default" deletes the row.
 */
export const emailTemplates = pgTable("email_templates", {
  key: varchar("key", { length: 40 }).primaryKey(),
  subject: varchar("subject", { length: 300 }).notNull(),
  opening: text("opening").notNull(),
  updatedAt: updatedAt(),
});

/** How the studio's mails look: one row at most (none: the defaults). */
export const emailStyle = pgTable(
  "email_style",
  {
    id: smallint("id").primaryKey().default(1),
    /** the button's and the header rule's colour, '#rrggbb' */
    accentColour: varchar("accent_colour", { length: 7 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("email_style_single_row", sql`${t.id} = 1`),
    check("email_style_accent_colour", sql`${t.accentColour} ~ '^#[0-9a-f]{6}$'`),
  ],
);

// ---------------------------------------------------------------- sending

/** Files sent with an outbox message (an invoice's PDF), deleted with it. */
export const mailAttachments = pgTable(
  "mail_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mailId: uuid("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    filename: varchar("filename", { length: 200 }).notNull(),
    contentType: varchar("content_type", { length: 100 }).notNull(),
    /** the file itself, or null when `source` says what to render at delivery */
    content: bytea("content"),
    /**
     * What to render when the mail is delivered (domain/mail.ts `AttachmentSource`, JSON; sealed when
     * the mail is): a document's PDF in its state at that moment, never at rest (ADR 0049)
     */
    source: text("source"),
  },
  (t) => [
    index("mail_attachments_mail_id_idx").on(t.mailId),
    check("mail_attachments_content_or_source", sql`(${t.content} is null) <> (${t.source} is null)`),
  ],
);

/**
 * The client's links to a document (/i/{token}): only the SHA-256 of the token is kept, so a
 * database reader cannot open them. Revoked links answer 404 (ADR 0016).
 */
export const invoiceLinks = pgTable(
  "invoice_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoice_links_token_hash_key").on(t.tokenHash),
    index("invoice_links_invoice_id_idx").on(t.invoiceId),
  ],
);

/**
 * A customer's portal links (/portal/{token}, ADR 0034): like client links, only the SHA-256 of the
 * 256-bit token is kept. A link opens the customer's portal until it expires or is revoked.
 */
/**
 * A client's request for a fresh portal link by email, waiting to be answered (ADR 0047): /portal
 * stores it and answers at once, the same for any address; the mail worker then looks the address
 * up and queues the link, and deletes the request in that transaction. Kept an hour at most.
 */
export const portalLinkRequests = pgTable(
  "portal_link_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 255 }).notNull(),
    ip: varchar("ip", { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index("portal_link_requests_created_at_idx").on(t.createdAt)],
);

export const portalLinks = pgTable(
  "portal_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** when a person last had the portal on screen (the view beacon), not when it was fetched */
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("portal_links_token_hash_key").on(t.tokenHash),
    index("portal_links_customer_id_idx").on(t.customerId),
    check("portal_links_expires_after_creation", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

// ---- the project room (ADR 0057): phases the client can see, what the studio needs, deliverables and answers

export const phaseStatusEnum = pgEnum("phase_status", phaseStatuses);

/**
 * A project's phases as the client follows them: copied from the pricing's phases (`pricing_phase_id`,
 * which an installment of the contract may be due on) or added by hand.
 */
export const projectPhases = pgTable(
  "project_phases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: varchar("name", { length: limits.projectName }).notNull(),
    status: phaseStatusEnum("status").notNull().default("not_started"),
    plannedStart: date("planned_start"),
    plannedEnd: date("planned_end"),
    actualStart: date("actual_start"),
    actualEnd: date("actual_end"),
    pricingPhaseId: varchar("pricing_phase_id", { length: limits.phaseId }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("project_phases_project_idx").on(t.projectId, t.position),
    uniqueIndex("project_phases_pricing_phase_key")
      .on(t.projectId, t.pricingPhaseId)
      .where(sql`${t.pricingPhaseId} is not null`),
    check(
      "project_phases_planned_order",
      sql`${t.plannedEnd} is null or ${t.plannedStart} is null or ${t.plannedEnd} >= ${t.plannedStart}`,
    ),
    check(
      "project_phases_actual_order",
      sql`${t.actualEnd} is null or ${t.actualStart} is null or ${t.actualEnd} >= ${t.actualStart}`,
    ),
  ],
);

/** "What we need from you": the checklist the client sees, optionally under a phase. */
export const projectChecklistItems = pgTable(
  "project_checklist_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    phaseId: uuid("phase_id").references(() => projectPhases.id, { onDelete: "set null" }),
    label: varchar("label", { length: roomLimits.checklistLabel }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("project_checklist_items_project_idx").on(t.projectId, t.createdAt)],
);

/** Something the client approves, under a phase; `approves_phase`: its approval approves the phase. */
export const deliverables = pgTable(
  "deliverables",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    phaseId: uuid("phase_id")
      .notNull()
      .references(() => projectPhases.id, { onDelete: "cascade" }),
    title: varchar("title", { length: roomLimits.deliverableTitle }).notNull(),
    approvesPhase: boolean("approves_phase").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("deliverables_project_idx").on(t.projectId, t.createdAt),
    index("deliverables_phase_idx").on(t.phaseId),
  ],
);

/**
 * A deliverable's version (v1, v2, …): files or a link, and a note. `content_hash` is the SHA-256 of what
 * the client is shown (the files' hashes in order, or the link with the time it was posted); an answer
 * carries the hash it was given with.
 */
export const deliverableVersions = pgTable(
  "deliverable_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliverableId: uuid("deliverable_id")
      .notNull()
      .references(() => deliverables.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    note: text("note"),
    url: varchar("url", { length: limits.url }),
    contentHash: varchar("content_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("deliverable_versions_number_key").on(t.deliverableId, t.version),
    maxLength("deliverable_versions", sql`${t.note}`, "note", roomLimits.versionNote),
    check("deliverable_versions_version_positive", sql`${t.version} > 0`),
  ],
);

/** A version's files, in the order shown, with the hash each had when posted. */
export const deliverableVersionFiles = pgTable(
  "deliverable_version_files",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => deliverableVersions.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references((): AnyPgColumn => storedFiles.id),
    position: integer("position").notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.position] }), index("deliverable_version_files_file_idx").on(t.fileId)],
);

/**
 * The client's answer to a version, recorded like a signature (name, time, address, user agent) and bound
 * to the content hash shown. One per version: a second answer, or two at once, is refused by the key.
 */
export const deliverableAnswerRecords = pgTable(
  "deliverable_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => deliverableVersions.id, { onDelete: "cascade" }),
    contentHash: varchar("content_hash", { length: 64 }).notNull(),
    answer: varchar("answer", { length: 20 }).$type<DeliverableAnswer>().notNull(),
    comment: text("comment"),
    name: varchar("name", { length: limits.fullName }).notNull(),
    ip: varchar("ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 500 }),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deliverable_answers_version_key").on(t.versionId),
    check("deliverable_answers_answer", sql`${t.answer} in ('approved', 'changes_requested')`),
    maxLength("deliverable_answers", sql`${t.comment}`, "comment", roomLimits.answerComment),
  ],
);

/** A deliverable's link for the client (no account): only its token's SHA-256 is kept. */
export const deliverableLinks = pgTable(
  "deliverable_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliverableId: uuid("deliverable_id")
      .notNull()
      .references(() => deliverables.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("deliverable_links_token_hash_key").on(t.tokenHash),
    index("deliverable_links_deliverable_idx").on(t.deliverableId),
  ],
);

/** send: the owner's or the studio's own; revision: a revised version sent; void: the notice of a void; receipt: a payment's */
export const invoiceSendKinds = ["send", "reminder", "revision", "void", "receipt"] as const;
export const invoiceSendKindEnum = pgEnum("invoice_send_kind", invoiceSendKinds);

/** The send history of a document: every email (sent by the owner, or a reminder), with its outbox row. */
export const invoiceSends = pgTable(
  "invoice_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: invoiceSendKindEnum("kind").notNull(),
    recipient: varchar("recipient", { length: limits.email }).notNull(),
    subject: varchar("subject", { length: 300 }).notNull(),
    mailId: uuid("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    pdfAttached: boolean("pdf_attached").notNull(),
    /** why the PDF could not be attached (the mail went with the link only) */
    pdfError: varchar("pdf_error", { length: 500 }),
    /** a reminder's offset in days from the due date; each is sent once */
    reminderOffset: integer("reminder_offset"),
    createdAt: createdAt(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("invoice_sends_invoice_id_idx").on(t.invoiceId, t.createdAt),
    uniqueIndex("invoice_sends_reminder_once").on(t.invoiceId, t.reminderOffset),
  ],
);

// ---------------------------------------------------------------- site content

/**
 * Uploaded portfolio images, as the public page serves them (WebP, one row per width), addressed by
 * the SHA-256 of the upload: shared by every instance, immutable, cacheable forever.
 */
export const portfolioImages = pgTable(
  "portfolio_images",
  {
    hash: varchar("hash", { length: 64 }).notNull(),
    width: integer("width").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width] })],
);

/** The pricing page's consultation banner: its two lists (one row at most; absent = the built-in texts). */
export const pricingBanner = pgTable(
  "pricing_banner",
  {
    id: smallint("id").primaryKey().default(1),
    whatYouGet: jsonb("what_you_get").$type<string[]>().notNull(),
    includes: jsonb("includes").$type<string[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("pricing_banner_single_row", sql`${t.id} = 1`)],
);

/**
 * The public site's own words (app/domain/site-texts.ts): one row per block the owner changed, holding that
 * block's texts by field. A block without a row shows the specification's defaults; "Reset to default" deletes it.
 */
/**
 * Visits per day and source (ADR 0060): counted in memory like page views and added in one statement per
 * flush. A visit is a view of a public page arriving from elsewhere (a UTM source, another site, or direct).
 */
export const sourceVisits = pgTable(
  "source_visits",
  {
    day: date("day").notNull(),
    source: varchar("source", { length: touchLimits.value }).notNull(),
    medium: varchar("medium", { length: touchLimits.value }).notNull(),
    campaign: varchar("campaign", { length: touchLimits.value }).notNull(),
    visits: integer("visits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.medium, t.campaign] })],
);

export const siteTexts = pgTable("site_texts", {
  block: text("block").primaryKey(),
  fields: jsonb("fields").$type<Record<string, string>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- two-factor

/**
 * An admin's authenticator (TOTP, RFC 6238): the secret sealed with AES-GCM (the session secret's
 * key), confirmed once a first code checked; `last_step` is the last time-step a code was used in,
 * so a code works once (ADR 0024).
 */
export const userTotp = pgTable("user_totp", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastStep: integer("last_step").notNull().default(0),
  createdAt: createdAt(),
});

/** Ten single-use backup codes per admin, stored as SHA-256 only. */
export const totpBackupCodes = pgTable(
  "totp_backup_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("totp_backup_codes_user_code_key").on(t.userId, t.codeHash)],
);

/**
 * A password that checked, waiting for its second factor: not a session (it opens nothing), single
 * use, five minutes. Only the token's hash is stored.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pending_sign_ins_expires_at_idx").on(t.expiresAt)],
);

/** An admin's passkeys (WebAuthn credentials, ADR 0025): the public key and the signature counter. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** the credential id, base64url */
    id: varchar("id", { length: 512 }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: bytea("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: jsonb("transports").$type<string[]>(),
    name: varchar("name", { length: 100 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

/** A WebAuthn challenge waiting for its answer: single use, five minutes, named by a cookie's token hash. */
export const webauthnChallenges = pgTable("webauthn_challenges", {
  tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
  challenge: varchar("challenge", { length: 200 }).notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- booking the free consultation

/** The owner's availability for the free consultation (one row at most; absent = the defaults of domain/booking.ts). */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** seven lists of { start, end } wall-clock 'HH:MM' in the studio's zone, Sunday first */
    weeklyHours: jsonb("weekly_hours").$type<{ start: string; end: string }[][]>().notNull(),
    sessionMinutes: integer("session_minutes").notNull().default(30),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(15),
    minimumNoticeMinutes: integer("minimum_notice_minutes").notNull().default(1440),
    horizonDays: integer("horizon_days").notNull().default(21),
    /** 0 = no cap */
    dailyCap: integer("daily_cap").notNull().default(4),
    /** 'YYYY-MM-DD' in the studio's zone */
    daysOff: jsonb("days_off").$type<string[]>().notNull().default([]),
    /** where the consultation happens: a call link, a phone number or an address (domain/meeting-place.ts) */
    meetingPlace: varchar("meeting_place", { length: 300 }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("booking_settings_single_row", sql`${t.id} = 1`),
    check("booking_settings_session", sql`${t.sessionMinutes} between 10 and 240`),
    check(
      "booking_settings_ranges",
      sql`${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240 and ${t.minimumNoticeMinutes} >= 0 and ${t.horizonDays} between 1 and 365 and ${t.dailyCap} >= 0`,
    ),
  ],
);

export const bookingStatuses = ["booked", "cancelled"] as const;
export const bookingStatusEnum = pgEnum("booking_status", bookingStatuses);

/**
 * A booked consultation. Slots lie on a fixed grid, so "no two bookings of one time" is the partial
 * unique index on the start of booked rows: of two visitors racing for one slot, the second insert
 * fails (ADR 0032). The visitor's link to cancel or move it is a token whose SHA-256 alone is kept,
 * replaced (or cleared) each time it is used, so a link works once.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    name: varchar("name", { length: limits.fullName }).notNull(),
    email: varchar("email", { length: limits.email }).notNull(),
    note: text("note"),
    /** the visitor's zone when the page knew it (for the mails' times) */
    timeZone: varchar("time_zone", { length: limits.timeZone }),
    status: bookingStatusEnum("status").notNull().default("booked"),
    contactSubmissionId: uuid("contact_submission_id").references(() => contactSubmissions.id, {
      onDelete: "set null",
    }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    manageTokenHash: varchar("manage_token_hash", { length: 64 }),
    /** the ICS SEQUENCE: raised on each move or cancellation, so calendars replace the invitation */
    sequence: integer("sequence").notNull().default(0),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** where the visitor came from (their visit cookie's touches, ADR 0060), null when none */
    touches: jsonb("touches").$type<Touches>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxLength("bookings", sql`${t.note}`, "note", 1000),
    check("bookings_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex("bookings_booked_slot_key").on(t.startsAt).where(sql`${t.status} = 'booked'`),
    uniqueIndex("bookings_manage_token_hash_key").on(t.manageTokenHash),
    index("bookings_starts_at_idx").on(t.startsAt),
    index("bookings_email_idx").on(sql`lower(${t.email})`),
  ],
);

// ---- the project room's files

/**
 * A file the owner or a client stored for a project or a customer (ADR 0056): its kind read from
 * its bytes, its name sanitised (app/domain/files.ts). Its bytes are `stored_file_chunks`, in order.
 * A row whose `completed_at` is null is an upload still streaming in (or abandoned by a crash):
 * nobody reads it, and the maintenance purge removes it.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    /** hex SHA-256 of the bytes; zeros while streaming in */
    sha256: char("sha256", { length: 64 }).notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: varchar("content_type", { length: 40 }).notNull(),
    name: varchar("name", { length: 300 }).notNull(),
    uploadedBy: varchar("uploaded_by", { length: 10 }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("stored_files_uploaded_by", sql`${t.uploadedBy} in ('owner', 'client')`),
    check(
      "stored_files_content_type",
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf', 'application/zip')`,
    ),
    check("stored_files_size", sql`${t.size} >= 0`),
    index("stored_files_project_idx").on(t.projectId),
    index("stored_files_customer_idx").on(t.customerId),
  ],
);

/** A stored file's bytes: rows of at most 256 KB, numbered from 0. */
export const storedFileChunks = pgTable(
  "stored_file_chunks",
  {
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/** A stored image as WebP at one width (the room's image pipeline), keyed by the original's SHA-256. */
export const storedFileVariants = pgTable(
  "stored_file_variants",
  {
    sha256: char("sha256", { length: 64 }).notNull(),
    width: integer("width").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.width] })],
);

// ---- questionnaires

/**
 * Onboarding questionnaires (domain/questionnaires.ts): the owner's questionnaire, its versions (each a
 * snapshot of the questions: a version once sent is never changed, editing makes the next one), the
 * copies sent to customers (each on its version, with the client's answers), their links (only token
 * hashes), their history, and the review items their answers propose for the customer's record.
 */
export const questionnaires = pgTable("questionnaires", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: varchar("name", { length: 200 }).notNull(),
  /** the project type it is the default for */
  projectType: varchar("project_type", { length: 50 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const questionnaireVersions = pgTable(
  "questionnaire_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionnaireId: uuid("questionnaire_id")
      .notNull()
      .references(() => questionnaires.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    questions: jsonb("questions").$type<Question[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("questionnaire_versions_version_key").on(t.questionnaireId, t.version)],
);

export const questionnaireRequests = pgTable(
  "questionnaire_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionnaireId: uuid("questionnaire_id")
      .notNull()
      .references(() => questionnaires.id),
    versionId: uuid("version_id")
      .notNull()
      .references(() => questionnaireVersions.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** the signed proposal that sent it: one copy per proposal */
    proposalId: uuid("proposal_id").references(() => proposals.id, { onDelete: "set null" }),
    state: varchar("state", { length: 20 }).$type<RequestState>().notNull().default("sent"),
    answers: jsonb("answers").$type<Answers>().notNull().default({}),
    reopenReason: text("reopen_reason"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    savedAt: timestamp("saved_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("questionnaire_requests_state", sql`${t.state} in ('sent', 'in_progress', 'submitted', 'reopened')`),
    uniqueIndex("questionnaire_requests_proposal_id_key").on(t.proposalId),
    index("questionnaire_requests_customer_id_idx").on(t.customerId, t.sentAt.desc()),
    index("questionnaire_requests_project_id_idx").on(t.projectId),
  ],
);

export const questionnaireLinks = pgTable(
  "questionnaire_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => questionnaireRequests.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("questionnaire_links_token_hash_key").on(t.tokenHash),
    index("questionnaire_links_request_id_idx").on(t.requestId),
  ],
);

/** sent, submitted, reopened (with the reason): the copy's history, both submissions' times kept */
export const questionnaireEvents = pgTable(
  "questionnaire_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => questionnaireRequests.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("questionnaire_events_request_id_idx").on(t.requestId, t.at)],
);

export const reviewItems = pgTable(
  "review_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => questionnaireRequests.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    field: varchar("field", { length: 30 }).$type<RecordField>().notNull(),
    questionLabel: varchar("question_label", { length: 200 }).notNull(),
    proposedValue: text("proposed_value").notNull(),
    /** the record's value when the item was made */
    currentValue: text("current_value"),
    status: varchar("status", { length: 20 }).$type<ReviewStatus>().notNull().default("pending"),
    acceptedValue: text("accepted_value"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("review_items_status", sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    index("review_items_pending_idx").on(t.status, t.createdAt),
    index("review_items_customer_id_idx").on(t.customerId, t.status),
  ],
);

// ---------------------------------------------------------------- time (ADR 0058)

/**
 * Hourly rates as history: from `effective_from` on, for a person (`user_id`), a project, or a phase of
 * it; the most specific in effect on the work's day wins (domain/time-tracking.ts `resolveRate`). Rows
 * are added, or replaced for the same target and day; an entry already on an invoice keeps the rates it
 * was billed at (`time_entries.billed_rate`, `billed_cost_rate`).
 */
export const rates = pgTable(
  "rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    phaseId: uuid("phase_id").references(() => projectPhases.id, { onDelete: "cascade" }),
    effectiveFrom: date("effective_from").notNull(),
    billableRate: money("billable_rate"),
    costRate: money("cost_rate"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "rates_one_target",
      sql`(${t.userId} is not null and ${t.projectId} is null and ${t.phaseId} is null) or (${t.userId} is null and ${t.projectId} is not null)`,
    ),
    check("rates_some_rate", sql`${t.billableRate} is not null or ${t.costRate} is not null`),
    nonNegative("rates", sql`${t.billableRate}`, "billable_rate"),
    nonNegative("rates", sql`${t.costRate}`, "cost_rate"),
    unique("rates_target_day_key").on(t.userId, t.projectId, t.phaseId, t.effectiveFrom).nullsNotDistinct(),
    index("rates_project_idx").on(t.projectId),
  ],
);

/**
 * Time worked on a project, by a person: a running timer (`minutes` null, `started_at` set) or a
 * finished entry. Its standing comes from its invoice: none (unbilled), a draft (on draft) or issued
 * (billed); only an unbilled entry is edited or deleted, each change checked against `version`, and
 * a deleted entry is kept (deleted_at) but never billed. Voiding the invoice frees its entries; a
 * credit note does not (ADR 0058).
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id),
    phaseId: uuid("phase_id").references(() => projectPhases.id, { onDelete: "set null" }),
    /** the studio's day the work was done */
    workDate: date("work_date").notNull(),
    /** null while the timer runs */
    minutes: integer("minutes"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    note: varchar("note", { length: timeLimits.note }),
    billable: boolean("billable").notNull().default(true),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** the rates it was billed at, kept when it went on an invoice */
    billedRate: money("billed_rate"),
    billedCostRate: money("billed_cost_rate"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "time_entries_minutes_range",
      sql`${t.minutes} is null or (${t.minutes} >= 0 and ${t.minutes} <= ${sql.raw(String(timeLimits.entryMinutes))})`,
    ),
    check(
      "time_entries_running",
      sql`${t.minutes} is not null or (${t.startedAt} is not null and ${t.endedAt} is null)`,
    ),
    check(
      "time_entries_end_after_start",
      sql`${t.endedAt} is null or ${t.startedAt} is null or ${t.endedAt} >= ${t.startedAt}`,
    ),
    check("time_entries_running_unbilled", sql`${t.minutes} is not null or ${t.invoiceId} is null`),
    check("time_entries_deleted_unbilled", sql`${t.deletedAt} is null or ${t.invoiceId} is null`),
    // one running timer per person
    uniqueIndex("time_entries_running_key").on(t.userId).where(sql`${t.minutes} is null and ${t.deletedAt} is null`),
    index("time_entries_project_day_idx").on(t.projectId, t.workDate).where(sql`${t.deletedAt} is null`),
    index("time_entries_user_day_idx").on(t.userId, t.workDate).where(sql`${t.deletedAt} is null`),
    index("time_entries_invoice_idx").on(t.invoiceId),
  ],
);

/**
 * What a project cost besides time (ADR 0058): hosting, licences, a contractor. A billable one goes on an
 * invoice once, at its amount plus its markup (kept as `billed_amount`), and is then locked like time; a void
 * frees it. The receipt is a stored file of the project (an image or a PDF).
 */
export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id),
    phaseId: uuid("phase_id").references(() => projectPhases.id, { onDelete: "set null" }),
    expenseDate: date("expense_date").notNull(),
    amount: money("amount").notNull(),
    category: varchar("category", { length: 20 }).$type<(typeof expenseCategories)[number]>().notNull(),
    vendor: varchar("vendor", { length: expenseLimits.vendor }).notNull(),
    note: varchar("note", { length: expenseLimits.note }),
    billable: boolean("billable").notNull().default(false),
    /** percent, two decimals: 15.00 bills 115% of the amount */
    markupPercent: numeric("markup_percent", { precision: 6, scale: 2 }).notNull().default("0"),
    receiptFileId: uuid("receipt_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    /** the recurring expense that recorded it, on one of its periods */
    recurringExpenseId: uuid("recurring_expense_id").references((): AnyPgColumn => recurringExpenses.id, {
      onDelete: "set null",
    }),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    billedAmount: money("billed_amount"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("expenses_amount_positive", sql`${t.amount} > 0`),
    check("expenses_category", sql`${t.category} in (${sql.raw(expenseCategories.map((c) => `'${c}'`).join(", "))})`),
    check("expenses_markup_range", sql`${t.markupPercent} >= 0 and ${t.markupPercent} <= 1000`),
    check("expenses_deleted_unbilled", sql`${t.deletedAt} is null or ${t.invoiceId} is null`),
    check("expenses_billed_billable", sql`${t.invoiceId} is null or ${t.billable}`),
    index("expenses_project_day_idx").on(t.projectId, t.expenseDate).where(sql`${t.deletedAt} is null`),
    index("expenses_invoice_idx").on(t.invoiceId),
    // a recurring expense's period is recorded once, whichever instance or rerun gets there first
    uniqueIndex("expenses_recurring_period_key").on(t.recurringExpenseId, t.expenseDate),
  ],
);

/**
 * A recurring expense (hosting, licences: ADR 0058): a monthly or yearly schedule on the retainers' rules
 * (app/domain/retainers.ts) that records the expense on each period's date. `nextDue` is the next period
 * to record; null once it is stopped or past its end date.
 */
export const recurringExpenses = pgTable(
  "recurring_expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    phaseId: uuid("phase_id").references(() => projectPhases.id, { onDelete: "set null" }),
    frequency: scheduleFrequencyEnum("frequency").notNull(),
    anchor: scheduleAnchorEnum("anchor").notNull().default("date"),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    nextDue: date("next_due"),
    amount: money("amount").notNull(),
    category: varchar("category", { length: 20 }).$type<(typeof expenseCategories)[number]>().notNull(),
    vendor: varchar("vendor", { length: expenseLimits.vendor }).notNull(),
    note: varchar("note", { length: expenseLimits.note }),
    billable: boolean("billable").notNull().default(false),
    markupPercent: numeric("markup_percent", { precision: 6, scale: 2 }).notNull().default("0"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("recurring_expenses_amount_positive", sql`${t.amount} > 0`),
    check("recurring_expenses_monthly_or_yearly", sql`${t.frequency} in ('month', 'year')`),
    check("recurring_expenses_end_after_start", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index("recurring_expenses_project_idx").on(t.projectId),
    // the job's candidates: schedules by their next date
    index("recurring_expenses_due_idx").on(t.nextDue).where(sql`${t.nextDue} is not null`),
  ],
);

/**
 * A retainer's month settled against its hour bank (ADR 0058): the minutes logged beyond it, and whether the
 * owner billed them (a draft invoice) or absorbed them; one decision per project and month.
 */
export const hourBankMonths = pgTable(
  "hour_bank_months",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** 'YYYY-MM' */
    month: varchar("month", { length: 7 }).notNull(),
    includedMinutes: integer("included_minutes").notNull(),
    loggedMinutes: integer("logged_minutes").notNull(),
    beyondMinutes: integer("beyond_minutes").notNull(),
    decision: varchar("decision", { length: 10 }).$type<(typeof bankDecisions)[number]>().notNull(),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("hour_bank_months_project_month_key").on(t.projectId, t.month),
    check("hour_bank_months_decision", sql`${t.decision} in ('bill', 'absorb')`),
    check("hour_bank_months_month", sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check("hour_bank_months_beyond", sql`${t.beyondMinutes} > 0`),
  ],
);
