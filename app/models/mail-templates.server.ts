/** The owner's wording of client mails and the mails' accent colour (Settings → Emails, ADR 0050). */
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { emailStyle, emailTemplates } from "#app/db/schema.ts";
import { defaultAccentColour } from "#app/domain/mail.ts";
import {
  defaultWording,
  isMailTemplateKey,
  type MailTemplateKey,
  type MailWording,
  mailTemplateKeys,
} from "#app/domain/mail-templates.ts";

/** One template's wording: the owner's, or the default. */
export async function getMailWording(db: Queryable, key: MailTemplateKey): Promise<MailWording> {
  const [row] = await db
    .select({ subject: emailTemplates.subject, opening: emailTemplates.opening })
    .from(emailTemplates)
    .where(eq(emailTemplates.key, key));
  return row ?? defaultWording(key);
}

/** Every template's wording, and whether the owner changed it. */
export async function listMailWordings(
  db: Queryable,
): Promise<{ key: MailTemplateKey; wording: MailWording; custom: boolean }[]> {
  const rows = await db.select().from(emailTemplates);
  const byKey = new Map(rows.filter((row) => isMailTemplateKey(row.key)).map((row) => [row.key, row]));
  return mailTemplateKeys.map((key) => {
    const row = byKey.get(key);
    return {
      key,
      wording: row ? { subject: row.subject, opening: row.opening } : defaultWording(key),
      custom: row !== undefined,
    };
  });
}

export async function saveMailWording(db: Queryable, key: MailTemplateKey, wording: MailWording): Promise<void> {
  await db
    .insert(emailTemplates)
    .values({ key, ...wording })
    .onConflictDoUpdate({ target: emailTemplates.key, set: { ...wording, updatedAt: sql`now()` } });
}

/** Back to the default: the owner's row goes. */
export async function resetMailWording(db: Queryable, key: MailTemplateKey): Promise<void> {
  await db.delete(emailTemplates).where(eq(emailTemplates.key, key));
}

export async function getAccentColour(db: Queryable): Promise<string> {
  const [row] = await db.select({ accent: emailStyle.accentColour }).from(emailStyle).limit(1);
  return row?.accent ?? defaultAccentColour;
}

export async function saveAccentColour(db: Queryable, accent: string): Promise<void> {
  await db
    .insert(emailStyle)
    .values({ id: 1, accentColour: accent })
    .onConflictDoUpdate({ target: emailStyle.id, set: { accentColour: accent, updatedAt: sql`now()` } });
}
