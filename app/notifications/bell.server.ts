// The root loader's side of the bell: the unread count, and the language of the person's mails kept in
// step with the pages they read (written only when it changes: one read per page, a write per switch).
import type { Database } from "../db/client.server";
import type { Locale } from "../i18n/languages";
import { bellState, recordMailLocale } from "./notifications.server";

export async function headerBell(db: Database, userId: string, locale: Locale): Promise<number> {
  const { unread, mailLocale } = await bellState(db, userId);
  if (mailLocale !== locale) await recordMailLocale(db, userId, locale);
  return unread;
}
