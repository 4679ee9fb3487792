/**
 * Seeding. `seedBaseline` is idempotent and runs on every start: it fills what
 * an empty database needs for the public site (portfolio, pricing, the studio
 * identity). `seedDemo` adds a small, realistic back-office data set once.
 */
import { count, isNull } from "drizzle-orm";
import type { Db, Tx } from "#app/db/client.server.ts";
import {
  businessSettings,
  contactSubmissions,
  customerInteractions,
  customers,
  invoiceLineItems,
  invoices,
  payments,
  portfolioItems,
  pricingPackages,
  projects,
  proposals,
} from "#app/db/schema.ts";
import { portfolioSeed, pricingSeed } from "#app/db/seed-content.ts";
import { isoDay } from "#app/domain/dates.ts";
import { calculateTotals, centsToDecimal, parseScaled, toCents } from "#app/domain/money.ts";
import { proposalDefaults } from "#app/domain/proposal-pages.ts";
import { defaultStudio } from "#app/domain/studio.ts";
import { conversionDescription } from "#app/domain/submissions.ts";
import { nextDocumentNumber } from "#app/models/document-numbers.server.ts";

export type SeedReport = { portfolio: number; pricing: number; settings: number; demo: boolean };

export async function seedBaseline(db: Db): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    const report: SeedReport = { portfolio: 0, pricing: 0, settings: 0, demo: false };
    if ((await countOf(tx, portfolioItems)) === 0) {
      await tx.insert(portfolioItems).values(portfolioSeed.map((item, index) => ({ ...item, sortOrder: index })));
      report.portfolio = portfolioSeed.length;
    }
    if ((await countOf(tx, pricingPackages)) === 0) {
      await tx.insert(pricingPackages).values(pricingSeed.map((item, index) => ({ ...item, sortOrder: index })));
      report.pricing = pricingSeed.length;
    }
    const [studio] = await tx
      .select({ id: businessSettings.id })
      .from(businessSettings)
      .where(isNull(businessSettings.userId));
    if (!studio) {
      await tx.insert(businessSettings).values({
        businessName: defaultStudio.businessName,
        contactName: defaultStudio.contactName,
        email: defaultStudio.email,
        phoneNumber: defaultStudio.phoneNumber,
      });
      report.settings = 1;
    }
    return report;
  });
}

