// GET /auth/google: starts the Google redirect flow, remembering where to return and in which language.
import {
  GOOGLE_STRATEGY,
  googleAuthenticator,
  googleConfig,
  googleReturnFromUrl,
  rememberGoogleReturn,
} from "../auth/google.server";
import { getDb } from "../db/context";
import type { Route } from "./+types/auth-google";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const config = googleConfig();
  if (!config) return new Response("Not Found", { status: 404 });
  const remembered = googleReturnFromUrl(url);
  // Without query parameters the strategy can only start a flow: a stray `state` or `code` on this URL
  // must not make it act as the callback.
  const start = new Request(new URL(url.pathname, url.origin), { headers: request.headers });
  try {
    await googleAuthenticator(getDb(context), config).authenticate(GOOGLE_STRATEGY, start);
  } catch (outcome) {
    // The strategy answers the start step by throwing its redirect to Google, with the state cookie set.
    if (!(outcome instanceof Response)) throw outcome;
    outcome.headers.append("Set-Cookie", await rememberGoogleReturn(remembered));
    return outcome;
  }
  throw new Error("The Google strategy did not redirect to Google.");
}
