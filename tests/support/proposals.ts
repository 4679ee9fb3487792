/** A proposal made and sent through the model and the service, as the owner's pages would: for the client-link tests. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { Db } from "#app/db/client.server.ts";
import { proposalFormSchema } from "#app/domain/proposals.ts";
import { createProposal } from "#app/models/proposals.server.ts";
import { sendProposal } from "#app/services/proposals.server.ts";
import { testConfig } from "./routes.ts";

const line = (description: string, unitPrice: string, quantity = "1") => ({
  description,
  quantity,
  unit_price: unitPrice,
});

/**
 * Three tiers (t1 $1,000, t2 $2,500 as 2 x $1,000 + $500, t3 $5,000) and one add-on (a1 $300.50),
 * 8.25% tax, 50% deposit, valid until `expiresOn`. The middle tier with the add-on: subtotal
 * $2,800.50, tax $231.04, total $3,031.54, deposit $1,515.77.
 */
const sampleProposalInput = (customerId: string, expiresOn: string) => ({
  customer_id: customerId,
  title: "A new website for the bakery",
  introduction: "Thank you for telling us about the bakery.",
  scope: "Design and build of the public site.",
  tiers: [
    { name: "Starter", description: "One page", lines: [line("One-page site", "1000")] },
    {
      name: "Business",
      description: "Up to five pages",
      lines: [line("Five-page site", "1000", "2"), line("Contact form", "500")],
    },
    { name: "Premium", description: "Everything", lines: [line("Full site with shop", "5000")] },
  ],
  addons: [{ name: "Logo refresh", description: "", lines: [line("Logo refresh", "300.50")] }],
  agreement: "1. Scope. We build what the chosen package says.\n2. Payment. Half on signing.",
  expires_on: expiresOn,
  tax_rate: "8.25",
  deposit_kind: "percent",
  deposit_value: "50",
  intent: "send",
});

/** Creates and sends the sample proposal; its client link (absolute, as mailed). */
export async function createSentProposal(
  db: Db,
  input: { customerId: string; expiresOn: string; actor: { userId: string; email: string }; publicUrl?: string },
): Promise<{ id: string; proposalNumber: string; link: string; token: string }> {
  const form = proposalFormSchema.parse(sampleProposalInput(input.customerId, input.expiresOn));
  const created = await createProposal(db, form, input.actor.userId);
  const sent = await sendProposal(
    {
      db,
      config: { ...testConfig, publicUrl: input.publicUrl ?? testConfig.publicUrl },
      logger: pino({ level: "silent" }),
    },
    { proposalId: created.id, actor: input.actor, ip: "127.0.0.1" },
  );
  if (!sent.ok) throw new Error(`proposal not sent: ${JSON.stringify(sent)}`);
  const token = /\/p\/([A-Za-z0-9_-]+)$/.exec(sent.link)?.[1] ?? "";
  return { ...created, link: sent.link, token };
}

/** A PDF's text as pdftotext (poppler-utils) reads it, laid out. */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), "proposal-pdf-"));
  try {
    const file = path.join(dir, "proposal.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
