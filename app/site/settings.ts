// The agency's site settings (issue 49, item 6): brand name in both languages, contact details and social
// links, as the API and the admin page send them and as every page reads them. Pure: the page's components read
// the view's types, the server validates with the schemas.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import type { Locale } from "../i18n/languages";
import { emailAddress, safeText } from "../lib/validation";
import { SOCIAL_NETWORKS, type SocialNetwork } from "./social-networks";

/** The hosts each network's profile addresses live on (a `www.` or `m.` prefix is allowed too). */
const SOCIAL_HOSTS: Record<SocialNetwork, readonly string[]> = {
  x: ["x.com", "twitter.com"],
  linkedin: ["linkedin.com"],
  instagram: ["instagram.com"],
  youtube: ["youtube.com", "youtu.be"],
  tiktok: ["tiktok.com"],
  snapchat: ["snapchat.com"],
  facebook: ["facebook.com", "fb.com"],
};

/** Whether `url` is an https address on one of `network`'s hosts, with a path (a profile, not the home page). */
export function isSocialProfileUrl(network: SocialNetwork, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase().replace(/^(www|m)\./, "");
  return (
    parsed.protocol === "https:" &&
    parsed.username === "" &&
    parsed.password === "" &&
    SOCIAL_HOSTS[network].includes(host) &&
    parsed.pathname.length > 1
  );
}

/**
 * A phone number in international form ("+962 6 555 0100"), kept as E.164 ("+96265550100"); "" is none.
 * libphonenumber-js decides what a number is: https://gitlab.com/catamphetamine/libphonenumber-js
 */
export function phoneNumber(error: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.union([
      z.literal(""),
      safeText({ max: 40, error })
        .regex(/^\+[\d\s().-]{6,38}$/, { error })
        .refine((value) => parsePhoneNumberFromString(value)?.isValid() === true, { error })
        .transform((value) => parsePhoneNumberFromString(value)?.number ?? value),
    ]),
  );
}

/** A text in both languages; the Arabic may be empty (English is shown in its place). */
function bilingual(options: { max: number; error: string; required: boolean }) {
  const english = safeText({ max: options.max, error: options.error }).transform((value) => value.trim());
  return z.strictObject({
    en: options.required ? english.refine((value) => value !== "", { error: options.error }) : english,
    ar: safeText({ max: options.max, error: options.error }).transform((value) => value.trim()),
  });
}

const socialLink = (network: SocialNetwork) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.union([
      z.literal(""),
      safeText({ max: 300, error: `errors.social.${network}` }).refine(
        (value) => isSocialProfileUrl(network, value),
        { error: `errors.social.${network}` },
      ),
    ]),
  );

/** The settings as the API takes and gives them: every field present, "" where nothing is set. */
export const SiteSettingsInput = z.strictObject({
  brandName: bilingual({ max: 60, error: "errors.brandName", required: true }).describe(
    "The brand's name; an empty Arabic name shows the English one",
  ),
  email: z
    .union([z.literal(""), emailAddress("errors.email")])
    .describe("The public contact address, or empty"),
  phone: phoneNumber("errors.phone").describe('International form ("+962 6 555 0100"); kept as E.164'),
  whatsapp: phoneNumber("errors.whatsapp").describe("The WhatsApp number, international form; kept as E.164"),
  address: bilingual({ max: 200, error: "errors.address", required: false }),
  hours: bilingual({ max: 200, error: "errors.hours", required: false }).describe("Working hours, as text"),
  social: z
    .strictObject(
      Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialLink(network)])) as Record<
        SocialNetwork,
        ReturnType<typeof socialLink>
      >,
    )
    .describe("Profile addresses (https, on the network's own host); only those filled in are shown"),
});
export type SiteSettings = z.output<typeof SiteSettingsInput>;

/** The admin page's form: one field per value, read into the API's shape. */
export const SITE_SETTINGS_FORM_FIELDS = [
  "brandNameEn",
  "brandNameAr",
  "email",
  "phone",
  "whatsapp",
  "addressEn",
  "addressAr",
  "hoursEn",
  "hoursAr",
  ...SOCIAL_NETWORKS.map((network) => `social.${network}` as const),
] as const;
export type SiteSettingsFormField = (typeof SITE_SETTINGS_FORM_FIELDS)[number];

/** The page's flat fields in the API's shape (a missing field is an empty one). */
export function settingsFromForm(fields: Record<string, string>): unknown {
  const value = (name: SiteSettingsFormField) => fields[name] ?? "";
  return {
    brandName: { en: value("brandNameEn"), ar: value("brandNameAr") },
    email: value("email"),
    phone: value("phone"),
    whatsapp: value("whatsapp"),
    address: { en: value("addressEn"), ar: value("addressAr") },
    hours: { en: value("hoursEn"), ar: value("hoursAr") },
    social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, value(`social.${network}`)])),
  };
}

/** The page's field an issue of `SiteSettingsInput` is about (`["brandName", "en"]` → `brandNameEn`). */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === "social") return `social.${second ?? ""}`;
  if (second === "en" || second === "ar") return `${first}${second === "en" ? "En" : "Ar"}`;
  return first ?? "form";
}

/** The settings as the page's fields, to fill the form. */
export function settingsToForm(settings: SiteSettings): Record<SiteSettingsFormField, string> {
  return {
    brandNameEn: settings.brandName.en,
    brandNameAr: settings.brandName.ar,
    email: settings.email,
    phone: settings.phone,
    whatsapp: settings.whatsapp,
    addressEn: settings.address.en,
    addressAr: settings.address.ar,
    hoursEn: settings.hours.en,
    hoursAr: settings.hours.ar,
    ...(Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [`social.${network}`, settings.social[network]]),
    ) as Record<`social.${SocialNetwork}`, string>),
  };
}

/** What the header, footer, contact page and JSON-LD show in one language: only what is set. */
export type SiteView = {
  brandName: string;
  email: string | null;
  /** E.164, for `tel:`, and as people read it. */
  phone: { e164: string; display: string } | null;
  whatsapp: { e164: string; display: string; href: string } | null;
  address: string | null;
  hours: string | null;
  social: { network: SocialNetwork; url: string }[];
};

/** An Arabic text that is empty falls back to the English one. */
export function inLocale(text: { en: string; ar: string }, locale: Locale): string {
  return locale === "ar" && text.ar !== "" ? text.ar : text.en;
}

function phoneView(e164: string) {
  if (e164 === "") return null;
  const parsed = parsePhoneNumberFromString(e164);
  return { e164, display: parsed?.formatInternational() ?? e164 };
}

export function siteView(settings: SiteSettings, locale: Locale): SiteView {
  const whatsapp = phoneView(settings.whatsapp);
  const orNull = (text: string) => (text === "" ? null : text);
  return {
    brandName: inLocale(settings.brandName, locale),
    email: orNull(settings.email),
    phone: phoneView(settings.phone),
    // wa.me takes the number's digits alone: https://faq.whatsapp.com/5913398998672934
    whatsapp: whatsapp ? { ...whatsapp, href: `https://wa.me/${whatsapp.e164.slice(1)}` } : null,
    address: orNull(inLocale(settings.address, locale)),
    hours: orNull(inLocale(settings.hours, locale)),
    social: SOCIAL_NETWORKS.filter((network) => settings.social[network] !== "").map((network) => ({
      network,
      url: settings.social[network],
    })),
  };
}
