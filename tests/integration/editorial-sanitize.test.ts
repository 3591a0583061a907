// Every Markdown field of posts and case studies, saved with each XSS payload, comes out inert: no scripts,
// event handlers, javascript:/data: URLs, iframes, SVG, images or inline styles in the stored HTML, and links
// carry rel="noopener". The same holds for the Preview submit, which renders without saving.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import type { User } from "../../app/db/schema";
import { createCaseStudy } from "../../app/editorial/case-studies.server";
import { previewHtml } from "../../app/editorial/pages.server";
import { createPost } from "../../app/editorial/posts.server";
import { createUser } from "./auth-helpers";
import { createTestDatabase } from "./test-database";

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//",
  '<svg onload="alert(1)"><circle/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](javascript&colon;alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](%6Aavascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD4=)",
  "[x](vbscript:msgbox(1))",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<p style="position:fixed;inset:0">x</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<style>body{display:none}</style>",
  "![x](javascript:alert(1))",
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=x><button>go</button></form>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<details open ontoggle="alert(1)">x</details>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  "<<script>script>alert(1)<</script>/script>",
  '"><script>alert(1)</script>',
  '<a href="https://ok.example">fine</a> and **bold** العربية',
];

const ALLOWED_TAGS = new Set(
  "p br hr h2 h3 h4 strong em del code pre blockquote ul ol li a table thead tbody tr th td".split(" "),
);
const ALLOWED_ATTRIBUTES = new Set(["href", "title", "rel", "target", "start", "align", "dir"]);

/**
 * What must never survive into a page. Text is escaped (a literal "<" in text is "&lt;"), so every "<" in
 * the HTML opens a real element: each must be on the allowlist with allowed attributes only, and every
 * link must resolve to http(s) or mailto and carry rel="noopener".
 */
function assertInert(html: string, label: string) {
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    const match = /^<\/?([a-zA-Z0-9]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>$/.exec(tag);
    expect(match, `${label}: malformed tag ${tag}`).not.toBeNull();
    const [, name = "", attributes = ""] = match ?? [];
    expect(ALLOWED_TAGS.has(name.toLowerCase()), `${label}: tag ${tag}`).toBe(true);
    for (const [, attribute = "", value = ""] of attributes.matchAll(/\s+([^\s=>]+)(?:="([^"]*)")?/g)) {
      expect(
        ALLOWED_ATTRIBUTES.has(attribute.toLowerCase()),
        `${label}: attribute ${attribute} in ${tag}`,
      ).toBe(true);
      // How a browser resolves it on an article page: only web and mail links (an odd relative path is
      // just a path on this site).
      if (attribute === "href")
        expect(["https:", "http:", "mailto:"], `${label}: ${tag}`).toContain(
          new URL(value.replaceAll("&amp;", "&"), "https://manara.test/blog/1").protocol,
        );
    }
    if (/^<a\b/i.test(tag)) expect(tag, label).toContain('rel="noopener');
    if (/^<p\b/i.test(tag)) expect(tag, label).toContain('dir="auto"');
  }
}

let handle: DatabaseHandle;
let admin: User;
let trainer: User;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  trainer = await createUser(handle.db, "trainer");
});
afterAll(() => handle?.close());

describe("XSS payloads in every Markdown field come out inert", () => {
  it("blog posts (body, bodyAr), written by a trainer", async () => {
    for (const payload of PAYLOADS) {
      const outcome = await createPost(handle.db, trainer, {
        title: "t",
        excerpt: "e",
        body: `Intro\n\n${payload}\n\n- ${payload}`,
        bodyAr: `مقدمة ${payload}`,
        status: "published",
      });
      if (!outcome.ok) throw new Error(outcome.reason);
      assertInert(outcome.post.bodyHtml, `body: ${payload}`);
      assertInert(outcome.post.bodyArHtml ?? "", `bodyAr: ${payload}`);
    }
  });

  it("case studies (problem, strategy, result, each in both languages)", async () => {
    for (const payload of PAYLOADS) {
      const outcome = await createCaseStudy(handle.db, admin, {
        title: "t",
        clientName: "c",
        problem: payload,
        problemAr: `> ${payload}`,
        strategy: `## ${payload}`,
        strategyAr: `1. ${payload}`,
        result: `| a |\n|---|\n| ${payload} |`,
        resultAr: `**${payload}**`,
        status: "draft",
      });
      if (!outcome.ok) throw new Error(outcome.reason);
      const { item } = outcome;
      for (const [field, html] of Object.entries({
        problemHtml: item.problemHtml,
        problemArHtml: item.problemArHtml,
        strategyHtml: item.strategyHtml,
        strategyArHtml: item.strategyArHtml,
        resultHtml: item.resultHtml,
        resultArHtml: item.resultArHtml,
      })) {
        assertInert(html ?? "", `${field}: ${payload}`);
      }
    }
  });

  it("the Preview submit renders through the same sanitizer", () => {
    for (const payload of PAYLOADS) {
      const preview = previewHtml({ body: payload, bodyAr: `- ${payload}` }, ["body", "bodyAr"]);
      assertInert(preview.body ?? "", `preview: ${payload}`);
      assertInert(preview.bodyAr ?? "", `preview ar: ${payload}`);
    }
  });

  it("keeps what is allowed: links with rel, bold, Arabic text", async () => {
    const outcome = await createPost(handle.db, admin, {
      title: "t",
      excerpt: "e",
      body: PAYLOADS.at(-1) ?? "",
      status: "draft",
    });
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.post.bodyHtml).toBe(
      '<p dir="auto"><a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">fine</a> and <strong>bold</strong> العربية</p>',
    );
  });
});
