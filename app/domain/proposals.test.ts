import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { proposalMessages } from "#app/domain/proposal-pages.ts";
import {
  checkProposalAction,
  choiceFromQuery,
  choiceQuery,
  choiceTotals,
  clientAnswerSchema,
  depositAmount,
  depositPart,
  largestTotal,
  lowestPrice,
  optionId,
  type ProposalOptions,
  proposalFormSchema,
  proposalState,
  signingText,
  tiersFromPackages,
  toStoredOptions,
} from "#app/domain/proposals.ts";
import { maxSignatureChars, pngDataUrl, signatureMessages } from "#app/domain/signature.ts";

const options: ProposalOptions = {
  tiers: [
    { id: "t1", name: "Basic", description: "", lines: [{ description: "Site", quantity: 100, unitPrice: 50_000 }] },
    {
      id: "t2",
      name: "Standard",
      description: "Most popular",
      lines: [
        { description: "Design", quantity: 100, unitPrice: 120_000 },
        { description: "Pages", quantity: 1050, unitPrice: 3_333 },
      ],
    },
    {
      id: "t3",
      name: "Premium",
      description: "",
      lines: [{ description: "Custom", quantity: 100, unitPrice: 300_000 }],
    },
  ],
  addons: [
    { id: "a1", name: "SEO", description: "", lines: [{ description: "SEO", quantity: 100, unitPrice: 25_000 }] },
    { id: "a2", name: "Copy", description: "", lines: [{ description: "Copy", quantity: 300, unitPrice: 9_999 }] },
  ],
};
const proposal = { options, taxRate: 0, depositKind: "percent" as const, depositValue: 5000 };

describe("choice totals", () => {
  it("adds the chosen tier and add-ons line by line, exact to the cent", () => {
    const result = choiceTotals(proposal, { tierId: "t2", addonIds: ["a1", "a2"] });
    if (!result.ok) throw new Error(result.message);
    // 1200.00 + 10.5 x 33.33 = 349.965 -> 349.97; + 250.00 + 3 x 99.99 = 299.97
    expect(result.totals.subtotal).toBe(120_000 + 34_997 + 25_000 + 29_997);
    expect(result.totals.total).toBe(209_994);
    expect(result.totals.deposit).toBe(104_997);
    expect(result.totals.lines.map((line) => line.description)).toEqual(["Design", "Pages", "SEO", "Copy"]);
  });

  it("applies the tax rate with the money module's rounding", () => {
    const result = choiceTotals({ ...proposal, taxRate: 825 }, { tierId: "t1", addonIds: [] });
    if (!result.ok) throw new Error(result.message);
    expect(result.totals.taxAmount).toBe(4125);
    expect(result.totals.total).toBe(54_125);
  });

  it("refuses a tier or an add-on that is not offered", () => {
    expect(choiceTotals(proposal, { tierId: "t9", addonIds: [] })).toMatchObject({ ok: false, field: "tier" });
    expect(choiceTotals(proposal, { tierId: "t1", addonIds: ["a7"] })).toMatchObject({
      ok: false,
      message: proposalMessages.unknownAddon,
    });
  });

  it("the largest total is the biggest tier with every add-on", () => {
    expect(largestTotal(options)).toBe(300_000 + 25_000 + 29_997);
  });
});

describe("deposit", () => {
  it("rounds a percentage of the subtotal half away from zero to the cent", () => {
    expect(depositAmount(1001, 0, "percent", 5000)).toBe(501);
    expect(depositAmount(333, 0, "percent", 3333)).toBe(111);
    expect(depositAmount(100_000, 0, "percent", 10_000)).toBe(100_000);
    expect(depositAmount(100_000, 0, "percent", 0)).toBe(0);
  });
  it("adds the tax on the deposit's part, as the deposit invoice bills it", () => {
    // 50% of $1,000.01 = $500.01 (500.005 rounded), 8.25% tax on it $41.25: $541.26
    expect(depositPart(100_001, 825, "percent", 5000)).toEqual({ net: 50_001, tax: 4125, amount: 54_126 });
    // the whole: exactly the total
    expect(depositAmount(100_001, 825, "percent", 10_000)).toBe(100_001 + 8250);
  });
  it("takes a fixed amount as tax-inclusive, capped at the total; a zero total asks nothing", () => {
    expect(depositAmount(50_000, 0, "amount", 20_000)).toBe(20_000);
    expect(depositAmount(10_000, 0, "amount", 20_000)).toBe(10_000);
    expect(depositAmount(0, 0, "amount", 20_000)).toBe(0);
    // $400.00 with 10% tax in it: $363.64 + $36.36
    expect(depositPart(100_000, 1000, "amount", 40_000)).toEqual({ net: 36_364, tax: 3636, amount: 40_000 });
    // $500.00 cannot be reached at 10% ($454.55 + $45.46 = $500.01): the largest below, $454.54 + $45.45
    expect(depositPart(100_000, 1000, "amount", 50_000)).toEqual({ net: 45_454, tax: 4545, amount: 49_999 });
    // capped at the total ($1,000 + 10%): the whole subtotal
    expect(depositPart(100_000, 1000, "amount", 200_000)).toEqual({ net: 100_000, tax: 10_000, amount: 110_000 });
  });
});

