// One escape for text placed in HTML or XML, content or a quoted attribute value: the sitemap and feeds
// (app/lib/seo.ts, app/routes/blog-feed.ts) and the mails' HTML (app/mail/layout.server.ts).

/**
 * `text` with the five characters markup gives meaning to written as references. The apostrophe is `&#39;`, not
 * `&apos;`: both are XML, but `&apos;` is not HTML 4, which Outlook's Word engine still reads mail as.
 */
export function escapeMarkup(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
