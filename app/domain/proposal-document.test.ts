import { describe, expect, it } from "vitest";
import { proposalDocument } from "#app/domain/proposal-document.ts";
import { defaultStudio } from "#app/domain/studio.ts";

const source = {
  proposalNumber: "PRO-0007",
  revision: 2,
  title: "Site",
  introduction: "Hello",
  scope: "",
  options: {
    tiers: [
      { id: "t1", name: "Small", description: "", lines: [{ description: "Page", quantity: 150, unitPrice: 10_000 }] },
      { id: "t2", name: "Large", description: "", lines: [{ description: "Pages", quantity: 100, unitPrice: 50_000 }] },
    ],
    addons: [
      { id: "a1", name: "Logo", description: "", lines: [{ description: "Logo", quantity: 100, unitPrice: 2_550 }] },
    ],
  },
  agreement: "Terms",
  expiresOn: "2026-12-31",
  taxRate: "8.25",
  depositKind: "percent" as const,
  depositValue: "50.00",
  customer: { name: "Ada", businessName: "Bakery", email: "ada@bakery.test" },
  signedAt: null,
  signerName: null,
  signerIp: null,
  signerUserAgent: null,
  contentHash: null,
  chosenTierId: null,
  chosenAddonIds: null,
  signedTotal: null,
  depositAmount: null,
};

describe("proposalDocument", () => {
  it("formats the options, the deposit terms and the validity; nothing chosen before signing", () => {
    const doc = proposalDocument(source, defaultStudio, "America/New_York");
    expect(doc).toMatchObject({ number: "PRO-0007", version: "Version 2", validUntil: "12/31/2026", taxRate: "8.25" });
    expect(doc.depositTerms).toBe("50% of the total");
    expect(doc.customerLines).toEqual(["Bakery", "Ada", "ada@bakery.test"]);
    expect(doc.tiers[0]).toMatchObject({ total: "$150.00", totalCents: 15_000, chosen: false });
    expect(doc.tiers[0]?.lines[0]).toEqual({
      description: "Page",
      quantity: "1.5",
      unitPrice: "$100.00",
      total: "$150.00",
    });
    expect(doc.signature).toBeNull();
  });

  it("a signed proposal: the choice marked and the record in UTC and the studio's time", () => {
    const doc = proposalDocument(
      {
        ...source,
        signedAt: new Date("2026-11-20T15:04:05Z"),
        signerName: "Ada Baker",
        contentHash: "f".repeat(64),
        chosenTierId: "t2",
        chosenAddonIds: ["a1"],
        signedTotal: "568.89",
        depositAmount: "284.45",
      },
      defaultStudio,
      "America/New_York",
    );
    expect(doc.tiers.map((tier) => tier.chosen)).toEqual([false, true]);
    expect(doc.addons[0]?.chosen).toBe(true);
    expect(doc.signature).toMatchObject({
      signerName: "Ada Baker",
      signedAtIso: "2026-11-20T15:04:05.000Z",
      signedAtStudio: "Friday, November 20, 2026 at 10:04 AM (America/New_York)",
      signedAtZone: "America/New_York",
      ip: "not recorded",
      tier: "Large",
      addons: ["Logo"],
      total: "$568.89",
      deposit: "$284.45",
    });
  });
});
