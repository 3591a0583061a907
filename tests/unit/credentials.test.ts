// The pure parts of Open Badges credentials: the key encoding and configuration, the did:web and its
// document, the credential's content and status position, and the checks that need no key or database.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { linkedInAddToProfileUrl } from "../../app/certificates/linkedin";
import {
  ConfigError,
  credentialPublicKey,
  getCredentialSigningKey,
  readPreviousCredentialKeys,
} from "../../app/config.server";
import { didDocument, didWebOf, hostOfDidWeb } from "../../app/credentials/did";
import {
  openBadgeCredential,
  parseStatusListNumber,
  STATUS_LIST_LENGTH,
  statusPosition,
} from "../../app/credentials/open-badge";
import { datesCheck, formatCheck, issuerCheck, withinCredentialBounds } from "../../app/credentials/policy";
import {
  decodePublicKey,
  decodeSecretKey,
  encodePublicKey,
  encodeSecretKey,
  generateEd25519Key,
} from "../../app/security/multikey";

// RFC 8032 §7.1, test 1: the seed and its public key.
const RFC_SEED = Buffer.from("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", "hex");
const RFC_PUBLIC = Buffer.from("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "hex");

describe("Ed25519 Multikey encoding", () => {
  it("derives RFC 8032's public key from its seed, and round-trips both encodings", () => {
    const secret = encodeSecretKey({ seed: RFC_SEED, publicKey: RFC_PUBLIC });
    const decoded = decodeSecretKey(secret);
    expect(Buffer.from(decoded?.publicKey ?? [])).toEqual(RFC_PUBLIC);
    const publicKey = encodePublicKey(RFC_PUBLIC);
    expect(publicKey).toMatch(/^z6Mk/);
    expect(Buffer.from(decodePublicKey(publicKey) ?? [])).toEqual(RFC_PUBLIC);
  });

  it("refuses what is not an Ed25519 secret or public key", () => {
    const key = generateEd25519Key();
    const publicKey = encodePublicKey(key.publicKey);
    const secret = encodeSecretKey(key);
    expect(decodeSecretKey(publicKey)).toBeNull();
    expect(decodePublicKey(secret)).toBeNull();
    for (const bad of ["", "z", "zzzz", "abc", `${secret}0`, secret.slice(0, -3)])
      expect(decodeSecretKey(bad)).toBeNull();
    // A 64-byte secret whose public half is another key's.
    const other = generateEd25519Key();
    expect(decodeSecretKey(encodeSecretKey({ seed: key.seed, publicKey: other.publicKey }))).toBeNull();
  });
});

describe("CREDENTIAL_SIGNING_KEY and CREDENTIAL_PREVIOUS_KEYS", () => {
  it("uses the configured key", () => {
    const key = generateEd25519Key();
    const env = { CREDENTIAL_SIGNING_KEY: encodeSecretKey(key) };
    expect(credentialPublicKey(env)).toBe(encodePublicKey(key.publicKey));
  });

  it("refuses a bad key, and a PostgreSQL production start without one", () => {
    expect(() => getCredentialSigningKey({ CREDENTIAL_SIGNING_KEY: "not-a-key" })).toThrow(ConfigError);
    expect(() =>
      getCredentialSigningKey({ DATABASE_URL: "postgres://x@localhost/db", NODE_ENV: "production" }),
    ).toThrow(/CREDENTIAL_SIGNING_KEY is required/);
  });

  it("generates one key under DATA_DIR in the embedded mode and keeps it", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "manara-credential-key-"));
    const first = credentialPublicKey({ DATA_DIR: dataDir });
    expect(first).toMatch(/^z6Mk/);
    expect(credentialPublicKey({ DATA_DIR: dataDir })).toBe(first);
    const stored = readFileSync(path.join(dataDir, "credential-signing-key"), "utf8");
    expect(encodePublicKey(decodeSecretKey(stored)?.publicKey ?? new Uint8Array())).toBe(first);
  });

  it("reads retired public keys, refusing anything else", () => {
    const a = encodePublicKey(generateEd25519Key().publicKey);
    const b = encodePublicKey(generateEd25519Key().publicKey);
    expect(readPreviousCredentialKeys(undefined)).toEqual([]);
    expect(readPreviousCredentialKeys(` ${a}, ${b},${a} ,`)).toEqual([a, b]);
    expect(() => readPreviousCredentialKeys(`${a},nope`)).toThrow(/CREDENTIAL_PREVIOUS_KEYS/);
    expect(() => readPreviousCredentialKeys(encodeSecretKey(generateEd25519Key()))).toThrow(ConfigError);
  });
});

