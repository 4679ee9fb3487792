-- The invoices list's search of one or two characters (ADR 0036) reads one lower-cased text per invoice
-- instead of scanning every customer's name: filled and kept by 0024_invoice_search_text_triggers.sql.
ALTER TABLE "invoices" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;
