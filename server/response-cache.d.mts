type IncomingHeaders = { [name: string]: string | string[] | undefined };

export type Entry = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  storedAt: number;
  expiresAt: number;
  encoded: Map<string, Buffer>;
  bytes: number;
};

export type ResponseCache = {
  keyFor(method: string, url: string, headers: IncomingHeaders): string | null;
  get(key: string, headers: IncomingHeaders): Entry | undefined;
  begin(key: string): { generation: number; done(): void };
  inFlight(key: string): Promise<void> | undefined;
  isStorable(status: number, responseHeaders: Headers): boolean;
  put(
    key: string,
    requestHeaders: IncomingHeaders,
    answer: { status: number; headers: Headers; body: Buffer },
    fill: { generation: number },
  ): Entry | undefined;
  bodyFor(entry: Entry, requestHeaders: IncomingHeaders): { body: Buffer; encoding: string | null };
  invalidate(): void;
  stats(): { entries: number; bytes: number; generation: number };
};

export declare function createResponseCache(options?: {
  ttlMs?: number;
  maxBytes?: number;
  maxEntryBytes?: number;
  now?: () => number;
}): ResponseCache;

export declare const MAX_CACHE_SECONDS: number;
export declare function parseCacheSeconds(value: string | undefined): number;
export declare const PUBLIC_UNCHANGED_HEADER: string;
