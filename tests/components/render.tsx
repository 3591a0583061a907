// Renders a page's component as the browser has it once hydrated: inside a data router (React Router's
// `createRoutesStub`, so `Form`, `useFetcher`, `useNavigation` and `useSearchParams` work), under the browser's
// translator over the real translation files (app/entry.client.tsx builds the same one), in StrictMode as the
// app hydrates. The page's route records every form posted to it, so a test reads what a user's submit sends.
// `serverHtml` renders the same page to HTML, as a browser without JavaScript gets it.
import { cleanup, configure, type RenderResult, render } from "@testing-library/react";
import { type ComponentType, StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach } from "vitest";
import { directionOf, localeFromPath } from "../../app/i18n/languages";
import { resources } from "../../app/i18n/resources.server";
import { useLocale } from "../../app/i18n/use-locale";
import { createBrowserTranslator, TranslationProvider } from "../../app/i18n/use-translation";

// `findBy…` waits up to 5 s, not Testing Library's 1 s: a submit's round trip through the router stub took
// longer than a second on a machine busy with other test runs, and failed the quiz editor's tests there.
configure({ asyncUtilTimeout: 5_000 });

/** Server-rendered pages put in the document by `serverHtml`, taken out after each test as `cleanup` does. */
const serverPages: HTMLElement[] = [];
afterEach(() => {
  cleanup();
  for (const page of serverPages.splice(0)) page.remove();
});

/** What the page's action answers a post: data (a fetcher's `fetcher.data`, a form's `useActionData`). */
export type PageAction = (form: FormData) => unknown;

/** What the page's component is given, as a route module's default export is (`Route.ComponentProps`). */
export type PageProps<LoaderData> = { loaderData: LoaderData; actionData: unknown };

export type RenderPageOptions<LoaderData> = {
  /**
   * The page's route pattern without the locale, as in app/routes.ts (`/courses/:id/learn/:lessonId`); it is
   * mounted under the optional `:lang?` segment like every page, so `/ar/…` URLs match it too.
   */
  path: string;
  /** The URL opened: the locale comes from it, as in the app (app/i18n/use-locale.ts). */
  url: string;
  /** The page's loader data: the first render's, and its loader's answer after each post. */
  loaderData: LoaderData;
  /** Defined at module level: a component type made per render would remount on every render. */
  Page: ComponentType<PageProps<LoaderData>>;
  /** Answers each post (after it is recorded); by default `{ ok: true }`, a fetcher's success. */
  action?: PageAction;
  /** The root loader's Save-Data flag (app/lib/save-data.ts reads it through `useRouteLoaderData("root")`). */
  saveData?: boolean;
};

export type RenderedPage = RenderResult & {
  /** Every form the page's route received, in order. */
  posts: FormData[];
};

/** The part of the root loader's data that components read (the header's user and cart are not rendered). */
type RootData = { saveData: boolean };

/** The document shell's part that matters here: `lang` and `dir` from the URL, as app/root.tsx sets on <html>. */
function DocumentShell() {
  const locale = useLocale();
  return (
    <div lang={locale} dir={directionOf(locale)} data-testid="document">
      <Outlet />
    </div>
  );
}

/** The page inside the stub router, under the translator; `posts` collects what its route receives. */
function stubbedPage<LoaderData>(
  {
    path,
    url,
    loaderData,
    Page,
    action = () => ({ ok: true }),
    saveData = false,
  }: RenderPageOptions<LoaderData>,
  posts: FormData[],
) {
  const rootData: RootData = { saveData };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: DocumentShell,
      // Revalidated after each post, as the real root loader is; the first render reads `hydrationData`.
      loader: () => rootData,
      children: [
        {
          id: "page",
          path: `/:lang?${path}`,
          Component: Page,
          loader: () => loaderData,
          action: async ({ request }) => {
            const form = await request.formData();
            posts.push(form);
            return action(form);
          },
        },
      ],
    },
  ]);
  return (
    <TranslationProvider value={createBrowserTranslator(localeFromPath(url), resources)}>
      <StrictMode>
        <Stub initialEntries={[url]} hydrationData={{ loaderData: { root: rootData, page: loaderData } }} />
      </StrictMode>
    </TranslationProvider>
  );
}

/** The page as the browser has it once hydrated: effects have run, forms submit through the router. */
export function renderPage<LoaderData>(options: RenderPageOptions<LoaderData>): RenderedPage {
  const posts: FormData[] = [];
  return { ...render(stubbedPage(options, posts)), posts };
}

/**
 * The page as the server sends it, which is what a browser without JavaScript has: no effect has run. Parsed
 * into an element of the document (never hydrated) to query; `new FormData(form)` of one of its forms is
 * what that browser posts.
 */
export function serverHtml<LoaderData>(options: RenderPageOptions<LoaderData>): HTMLElement {
  const page = document.createElement("div");
  page.innerHTML = renderToString(stubbedPage(options, []));
  serverPages.push(document.body.appendChild(page));
  return page;
}

/** A posted form's fields as an object of strings (a repeated name keeps its last value; files are named). */
export function fieldsOf(form: FormData | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form ?? []) fields[name] = typeof value === "string" ? value : value.name;
  return fields;
}
