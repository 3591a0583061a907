// Puts the media adapter on the router context, like the database: chosen once from the configuration
// (Cloudinary when CLOUDINARY_URL is set, our own store under media/ in the object storage otherwise).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createCloudinaryStore } from "../media/cloudinary-store.server";
import { createStorageMediaStore } from "../media/local-store.server";
import type { MediaStore } from "../media/store.server";
import { objectStorage } from "../storage/storage.server";

export const mediaContext = createContext<MediaStore>();

let configured: MediaStore | undefined;

export function configuredMediaStore(env: NodeJS.ProcessEnv = process.env): MediaStore {
  configured ??= env.CLOUDINARY_URL ? createCloudinaryStore() : createStorageMediaStore(objectStorage());
  return configured;
}

export const mediaMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(mediaContext, configuredMediaStore());
  return next();
};

export function getMediaStore(context: Readonly<RouterContextProvider>): MediaStore {
  return context.get(mediaContext);
}
