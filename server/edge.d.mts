export declare const ALLOWED_METHODS: string[];
export declare function looksLikeApi(rawPath: string): boolean;
export declare function isTusUploadPath(rawPath: string): boolean;
export declare function edgeRefusal(
  method: string,
  rawUrl: string,
  allowedMethods?: (path: string) => string[] | null,
): { status: number; headers: Record<string, string>; body: string } | null;
