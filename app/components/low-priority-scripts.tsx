// The browser's JavaScript fetched at low priority. A page is complete as the server sent it (every form
// works without JavaScript), so the modules that hydrate it must not compete with the document, the
// stylesheet-free first paint and the largest image for a phone's bandwidth. React Router's <Scripts>
// preloads them at the browser's default ("High") priority and has no way to say otherwise; these links name
// the same modules earlier in <head> with fetchpriority="low", and the browser fetches each module once, at
// the priority of the first request for it (docs/decisions/026-first-paint.md). <Scripts> still loads and
// starts everything as before.
import { useContext, useState } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

function modulesOfThisPage(
  manifest: NonNullable<React.ContextType<typeof UNSAFE_FrameworkContext>>["manifest"],
  routeIds: string[],
): string[] {
  const hrefs = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (route) hrefs.push(route.module, ...(route.imports ?? []));
  }
  return [...new Set(hrefs)];
}

export function LowPriorityScripts() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  // The first page's modules only: later pages are fetched by the router as it navigates.
  const [hrefs] = useState(() =>
    framework
      ? modulesOfThisPage(
          framework.manifest,
          matches.map((match) => match.id),
        )
      : [],
  );
  return hrefs.map((href) => <link key={href} rel="modulepreload" href={href} fetchPriority="low" />);
}
