// Markdown written by trainers (and, later, editors) turned into HTML that is safe to put in a page. It runs
// once, when the text is saved; pages show the stored HTML and never render Markdown per request.
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** One parser with our options, not marked's global instance (other code could change its defaults). */
const marked = new Marked({ gfm: true, breaks: false, async: false });

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
  // Script, style and iframe contents are dropped with their tags rather than shown as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "svg", "math"],
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

/** Markdown → sanitized HTML. Raw HTML in the source is kept only where the allowlist permits it. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}
