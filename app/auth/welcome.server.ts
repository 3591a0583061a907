// The welcome email after a sign-up, queued for a worker to send (app/mail/outgoing.server.ts). Queuing it
// cannot fail the sign-up for a mail server's sake: the transport is the worker's business, with retries.
import type { RouterContextProvider } from "react-router";
import { publicOrigin } from "../config.server";
import { getDb } from "../db/context";
import type { User } from "../db/schema";
import { getI18n } from "../i18n/context.server";
import { type Locale, localizePath } from "../i18n/languages";
import { logger } from "../lib/logger.server";
import { welcomeMail } from "../mail/messages.server";
import { enqueueMail } from "../mail/outgoing.server";

export async function sendWelcomeMail(
  context: Readonly<RouterContextProvider>,
  locale: Locale,
  user: Pick<User, "id" | "email" | "name">,
): Promise<void> {
  const t = getI18n(context).getFixedT(locale, "mail");
  const coursesUrl = `${publicOrigin()}${localizePath("/courses", locale)}`;
  const db = getDb(context);
  try {
    await enqueueMail(db, db, welcomeMail(t, locale, { to: user.email, name: user.name, coursesUrl }), {
      key: `welcome:${user.id}`,
    });
  } catch (error) {
    // The account exists either way; a database that refuses the job now refuses the next request too.
    logger("mail").error({ err: error }, "welcome mail could not be queued");
  }
}