describe("did:web", () => {
  it("is the public origin's host, its port percent-encoded", () => {
    expect(didWebOf("https://manara.example")).toBe("did:web:manara.example");
    expect(didWebOf("http://localhost:3000")).toBe("did:web:localhost%3A3000");
    expect(hostOfDidWeb("did:web:localhost%3A3000")).toBe("localhost:3000");
    expect(hostOfDidWeb("did:web:example.com:user:alice")).toBe("example.com");
    expect(hostOfDidWeb("did:key:z6Mk")).toBeNull();
    expect(hostOfDidWeb("did:web:%ZZ")).toBeNull();
    expect(hostOfDidWeb("did:web:")).toBeNull();
  });

  it("lists the current key first, then the retired ones, each allowed to assert", () => {
    const document = didDocument("did:web:m.example", "z6MkNew", ["z6MkOld", "z6MkNew"]);
    expect(document.verificationMethod.map((method) => method.id)).toEqual([
      "did:web:m.example#z6MkNew",
      "did:web:m.example#z6MkOld",
    ]);
    expect(document.assertionMethod).toEqual(["did:web:m.example#z6MkNew", "did:web:m.example#z6MkOld"]);
    expect(document.verificationMethod[1]).toEqual({
      id: "did:web:m.example#z6MkOld",
      type: "Multikey",
      controller: "did:web:m.example",
      publicKeyMultibase: "z6MkOld",
    });
  });
});

const FACTS = {
  origin: "https://manara.example",
  issuerDid: "did:web:manara.example",
  code: "ABCD-EFGH-JK",
  courseId: 7,
  courseTitle: "Cloud",
  courseTitleAr: "السحابة",
  courseDescription: "About clouds",
  courseDescriptionAr: null,
  holderName: "Lina",
  holderNameAr: null,
  issuedAt: new Date("2026-11-21T10:00:00.000Z"),
  statusIndex: STATUS_LIST_LENGTH + 5,
};

describe("the credential's content", () => {
  it("places a status index in its list and bit", () => {
    expect(statusPosition(0)).toEqual({ list: 1, index: 0 });
    expect(statusPosition(STATUS_LIST_LENGTH - 1)).toEqual({ list: 1, index: STATUS_LIST_LENGTH - 1 });
    expect(statusPosition(STATUS_LIST_LENGTH)).toEqual({ list: 2, index: 0 });
  });

  it("accepts only plain positive list numbers in a status list URL", () => {
    expect(parseStatusListNumber("1")).toBe(1);
    expect(parseStatusListNumber("16384")).toBe(16384);
    for (const bad of ["0", "01", "-1", "1.0", "1e3", "", " 1", "16385", "99999999999"])
      expect(parseStatusListNumber(bad), bad).toBeNull();
  });

  it("builds every URL on the origin, with Arabic only where there is Arabic", () => {
    const credential = openBadgeCredential(FACTS);
    expect(credential.id).toBe("https://manara.example/certificates/verify/ABCD-EFGH-JK");
    expect(credential.credentialSubject.achievement.id).toBe("https://manara.example/courses/7");
    expect(credential.credentialStatus).toEqual({
      id: "https://manara.example/credentials/status/2#5",
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: "5",
      statusListCredential: "https://manara.example/credentials/status/2",
    });
    expect(credential.credentialSubject.name).toEqual([{ "@value": "Lina", "@language": "en" }]);
    expect(credential.credentialSubject.achievement.name).toEqual([
      { "@value": "Cloud", "@language": "en" },
      { "@value": "السحابة", "@language": "ar" },
    ]);
    expect(credential.validFrom).toBe("2026-11-21T10:00:00Z");
  });
});

