import type { NextFunction, Request, Response } from "express";

export declare const SECURITY_HEADERS: Record<string, string>;
export declare const HSTS: string;
export declare function securityHeaders(options: {
  production: boolean;
}): (req: Request, res: Response, next: NextFunction) => void;
