// The configured object storage, one per process: the bucket of S3_* when set, files under DATA_DIR
// otherwise (app/config.server.ts validates the settings at start).
import { readConfig } from "../config.server";
import { createLocalStorage, type LocalStorage } from "./local.server";
import { createS3Storage, type S3Storage } from "./s3.server";

export type ConfiguredStorage = LocalStorage | S3Storage;

const KEY = Symbol.for("manara.objectStorage");
type Holder = typeof globalThis & { [KEY]?: ConfiguredStorage };

export function objectStorage(): ConfiguredStorage {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const config = readConfig();
    holder[KEY] = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
  }
  return holder[KEY];
}

/** Tests only: the storage every module uses from now on (undefined: back to the configured one). */
export function replaceObjectStorage(storage: ConfiguredStorage | undefined): void {
  const holder = globalThis as Holder;
  if (storage) holder[KEY] = storage;
  else delete holder[KEY];
}
