// Files under a root folder (DATA_DIR): the embedded default. A key is a relative path under the root, so
// the files sit where Manara kept them before this adapter existed (media/images, certificates, outbox…).
// Writes go to a temporary name and are renamed into place, so a reader never sees half a file.
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import { link, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkKey, checkPrefix } from "./keys";
import { CONTENT_TYPE_BY_EXTENSION, ObjectExists, type ObjectStorage, type StoredObject } from "./storage";

function contentTypeOf(key: string): string {
  return CONTENT_TYPE_BY_EXTENSION[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export type LocalStorage = ObjectStorage & {
  readonly kind: "local";
  root: string;
  /** The file a key names (for @tus/file-store, which writes files itself). */
  pathOf(key: string): string;
  /** Moves a file of this server's disk in under `key` (a rename when on the same file system). */
  moveIn(key: string, file: string): Promise<void>;
};

export function createLocalStorage(root: string): LocalStorage {
  const pathOf = (key: string) => path.join(root, ...checkKey(key).split("/"));

  const storage: LocalStorage = {
    kind: "local",
    root,
    pathOf,
    async put(key, body, { exclusive = false }) {
      const file = pathOf(key);
      // Owner-only: reset links in the outbox and private PDFs are secrets, and the app is the only reader.
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        if (body instanceof Uint8Array) await writeFile(temporary, body, { flag: "wx", mode: 0o600 });
        else await pipeline(body, createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
        if (exclusive) {
          // link() fails when the name exists: the exclusive create is atomic, like open(…, "wx").
          try {
            await link(temporary, file);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExists(key);
            throw error;
          }
        } else {
          await rename(temporary, file);
        }
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async moveIn(key, from) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      try {
        await rename(from, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await storage.put(key, createReadStream(from), { contentType: contentTypeOf(key) });
        await rm(from, { force: true });
      }
    },
    async get(key, range): Promise<StoredObject | null> {
      const file = pathOf(key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        size = info.size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const contentType = contentTypeOf(key);
      if (!range) return { body: createReadStream(file), size, contentType };
      const end = Math.min(range.end, size - 1);
      if (range.start > end)
        return {
          body: Readable.from([]),
          size,
          contentType,
          range: { start: range.start, end: range.start - 1 },
        };
      return {
        body: createReadStream(file, { start: range.start, end }),
        size,
        contentType,
        range: { start: range.start, end },
      };
    },
    async head(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      checkPrefix(prefix);
      // The folder the prefix ends in, walked down; at its top only the names that start with the rest.
      // Names starting with "." (temporary files of a put in progress) are never keys.
      const slash = prefix.lastIndexOf("/");
      const folderKey = prefix.slice(0, Math.max(0, slash));
      const keys: string[] = [];
      const walk = async (directory: string, keyPrefix: string, namePrefix: string) => {
        let entries: Dirent[];
        try {
          entries = await readdir(directory, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          if (entry.name.startsWith(".") || !entry.name.startsWith(namePrefix)) continue;
          const key = `${keyPrefix}${entry.name}`;
          if (entry.isDirectory()) await walk(path.join(directory, entry.name), `${key}/`, "");
          else if (entry.isFile()) keys.push(key);
        }
      };
      await walk(
        folderKey ? pathOf(folderKey) : root,
        folderKey ? `${folderKey}/` : "",
        prefix.slice(slash + 1),
      );
      return keys.sort();
    },
  };
  return storage;
}
