// Puts the mail adapter on the router context, like the media store: SMTP when SMTP_URL is set, the
// outbox under DATA_DIR/outbox otherwise. Chosen once per process from the environment.
import path from "node:path";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readConfig } from "../config.server";
import { createOutboxMailer, createSmtpMailer, DEFAULT_MAIL_FROM, type Mailer } from "../mail/mailer.server";

export const mailContext = createContext<Mailer>();

let configured: Mailer | undefined;

export function configuredMailer(env: NodeJS.ProcessEnv = process.env): Mailer {
  configured ??= createMailer(env);
  return configured;
}

export function createMailer(env: NodeJS.ProcessEnv): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  return env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, from) : createOutboxMailer(outboxDir(env), from);
}

/** Where the embedded mailer writes: DATA_DIR/outbox. */
export function outboxDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(readConfig(env === process.env ? undefined : env).dataDir, "outbox");
}

export const mailMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(mailContext, configuredMailer());
  return next();
};

export function getMailer(context: Readonly<RouterContextProvider>): Mailer {
  return context.get(mailContext);
}
