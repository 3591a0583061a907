import type { RequestHandler, ServerBuild } from "react-router";

export declare function isApiPath(pathname: string): boolean;
export declare function buildWithRoutes(build: ServerBuild, keep: (path: string) => boolean): ServerBuild;
export declare function createSplitRequestHandler(build: ServerBuild, mode: string): RequestHandler;
