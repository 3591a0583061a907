// The site as a did:web issuer: its DID from the public origin, and its DID document listing the current
// signing key and every retired one (so credentials signed before a rotation still verify).

export const DID_CONTEXT = "https://www.w3.org/ns/did/v1";
export const MULTIKEY_CONTEXT = "https://w3id.org/security/multikey/v1";

/**
 * did:web of an origin (did:web method, §3.2): the host, its port percent-encoded (`localhost%3A3000`).
 * The origin is PUBLIC_URL's (never a request's Host), so the issuer is the same whoever asks.
 */
export function didWebOf(origin: string): string {
  const url = new URL(origin);
  return `did:web:${url.host.replace(":", "%3A")}`;
}

/**
 * The host a did:web names (`did:web:host%3Aport` → `host:port`; a path after it, `did:web:host:user:alice`,
 * is allowed), or null for another DID or a malformed one.
 */
export function hostOfDidWeb(did: string): string | null {
  const match = /^did:web:([^:#/?]+)(?::[^:#/?]+)*$/.exec(did);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** A key's verification method id: the DID and the key's own multibase, stable across rotations. */
export function verificationMethodId(did: string, publicKeyMultibase: string): string {
  return `${did}#${publicKeyMultibase}`;
}

export type VerificationMethod = {
  id: string;
  type: "Multikey";
  controller: string;
  publicKeyMultibase: string;
};

export function verificationMethod(did: string, publicKeyMultibase: string): VerificationMethod {
  return {
    id: verificationMethodId(did, publicKeyMultibase),
    type: "Multikey",
    controller: did,
    publicKeyMultibase,
  };
}

/**
 * The DID document served at /.well-known/did.json: the current key first, then the retired ones, each an
 * Ed25519 Multikey allowed to assert (sign) credentials.
 */
export function didDocument(did: string, current: string, previous: readonly string[]) {
  const keys = [current, ...previous.filter((key) => key !== current)];
  const methods = keys.map((key) => verificationMethod(did, key));
  return {
    "@context": [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}
