// Runs a loader or action the way the server does: through the real i18n and auth middleware (so cookies
// and Bearer tokens on the request sign it in), with a test database.
import { matchRoutes, type RouteObject, RouterContextProvider } from "react-router";
import type { Database } from "../../app/db/client.server";
import { databaseContext } from "../../app/db/context";
import { drainJobs } from "../../app/jobs/worker.server";
import { clientAddressContext } from "../../app/lib/client-address";
import { mailContext } from "../../app/mail/context.server";
import type { Mailer } from "../../app/mail/mailer.server";
import { mediaContext } from "../../app/media/context.server";
import type { MediaStore } from "../../app/media/store.server";
import { authMiddleware } from "../../app/middleware/auth.server";
import { i18nextMiddleware } from "../../app/middleware/i18next.server";
import routes from "../../app/routes";
import { sharedTestMailer, sharedTestMediaStore } from "./studio-factories";

const clientAddresses = new WeakMap<Request, string>();

/** Marks `request` as coming from `address`, as the Express app would say through the context (server/app.ts). */
export function fromAddress(request: Request, address: string): Request {
  clientAddresses.set(request, address);
  return request;
}

export async function runRoute<T>(
  db: Database,
  request: Request,
  handler: (args: {
    request: Request;
    url: URL;
    context: RouterContextProvider;
    params: Record<string, string>;
  }) => Promise<T> | T,
  params: Record<string, string> = {},
  { media, mail }: { media?: MediaStore; mail?: Mailer } = {},
): Promise<T> {
  const context = new RouterContextProvider();
  context.set(databaseContext, db);
  context.set(clientAddressContext, clientAddresses.get(request) ?? "unknown");
  // The embedded media store in a temporary folder, unless a test brings its own (the Cloudinary fake).
  context.set(mediaContext, media ?? sharedTestMediaStore());
  // The embedded outbox in a temporary folder, unless a test brings its own (the SMTP path).
  context.set(mailContext, mail ?? sharedTestMailer());
  let result: T | undefined;
  // React Router hands loaders, actions and middleware the page's URL beside the request itself
  // (`future.v8_passThroughRequests`, docs/decisions/033-pass-through-requests.md); a test's request is a page URL.
  const url = new URL(request.url);
  const args = { request, url, context, params, pattern: routePattern(request) } as unknown as Parameters<
    typeof i18nextMiddleware
  >[0];
  try {
    await i18nextMiddleware(args, async () => {
      await authMiddleware(args, async () => {
        result = await handler({ request, url: new URL(url), context, params });
        return new Response(null);
      });
      return new Response(null);
    });
  } finally {
    // Mail and certificate PDFs are jobs; the worker's part is played here, with the context's mailer, so a
    // test sees what a route queued (due now) as soon as the route has answered.
    await drainJobs({ db, mailer: context.get(mailContext) }, { queues: ["mail", "certificate-pdf"] });
  }
  return result as T;
}

/**
 * The pattern React Router hands middleware and loaders for this URL, joined as it joins it:
 * `api/courses/:id`, `:lang?/courses` (no leading slash), `/` for the bare root.
 */
export function routePattern(request: Request): string {
  const matches = matchRoutes(routes as RouteObject[], new URL(request.url).pathname) ?? [];
  const parts = matches.map((match) => match.route.path).filter(Boolean);
  return parts.join("/").replace(/\/\/+/g, "/") || "/";
}

export function formRequest(url: string, fields: Record<string, string>): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/** A thrown Response (redirect, 404) is the result for our purposes. */
export async function settle<T>(promise: Promise<T>): Promise<T | Response> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
