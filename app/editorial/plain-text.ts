// Plain text (the seed's paragraphs, text written before the editor took Markdown) as Markdown that renders
// back to exactly the same words: every character Markdown would read as syntax is backslash-escaped.
// Migration drizzle/0005_editorial.sql does the same in SQL for rows that existed; a test holds them equal.

/** Characters that are syntax anywhere in a line (emphasis, code, links, raw HTML, strikethrough). */
const INLINE_SYNTAX = /[\\`*_[\]<>~]/g;
/** `&copy;`, `&#169;`: an entity Markdown would decode. */
const ENTITY = /&(#?[A-Za-z0-9]+;)/g;
/** Headings, lists, setext underlines and thematic breaks at the start of a line. */
const LINE_START = /^([#+=-])/gm;
const ORDERED_LIST = /^([0-9]+)([.)])/gm;

/** One paragraph with its lines' surrounding blanks removed (Markdown drops them anyway). */
function tidy(paragraph: string): string {
  return paragraph
    .replace(/^[ \t\n]+|[ \t\n]+$/g, "")
    .replace(/^[ \t]+/gm, "")
    .replace(/[ \t]+$/gm, "");
}

function escapeParagraph(paragraph: string): string {
  return tidy(paragraph)
    .replace(INLINE_SYNTAX, "\\$&")
    .replace(ENTITY, "\\&$1")
    .replace(LINE_START, "\\$1")
    .replace(ORDERED_LIST, "$1\\$2");
}

/** Paragraphs in order as one Markdown document; empty paragraphs are dropped. */
export function paragraphsToMarkdown(paragraphs: readonly string[]): string {
  return paragraphs
    .map(tidy)
    .filter((paragraph) => paragraph !== "")
    .map(escapeParagraph)
    .join("\n\n");
}

/** A plain text whose paragraphs are separated by blank lines, as Markdown. */
export function plainTextToMarkdown(text: string): string {
  return paragraphsToMarkdown(text.split(/\n[ \t]*\n/));
}
