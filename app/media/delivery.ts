// The headers of every response that serves an uploaded file (a lesson PDF, an image, a video) from our own
// origin. Opened directly, such a file is a document of this origin: `Content-Security-Policy: sandbox` gives
// it an opaque origin with no scripts, forms or plugins of its own, so whatever an uploader hid in it cannot
// read this origin's cookies or pages (decision 044). `nosniff` keeps browsers to the declared type.
export const UPLOADED_FILE_HEADERS = {
  "Content-Security-Policy": "sandbox",
  "X-Content-Type-Options": "nosniff",
} as const;
