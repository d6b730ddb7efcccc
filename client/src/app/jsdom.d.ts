// The server renderer's DOM for the markdown sanitiser (entry-server.tsx); only what it uses.
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
