// GET /locales/:lng/:ns.json: the translation files the browser loads before hydrating (SPEC §9).
import { isLocale, NAMESPACES, type Namespace } from "../i18n/languages";
import { resources } from "../i18n/resources.server";
import type { Route } from "./+types/locales";

export function loader({ params }: Route.LoaderArgs) {
  const namespace = params.ns.replace(/\.json$/, "");
  if (!isLocale(params.lng) || !(NAMESPACES as readonly string[]).includes(namespace)) {
    return Response.json({}, { status: 404 });
  }
  return Response.json(resources[params.lng][namespace as Namespace], {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" },
  });
}
