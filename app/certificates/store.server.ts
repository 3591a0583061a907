// Where issued certificate PDFs are kept: the object storage (app/storage/) under certificates/, never
// served directly (downloads go through the access-checked routes).
import { createLocalStorage } from "../storage/local.server";
import { type ObjectStorage, readAll } from "../storage/storage";
import { objectStorage } from "../storage/storage.server";

export type CertificateStore = {
  name: string;
  /**
   * Writes a new file; refuses to overwrite, rejecting with code "EEXIST" (a key names one certificate's
   * PDF forever).
   */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when no such file exists. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
};

/** Keys are `<code>.pdf`; anything else is refused before it can reach a path or a bucket. */
export const CERTIFICATE_KEY_PATTERN = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}\.pdf$/;

function checked(key: string): string {
  if (!CERTIFICATE_KEY_PATTERN.test(key)) throw new Error(`bad certificate key ${key}`);
  return key;
}

/** Certificates in `storage` under `prefix` (DATA_DIR/certificates/ on disk, certificates/ in a bucket). */
export function createCertificateStore(storage: ObjectStorage, prefix = "certificates/"): CertificateStore {
  const keyOf = (key: string) => `${prefix}${checked(key)}`;
  return {
    name: storage.kind,
    async put(key, bytes) {
      // ObjectExists carries code "EEXIST"; S3 refuses with If-None-Match: * (see app/storage/s3.server.ts).
      await storage.put(keyOf(key), bytes, { contentType: "application/pdf", exclusive: true });
    },
    async get(key) {
      return readAll(storage, keyOf(key));
    },
    async delete(key) {
      await storage.delete(keyOf(key));
    },
  };
}

/** Files straight under `root` (tests give each run a temporary folder). */
export function createLocalCertificateStore(root: string): CertificateStore & { root: string } {
  return { ...createCertificateStore(createLocalStorage(root), ""), name: "local", root };
}

let configured: CertificateStore | undefined;

/** The store every route uses: the configured object storage, unless a test put its own in place. */
export function certificateStore(): CertificateStore {
  configured ??= createCertificateStore(objectStorage());
  return configured;
}

/** Tests only: point every route at a store of the test's own. */
export function setCertificateStore(store: CertificateStore): void {
  configured = store;
}
