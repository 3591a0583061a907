// Puts the media adapter on the router context, like the database (app/media/context.server.ts).
import type { MiddlewareFunction } from "react-router";
import { configuredMediaStore, mediaContext } from "../media/context.server";

export const mediaMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(mediaContext, configuredMediaStore());
  return next();
};
