// Ed25519 keys as Multikey multibase strings (W3C Controlled Identifiers, "Multikey"): the encoding of
// CREDENTIAL_SIGNING_KEY, CREDENTIAL_PREVIOUS_KEYS and the DID document's publicKeyMultibase values.
import { createPrivateKey, createPublicKey, randomBytes } from "node:crypto";
import { decode, encode } from "base58-universal";

/** Multicodec headers (varint): ed25519-pub 0xed, ed25519-priv 0x1300. */
const PUBLIC_HEADER = Uint8Array.of(0xed, 0x01);
const SECRET_HEADER = Uint8Array.of(0x80, 0x26);
/** PKCS#8 DER before a 32-byte Ed25519 seed (RFC 8410), so node:crypto derives its public key. */
const PKCS8_PREFIX_HEX = "302e020100300506032b657004220420";
const PKCS8_PREFIX = Buffer.from(PKCS8_PREFIX_HEX, "hex");

export type Ed25519Key = { seed: Uint8Array; publicKey: Uint8Array };

function multibase(header: Uint8Array, bytes: Uint8Array): string {
  const out = new Uint8Array(header.length + bytes.length);
  out.set(header);
  out.set(bytes, header.length);
  return `z${encode(out)}`;
}

function unmultibase(value: string, header: Uint8Array): Uint8Array | null {
  if (!/^z[1-9A-HJ-NP-Za-km-z]+$/.test(value)) return null;
  let bytes: Uint8Array;
  try {
    bytes = decode(value.slice(1));
  } catch {
    return null;
  }
  if (bytes[0] !== header[0] || bytes[1] !== header[1]) return null;
  return bytes.subarray(header.length);
}

/** The public key of a 32-byte seed. */
export function publicKeyOfSeed(seed: Uint8Array): Uint8Array {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

/**
 * A secret key's multibase: the 32-byte seed, or seed and public key (64 bytes, as
 * @digitalbazaar/ed25519-multikey exports it; the public half must then be the seed's). Null otherwise.
 */
export function decodeSecretKey(value: string): Ed25519Key | null {
  const bytes = unmultibase(value.trim(), SECRET_HEADER);
  if (!bytes || (bytes.length !== 32 && bytes.length !== 64)) return null;
  const seed = bytes.slice(0, 32);
  const publicKey = publicKeyOfSeed(seed);
  if (bytes.length === 64 && !Buffer.from(bytes.subarray(32)).equals(Buffer.from(publicKey))) return null;
  return { seed, publicKey };
}

/** A public key's multibase (`z6Mk…`), or null if it is not an Ed25519 public key. */
export function decodePublicKey(value: string): Uint8Array | null {
  const bytes = unmultibase(value.trim(), PUBLIC_HEADER);
  return bytes && bytes.length === 32 ? bytes : null;
}

export function encodePublicKey(publicKey: Uint8Array): string {
  return multibase(PUBLIC_HEADER, publicKey);
}

/** The form @digitalbazaar/ed25519-multikey reads: seed then public key. */
export function encodeSecretKey(key: Ed25519Key): string {
  const both = new Uint8Array(64);
  both.set(key.seed);
  both.set(key.publicKey, 32);
  return multibase(SECRET_HEADER, both);
}

export function generateEd25519Key(): Ed25519Key {
  const seed = new Uint8Array(randomBytes(32));
  return { seed, publicKey: publicKeyOfSeed(seed) };
}
