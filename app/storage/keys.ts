// Object keys, the one shape every stored file's name has: slash-separated segments of letters, digits,
// dot, dash and underscore, never "." or ".." and never empty. The local store joins a key to DATA_DIR, so
// this is what keeps a key inside it; S3 would accept more, but one rule for both keeps them interchangeable.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
export const MAX_KEY_LENGTH = 1024;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..");
}

export class InvalidKey extends Error {
  constructor(key: string) {
    super(`invalid storage key ${JSON.stringify(key.slice(0, 100))}`);
    this.name = "InvalidKey";
  }
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKey(key);
  return key;
}

/** A prefix for `list`: a key, or a key followed by "/". */
export function checkPrefix(prefix: string): string {
  const bare = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  checkKey(bare);
  return prefix;
}
