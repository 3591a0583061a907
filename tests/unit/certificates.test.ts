// The certificate rules that need no database: who is eligible, and what a code looks like.
import { describe, expect, it } from "vitest";
import {
  CODE_ALPHABET,
  CODE_PATTERN,
  generateCertificateCode,
  normalizeCertificateCode,
} from "../../app/certificates/code";
import { certificateEligibility } from "../../app/certificates/eligibility";
import { certificateDates } from "../../app/certificates/pdf.server";
import { arabicClass } from "../../app/lib/pdf/arabic-lines";

describe("certificateEligibility", () => {
  it("grants a certificate to an enrolled learner who completed every lesson", () => {
    expect(certificateEligibility({ enrolled: true, totalLessons: 8, completedLessons: 8 })).toEqual({
      eligible: true,
      completedLessons: 8,
      totalLessons: 8,
    });
  });

  it("refuses while lessons remain, and says how many are done", () => {
    expect(certificateEligibility({ enrolled: true, totalLessons: 8, completedLessons: 3 })).toEqual({
      eligible: false,
      reason: "incomplete",
      completedLessons: 3,
      totalLessons: 8,
    });
    expect(certificateEligibility({ enrolled: true, totalLessons: 1, completedLessons: 0 })).toMatchObject({
      eligible: false,
      reason: "incomplete",
    });
  });

  it("a course without lessons grants nothing", () => {
    expect(certificateEligibility({ enrolled: true, totalLessons: 0, completedLessons: 0 })).toMatchObject({
      eligible: false,
      reason: "no_lessons",
    });
  });

  it("someone not enrolled is never eligible, even with every lesson completed", () => {
    expect(certificateEligibility({ enrolled: false, totalLessons: 4, completedLessons: 4 })).toMatchObject({
      eligible: false,
      reason: "not_enrolled",
    });
    expect(certificateEligibility({ enrolled: false, totalLessons: 0, completedLessons: 0 })).toMatchObject({
      reason: "not_enrolled",
    });
  });

  it("clamps odd counts: more completed than exist is complete, negatives are zero", () => {
    expect(certificateEligibility({ enrolled: true, totalLessons: 3, completedLessons: 5 })).toEqual({
      eligible: true,
      completedLessons: 3,
      totalLessons: 3,
    });
    expect(certificateEligibility({ enrolled: true, totalLessons: 3, completedLessons: -2 })).toMatchObject({
      eligible: false,
      completedLessons: 0,
    });
  });
});

describe("certificate codes", () => {
  it("are 10 symbols of an alphabet without look-alikes, formatted XXXX-XXXX-XX", () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    for (const lookAlike of ["0", "O", "1", "I"]) expect(CODE_ALPHABET).not.toContain(lookAlike);
    for (let i = 0; i < 200; i++) expect(generateCertificateCode()).toMatch(CODE_PATTERN);
  });

  it("use every symbol (crypto random bytes masked to 5 bits)", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++)
      for (const char of generateCertificateCode().replaceAll("-", "")) seen.add(char);
    expect(seen.size).toBe(32);
    expect(generateCertificateCode(() => new Uint8Array(10))).toBe("2222-2222-22");
    expect(generateCertificateCode(() => new Uint8Array(10).fill(255))).toBe("ZZZZ-ZZZZ-ZZ");
  });

  it("are normalized from what people type; impossible input is null", () => {
    expect(normalizeCertificateCode("mnra-cert-26")).toBe("MNRA-CERT-26");
    expect(normalizeCertificateCode(" MNRA CERT 26 ")).toBe("MNRA-CERT-26");
    expect(normalizeCertificateCode("MNRACERT26")).toBe("MNRA-CERT-26");
    expect(normalizeCertificateCode("MNRA-CERT-2")).toBeNull();
    expect(normalizeCertificateCode("MNRA-CERT-20")).toBeNull();
    expect(normalizeCertificateCode("OOOO-IIII-11")).toBeNull();
    expect(normalizeCertificateCode("x".repeat(1000))).toBeNull();
    expect(normalizeCertificateCode("")).toBeNull();
  });
});

describe("certificate dates", () => {
  it("are Gregorian in both languages, with Arabic month names on the Arabic side", () => {
    const dates = certificateDates(new Date("2026-11-21T23:30:00Z"));
    expect(dates.en).toBe("November 21, 2026");
    expect(dates.ar).toBe("21 نوفمبر 2026");
  });
});

describe("arabicClass", () => {
  it("sets a line without lam-alef without Plex's other ligatures, so it copies out letter by letter", () => {
    expect(arabicClass("صدرت بتاريخ 24 نوفمبر 2026")).toBe("unjoined");
    expect(arabicClass("لينا صالح")).toBe("unjoined");
    expect(arabicClass("Lina Saleh")).toBe("unjoined");
  });

  it("keeps the ligatures of a line with lam-alef, in each of its forms, as Arabic requires", () => {
    for (const word of ["علاء", "الأمل", "إلى الإسلام", "آلاء", "سلام"])
      expect(arabicClass(word)).toBeUndefined();
  });

  it("no Gregorian month in Arabic has lam-alef, so every date copies out exactly", () => {
    for (let month = 0; month < 12; month++) {
      const { ar } = certificateDates(new Date(Date.UTC(2026, month, 15)));
      expect(arabicClass(ar)).toBe("unjoined");
    }
  });
});
