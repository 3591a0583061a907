// Pages and their data differ by the visitor's Save-Data header (app/lib/save-data.ts): the document leaves
// out the web fonts and the decorative images, the root's data says which. Their answers say
// `Vary: Save-Data`, so shared caches, the server's own anonymous cache included
// (app/lib/response-cache.server.ts), keep the two apart; every request without the header still shares one
// copy. The JSON API, redirects and files do not depend on it and do not vary.
import type { MiddlewareFunction } from "react-router";
import { SAVE_DATA_HEADER } from "../lib/save-data";
import { withVary } from "../lib/vary";

/** A document (text/html) or React Router's data for a page (text/x-script). */
const PAGE_TYPES = /^(?:text\/html|text\/x-script)\b/i;

export const saveDataMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (!PAGE_TYPES.test(response.headers.get("content-type") ?? "")) return response;
  return withVary(response, SAVE_DATA_HEADER);
};
