// The editorial limits as plain numbers, apart from the zod schemas in ./inputs.ts: browser code (the editors'
// counters and upload pickers) imports them from here, because importing them from inputs.ts brought zod —
// about 20 KB gzipped — into the page's JavaScript (docs/decisions/022-client-weight.md).
export const MAX_TITLE = 200;
export const MAX_EXCERPT = 500;
export const MAX_NAME = 200;
export const MAX_BODY = 40_000;
export const MAX_SECTION = 10_000;
export const MAX_ALT = 300;
export const MAX_GALLERY = 12;
/** Images per upload request (a page form or a multipart POST): bounds the body held in memory. */
export const MAX_UPLOAD_FILES = 6;
export const EDITORIAL_STATUSES = ["draft", "published", "scheduled"] as const;
