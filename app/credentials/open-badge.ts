// What a certificate says as an Open Badges 3.0 OpenBadgeCredential (VC Data Model 2.0), before it is
// signed, and where its revocation bit lives. Pure: the signing and the database are in credentials.server.ts.
import ar from "../../locales/ar/certificates.json";
import en from "../../locales/en/certificates.json";

export const VC_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OB_V3_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";

/**
 * Entries per status list: 131,072 bits (16 KB), the Bitstring Status List's minimum, so a list is large
 * enough that one credential's bit says little about who holds it.
 */
export const STATUS_LIST_LENGTH = 131_072;

/** The credential's own words (its name, the criteria of every course certificate), from locales/. */
const WORDS = {
  en: { ...en.credential.content, brand: en.pdf.brand },
  ar: { ...ar.credential.content, brand: ar.pdf.brand },
} as const;

function credentialName(language: "en" | "ar", title: string): string {
  return WORDS[language].name.replace("{{title}}", title);
}

/** Which list and which bit of it a certificate's status index names. */
export function statusPosition(statusIndex: number): { list: number; index: number } {
  return { list: Math.floor(statusIndex / STATUS_LIST_LENGTH) + 1, index: statusIndex % STATUS_LIST_LENGTH };
}

/** The highest status list number a URL may name (status indexes are int4). */
const MAX_STATUS_LIST = Math.floor(2_147_483_647 / STATUS_LIST_LENGTH) + 1;

/** A status list's number from its URL segment: 1, 2, … (no signs, no leading zeros, no exponent). */
export function parseStatusListNumber(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const list = Number(text);
  return list <= MAX_STATUS_LIST ? list : null;
}

export function statusListUrl(origin: string, list: number): string {
  return `${origin}/credentials/status/${list}`;
}

/** A text in English and, when there is one, in Arabic: VC 2.0's language value objects (§11.1). */
function bilingual(en: string, ar: string | null | undefined) {
  const values: { "@value": string; "@language": string }[] = [{ "@value": en, "@language": "en" }];
  if (ar && ar !== en) values.push({ "@value": ar, "@language": "ar" });
  return values;
}

export type CredentialFacts = {
  origin: string;
  issuerDid: string;
  code: string;
  courseId: number;
  courseTitle: string;
  courseTitleAr: string | null;
  courseDescription: string;
  courseDescriptionAr: string | null;
  holderName: string;
  holderNameAr: string | null;
  issuedAt: Date;
  statusIndex: number;
};

/** A date as VC 2.0's dateTimeStamp without milliseconds: `2026-11-21T10:00:00Z`. */
export function credentialDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The unsigned OpenBadgeCredential of a certificate. Every URL is on `origin` (PUBLIC_URL's). */
export function openBadgeCredential(facts: CredentialFacts) {
  const { origin } = facts;
  const position = statusPosition(facts.statusIndex);
  const verifyUrl = `${origin}/certificates/verify/${facts.code}`;
  return {
    "@context": [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: verifyUrl,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: bilingual(
      credentialName("en", facts.courseTitle),
      facts.courseTitleAr && credentialName("ar", facts.courseTitleAr),
    ),
    issuer: {
      id: facts.issuerDid,
      type: ["Profile"],
      name: bilingual(WORDS.en.brand, WORDS.ar.brand),
      url: origin,
    },
    validFrom: credentialDate(facts.issuedAt),
    credentialSubject: {
      type: ["AchievementSubject"],
      name: bilingual(facts.holderName, facts.holderNameAr),
      identifier: [
        { type: "IdentityObject", identityHash: facts.holderName, identityType: "name", hashed: false },
      ],
      achievement: {
        id: `${origin}/courses/${facts.courseId}`,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: bilingual(facts.courseTitle, facts.courseTitleAr),
        description: bilingual(facts.courseDescription, facts.courseDescriptionAr),
        criteria: { narrative: bilingual(WORDS.en.criteria, WORDS.ar.criteria) },
      },
    },
    credentialStatus: {
      id: `${statusListUrl(origin, position.list)}#${position.index}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(position.index),
      statusListCredential: statusListUrl(origin, position.list),
    },
  };
}
