import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { ResponseCache } from "./response-cache.mjs";

export declare function createAppHandler(options: {
  build: ServerBuild;
  mode: string;
  cache: ResponseCache | null;
}): RequestHandler;
