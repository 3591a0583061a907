// Markdown written by trainers (and, later, editors) turned into HTML that is safe to put in a page. It runs
// once, when the text is saved; pages show the stored HTML and never render Markdown per request.
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "h2",
  "h3",
  "h4",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
    "*": ["dir"],
  },
  // Relative links (paths on this site) and these schemes only: no javascript:, data: or vbscript:.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // A tag we do not allow is shown as the text it was (`&lt;textarea&gt;`), attributes left out, and what
  // follows it is kept: a learner asking about a `<textarea>` or a `<script>` loses no words (issue 43, item
  // 5). Dropping instead took the rest of the text with it, up to a closing tag that often never came.
  // Shown as text, nothing runs; no content is dropped, so `nonTextTags` is empty.
  disallowedTagsMode: "escape",
  nonTextTags: [],
  transformTags: {
    // A page title is the only h1; a trainer's "# Heading" becomes a section heading.
    h1: (_tagName, attribs) => ({ tagName: "h2", attribs: { ...attribs, dir: "auto" } }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" },
    }),
    // Arabic and English paragraphs mix in one description: each finds its own direction.
    p: (tagName, attribs) => ({ tagName, attribs: { ...attribs, dir: "auto" } }),
    li: (tagName, attribs) => ({ tagName, attribs: { ...attribs, dir: "auto" } }),
    h2: (tagName, attribs) => ({ tagName, attribs: { ...attribs, dir: "auto" } }),
    h3: (tagName, attribs) => ({ tagName, attribs: { ...attribs, dir: "auto" } }),
    blockquote: (tagName, attribs) => ({ tagName, attribs: { ...attribs, dir: "auto" } }),
  },
};

/** The tags kept as HTML (h1 becomes h2); any other is escaped. */
const KEPT_TAGS = new Set([...ALLOWED_TAGS, "h1"]);

/**
 * Raw HTML in the Markdown, one piece at a time, before the page's HTML is put together: an inline tag
 * we keep passes (the whole page is sanitized below), any other piece is sanitized alone. Alone, because
 * `<textarea>`, `<script>`, `<style>`, `<title>` and `<xmp>` hold raw text up to their closing tag: left
 * unclosed in the page, they would turn every paragraph after them into text showing its markup. A
 * closing tag alone is escaped as it is (sanitize-html drops a closing tag it never saw open).
 */
function rawHtml({ text, block }: { text: string; block: boolean }): string {
  if (!block) {
    const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(text)?.[1]?.toLowerCase();
    if (name && KEPT_TAGS.has(name)) return text;
    const closing = /^<\/([A-Za-z][A-Za-z0-9-]*)\s*>$/.exec(text);
    if (closing) return `&lt;/${closing[1]}&gt;`;
  }
  return sanitizeHtml(text, SANITIZE_OPTIONS);
}

/** One parser with our options, not marked's global instance (other code could change its defaults). */
const marked = new Marked({ gfm: true, breaks: false, async: false, renderer: { html: rawHtml } });

/**
 * Markdown → sanitized HTML. Raw HTML in the source is kept only where the allowlist permits it; any other
 * tag shows as text, and no text is dropped.
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}
