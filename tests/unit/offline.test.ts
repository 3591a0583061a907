// Offline downloads' rules without the database (issue 36; decision 058): the signed link's token — made and
// read back, refused when anything in it changed, made with another secret, malformed or run out — which
// requests count against the daily allowance, who may download, and the files' names on the device.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { LessonAccess } from "../../app/access/policy";
import {
  countsAsDownload,
  mayDownloadForOffline,
  OFFLINE_KINDS,
  OFFLINE_LINK_LIFETIME_MS,
  type OfflineGrant,
  offlineFileItem,
  offlineFileName,
  readOfflineGrant,
  signOfflineGrant,
} from "../../app/learning/offline";
import { parseRange } from "../../app/storage/range";

const SECRET = "a-test-secret-of-some-length-0123456789";
const NOW = Date.parse("2026-12-01T10:00:00Z");
const GRANT: OfflineGrant = {
  userId: "6f1d7f38-6a3e-4c57-9d0b-5d3c7c2f9a11",
  courseId: 12,
  lessonId: 345,
  kind: "video",
  expiresAt: NOW + OFFLINE_LINK_LIFETIME_MS,
};

/** The token of an arbitrary payload (any JSON), signed exactly as signOfflineGrant signs. */
function signPayload(fields: unknown, secret = SECRET): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString("base64url");
  const signature = createHmac("sha256", secret).update(`offline:${payload}`).digest("base64url");
  return `${payload}.${signature}`;
}

/** Changes one base64url character of `text` at `index` into another. */
function flip(text: string, index: number): string {
  const char = text[index];
  return `${text.slice(0, index)}${char === "A" ? "B" : "A"}${text.slice(index + 1)}`;
}

