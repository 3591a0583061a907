// @20minutes/s3rver (the tests' in-process S3 server) ships no types; @types/s3rver describes the
// unmaintained original. The part the tests call (tests/fakes/s3.ts).
declare module "@20minutes/s3rver" {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      allowMismatchedSignatures?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
