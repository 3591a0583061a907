// First-touch attribution (issue 48): which campaign, site or page first brought a visitor. The browser keeps
// it in a first-party cookie written on the first page it opens (a head script, app/head-scripts.server.ts:
// the cached anonymous pages stay the same for everyone, decision 060); a form without JavaScript sends the
// same fields from its own page's address instead. Pure: the cookie's format and its checks.
import { z } from "zod";
import { cleanSearchText } from "../lib/validation";

export const ATTRIBUTION_COOKIE = "manara_ft";
/** The cookie lives as long as de-duplication looks back: 90 days. */
export const ATTRIBUTION_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** Printable text only, bounded: the cookie and the hidden fields are the visitor's to write. */
const field = (max: number) =>
  z
    .string()
    .transform((value) => cleanSearchText(value, max) || null)
    .nullable()
    .optional()
    .catch(null);

export const Attribution = z.object({
  utm_source: field(200),
  utm_medium: field(200),
  utm_campaign: field(200),
  utm_term: field(200),
  utm_content: field(200),
  referrer: field(500),
  landing: field(500),
});
export type Attribution = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
  landingPath: string | null;
};

export const NO_ATTRIBUTION: Attribution = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
  landingPath: null,
};

/** A landing path is a path of this site (`/ar/services?utm_source=x`), never another origin. */
function landingPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//")) return null;
  return value;
}

/** A referrer is an http(s) address; anything else is dropped. */
function referrer(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href.slice(0, 500) : null;
  } catch {
    return null;
  }
}

/** Reads attribution from an object of strings (the parsed cookie, or a form's hidden fields). */
export function readAttribution(raw: unknown): Attribution {
  const parsed = Attribution.safeParse(raw && typeof raw === "object" ? raw : {});
  if (!parsed.success) return NO_ATTRIBUTION;
  const value = parsed.data;
  return {
    utmSource: value.utm_source ?? null,
    utmMedium: value.utm_medium ?? null,
    utmCampaign: value.utm_campaign ?? null,
    utmTerm: value.utm_term ?? null,
    utmContent: value.utm_content ?? null,
    referrer: referrer(value.referrer),
    landingPath: landingPath(value.landing),
  };
}

export function hasAttribution(value: Attribution): boolean {
  return Object.values(value).some((part) => part !== null);
}

/** The cookie's value, as the head script writes it: URI-encoded JSON. Anything unreadable is none. */
export function attributionFromCookieHeader(header: string | null): Attribution {
  if (!header) return NO_ATTRIBUTION;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== ATTRIBUTION_COOKIE) continue;
    try {
      return readAttribution(JSON.parse(decodeURIComponent(rest.join("="))));
    } catch {
      return NO_ATTRIBUTION;
    }
  }
  return NO_ATTRIBUTION;
}

/**
 * First touch: the cookie (written on the first page) wins; without it (JavaScript off, or cookies
 * refused), the form's own fields, which carry its page's campaign parameters.
 */
export function firstTouch(cookie: Attribution, form: Attribution): Attribution {
  return hasAttribution(cookie) ? cookie : form;
}

/**
 * The head script: on a page opened with no attribution cookie yet, it writes one from the address's
 * campaign parameters, the referrer (another site's only) and the landing path. Constant text, the same for
 * every visitor, so the anonymous cache may keep the page (decision 063).
 */
export const ATTRIBUTION_SCRIPT = `try{if(!/(^|;\\s*)${ATTRIBUTION_COOKIE}=/.test(document.cookie)){var l=location,p=new URLSearchParams(l.search),o={landing:(l.pathname+l.search).slice(0,500)},r=document.referrer;${JSON.stringify(UTM_FIELDS)}.forEach(function(k){var v=p.get(k);if(v)o[k]=v.slice(0,200)});if(r&&new URL(r).origin!==l.origin)o.referrer=r.slice(0,500);document.cookie="${ATTRIBUTION_COOKIE}="+encodeURIComponent(JSON.stringify(o))+";path=/;max-age=${ATTRIBUTION_MAX_AGE_SECONDS};samesite=lax"+(l.protocol==="https:"?";secure":"")}}catch(e){}`;
