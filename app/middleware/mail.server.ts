// Puts the mail adapter on the router context, like the media store (app/mail/context.server.ts).
import type { MiddlewareFunction } from "react-router";
import { configuredMailer, mailContext } from "../mail/context.server";

export const mailMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(mailContext, configuredMailer());
  return next();
};
