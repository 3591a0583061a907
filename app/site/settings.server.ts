// The site settings in the database (issue 49, item 6): one row, `site_settings` keyed `site`. Until an admin
// saves them, the settings are today's text from the locale files (brand name, contact email, working hours,
// office), so a fresh install shows what it always did and an edit of those files still reaches it.
import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Database, Queryable } from "../db/client.server";
import { getDb } from "../db/context";
import { announcePublicChange } from "../db/public-changes.server";
import { siteSettings } from "../db/schema";
import { i18nFor } from "../i18n/context.server";
import { logger } from "../lib/logger.server";
import { readPublic } from "../lib/public-reads.server";
import { type SiteSettings, SiteSettingsInput } from "./settings";
import { SOCIAL_NETWORKS } from "./social-networks";

const KEY = "site";

/** The settings before any admin saved them: the locale files' text, no phone and no social links. */
export function defaultSiteSettings(): SiteSettings {
  const en = i18nFor("en");
  const ar = i18nFor("ar");
  const both = (key: string, namespace: string) => ({
    en: en.getFixedT("en", namespace)(key),
    ar: ar.getFixedT("ar", namespace)(key),
  });
  return {
    brandName: both("brand.name", "common"),
    email: en.getFixedT("en", "contact")("details.email"),
    phone: "",
    whatsapp: "",
    address: both("details.location", "contact"),
    hours: both("details.hours", "contact"),
    social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, ""])) as SiteSettings["social"],
  };
}

export type StoredSiteSettings = { settings: SiteSettings; updatedAt: string | null };

/** The settings in force: the saved ones, or the defaults when none were saved (or the row no longer parses). */
export async function getSiteSettings(db: Queryable): Promise<StoredSiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  if (!row) return { settings: defaultSiteSettings(), updatedAt: null };
  const parsed = SiteSettingsInput.safeParse(row.value);
  if (!parsed.success) {
    // Written through the same schema, so only a hand edit or a narrowed rule gets here: show the defaults.
    logger("site").error({ issues: parsed.error.issues.length }, "Stored site settings do not parse");
    return { settings: defaultSiteSettings(), updatedAt: row.updatedAt.toISOString() };
  }
  return { settings: parsed.data, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Saves the settings (already checked by `SiteSettingsInput`) and announces the change, so every server's
 * caches forget the pages that show them when it commits.
 */
export async function saveSiteSettings(
  db: Database,
  settings: SiteSettings,
  actorId: string,
): Promise<{ ok: true } & StoredSiteSettings> {
  // Parsed again: the domain takes no one's word for it (a stored value is read back through the same schema).
  const value = SiteSettingsInput.parse(settings);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteSettings)
      .values({ key: KEY, value, updatedBy: actorId })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value, updatedBy: actorId, updatedAt: sql`now()` },
      })
      .returning();
    await announcePublicChange(tx, "site");
    return row;
  });
  if (!saved) throw new Error("The site settings were not saved");
  return { ok: true, settings: value, updatedAt: saved.updatedAt.toISOString() };
}

/**
 * The settings for a page: kept in memory like the public lists (PUBLIC_CACHE_SECONDS) and forgotten on every
 * server when a save commits (the `site` public change), so the header and footer cost no query per page.
 */
export function readSiteSettings(context: Readonly<RouterContextProvider>): Promise<StoredSiteSettings> {
  return readPublic(context, "site", ["settings"], () => getSiteSettings(getDb(context)));
}
