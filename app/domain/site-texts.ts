/**
 * The public site's own words, block by block: what the owner may change on the home, About and contact pages and
 * in the footer,
 * each text's default (the specification's words: an untouched site reads exactly as specified) and its
 * length cap (what the page's design holds). Texts are plain: React escapes them, and a text that allows
 * line breaks keeps them (`white-space: pre-line`); nothing is read as markup.
 */
import { z } from "zod";
import { tooLong } from "./limits.ts";

export type SiteTextField = {
  name: string;
  label: string;
  /** the most characters the design holds */
  max: number;
  /** whether the text may hold line breaks (a textarea) */
  multiline?: boolean;
  default: string;
};

/** The public page a block is seen on (its preview opens there; the tagline's is the home page). */
type SiteTextPage = "home" | "about" | "contact";

export type SiteTextBlock = {
  id: string;
  title: string;
  where: string;
  page: SiteTextPage;
  fields: readonly SiteTextField[];
};

/** A block's introduction: a paragraph under its page's title, line breaks kept. */
const intro = (text: string): SiteTextField => ({
  name: "intro",
  label: "Introduction",
  max: 240,
  multiline: true,
  default: text,
});

const card = (n: number, title: string, text: string, kind = "Card"): SiteTextField[] => [
  { name: `${kind.toLowerCase()}${n}_title`, label: `${kind} ${n} title`, max: 40, default: title },
  { name: `${kind.toLowerCase()}${n}_text`, label: `${kind} ${n} text`, max: 160, multiline: true, default: text },
];

export const siteTextBlocks = [
  {
    id: "home-hero",
    title: "Home: hero",
    where: "The top of the home page, over the terminal animation. The title's last word takes the accent colour.",
    page: "home",
    fields: [
      { name: "title", label: "Title", max: 40, default: "Dream. Design. Develop." },
      { name: "subtitle", label: "Subtitle", max: 80, default: "Sites that work hard for your business." },
      {
        name: "intro",
        label: "Introduction",
        max: 320,
        multiline: true,
        default:
          "We are a small studio that builds custom websites and web applications for small businesses. Good looks are the start, not the goal: every page we make has a purpose and every feature earns its place.",
      },
    ],
  },
  {
    id: "home-services",
    title: "Home: What We Do",
    where: "The three cards under the hero.",
    page: "home",
    fields: [
      ...card(
        1,
        "Custom Websites",
        "Sites designed around your business and your customers, not a template: clear, fast and easy to update.",
      ),
      ...card(
        2,
        "Web Applications",
        "Booking, ordering, dashboards and marketplaces: niche tools that take work off your plate every day.",
      ),
      ...card(
        3,
        "Performance First",
        "Fast, SEO-optimised sites that load in a blink on any phone and get found by the people looking for you.",
      ),
    ],
  },
  {
    id: "home-closing",
    title: "Home: closing call to action",
    where: "The last section of the home page, above its Get Started Today button.",
    page: "home",
    fields: [
      { name: "title", label: "Title", max: 60, default: "Ready to Build Something Great?" },
      {
        name: "text",
        label: "Text",
        max: 200,
        multiline: true,
        default: "Tell us about your business. We will come back with a plan, a price range and a timeline.",
      },
    ],
  },
  {
    id: "about-intro",
    title: "About: introduction",
    where: "Under the About page's title.",
    page: "about",
    fields: [
      intro(
        "We dream, design and develop websites and web applications for small businesses. Building the future of functional design, one hard-working site at a time.",
      ),
    ],
  },
  {
    id: "about-philosophy",
    title: "About: Our Philosophy",
    where: "The About page's first section. A blank line starts a new paragraph.",
    page: "about",
    fields: [
      {
        name: "text",
        label: "Text",
        max: 700,
        multiline: true,
        default:
          "A beautiful site that does not bring in work is an expensive poster. We put functionality and purpose over design alone: design is how a site works, not only how it looks.\n\nSo we start with your business, not with a template, and we judge our work by what it does for you: more calls, more bookings, more orders, less time spent on busywork.",
      },
    ],
  },
  {
    id: "about-apart",
    title: "About: What Sets Us Apart",
    where: "The About page's three cards.",
    page: "about",
    fields: [
      ...card(
        1,
        "Purpose-Driven",
        "Every page and feature answers one question: does it help your business? If not, it does not ship.",
      ),
      ...card(
        2,
        "Performance First",
        "Fast pages rank higher and sell more. We measure speed and accessibility on every page we build.",
      ),
      ...card(
        3,
        "Client-Focused",
        "You talk to the people who build your site, get straight answers and see progress every week.",
      ),
    ],
  },
  {
    id: "about-approach",
    title: "About: Our Approach",
    where: "The About page's four numbered steps.",
    page: "about",
    fields: [
      ...card(
        1,
        "Understand the Business",
        "We learn how you make money, who your customers are and what slows you down.",
        "Step",
      ),
      ...card(
        2,
        "Design with Purpose",
        "Layouts, words and flows that lead visitors to the one thing you want them to do.",
        "Step",
      ),
      ...card(
        3,
        "Build for Growth",
        "Clean, fast code on solid foundations, ready for the features you will need next year.",
        "Step",
      ),
      ...card(
        4,
        "Support Long-Term",
        "Updates, fixes and improvements after launch, from the same team that built it.",
        "Step",
      ),
    ],
  },
  {
    id: "contact",
    title: "Contact: introduction and cards",
    where: "The contact page: the words under Get In Touch, and the two cards beside the inquiry form.",
    page: "contact",
    fields: [
      intro(
        "Tell us about your business and what you want your site to do. We will answer with questions, ideas and an honest estimate.",
      ),
      ...card(1, "Quick Response", "We reply to every inquiry within 24 hours on business days."),
      ...card(
        2,
        "Free Consultation",
        "A 30-minute strategy session and a branded demo of your site. No cost, no commitment.",
      ),
    ],
  },
  {
    id: "tagline",
    title: "Tagline",
    where: "In the footer of every public page, and above the home page's title.",
    page: "home",
    fields: [{ name: "tagline", label: "Tagline", max: 80, default: "Building the future of functional design." }],
  },
] as const satisfies readonly SiteTextBlock[];