describe("checks without keys", () => {
  const credential = {
    ...openBadgeCredential(FACTS),
    proof: { verificationMethod: "did:web:manara.example#z6MkKey" },
  };

  it("recognises an OB3 credential in VC 2.0 form, and says what is missing otherwise", () => {
    expect(formatCheck(credential)).toMatchObject({ passed: true, reason: "ok" });
    expect(formatCheck(null).reason).toBe("notObject");
    expect(formatCheck([]).reason).toBe("notObject");
    expect(
      formatCheck({ ...credential, "@context": ["https://www.w3.org/2018/credentials/v1"] }).reason,
    ).toBe("notVc2");
    expect(formatCheck({ ...credential, type: ["VerifiableCredential"] }).reason).toBe("notOpenBadge");
    expect(formatCheck({ ...credential, issuer: 7 }).reason).toBe("noIssuer");
    expect(formatCheck({ ...credential, proof: [] }).reason).toBe("noProof");
    const many = { ...credential, extra: Array.from({ length: 200 }, () => ({})) };
    expect(formatCheck(many).reason).toBe("tooComplex");
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level++) deep = { deep };
    expect(formatCheck({ ...credential, deep }).reason).toBe("tooComplex");
    expect(withinCredentialBounds([[[[[[[[[[[[1]]]]]]]]]]]])).toBe(true);
    expect(withinCredentialBounds([[[[[[[[[[[[[1]]]]]]]]]]]]])).toBe(false);
  });

  it("accepts only our DID and its listed keys as the issuer", () => {
    const ours = {
      did: "did:web:manara.example",
      verificationMethods: ["did:web:manara.example#z6MkKey"],
    };
    expect(issuerCheck(credential, ours)).toMatchObject({ passed: true });
    expect(issuerCheck({ ...credential, issuer: "did:web:evil.example" }, ours).reason).toBe("otherDidWeb");
    expect(issuerCheck({ ...credential, issuer: "did:web:school.example:courses" }, ours).reason).toBe(
      "otherDidWeb",
    );
    expect(issuerCheck({ ...credential, issuer: "did:key:z6Mk" }, ours).reason).toBe("unsupportedIssuer");
    expect(issuerCheck({ ...credential, issuer: "https://manara.example" }, ours).reason).toBe(
      "unsupportedIssuer",
    );
    expect(
      issuerCheck({ ...credential, proof: { verificationMethod: "did:web:manara.example#z6MkOther" } }, ours)
        .reason,
    ).toBe("unknownKey");
  });

  it("checks validFrom and validUntil against now, with five minutes of clock skew", () => {
    const at = (iso: string) => new Date(iso);
    expect(datesCheck(credential, at("2026-11-21T10:00:00Z")).passed).toBe(true);
    expect(datesCheck(credential, at("2026-11-21T09:56:00Z")).passed).toBe(true);
    expect(datesCheck(credential, at("2026-11-21T09:50:00Z")).reason).toBe("notYetValid");
    const bounded = { ...credential, validUntil: "2027-01-01T00:00:00Z" };
    expect(datesCheck(bounded, at("2026-12-01T00:00:00Z")).passed).toBe(true);
    expect(datesCheck(bounded, at("2027-01-02T00:00:00Z")).reason).toBe("expired");
    for (const validFrom of [undefined, 7, "2026-11-21", "2026-11-21T10:00:00", "2026-13-45T10:00:00Z"])
      expect(datesCheck({ ...credential, validFrom }, at("2026-12-01T00:00:00Z")).reason).toBe("invalidDate");
  });
});

describe("LinkedIn's add-to-profile link", () => {
  it("carries the name, organisation, issue month (UTC, 1–12), verification URL and code", () => {
    const url = new URL(
      linkedInAddToProfileUrl({
        name: "Cloud & Data: أساسيات",
        organizationName: "Manara",
        issuedAt: new Date("2026-12-31T23:30:00-05:00"),
        certUrl: "https://manara.example/certificates/verify/ABCD-EFGH-JK",
        certId: "ABCD-EFGH-JK",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/profile/add");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: "CERTIFICATION_NAME",
      name: "Cloud & Data: أساسيات",
      organizationName: "Manara",
      issueYear: "2027",
      issueMonth: "1",
      certUrl: "https://manara.example/certificates/verify/ABCD-EFGH-JK",
      certId: "ABCD-EFGH-JK",
    });
  });
});
