// A package the server needs only for some work (Stripe's client, the HTML sanitiser of saved texts),
// required the first time that work asks for it instead of imported at start-up: each cost every
// process tens to hundreds of milliseconds and megabytes it might never use (docs/performance.md,
// "Start-up and memory after real use"). CommonJS packages only: `require` is synchronous.
import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

export interface LazyModule<T> {
  /** The module, required on the first call. */
  (): T;
  /** The module if something has required it already, else undefined (nothing is loaded). */
  loaded(): T | undefined;
}

export function requiredOnFirstUse<T>(specifier: string): LazyModule<T> {
  let module: T | undefined;
  const get = () => {
    module ??= requireHere(specifier) as T;
    return module;
  };
  return Object.assign(get, { loaded: () => module });
}
