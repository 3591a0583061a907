// The demo site settings: today's text from the locale files, plus a phone, a WhatsApp number and the two
// social accounts the footer showed as placeholders, so a fresh install shows every part of the settings.
// Only when no admin saved settings yet: a second run changes nothing.
import type { Database } from "../db/client.server";
import { getSiteSettings, saveSiteSettings } from "../site/settings.server";

export const DEMO_SITE_SETTINGS = {
  phone: "+96265550100",
  whatsapp: "+962795550100",
  social: { x: "https://x.com/manara", linkedin: "https://www.linkedin.com/company/manara" },
} as const;

export async function seedDemoSiteSettings(db: Database, adminId: string): Promise<void> {
  const stored = await getSiteSettings(db);
  if (stored.updatedAt !== null) return;
  await saveSiteSettings(
    db,
    {
      ...stored.settings,
      phone: DEMO_SITE_SETTINGS.phone,
      whatsapp: DEMO_SITE_SETTINGS.whatsapp,
      social: { ...stored.settings.social, ...DEMO_SITE_SETTINGS.social },
    },
    adminId,
  );
}