describe("states", () => {
  const sent = { status: "sent" as const, expiresOn: "2026-12-01", revision: 1 };
  it("a sent proposal past its date reads expired and cannot be signed or declined", () => {
    expect(proposalState(sent, "2026-12-01")).toBe("sent");
    expect(proposalState(sent, "2026-12-02")).toBe("expired");
    expect(checkProposalAction(sent, "sign", "2026-12-02")).toEqual({ ok: false, message: proposalMessages.expired });
    expect(checkProposalAction(sent, "decline", "2026-12-02").ok).toBe(false);
    expect(checkProposalAction(sent, "sign", "2026-12-01").ok).toBe(true);
  });
  it("a signed proposal is closed to every action", () => {
    const signed = { ...sent, status: "signed" as const };
    for (const action of ["edit", "send", "revise", "revoke", "sign", "decline", "delete"] as const) {
      expect(checkProposalAction(signed, action, "2026-11-01").ok).toBe(false);
    }
  });
  it("only a draft is edited or sent; only a never-sent draft is deleted", () => {
    const draft = { ...sent, status: "draft" as const };
    expect(checkProposalAction(draft, "edit", "2026-11-01").ok).toBe(true);
    expect(checkProposalAction(draft, "send", "2026-11-01").ok).toBe(true);
    expect(checkProposalAction(draft, "delete", "2026-11-01").ok).toBe(true);
    expect(checkProposalAction({ ...draft, revision: 2 }, "delete", "2026-11-01").ok).toBe(false);
    expect(checkProposalAction(sent, "edit", "2026-11-01").ok).toBe(false);
    expect(checkProposalAction(draft, "sign", "2026-11-01").ok).toBe(false);
  });
  it("sent, declined and expired proposals can be revised; revoked ones cannot", () => {
    for (const status of ["sent", "viewed", "declined"] as const) {
      expect(checkProposalAction({ ...sent, status }, "revise", "2026-11-01").ok).toBe(true);
    }
    expect(checkProposalAction(sent, "revise", "2027-01-01").ok).toBe(true);
    expect(checkProposalAction({ ...sent, status: "revoked" }, "revise", "2026-11-01").ok).toBe(false);
    expect(checkProposalAction({ ...sent, status: "declined" }, "revoke", "2026-11-01").ok).toBe(false);
  });
});

describe("the signed text", () => {
  const signable = {
    proposalNumber: "PRO-0001",
    revision: 1,
    customerName: "Ada Lovelace",
    title: "New site",
    introduction: "Hello",
    scope: "Five pages",
    options,
    agreement: "Terms",
    expiresOn: "2026-12-01",
    taxRate: 0,
    depositKind: "percent" as const,
    depositValue: 5000,
  };
  it("names every option, line and term the client reads", () => {
    const text = signingText(signable);
    expect(text).toContain("Proposal PRO-0001, version 1");
    expect(text).toContain("- Pages: 10.5 x $33.33 = $349.97");
    expect(text).toContain("Deposit on signing: 50% of the total");
    expect(text).toContain("Agreement:\nTerms");
  });
  it("changes with any change the client would see, and with the version", () => {
    const base = signingText(signable);
    expect(signingText({ ...signable, revision: 2 })).not.toBe(base);
    expect(signingText({ ...signable, agreement: "Terms." })).not.toBe(base);
    expect(signingText({ ...signable, depositValue: 4000 })).not.toBe(base);
    expect(signingText({ ...signable })).toBe(base);
  });
});

describe("starting points", () => {
  it("reads the lowest amount of a pricing package's price", () => {
    expect(lowestPrice("$500 - $1,200")).toBe(50_000);
    expect(lowestPrice("$3,000 - $5,000+")).toBe(300_000);
    expect(lowestPrice("On request")).toBe(0);
  });
  it("makes one tier per package with its features in the description", () => {
    const [tier] = tiersFromPackages([
      { name: "Basic Package", price: "$500 - $1,200", description: "Small", features: ["home page"] },
    ]);
    expect(tier).toEqual({
      name: "Basic Package",
      description: "Small\n- home page",
      lines: [{ description: "Basic Package", quantity: "1", unit_price: "500.00" }],
    });
  });
});

function form(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  return data;
}

