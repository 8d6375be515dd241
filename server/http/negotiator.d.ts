// The one call of negotiator 0.6 the shop makes (server/http/whole-answers.ts), with the `preferred`
// order that breaks the client's ties, as the compression middleware calls it.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: IncomingMessage);
    encoding(available: string[], preferred: string[]): string | undefined;
  }
}
