// /blog/feed.xml and /ar/blog/feed.xml: an Atom feed of the 20 newest public posts in that language, with
// their sanitized HTML as content. Linked from the blog pages (<link rel="alternate"> and a visible link).

import { publicOrigin } from "../config.server";
import { getDb } from "../db/context";
import { FEED_PATH } from "../editorial/paths";
import { listPublicPosts } from "../editorial/posts.server";
import { localizePath } from "../i18n/languages";
import { pick } from "../lib/localized";
import { escapeMarkup } from "../lib/markup";
import { pageContext } from "../lib/route-context.server";
import type { Route } from "./+types/blog-feed";

const FEED_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const origin = publicOrigin();
  const { items } = await listPublicPosts(getDb(context), { limit: FEED_SIZE, offset: 0, countTotal: false });
  const blogUrl = origin + localizePath("/blog", page.locale);
  const updated = items.reduce(
    (latest, post) => Math.max(latest, post.updatedAt.getTime(), post.publishedAt?.getTime() ?? 0),
    0,
  );
  const entries = items.map((post) => {
    const url = origin + localizePath(`/blog/${post.id}`, page.locale);
    const published = (post.publishedAt ?? post.createdAt).toISOString();
    // An entry is updated no earlier than it was published (a scheduled post was saved before its date).
    const entryUpdated = new Date(
      Math.max(post.updatedAt.getTime(), post.publishedAt?.getTime() ?? 0),
    ).toISOString();
    return `  <entry>
    <title>${escapeMarkup(pick(page.locale, post.title, post.titleAr))}</title>
    <id>${escapeMarkup(url)}</id>
    <link rel="alternate" type="text/html" href="${escapeMarkup(url)}"/>
    <published>${published}</published>
    <updated>${entryUpdated}</updated>
    <author><name>${escapeMarkup(pick(page.locale, post.authorName, post.authorNameAr))}</name></author>
    <summary>${escapeMarkup(pick(page.locale, post.excerpt, post.excerptAr))}</summary>
    <content type="html">${escapeMarkup(pick(page.locale, post.bodyHtml, post.bodyArHtml))}</content>
  </entry>`;
  });
  const body = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${page.locale}" xml:base="${escapeMarkup(`${origin}/`)}">
  <title>${escapeMarkup(page.t("editorial:feed.title"))}</title>
  <subtitle>${escapeMarkup(page.t("catalog:blog.lead"))}</subtitle>
  <id>${escapeMarkup(blogUrl)}</id>
  <link rel="self" type="application/atom+xml" href="${escapeMarkup(origin + localizePath(FEED_PATH, page.locale))}"/>
  <link rel="alternate" type="text/html" href="${escapeMarkup(blogUrl)}"/>
  <updated>${new Date(updated || Date.now()).toISOString()}</updated>
${entries.join("\n")}
</feed>
`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
