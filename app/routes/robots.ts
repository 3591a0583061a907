// /robots.txt: crawlers stay out of the API, dashboards, the studio, the cart and account pages (issue 13).
import { publicOrigin } from "../config.server";
import { robotsTxt } from "../lib/seo";

export function loader() {
  return new Response(robotsTxt(publicOrigin()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
