// The mail adapter on the router context, like the media store (app/media/context.server.ts): SMTP when
// SMTP_URL is set, the outbox in the object storage otherwise (outbox/, under DATA_DIR by default). Chosen
// once per process; the mail middleware (app/middleware/mail.server.ts) puts it on every request.

import { createContext, type RouterContextProvider } from "react-router";
import { type Environment, environment } from "../config.server";
import { objectStorage } from "../storage/storage.server";
import { createOutboxMailer, createSmtpMailer, DEFAULT_MAIL_FROM, type Mailer } from "./mailer.server";

export const mailContext = createContext<Mailer>();

let configured: Mailer | undefined;

export function configuredMailer(env: Environment = environment()): Mailer {
  configured ??= createMailer(env);
  return configured;
}

export function createMailer(env: Environment): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  return env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, from, objectStorage())
    : createOutboxMailer(objectStorage(), from);
}

export function getMailer(context: Readonly<RouterContextProvider>): Mailer {
  return context.get(mailContext);
}
