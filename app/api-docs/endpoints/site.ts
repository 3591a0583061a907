// The agency's own site (issue 49): its settings. app/routes/api/admin-site-settings.ts.
import { z } from "zod";
import { SiteSettingsInput } from "../../site/settings";
import { SOCIAL_NETWORKS } from "../../site/social-networks";
import { type EndpointDoc, isoDate, json, ok } from "../registry";

const Bilingual = z.strictObject({
  en: z.string(),
  ar: z.string().describe("Empty: the English text is shown"),
});

const SiteSettings = z.strictObject({
  brandName: Bilingual,
  email: z.string().describe("Empty when none is set"),
  phone: z.string().describe("E.164, or empty"),
  whatsapp: z.string().describe("E.164, or empty"),
  address: Bilingual,
  hours: Bilingual,
  social: z.strictObject(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, z.string()]))),
});

const SettingsAnswer = z.strictObject({
  settings: SiteSettings,
  updatedAt: isoDate.nullable().describe("When an admin last saved them; null while the defaults are shown"),
});

export const siteEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/admin/settings/site",
    tag: "Admin",
    summary: "The site settings: brand name, contact details and social links",
    description:
      "Until an admin saves them, the defaults are the text the site ships with (brand name, contact email, working hours, office).",
    auth: "admin",
    responses: { 200: ok("The settings in force", SettingsAnswer) },
  },
  {
    method: "put",
    route: "api/admin/settings/site",
    tag: "Admin",
    summary: "Save the site settings",
    description:
      "Every field is sent; an empty string is none (the English brand name is required). Phone numbers in international form are kept as E.164; social links are https addresses on the network's own host. Every page's header, footer and contact details change at once on every server.",
    auth: "admin",
    body: json(SiteSettingsInput),
    responses: { 200: ok("The saved settings", SettingsAnswer) },
  },
];
