// GET /api/openapi.json: the OpenAPI 3.1 document of every /api endpoint, built from the zod schemas
// they validate with (app/api-docs). Public; the readable page is /developers.
import { openApiDocument } from "../../api-docs/openapi.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/openapi";

export function loader(_: Route.LoaderArgs) {
  return Response.json(openApiDocument(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");
