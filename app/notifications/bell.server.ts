// The root loader's side of the bell: the unread count of a signed-in person. Reading a page writes nothing
// (issue 43, item 2); the language of their mails follows the forms they send
// (app/middleware/mail-locale.server.ts).
import type { Database } from "../db/client.server";
import { countUnread } from "./notifications.server";

export function headerBell(db: Database, userId: string): Promise<number> {
  return countUnread(db, userId);
}