describe("signed offline links", () => {
  it("read back the grant they were made with, for every kind", () => {
    for (const kind of OFFLINE_KINDS) {
      const grant = { ...GRANT, kind };
      const token = signOfflineGrant(grant, SECRET);
      expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      expect(readOfflineGrant(token, SECRET, NOW)).toEqual({ ok: true, grant });
    }
  });

  it("are the scheme the crafted tokens below copy (so those tests test the reader, not the helper)", () => {
    const fields = [GRANT.userId, GRANT.courseId, GRANT.lessonId, GRANT.kind, GRANT.expiresAt];
    expect(signPayload(fields)).toBe(signOfflineGrant(GRANT, SECRET));
  });

  it("are invalid once the payload or the signature changed", () => {
    const token = signOfflineGrant(GRANT, SECRET);
    const [payload = "", signature = ""] = token.split(".");
    for (const index of [0, Math.floor(payload.length / 2), payload.length - 1])
      expect(readOfflineGrant(`${flip(payload, index)}.${signature}`, SECRET, NOW)).toEqual({
        ok: false,
        reason: "invalid",
      });
    for (const index of [0, 21, 41])
      expect(readOfflineGrant(`${payload}.${flip(signature, index)}`, SECRET, NOW)).toEqual({
        ok: false,
        reason: "invalid",
      });
    // Another learner, lesson or a later expiry, with the old signature.
    for (const changed of [
      { ...GRANT, userId: "00000000-0000-4000-8000-000000000000" },
      { ...GRANT, lessonId: GRANT.lessonId + 1 },
      { ...GRANT, kind: "pdf" as const },
      { ...GRANT, expiresAt: GRANT.expiresAt + 1 },
    ]) {
      const [otherPayload = ""] = signOfflineGrant(changed, SECRET).split(".");
      expect(readOfflineGrant(`${otherPayload}.${signature}`, SECRET, NOW)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
  });

  it("are invalid under another secret", () => {
    const token = signOfflineGrant(GRANT, SECRET);
    expect(readOfflineGrant(token, `${SECRET}x`, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(readOfflineGrant(signOfflineGrant(GRANT, "another"), SECRET, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("are invalid when truncated, garbage or overlong", () => {
    const token = signOfflineGrant(GRANT, SECRET);
    const [payload = "", signature = ""] = token.split(".");
    const garbage = [
      "",
      ".",
      token.slice(0, -1),
      token.slice(1),
      payload,
      `${payload}.`,
      `.${signature}`,
      `${payload}.${signature}x`,
      `${payload}.${signature.slice(0, 42)}`,
      `${token}.${signature}`,
      `${payload}.${signature}\n`,
      ` ${token}`,
      `${payload}=.${signature}`,
      `${payload}.${signature.slice(0, 42)}=`,
      "not a token",
      "%00",
      "../../etc/passwd",
      "x".repeat(10_000),
      `${"A".repeat(601)}.${signature}`,
      `${"A".repeat(100_000)}.${"B".repeat(43)}`,
      "AAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ];
    for (const candidate of garbage)
      expect(readOfflineGrant(candidate, SECRET, NOW), candidate.slice(0, 60)).toEqual({
        ok: false,
        reason: "invalid",
      });
  });

  it("are invalid when a validly signed payload is no grant", () => {
    const fields = [GRANT.userId, GRANT.courseId, GRANT.lessonId, GRANT.kind, GRANT.expiresAt];
    const crafted: unknown[] = [
      [GRANT.userId, GRANT.courseId, GRANT.lessonId, "video-high", GRANT.expiresAt],
      [GRANT.userId, GRANT.courseId, GRANT.lessonId, "captions-fr", GRANT.expiresAt],
      [GRANT.userId, GRANT.courseId, GRANT.lessonId, "VIDEO", GRANT.expiresAt],
      [GRANT.userId, GRANT.courseId, GRANT.lessonId, null, GRANT.expiresAt],
      [7, GRANT.courseId, GRANT.lessonId, GRANT.kind, GRANT.expiresAt],
      [GRANT.userId, "12", GRANT.lessonId, GRANT.kind, GRANT.expiresAt],
      [GRANT.userId, GRANT.courseId, 1.5, GRANT.kind, GRANT.expiresAt],
      [GRANT.userId, GRANT.courseId, GRANT.lessonId, GRANT.kind, String(GRANT.expiresAt)],
      [GRANT.userId, GRANT.courseId, GRANT.lessonId, GRANT.kind, 2 ** 60],
      fields.slice(0, 4),
      [...fields, "extra"],
      { ...fields },
      "a string",
      null,
    ];
    for (const payload of crafted)
      expect(readOfflineGrant(signPayload(payload), SECRET, NOW), JSON.stringify(payload)).toEqual({
        ok: false,
        reason: "invalid",
      });
    // Not JSON at all, yet signed.
    const notJson = Buffer.from("{not json").toString("base64url");
    const signature = createHmac("sha256", SECRET).update(`offline:${notJson}`).digest("base64url");
    expect(readOfflineGrant(`${notJson}.${signature}`, SECRET, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("run out at exactly expiresAt, not a millisecond before", () => {
    const token = signOfflineGrant(GRANT, SECRET);
    expect(readOfflineGrant(token, SECRET, GRANT.expiresAt - 1)).toMatchObject({ ok: true });
    expect(readOfflineGrant(token, SECRET, GRANT.expiresAt)).toEqual({ ok: false, reason: "expired" });
    expect(readOfflineGrant(token, SECRET, GRANT.expiresAt + 1)).toEqual({ ok: false, reason: "expired" });
    // The lifetime is two hours.
    expect(OFFLINE_LINK_LIFETIME_MS).toBe(2 * 60 * 60 * 1000);
  });

  it("say invalid, not expired, for an expired token that was tampered with", () => {
    const expired = signOfflineGrant({ ...GRANT, expiresAt: NOW - 1000 }, SECRET);
    expect(readOfflineGrant(expired, SECRET, NOW)).toEqual({ ok: false, reason: "expired" });
    expect(readOfflineGrant(flip(expired, 2), SECRET, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(readOfflineGrant(expired, "another", NOW)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("what counts as a download", () => {
  /** What the route sends for this Range header of a 1,000-byte file, as openOfflineLink asks it. */
  const counts = (method: string, range: string | null) => countsAsDownload(method, parseRange(range, 1000));

  it("counts a GET of the whole file or from its first byte", () => {
    expect(counts("GET", null)).toBe(true);
    expect(counts("GET", "")).toBe(true);
    expect(counts("get", null)).toBe(true);
    expect(counts("GET", "bytes=0-")).toBe(true);
    expect(counts("GET", "bytes=0-99")).toBe(true);
    expect(counts("GET", " bytes=0-")).toBe(true);
  });

  // Issue 43, item 4: only answers from byte 0 used to count, so "bytes=1-" — the whole file but its first
  // byte — was never counted, however often. Counting is by what is sent; that a resumed download of a file
  // already counted is free is the allowance's business (once per file and window: hitRateLimitOnce).
  it("counts a GET that sends any bytes, from wherever its range starts", () => {
    for (const range of [
      "bytes=1-",
      "bytes=1-999",
      "bytes=100-",
      "bytes=100-199",
      "bytes=-100",
      "bytes=999-",
    ])
      expect(counts("GET", range), range).toBe(true);
  });

  it("does not count a HEAD or a refused range (nothing of the file is sent)", () => {
    expect(counts("GET", "bytes=5000-")).toBe(false);
    expect(counts("GET", "bytes=1000-")).toBe(false);
    expect(counts("GET", "bytes=-0")).toBe(false);
    expect(counts("GET", "bytes=5-1")).toBe(false);
    expect(counts("HEAD", null)).toBe(false);
    expect(counts("HEAD", "bytes=0-")).toBe(false);
    expect(counts("HEAD", "bytes=1-")).toBe(false);
    expect(counts("head", null)).toBe(false);
  });

  // Found by this suite: only a header spelled "bytes=0-" used to count, while the route sends the whole file
  // for Range headers it reads otherwise — "bytes=00-" (start 0), a suffix longer than the file, several
  // ranges and other units (sent whole) — so adding such a header bypassed the allowance. Counting now
  // follows what is sent.
  it("counts the Range headers that are served from the first byte anyway", () => {
    expect(counts("GET", "bytes=00-")).toBe(true);
    expect(counts("GET", "bytes=-999999999")).toBe(true);
    expect(counts("GET", "bytes=1-1,0-")).toBe(true);
    expect(counts("GET", "bytes=0-0,1-")).toBe(true);
    expect(counts("GET", "x")).toBe(true);
    expect(counts("GET", "items=0-")).toBe(true);
  });

  it("names one item of the allowance per lesson and kind, whatever the course or expiry", () => {
    const items = OFFLINE_KINDS.map((kind) => offlineFileItem({ ...GRANT, kind }));
    expect(new Set(items).size).toBe(OFFLINE_KINDS.length);
    expect(offlineFileItem({ ...GRANT, lessonId: GRANT.lessonId + 1 })).not.toBe(offlineFileItem(GRANT));
    // Another link to the same file (a later expiry) is the same file.
    const later: OfflineGrant = { ...GRANT, expiresAt: GRANT.expiresAt + 60_000 };
    expect(offlineFileItem(later)).toBe(offlineFileItem(GRANT));
  });
});

describe("who may download for offline", () => {
  it("is whoever holds the course: not a preview's viewer, not a refused one", () => {
    const cases: [LessonAccess, boolean][] = [
      [{ ok: true, mode: "full" }, true],
      [{ ok: true, mode: "preview" }, false],
      [{ ok: false, reason: "forbidden" }, false],
      [{ ok: false, reason: "sign_in" }, false],
      [{ ok: false, reason: "not_found" }, false],
    ];
    for (const [access, expected] of cases) expect(mayDownloadForOffline(access)).toBe(expected);
  });
});

describe("offline file names", () => {
  it("are ASCII, header-safe, distinct per kind and carry the ids", () => {
    const names = OFFLINE_KINDS.map((kind) => offlineFileName(12, 345, kind));
    expect(new Set(names).size).toBe(OFFLINE_KINDS.length);
    for (const name of names) {
      expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(name).toContain("12");
      expect(name).toContain("345");
    }
    expect(offlineFileName(12, 345, "video")).toMatch(/\.mp4$/);
    expect(offlineFileName(12, 345, "audio")).toMatch(/\.m4a$/);
    expect(offlineFileName(12, 345, "pdf")).toMatch(/\.pdf$/);
    expect(offlineFileName(12, 345, "captions-en")).toMatch(/\.en\.vtt$/);
    expect(offlineFileName(12, 345, "captions-ar")).toMatch(/\.ar\.vtt$/);
    // Other lessons' files have other names.
    expect(offlineFileName(12, 346, "video")).not.toBe(offlineFileName(12, 345, "video"));
    expect(offlineFileName(13, 345, "video")).not.toBe(offlineFileName(12, 345, "video"));
  });
});