export type SiteTextBlockId = (typeof siteTextBlocks)[number]["id"];

type FieldsOf<B> = B extends { fields: readonly (infer F)[] }
  ? F extends { name: infer N extends string }
    ? N
    : never
  : never;

/** Every block's texts, by block and field: the saved ones over the defaults. */
export type SiteTexts = { [B in (typeof siteTextBlocks)[number] as B["id"]]: Record<FieldsOf<B>, string> };

const siteTextBlockIds = siteTextBlocks.map((block) => block.id) as SiteTextBlockId[];

export function siteTextBlock(id: string): (typeof siteTextBlocks)[number] | undefined {
  return siteTextBlocks.find((block) => block.id === id);
}

/** The defaults of every block: the specification's words. */
export function defaultSiteTexts(): SiteTexts {
  return Object.fromEntries(
    siteTextBlocks.map((block) => [
      block.id,
      Object.fromEntries(block.fields.map((field) => [field.name, field.default])),
    ]),
  ) as SiteTexts;
}

/**
 * The texts a page shows: each block's saved fields over its defaults. A saved field that is no longer defined,
 * or not a string, is ignored; a block saved before a field was added shows that field's default.
 */
export function mergeSiteTexts(saved: readonly { block: string; fields: unknown }[]): SiteTexts {
  const texts = defaultSiteTexts() as Record<string, Record<string, string>>;
  for (const row of saved) {
    const block = siteTextBlock(row.block);
    const target = texts[row.block];
    if (!block || !target || typeof row.fields !== "object" || row.fields === null) continue;
    for (const field of block.fields) {
      const value = (row.fields as Record<string, unknown>)[field.name];
      if (typeof value === "string") target[field.name] = value;
    }
  }
  return texts as SiteTexts;
}

/** The owner's page of the site's words, and one block's form id (the route and its page chunk share them). */
export const siteTextsPath = "/admin/site/texts";
export function textsFormId(block: string) {
  return `texts-${block}`;
}

