// Puts the media adapter on the router context, like the database: chosen once from the configuration
// (Cloudinary when CLOUDINARY_URL is set, the embedded store under DATA_DIR/media otherwise).
import path from "node:path";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readConfig } from "../config.server";
import { createCloudinaryStore } from "../media/cloudinary-store.server";
import { createLocalStore } from "../media/local-store.server";
import type { MediaStore } from "../media/store.server";

export const mediaContext = createContext<MediaStore>();

let configured: MediaStore | undefined;

export function configuredMediaStore(env: NodeJS.ProcessEnv = process.env): MediaStore {
  configured ??= env.CLOUDINARY_URL
    ? createCloudinaryStore()
    : createLocalStore(path.join(readConfig().dataDir, "media"));
  return configured;
}

export const mediaMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(mediaContext, configuredMediaStore());
  return next();
};

export function getMediaStore(context: Readonly<RouterContextProvider>): MediaStore {
  return context.get(mediaContext);
}