async function countOf(tx: Tx, table: typeof portfolioItems | typeof pricingPackages | typeof customers) {
  const [row] = await tx.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

const day = 24 * 60 * 60 * 1000;
const dayFromToday = (offsetDays: number) => isoDay(new Date(Date.now() + offsetDays * day));
const ago = (days: number) => new Date(Date.now() - days * day);

/** Adds the demo data set unless the database already has customers. Returns whether it added anything. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await countOf(tx, customers)) > 0) return false;
    const people = await seedCustomers(tx, await seedSubmissions(tx));
    const work = await seedProjects(tx, people);
    await seedDocuments(tx, people, work);
    await seedProposal(tx, people.gallery);
    return true;
  });
}

/** The inbox: six inquiries in every status. */
async function seedSubmissions(tx: Tx) {
  return tx
    .insert(contactSubmissions)
    .values([
      {
        name: "Maria Alvarez",
        email: "maria@alvarezbakery.test",
        phoneNumber: "(555) 201-3344",
        customerType: "business_owner",
        businessName: "Alvarez Family Bakery",
        existingWebsiteUrl: "https://alvarezbakery.test",
        projectType: "redesign",
        budgetRange: "range_2500_5000",
        message: "Our site is ten years old and does not work on phones.\nWe would like online cake orders.",
        status: "completed",
        createdAt: ago(40),
      },
      {
        name: "Devon Brooks",
        email: "devon@brooksplumbing.test",
        phoneNumber: "555-330-9182",
        customerType: "business_owner",
        businessName: "Brooks Plumbing & Heating",
        projectType: "website",
        budgetRange: "range_1000_2500",
        message: "We need a simple site with our services and a way to request a call-back.",
        status: "completed",
        createdAt: ago(25),
      },
      {
        name: "Priya Natarajan",
        email: "priya@yogacollective.test",
        customerType: "entrepreneur",
        businessName: "Riverbend Yoga Collective",
        projectType: "webapp",
        budgetRange: "medium",
        message: "Class booking with memberships and a waiting list. Currently we use spreadsheets.",
        status: "in-progress",
        notes: "Call booked for Thursday. Wants Stripe.",
        createdAt: ago(6),
      },
      {
        name: "Tom Whitaker",
        email: "tom.whitaker@hardware.test",
        phoneNumber: "+1 555 410 2290",
        customerType: "business_manager",
        businessName: "Whitaker Hardware",
        projectType: "quote",
        budgetRange: "tbd",
        message: "Could you quote an online catalogue for about 400 products?",
        status: "new",
        createdAt: ago(2),
      },
      {
        name: "Grace Liu",
        email: "grace@liulandscapes.test",
        customerType: "other",
        projectType: "consultation",
        message: "I am starting a landscaping business and would like the free consultation.",
        status: "new",
        createdAt: ago(1),
      },
      {
        name: "Sam Okafor",
        email: "sam@okafor.test",
        projectType: "contact",
        message: "Do you also maintain sites you did not build?",
        status: "archived",
        createdAt: ago(60),
      },
    ])
    .returning();
}

type DemoSubmission = Awaited<ReturnType<typeof seedSubmissions>>[number];

/** Three customers: two converted from their inquiries (with the conversion note), one prospect. */
async function seedCustomers(tx: Tx, submissions: DemoSubmission[]) {
  const byEmail = (email: string) => {
    const submission = submissions.find((row) => row.email === email);
    if (!submission) throw new Error(`demo submission ${email} missing`);
    return submission;
  };
  const bakerySubmission = byEmail("maria@alvarezbakery.test");
  const plumbingSubmission = byEmail("devon@brooksplumbing.test");

  const [bakery, plumbing, gallery] = await tx
    .insert(customers)
    .values([
      {
        name: bakerySubmission.name,
        email: bakerySubmission.email,
        phoneNumber: bakerySubmission.phoneNumber,
        businessName: bakerySubmission.businessName,
        websiteUrl: bakerySubmission.existingWebsiteUrl,
        billingAddress: "12 Market Street\nSpringfield\nIL\n62701",
        status: "active",
        contactSubmissionId: bakerySubmission.id,
        createdAt: ago(39),
      },
      {
        name: plumbingSubmission.name,
        email: plumbingSubmission.email,
        phoneNumber: plumbingSubmission.phoneNumber,
        businessName: plumbingSubmission.businessName,
        paymentTerms: 15,
        status: "active",
        contactSubmissionId: plumbingSubmission.id,
        createdAt: ago(24),
      },
      {
        name: "Helen Park",
        email: "helen@northlightgallery.test",
        businessName: "Northlight Gallery",
        websiteUrl: "https://northlightgallery.test",
        status: "prospect",
        notes: "Referred by Maria Alvarez.",
        createdAt: ago(10),
      },
    ])
    .returning();
  if (!bakery || !plumbing || !gallery) throw new Error("demo customers missing");

  const conversions = [
    { customer: bakery, submission: bakerySubmission },
    { customer: plumbing, submission: plumbingSubmission },
  ];
  await tx.insert(customerInteractions).values(
    conversions.map(({ customer, submission }) => ({
      customerId: customer.id,
      interactionType: "note" as const,
      subject: "Customer converted from contact form",
      description: conversionDescription(submission),
      interactionDate: customer.createdAt,
    })),
  );
  return { bakery, plumbing, gallery };
}

type DemoCustomers = Awaited<ReturnType<typeof seedCustomers>>;

/** A project for each customer: phased with a care plan, hourly, and a quoted one. */
async function seedProjects(tx: Tx, { bakery, plumbing, gallery }: DemoCustomers) {
  const [bakeryProject, plumbingProject] = await tx
    .insert(projects)
    .values([
      {
        customerId: bakery.id,
        projectName: "Bakery website redesign and online orders",
        description: "Mobile-first redesign with a cake-order form and pickup scheduling.",
        projectType: "Website redesign",
        status: "in_progress",
        startDate: dayFromToday(-30),
        endDate: dayFromToday(20),
        fixedPrice: "4200.00",
        pricingDetails: {
          type: "phased",
          phases: [
            { id: "p1", name: "Phase 1", price: 1200 },
            { id: "p2", name: "Phase 2", price: 1800 },
            { id: "p3", name: "Phase 3", price: 1200 },
          ],
          recurring_fees: [{ id: "r1", name: "Hosting and care plan (monthly)", amount: 49 }],
        },
        createdAt: ago(30),
      },
      {
        customerId: plumbing.id,
        projectName: "Brooks Plumbing website",
        projectType: "New website",
        status: "completed",
        startDate: dayFromToday(-22),
        endDate: dayFromToday(-5),
        completedAt: ago(5),
        hourlyRate: "85.00",
        estimatedHours: "18.50",
        pricingDetails: { type: "hourly", phases: [], recurring_fees: [] },
        createdAt: ago(22),
      },
      {
        customerId: gallery.id,
        projectName: "Gallery catalogue",
        projectType: "Web application",
        status: "quoted",
        fixedPrice: "3500.00",
        pricingDetails: { type: "fixed", phases: [], recurring_fees: [] },
        createdAt: ago(8),
      },
    ])
    .returning();
  if (!bakeryProject || !plumbingProject) throw new Error("demo projects missing");
  return { bakeryProject, plumbingProject };
}

/** A paid invoice, a sent one and a draft estimate, with their lines (and the payment of the paid one). */
async function seedDocuments(
  tx: Tx,
  { bakery, plumbing, gallery }: DemoCustomers,
  { bakeryProject, plumbingProject }: Awaited<ReturnType<typeof seedProjects>>,
) {
  const documents = [
    {
      type: "invoice" as const,
      customerId: bakery.id,
      projectId: bakeryProject.id,
      issued: -28,
      status: "paid" as const,
      paidAll: true,
      lines: [{ description: "Phase 1: discovery, design and prototype", quantity: "1", unitPrice: "1200.00" }],
    },
    {
      type: "invoice" as const,
      customerId: plumbing.id,
      projectId: plumbingProject.id,
      issued: -5,
      status: "sent" as const,
      paidAll: false,
      lines: [
        { description: "Design and build", quantity: "16.5", unitPrice: "85.00" },
        { description: "Content entry and launch", quantity: "2", unitPrice: "85.00" },
      ],
    },
    {
      type: "estimate" as const,
      customerId: gallery.id,
      projectId: null,
      issued: -7,
      status: "draft" as const,
      paidAll: false,
      lines: [
        { description: "Catalogue design", quantity: "1", unitPrice: "1500.00" },
        { description: "Catalogue build with search", quantity: "1", unitPrice: "2000.00" },
      ],
    },
  ];
  const [studio] = await tx.select().from(businessSettings).where(isNull(businessSettings.userId));
  for (const doc of documents) {
    const lines = doc.lines.map((line) => ({
      ...line,
      quantityHundredths: parseScaled(line.quantity, 2) ?? 0,
      unitPriceCents: toCents(line.unitPrice) ?? 0,
    }));
    const totals = calculateTotals({
      lines: lines.map((line) => ({ quantity: line.quantityHundredths, unitPrice: line.unitPriceCents })),
      taxRate: 0,
      discount: 0,
    });
    const amountPaid = doc.paidAll ? totals.total : 0;
    const prefix = doc.type === "invoice" ? (studio?.invoicePrefix ?? "INV") : (studio?.estimatePrefix ?? "EST");
    const [invoice] = await tx
      .insert(invoices)
      .values({
        invoiceNumber: await nextDocumentNumber(tx, doc.type, prefix),
        customerId: doc.customerId,
        projectId: doc.projectId,
        invoiceType: doc.type,
        issueDate: dayFromToday(doc.issued),
        dueDate: dayFromToday(doc.issued + 30),
        subtotal: centsToDecimal(totals.subtotal),
        taxAmount: centsToDecimal(totals.taxAmount),
        totalAmount: centsToDecimal(totals.total),
        amountPaid: centsToDecimal(amountPaid),
        balanceDue: centsToDecimal(totals.total - amountPaid),
        terms: "Payment is due within 30 days of the invoice date.",
        status: doc.status,
        sentAt: doc.status === "draft" ? null : ago(-doc.issued),
        createdAt: ago(-doc.issued),
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error("demo invoice missing");
    if (amountPaid > 0) {
      // amount_paid is the sum of the payments
      await tx.insert(payments).values({
        invoiceId: invoice.id,
        paidOn: dayFromToday(doc.issued + 10),
        amount: centsToDecimal(amountPaid),
        method: "bank_transfer",
      });
    }
    await tx.insert(invoiceLineItems).values(
      lines.map((line, index) => ({
        invoiceId: invoice.id,
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: centsToDecimal(totals.lineTotals[index] ?? 0),
        sortOrder: index,
      })),
    );
  }
}

/** A draft proposal for the prospect, from the Pricing page's packages, for the owner to finish and send. */
async function seedProposal(tx: Tx, gallery: DemoCustomers["gallery"]) {
  // a draft proposal for the prospect, from the Pricing page's packages, for the owner to finish and send
  const line = (description: string, unitPrice: number) => ({ description, quantity: 100, unitPrice });
  await tx.insert(proposals).values({
    proposalNumber: await nextDocumentNumber(tx, "proposal", proposalDefaults.prefix),
    customerId: gallery.id,
    title: "Gallery catalogue website",
    introduction: "Thank you for telling us about the gallery. Here are three ways we can build the catalogue.",
    scope: "A catalogue of artworks with artist pages, exhibitions and an enquiry form for each piece.",
    options: {
      tiers: [
        {
          id: "t1",
          name: "Basic Package",
          description: "Up to 10 pages on a simple template.",
          lines: [line("Basic Package", 50_000)],
        },
        {
          id: "t2",
          name: "Standard Package",
          description: "A custom look and up to 30 pages.",
          lines: [line("Standard Package", 150_000)],
        },
        {
          id: "t3",
          name: "Premium Package",
          description: "Custom design and unlimited pages.",
          lines: [line("Premium Package", 300_000)],
        },
      ],
      addons: [
        {
          id: "a1",
          name: "Photography of 20 artworks",
          description: "",
          lines: [line("Artwork photography", 45_000)],
        },
      ],
    },
    agreement: proposalDefaults.agreement,
    expiresOn: dayFromToday(proposalDefaults.validDays),
    depositKind: "percent",
    depositValue: "50.00",
    createdAt: ago(1),
  });
}
