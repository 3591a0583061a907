// What server code gets when it imports "react-i18next" (vite.config.ts redirects the server build's imports
// here): everything react-i18next exports, except that `useTranslation` is a thin hook. react-i18next 16's
// hook copies the i18next instance's property descriptors into a fresh wrapper object on every call during
// server rendering (refs and memos do not survive a render that happens once), about 8% of a page's CPU.
// On the server nothing changes language or loads namespaces mid-render (the instances are per locale and
// fully loaded, app/middleware/i18next.server.ts), so the hook only needs the instance and a cached `t`.
// The browser keeps react-i18next's own hook. Call sites do not change: `useTranslation(ns?, options?)`
// returns `{ t, i18n, ready }` and `[t, i18n, ready]` as before.
import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import * as reactI18next from "react-i18next";

export * from "react-i18next";

type Options = { i18n?: I18n; lng?: string; keyPrefix?: string; nsMode?: "default" | "fallback" };
type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

/** The `t` functions handed out, per instance and (language, namespaces, key prefix): built once, then shared. */
const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

function fixedT(
  i18n: I18n,
  lng: string,
  ns: string | readonly string[],
  keyPrefix: string | undefined,
): TFunction {
  let byKey = fixedTs.get(i18n);
  if (!byKey) {
    byKey = new Map();
    fixedTs.set(i18n, byKey);
  }
  const key = `${lng}\u0000${Array.isArray(ns) ? ns.join("\u0001") : ns}\u0000${keyPrefix ?? ""}`;
  let t = byKey.get(key);
  if (!t) {
    t = i18n.getFixedT(lng, ns as string, keyPrefix) as TFunction;
    byKey.set(key, t);
  }
  return t;
}

export function useTranslation(ns?: string | readonly string[], options: Options = {}): Translation {
  const context = useContext(reactI18next.I18nContext) as
    | { i18n?: I18n; defaultNS?: string | string[] }
    | undefined;
  const i18n = options.i18n ?? context?.i18n ?? reactI18next.getI18n();
  if (!i18n) throw new Error("useTranslation: no i18next instance (is the I18nextProvider missing?)");
  const requested = ns ?? context?.defaultNS ?? i18n.options.defaultNS ?? "translation";
  const namespaces: string[] =
    typeof requested === "string" ? [requested] : [...(requested as readonly string[])];
  const nsMode = options.nsMode ?? i18n.options.react?.nsMode;
  const t = fixedT(
    i18n,
    options.lng ?? i18n.language,
    nsMode === "fallback" ? namespaces : (namespaces[0] as string),
    options.keyPrefix,
  );
  const result = [t, i18n, true] as Translation;
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}
