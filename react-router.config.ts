import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // v8_passThroughRequests: loaders, actions and middleware get the request as it came in, without the two
  // copies React Router otherwise makes per loader to strip `.data`, `_routes` and `index` from its URL;
  // the page's URL is the `url` argument (docs/decisions/033-pass-through-requests.md).
  future: { v8_middleware: true, v8_passThroughRequests: true },
} satisfies Config;
