// /sitemap.xml: every public URL in both languages, with hreflang alternates (issue 13).

import { getDb } from "../db/context";
import { sitemapXml } from "../lib/seo";
import { sitemapEntries } from "../seo/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ url, context }: Route.LoaderArgs) {
  const origin = url.origin;
  return new Response(sitemapXml(origin, await sitemapEntries(getDb(context))), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