export const siteTextMessages = {
  reset: "Back to the default text",
  unknownBlock: "Unknown text block",
  required: (label: string) => `Please enter the ${label.toLowerCase()}`,
  tooLong,
} as const;

/** A text as the owner typed it: line breaks made uniform (only where allowed), ends trimmed. */
function normaliseText(value: string, multiline: boolean): string {
  const unified = value.replace(/\r\n?/g, "\n");
  const text = multiline
    ? unified
        .split("\n")
        .map((line) => line.trimEnd())
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
    : unified.replace(/\s*\n\s*/g, " ");
  return text.trim();
}

function textField(field: SiteTextField) {
  const required = siteTextMessages.required(field.label);
  // checks on the string itself, as validation.ts's requiredText: the form library's empty-to-undefined
  // coercion then keeps this message for an empty field
  return z.string(required).check(
    z.overwrite((value) => normaliseText(value, Boolean(field.multiline))),
    z.minLength(1, required),
    z.maxLength(field.max, siteTextMessages.tooLong(field.label, field.max)),
  );
}

/** A block's form: each of its texts, required and capped. */
export function siteTextBlockSchema(block: SiteTextBlock) {
  return z.object(Object.fromEntries(block.fields.map((field) => [field.name, textField(field)])));
}

/** Where the owner sees a block's unsaved texts on its real page (ADR 0061): admins only, nothing saved. */
const siteTextsPreviewPath = "/admin/site/texts/preview";

/** The preview's address for a block as typed: the block and its fields in the query (a block is at most 1,000 characters). */
export function siteTextsPreviewHref(block: SiteTextBlock, value: (name: string) => string): string {
  const query = new URLSearchParams({ block: block.id });
  for (const field of block.fields) query.set(field.name, value(field.name));
  return `${siteTextsPreviewPath}?${query}`;
}

/**
 * The texts a preview shows: the block's typed fields, checked as a save checks them, over the saved texts. A
 * refusal names the first problem, in the words a save would use.
 */
export function siteTextsPreview(
  saved: SiteTexts,
  query: URLSearchParams,
): { ok: true; texts: SiteTexts; block: SiteTextBlock } | { ok: false; message: string } {
  const block = siteTextBlock(query.get("block") ?? "");
  if (!block) return { ok: false, message: siteTextMessages.unknownBlock };
  const typed = Object.fromEntries(block.fields.map((field) => [field.name, query.get(field.name) ?? ""]));
  const checked = siteTextBlockSchema(block).safeParse(typed);
  if (!checked.success)
    return { ok: false, message: checked.error.issues[0]?.message ?? siteTextMessages.unknownBlock };
  return { ok: true, block, texts: { ...saved, [block.id]: checked.data } as SiteTexts };
}

/** What the editor posts besides the texts: the block, and Save or Reset to default. */
export const siteTextIntentSchema = z.object({
  intent: z.enum(["save", "reset"]),
  block: z.enum(siteTextBlockIds as [SiteTextBlockId, ...SiteTextBlockId[]], {
    error: siteTextMessages.unknownBlock,
  }),
});

/** The title with its last word apart, which the page draws in the accent colour ("Dream. Design." + "Develop."). */
export function splitLastWord(title: string): { lead: string; last: string } {
  const at = title.lastIndexOf(" ");
  return at < 0 ? { lead: "", last: title } : { lead: title.slice(0, at + 1), last: title.slice(at + 1) };
}

/** A text's paragraphs: parts apart by a blank line (each keeps its single line breaks). */
export function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).filter((part) => part.trim() !== "");
}

/** A block's numbered title-and-text pairs ("card1_title", "card1_text", …) in order, as the page draws them. */
export function numberedPairs(texts: Record<string, string>, stem: "card" | "step"): { title: string; text: string }[] {
  const pairs: { title: string; text: string }[] = [];
  for (let n = 1; `${stem}${n}_title` in texts; n++) {
    pairs.push({ title: texts[`${stem}${n}_title`] ?? "", text: texts[`${stem}${n}_text`] ?? "" });
  }
  return pairs;
}
