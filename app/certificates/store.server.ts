// Where issued certificate PDFs are kept. One adapter, embedded only for now: files under
// DATA_DIR/certificates, never served directly (downloads go through the access-checked routes).
// A cloud store would implement the same three calls.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { readConfig } from "../config.server";

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

/** Keys are `<code>.pdf`; anything else is refused before it can reach a path. */
export const CERTIFICATE_KEY_PATTERN = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}\.pdf$/;

function checkedPath(root: string, key: string): string {
  if (!CERTIFICATE_KEY_PATTERN.test(key)) throw new Error(`bad certificate key ${key}`);
  return path.join(root, key);
}

export function createLocalCertificateStore(root: string): CertificateStore & { root: string } {
  return {
    name: "local",
    root,
    async put(key, bytes) {
      await mkdir(root, { recursive: true });
      await writeFile(checkedPath(root, key), bytes, { flag: "wx" });
    },
    async get(key) {
      try {
        return await readFile(checkedPath(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(checkedPath(root, key), { force: true });
    },
  };
}

let configured: CertificateStore | undefined;

/** The store every route uses: DATA_DIR/certificates unless a test put its own in place. */
export function certificateStore(): CertificateStore {
  configured ??= createLocalCertificateStore(path.join(readConfig().dataDir, "certificates"));
  return configured;
}

/** Tests only: point every route at a store of the test's own (a temporary folder). */
export function setCertificateStore(store: CertificateStore): void {
  configured = store;
}
