// Layout mirrors in Arabic only if styles say start/end, never left/right: no physical left/right property in
// app stylesheets or class names, outside the short allowlist below (each entry says why it is fine).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const PHYSICAL = [
  // CSS properties and values
  /\b(margin|padding|border|inset|scroll-margin|scroll-padding)-(left|right)\b/,
  /(^|[^-\w])(left|right)\s*:/,
  /\btext-align\s*:\s*(left|right)\b/,
  /\bfloat\s*:\s*(left|right)\b/,
  /\bclear\s*:\s*(left|right)\b/,
  /\bborder-(top|bottom)-(left|right)-radius\b/,
  // Tailwind utilities (with any variant prefix such as `md:` or `hover:`, negative or not)
  /(^|[\s"'`:])-?(ml|mr|pl|pr|left|right|scroll-ml|scroll-mr|scroll-pl|scroll-pr)-(?!to-)[\w[\]./%-]+/,
  /(^|[\s"'`:])(border|rounded)-(l|r|tl|tr|bl|br)(-[\w[\]./%-]+)?(?=[\s"'`]|$)/,
  /(^|[\s"'`:])(text|float|clear)-(left|right)\b/,
];

/** Files and exact lines allowed to say left/right, with the reason. Keep it short. */
const ALLOWLIST: { file: string; contains: string; why: string }[] = [
  // (none yet) e.g. { file: "app/components/x.tsx", contains: "left-1/2", why: "centring, symmetric in both directions" }
];

/** The physical left/right styles in one file's text, as "line: match". */
function physicalStyles(text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    for (const pattern of PHYSICAL) {
      const match = line.match(pattern);
      if (match) found.push(`${index + 1}: ${match[0].trim()}`);
    }
  });
  return found;
}

describe("the detector", () => {
  it("finds physical properties and utilities, and leaves logical ones alone", () => {
    for (const bad of [
      "margin-left: 1rem;",
      "  left: 0;",
      "text-align: right;",
      "float: left",
      'className="ml-2 flex"',
      'className="md:pr-4"',
      'className="-left-4"',
      'className="text-right"',
      'className="rounded-l-md"',
      'className="border-r"',
    ]) {
      expect(physicalStyles(bad), bad).not.toEqual([]);
    }
    for (const good of [
      "margin-inline-start: 1rem;",
      'className="ms-2 pe-4 start-0 end-4 text-start rounded-s-md border-e inset-x-0"',
      "const left = 3; // a variable, not a style",
      "scroll-padding-top: 5rem;",
      'aria-label="Move right"',
      "// Arabic is right-to-left",
    ]) {
      expect(physicalStyles(good), good).toEqual([]);
    }
  });
});

it("app stylesheets and components use logical properties only", () => {
  const appRoot = path.resolve(import.meta.dirname, "../../app");
  const files = readdirSync(appRoot, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(css|tsx|ts)$/.test(file))
    // Demo content (a blog post about RTL that quotes margin-left) is prose, not style.
    .filter((file) => !file.startsWith("seed/data/"));
  const found = files.flatMap((file) =>
    physicalStyles(readFileSync(path.join(appRoot, file), "utf8"))
      .filter(
        (hit) => !ALLOWLIST.some((entry) => `app/${file}` === entry.file && hit.includes(entry.contains)),
      )
      .map((hit) => `app/${file}:${hit}`),
  );
  expect(found).toEqual([]);
});
