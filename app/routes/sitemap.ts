// /sitemap.xml: every public URL in both languages, with hreflang alternates (issue 13).

import { publicOrigin } from "../config.server";
import { getDb } from "../db/context";
import { sitemapXml } from "../lib/seo";
import { sitemapEntries } from "../seo/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(publicOrigin(), await sitemapEntries(getDb(context))), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
