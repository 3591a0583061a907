// /robots.txt: crawlers stay out of the API, dashboards, the studio, the cart and account pages (issue 13).
import { robotsTxt } from "../lib/seo";
import type { Route } from "./+types/robots";

export function loader({ url }: Route.LoaderArgs) {
  return new Response(robotsTxt(url.origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
