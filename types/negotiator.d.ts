// negotiator 1.x ships no types and @types/negotiator describes 0.6, without the `preferred` option that
// 1.0 added (https://github.com/jshttp/negotiator/blob/master/HISTORY.md): the part this app calls.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
