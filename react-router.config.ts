import type { Config } from "@react-router/dev/config";

// React Router 8: middleware is always on, and loaders, actions and middleware get the request as it came in
// (the page's URL, without `.data` and `_routes`, is their `url` argument).
export default {
  ssr: true,
} satisfies Config;
