// /developers: the API reference, rendered on the server from the OpenAPI document (/api/openapi.json).
// Native <details> only: no script of its own, nothing from another origin.
import { referenceGroups } from "../api-docs/openapi.server";
import { PageIntro } from "../components/page-intro";
import { useTranslation } from "../i18n/use-translation";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/developers";

export const handle = { i18n: ["apidocs"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  return {
    meta: page.meta(page.t("apidocs:title"), page.t("apidocs:metaDescription")),
    groups: referenceGroups(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-sky-100 text-sky-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-violet-100 text-violet-900",
  DELETE: "bg-rose-100 text-rose-900",
};

function SchemaBlock({ label, schema }: { label: string; schema: string }) {
  return (
    <details className="mt-2 rounded-lg border border-ink/10">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{label}</summary>
      {/* Scrollable, so it takes keyboard focus (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section tabIndex={0} aria-label={label} className="max-h-96 overflow-auto bg-sand/60">
        <pre dir="ltr" className="border-t border-ink/10 p-3 text-start text-xs leading-relaxed">
          <code>{schema}</code>
        </pre>
      </section>
    </details>
  );
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("apidocs");
  const { groups } = loaderData;
  const count = groups.reduce((sum, group) => sum + group.endpoints.length, 0);
  return (
    <>
      <PageIntro width="5xl" title={t("title")} lead={t("lead")} />
      <div className="mx-auto max-w-5xl px-4 py-10">
        <section className="space-y-3 rounded-xl border border-ink/10 p-5" aria-labelledby="api-basics">
          <h2 id="api-basics" className="text-xl font-semibold">
            {t("basics.heading")}
          </h2>
          <p>{t("basics.auth")}</p>
          <p>{t("basics.errors")}</p>
          <p>{t("basics.language")}</p>
          <p>
            {t("basics.document")}{" "}
            <a className="font-medium text-coral-700 underline" href="/api/openapi.json" dir="ltr">
              /api/openapi.json
            </a>
          </p>
          <p className="text-sm text-ink/70">{t("basics.english", { count })}</p>
        </section>
        <nav aria-label={t("tagsNav")} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {groups.map((group) => (
              <li key={group.tag}>
                <a
                  href={`#tag-${group.tag}`}
                  className="inline-block rounded-full border border-ink/15 px-3 py-1 text-sm hover:bg-sand"
                >
                  {t(`tags.${group.tag}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {groups.map((group) => (
          <section
            key={group.tag}
            id={`tag-${group.tag}`}
            className="mt-10"
            aria-labelledby={`h-${group.tag}`}
          >
            <h2 id={`h-${group.tag}`} className="text-2xl font-semibold">
              {t(`tags.${group.tag}`)}
            </h2>
            <div className="mt-4 space-y-3">
              {group.endpoints.map((endpoint) => (
                <details
                  key={endpoint.id}
                  id={endpoint.id}
                  className="rounded-xl border border-ink/10 p-4 open:bg-white"
                >
                  <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
                    <span
                      className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_STYLE[endpoint.method] ?? "bg-ink/10"}`}
                    >
                      {endpoint.method}
                    </span>
                    <code dir="ltr" className="break-all font-mono text-sm">
                      {endpoint.path}
                    </code>
                    <span lang="en" className="text-sm text-ink/75">
                      {endpoint.summary}
                    </span>
                  </summary>
                  <div className="mt-4 space-y-4 text-sm">
                    {endpoint.description ? (
                      <p lang="en" dir="ltr" className="text-start">
                        {endpoint.description}
                      </p>
                    ) : null}
                    <p>
                      <span className="font-semibold">{t("auth")}: </span>
                      <span lang="en">{endpoint.auth}</span>
                    </p>
                    {endpoint.parameters.length > 0 ? (
                      <div>
                        <h3 className="font-semibold">{t("parameters")}</h3>
                        <ul className="mt-1 space-y-2">
                          {endpoint.parameters.map((parameter) => (
                            <li key={`${parameter.in}-${parameter.name}`}>
                              <code dir="ltr" className="font-mono">
                                {parameter.name}
                              </code>{" "}
                              <span className="text-ink/70">
                                ({t(`in.${parameter.in}`)}
                                {parameter.required ? `, ${t("required")}` : ""})
                              </span>
                              <SchemaBlock label={t("schema")} schema={parameter.schema} />
                            </li>
                          ))}
                        </ul>
                      </div>
                    ) : null}
                    {endpoint.bodies.map((body) => (
                      <div key={body.contentType}>
                        <h3 className="font-semibold">
                          {t("body")} <code dir="ltr">{body.contentType}</code>
                        </h3>
                        <SchemaBlock label={t("schema")} schema={body.schema} />
                      </div>
                    ))}
                    <div>
                      <h3 className="font-semibold">{t("responses")}</h3>
                      <ul className="mt-1 space-y-2">
                        {endpoint.responses.map((response) => (
                          <li key={response.status}>
                            <span className="font-mono font-semibold">{response.status}</span>{" "}
                            <span lang="en">{response.description}</span>
                            {response.schema ? (
                              <SchemaBlock label={t("schema")} schema={response.schema} />
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </div>
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
