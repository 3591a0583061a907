// Puts the mail adapter on the router context, like the media store: SMTP when SMTP_URL is set, the
// outbox in the object storage otherwise (outbox/, under DATA_DIR by default). Chosen once per process.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createOutboxMailer, createSmtpMailer, DEFAULT_MAIL_FROM, type Mailer } from "../mail/mailer.server";
import { objectStorage } from "../storage/storage.server";

export const mailContext = createContext<Mailer>();

let configured: Mailer | undefined;

export function configuredMailer(env: NodeJS.ProcessEnv = process.env): Mailer {
  configured ??= createMailer(env);
  return configured;
}

export function createMailer(env: NodeJS.ProcessEnv): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  return env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, from) : createOutboxMailer(objectStorage(), from);
}

export const mailMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(mailContext, configuredMailer());
  return next();
};

export function getMailer(context: Readonly<RouterContextProvider>): Mailer {
  return context.get(mailContext);
}
