// Migration 0005 turns the paragraph arrays and plain texts written before the editor into Markdown and
// HTML without losing a word: the seed's own content, and paragraphs full of Markdown syntax, are put in
// a database migrated up to 0004, then migrated, then compared with what the app itself would produce.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paragraphsToMarkdown, plainTextToMarkdown } from "../../app/editorial/plain-text";
import { renderMarkdown } from "../../app/lib/markdown.server";
import { seedBlogPosts } from "../../app/seed/data/blog";
import { seedPortfolioItems } from "../../app/seed/data/portfolio";

const root = path.resolve(import.meta.dirname, "../../drizzle");

/** The migrations folder as it was before 0005. */
function foldersBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "manara-migrations-"));
  cpSync(root, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** The visible text of rendered HTML, paragraph by paragraph. */
function textOf(html: string): string[] {
  return html
    .split("</p>")
    .map((chunk) =>
      chunk
        .replace(/<[^>]+>/g, "")
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&")
        .trim(),
    )
    .filter(Boolean);
}

const words = (paragraphs: string[]) => paragraphs.join(" ").split(/\s+/).filter(Boolean);

const HOSTILE = [
  "# not a heading",
  "1. not a list, 2) nor this",
  "*not emphasis* and _this_ `code` [link](javascript:alert(1)) <script>alert(1)</script> &copy; ~~del~~",
  "- dash + plus = equals",
  "   indented    with trailing   ",
  "",
  "> not a quote\nsecond line \\ backslash",
  "C# and 100% & 5 < 6 > 2",
];

let client: PGlite;

beforeAll(async () => {
  client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: foldersBefore("0005_editorial") });
  const posts = [
    ...seedBlogPosts.map((post) => ({ slug: post.slug, en: post.body.en, ar: post.body.ar })),
    { slug: "hostile", en: HOSTILE, ar: [...HOSTILE].reverse() },
  ];
  for (const post of posts) {
    await client.query(
      "insert into blog_posts (slug, title, excerpt, body, body_ar, author_name) values ($1, 't', 'e', $2::jsonb, $3::jsonb, 'a')",
      [post.slug, JSON.stringify(post.en), JSON.stringify(post.ar)],
    );
  }
  const items = [
    ...seedPortfolioItems,
    {
      ...seedPortfolioItems[0],
      slug: "hostile",
      problem: { en: HOSTILE.join("\n\n"), ar: "**عريض** <b>x</b>" },
    },
  ];
  for (const item of items) {
    await client.query(
      `insert into portfolio_items (slug, title, client_name, problem, problem_ar, strategy, strategy_ar, result, result_ar, images)
       values ($1, 't', 'c', $2, $3, $4, $5, $6, $7, $8::jsonb)`,
      [
        item.slug,
        item.problem?.en,
        item.problem?.ar,
        item.strategy?.en,
        item.strategy?.ar,
        item.result?.en,
        item.result?.ar,
        JSON.stringify(item.images),
      ],
    );
  }
  await migrate(db, { migrationsFolder: root });
}, 60_000);

afterAll(() => client?.close());

type PostRow = {
  slug: string;
  body: string;
  body_ar: string;
  body_html: string;
  body_ar_html: string;
  status: string;
};

describe("0005: blog bodies", () => {
  it("become the Markdown the app writes, rendering to the same HTML the app renders", async () => {
    const { rows } = await client.query<PostRow>("select * from blog_posts order by slug");
    expect(rows).toHaveLength(seedBlogPosts.length + 1);
    for (const row of rows) {
      const seed = seedBlogPosts.find((post) => post.slug === row.slug);
      const en = seed?.body.en ?? HOSTILE;
      const ar = seed?.body.ar ?? [...HOSTILE].reverse();
      expect(row.body, row.slug).toBe(paragraphsToMarkdown(en));
      expect(row.body_ar, row.slug).toBe(paragraphsToMarkdown(ar));
      expect(row.body_html, row.slug).toBe(renderMarkdown(row.body));
      expect(row.body_ar_html, row.slug).toBe(renderMarkdown(row.body_ar));
      expect(row.status).toBe("published");
    }
  });

  it("loses no word, and turns no text into markup", async () => {
    const { rows } = await client.query<PostRow>("select * from blog_posts");
    for (const row of rows) {
      const seed = seedBlogPosts.find((post) => post.slug === row.slug);
      const en = seed?.body.en ?? HOSTILE;
      expect(words(textOf(row.body_html)), row.slug).toEqual(words(en));
      expect(words(textOf(renderMarkdown(row.body))), row.slug).toEqual(words(en));
    }
    const hostile = rows.find((row) => row.slug === "hostile");
    expect(hostile?.body_html).not.toMatch(/<(h\d|ol|ul|li|em|strong|code|a|script|del|blockquote)\b/);
    expect(hostile?.body_html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("0005: case studies", () => {
  it("problem, strategy and result become Markdown with their HTML; images carry alt slots", async () => {
    const { rows } = await client.query<Record<string, unknown>>("select * from portfolio_items");
    expect(rows).toHaveLength(seedPortfolioItems.length + 1);
    for (const row of rows) {
      for (const field of ["problem", "problem_ar", "strategy", "strategy_ar", "result", "result_ar"]) {
        const source = row[field] as string;
        expect(row[`${field}_html`], `${row.slug} ${field}`).toBe(renderMarkdown(source));
      }
      const seed = seedPortfolioItems.find((item) => item.slug === row.slug) ?? seedPortfolioItems[0];
      expect(row.images).toEqual(
        seed?.images.map((url) => ({ url, publicId: null, alt: null, altAr: null })),
      );
      expect(row.status).toBe("published");
      expect(row.published_at).toEqual(row.created_at);
    }
    const hostile = rows.find((row) => row.slug === "hostile");
    expect(hostile?.problem).toBe(plainTextToMarkdown(HOSTILE.join("\n\n")));
    expect(words(textOf(hostile?.problem_html as string))).toEqual(words(HOSTILE));
    expect(hostile?.problem_ar_html).toBe('<p dir="auto">**عريض** &lt;b&gt;x&lt;/b&gt;</p>');
  });
});
