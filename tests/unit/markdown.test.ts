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
    ["<script>alert(1)</script>", "alert"],
    ['<iframe src="https://evil.example"></iframe>', "iframe"],
    ['<svg onload="alert(1)"><circle/></svg>', "svg"],
    ['<p style="position:fixed">x</p>', "style"],
    ["[x](data:text/html;base64,PHNjcmlwdD4=)", "data:"],
  ])("neutralises %s", (source, forbidden) => {
    const html = renderMarkdown(source);
    expect(html.toLowerCase()).not.toContain(forbidden.toLowerCase());
  });

  it("keeps site-relative links and escapes text", () => {
    expect(renderMarkdown("[x](/courses) 1 < 2")).toBe(
      '<p dir="auto"><a href="/courses" rel="noopener noreferrer nofollow" target="_blank">x</a> 1 &lt; 2</p>',
    );
  });
});
