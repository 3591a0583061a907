// What server code gets when it imports "react-i18next" (vite.config.ts redirects the server build's imports
// here): everything react-i18next exports, except that `useTranslation` reads the request's translator
// (app/middleware/i18next.server.ts, the browser's translator over the bundled resources) from the
// I18nextProvider and hands out its cached `t`. react-i18next 16's own hook copies the i18next instance's
// property descriptors into a fresh wrapper on every call during server rendering, and i18next's `t` was
// ~10% of a page's CPU (docs/decisions/016-server-throughput.md, 024-server-render-cost.md).
// On the server nothing changes language or loads namespaces mid-render, so the hook needs nothing else.
// Call sites do not change: `useTranslation(ns?)` returns `{ t, i18n, ready }` and `[t, i18n, ready]`.
import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import * as reactI18next from "react-i18next";
import type { ServerI18n } from "../middleware/i18next.server";

export * from "react-i18next";

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

export function useTranslation(ns?: string | readonly string[]): Translation {
  const context = useContext(reactI18next.I18nContext) as unknown as { i18n?: ServerI18n } | undefined;
  const i18n = context?.i18n;
  if (!i18n) throw new Error("useTranslation: no translator (is the I18nextProvider missing?)");
  // As react-i18next's default nsMode: the first namespace asked for is the default one.
  const t = i18n.getFixedT(null, ns ?? "common");
  const result = [t, i18n, true] as unknown as Translation;
  result.t = t;
  result.i18n = i18n as unknown as I18n;
  result.ready = true;
  return result;
}
