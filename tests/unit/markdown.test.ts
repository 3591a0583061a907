import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../app/lib/markdown.server";

describe("renderMarkdown", () => {
  it("renders Markdown with directions on paragraphs and safe links", () => {
    const html = renderMarkdown("# Title\n\nHello **world** [site](https://example.com)\n\n- مرحبا");
    expect(html).toContain('<h2 dir="auto">Title</h2>');
    expect(html).toContain('<p dir="auto">Hello <strong>world</strong>');
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">',
    );
    expect(html).toContain('<li dir="auto">مرحبا</li>');
  });

  it.each([
    ["[x](javascript:alert(1))", "javascript"],
    ["[x](JaVaScRiPt:alert(1))", "alert"],
    ["[x](javascript&colon;alert(1))", "alert"],
    ['<img src=x onerror="alert(1)">', "onerror"],
    ['<iframe src="https://evil.example"></iframe>', "evil.example"],
    ['<svg onload="alert(1)"><circle/></svg>', "onload"],
    ['<p style="position:fixed">x</p>', "style"],
    ["[x](data:text/html;base64,PHNjcmlwdD4=)", "data:"],
  ])("neutralises %s", (source, forbidden) => {
    const html = renderMarkdown(source);
    expect(html.toLowerCase()).not.toContain(forbidden.toLowerCase());
  });

  /** Every tag the HTML opens or closes, lower-cased: what a browser would make elements of. */
  const liveTags = (html: string) =>
    [...html.matchAll(/<\/?([a-z][a-z0-9-]*)/gi)].map((match) => match[1]?.toLowerCase());
  /** The tags renderMarkdown keeps (app/lib/markdown.server.ts). */
  const ALLOWED = new Set(
    "p br hr h2 h3 h4 strong em del code pre blockquote ul ol li a table thead tbody tr th td".split(" "),
  );

  // Issue 43, item 5: these tags were dropped with everything after them up to their closing tag — often the
  // rest of the learner's question. They are shown as text now; nothing of them is live.
  describe.each([
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "svg",
    "math",
    "title",
    "xmp",
  ])("a bare <%s>", (tag) => {
    it("closed: shows the tag and its content as text, and keeps what follows", () => {
      const html = renderMarkdown(`Why does <${tag}>inner **text**</${tag}> break? After it **still here**.`);
      expect(html).toContain(`&lt;${tag}&gt;`);
      expect(html).toContain(`&lt;/${tag}&gt;`);
      expect(html).toContain("inner");
      expect(html).toContain("break? After it <strong>still here</strong>.");
      expect(
        liveTags(html).every((name) => name && ALLOWED.has(name)),
        html,
      ).toBe(true);
    });

    it("unclosed: shows the tag as text, and keeps what follows, paragraphs after it included", () => {
      const html = renderMarkdown(
        `My form has this field: <${tag}> why does the label **vanish**?\n\nA second paragraph.`,
      );
      expect(html).toBe(
        `<p dir="auto">My form has this field: &lt;${tag}&gt; why does the label <strong>vanish</strong>?</p>\n<p dir="auto">A second paragraph.</p>`,
      );
    });

    it("at the start of a block: shows it as text, the rest of the text kept", () => {
      const html = renderMarkdown(`<${tag}>\nfirst line\n\nafter **it**`);
      expect(html).toContain(`&lt;${tag}&gt;`);
      expect(html).toContain("first line");
      expect(html).toContain("after");
      expect(
        liveTags(html).every((name) => name && ALLOWED.has(name)),
        html,
      ).toBe(true);
    });
  });

  it("shows a script as inert text, whatever it holds", () => {
    for (const source of [
      "<script>alert(1)</script>",
      "<script>\nalert(1)\n</script>",
      "x <script>document.write('<img src=x onerror=alert(1)>')</script> y",
      "<script><p>not a paragraph</p><img src=x onerror=alert(1)>",
      "x <scr<script>ipt>alert(1)</script> y",
      "<textarea></textarea><script>alert(1)</script>",
      "<style>*{display:none}</style>",
      "<svg><script>alert(1)</script></svg>",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    ]) {
      const html = renderMarkdown(source);
      expect(
        liveTags(html).every((name) => name && ALLOWED.has(name)),
        `${source} → ${html}`,
      ).toBe(true);
      expect(html, source).not.toMatch(/<[^>]*\son[a-z]+=/i);
    }
    expect(renderMarkdown("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("drops HTML comments and CDATA sections, keeping the text around them", () => {
    expect(renderMarkdown("a <!-- note --> b <![CDATA[ c ]]> d")).toBe('<p dir="auto">a  b  d</p>');
    expect(renderMarkdown("<!-- a comment -->\n\nafter <!-- <textarea> --> **it**")).toBe(
      '<p dir="auto">after  <strong>it</strong></p>',
    );
    // An unclosed comment is text to marked, escaped.
    expect(renderMarkdown("a <!-- never closed")).toBe('<p dir="auto">a &lt;!-- never closed</p>');
  });

  it("keeps the raw tags it allows, and escapes an unknown one without its attributes", () => {
    expect(renderMarkdown('x <a href="https://e.example">link</a> <strong>s</strong> <em>e</em>')).toBe(
      '<p dir="auto">x <a href="https://e.example" rel="noopener noreferrer nofollow" target="_blank">link</a> <strong>s</strong> <em>e</em></p>',
    );
    expect(renderMarkdown('use <input type="text" onfocus="alert(1)"> here')).toBe(
      '<p dir="auto">use &lt;input /&gt; here</p>',
    );
    expect(renderMarkdown("close </textarea> alone")).toBe('<p dir="auto">close &lt;/textarea&gt; alone</p>');
  });

  it("keeps site-relative links and escapes text", () => {
    expect(renderMarkdown("[x](/courses) 1 < 2")).toBe(
      '<p dir="auto"><a href="/courses" rel="noopener noreferrer nofollow" target="_blank">x</a> 1 &lt; 2</p>',
    );
  });
});