describe("the editor's form", () => {
  const base = {
    customer_id: "8b0e6f1c-6a3e-4c1e-9a53-0f3b2a8c1d11",
    title: "New site",
    "tiers[0].name": "Basic",
    "tiers[0].lines[0].description": "Site",
    "tiers[0].lines[0].quantity": "1",
    "tiers[0].lines[0].unit_price": "500",
    agreement: "Terms",
    expires_on: "2026-12-01",
    deposit_kind: "percent",
    deposit_value: "50",
  };
  it("parses nested tiers and drops a wholly blank add-on", () => {
    const parsed = parseWithZod(form({ ...base, "addons[0].name": "", "addons[0].lines[0].description": "" }), {
      schema: proposalFormSchema,
    });
    if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.reply().error));
    expect(parsed.value.addons).toEqual([]);
    expect(toStoredOptions(parsed.value, optionId).tiers[0]).toEqual({
      id: "t1",
      name: "Basic",
      description: "",
      lines: [{ description: "Site", quantity: 100, unitPrice: 50_000 }],
    });
  });
  it("asks for a line in every package, a name, and a deposit of at most 100 percent", () => {
    const parsed = parseWithZod(form({ ...base, "tiers[1].name": "", "tiers[1].description": "no lines" }), {
      schema: proposalFormSchema,
    });
    const errors = parsed.reply().error ?? {};
    expect(errors["tiers[1].lines"]).toEqual([proposalMessages.addLine]);
    expect(errors["tiers[1].name"]).toEqual([proposalMessages.tierName]);
    const deposit = parseWithZod(form({ ...base, deposit_value: "120" }), { schema: proposalFormSchema });
    expect(deposit.reply().error?.deposit_value).toEqual([proposalMessages.depositPercent]);
  });
});

describe("the client's answer", () => {
  const hash = "a".repeat(64);
  it("needs a tier, a typed name and the agreement ticked", () => {
    const parsed = parseWithZod(form({ intent: "sign", content_hash: hash, signer_name: " " }), {
      schema: clientAnswerSchema,
    });
    const errors = parsed.reply().error ?? {};
    expect(errors.tier).toEqual([proposalMessages.chooseTier]);
    expect(errors.signer_name).toEqual([proposalMessages.signerName]);
    expect(errors.agree).toEqual([proposalMessages.agree]);
  });
  it("accepts repeated add-ons and refuses a signature that is not a PNG data URL", () => {
    const ok = parseWithZod(
      form({ intent: "sign", content_hash: hash, tier: "t2", addons: ["a1", "a2"], signer_name: "Ada L", agree: "on" }),
      { schema: clientAnswerSchema },
    );
    expect(ok.status === "success" && ok.value.intent === "sign" && ok.value.addons).toEqual(["a1", "a2"]);
    const bad = parseWithZod(
      form({
        intent: "sign",
        content_hash: hash,
        tier: "t2",
        signer_name: "Ada L",
        agree: "on",
        signature: "https://evil.test/x.png",
      }),
      { schema: clientAnswerSchema },
    );
    expect(bad.reply().error?.signature).toEqual([proposalMessages.signature]);
  });
  it("refuses a drawn signature beyond the field's limits (chars, declared pixels) with the message to draw it again", () => {
    const sign = (signature: string) =>
      parseWithZod(
        form({ intent: "sign", content_hash: hash, tier: "t2", signer_name: "Ada L", agree: "on", signature }),
        { schema: clientAnswerSchema },
      );
    /** a PNG header declaring `width` x `height`, as a data URL (padded to `chars`) */
    const declared = (width: number, height: number, chars = 0) => {
      const bytes = new Uint8Array(33);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      new DataView(bytes.buffer).setUint32(16, width);
      new DataView(bytes.buffer).setUint32(20, height);
      const url = pngDataUrl(bytes);
      return url.length >= chars ? url : `${url.slice(0, -4)}${"A".repeat(chars - url.length)}${url.slice(-4)}`;
    };
    expect(sign(declared(1536, 288)).status).toBe("success");
    expect(sign(declared(1536, 288, maxSignatureChars)).status).toBe("success");
    expect(sign(declared(1536, 288, maxSignatureChars + 4)).reply().error?.signature).toEqual([
      signatureMessages.tooLarge,
    ]);
    expect(sign(declared(5000, 5000)).reply().error?.signature).toEqual([signatureMessages.tooLarge]);
    expect(sign("data:image/png;base64,AAAA").reply().error?.signature).toEqual([signatureMessages.unreadable]);
  });
  it("Update total posts the choice alone: its address carries the tier and add-ons, never the name", () => {
    const parsed = parseWithZod(
      form({ intent: "choose", content_hash: hash, tier: "t3", addons: ["a1", "a2"], signer_name: "Ada L" }),
      { schema: clientAnswerSchema },
    );
    if (parsed.status !== "success" || parsed.value.intent !== "choose") throw new Error("not parsed");
    expect(choiceQuery(parsed.value)).toBe("tier=t3&addon=a1&addon=a2");
    expect(choiceFromQuery(options, new URLSearchParams(choiceQuery(parsed.value)))).toEqual({
      tierId: "t3",
      addonIds: ["a1", "a2"],
    });
    // a malformed tier is left out (the page falls back to its first choice), nothing refused
    const odd = parseWithZod(form({ intent: "choose", tier: "x y" }), { schema: clientAnswerSchema });
    expect(odd.status === "success" && odd.value.intent === "choose" && choiceQuery(odd.value)).toBe("");
  });
  it("reads a choice from the address, falling back to the middle of three tiers", () => {
    expect(choiceFromQuery(options, new URLSearchParams(""))).toEqual({ tierId: "t2", addonIds: [] });
    expect(choiceFromQuery(options, new URLSearchParams("tier=t3&addon=a2&addon=a9&addon=a2"))).toEqual({
      tierId: "t3",
      addonIds: ["a2"],
    });
  });
});
