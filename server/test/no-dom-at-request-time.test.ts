// Nothing the server loads to answer a request needs a DOM: blog posts and release notes are
// rendered and sanitised when they are saved and served as stored (ADR 017), so neither jsdom nor
// DOMPurify (nor the markdown renderer) is imported by the server or by its page renderer. The
// import graphs of server/src/main.ts and of the renderer's source (client/src/app/entry-server.tsx)
// are walked with esbuild, the store's own code followed (workspace packages too), every outside
// package noted.
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";

/** What a request must never load. */
const DOM_PACKAGES = ["jsdom", "dompurify"];
/**
 * The markdown renderer and the DOM-free sanitiser: what a writer of posts and notes loads (the
 * admin's blog and release-notes editors in the server's process, the seed, the CLI that fills old
 * rows). The server loads them for those editors; the page renderer, which answers shoppers, never.
 */
const SAVE_TIME_PACKAGES = ["marked", "sanitize-html"];

const packageOf = (specifier: string): string => {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
};

/**
 * Every outside package the entry imports, statically or by a dynamic import of a written name.
 * `entry` is a file of the repository, or `{ contents }`: a module's source.
 */
async function packagesReached(entry: string | { contents: string }): Promise<Set<string>> {
  const reached = new Set<string>();
  const notePackages: Plugin = {
    name: "note-packages",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        // The store's workspace packages are its own code: followed like a relative import.
        if (args.path.startsWith("@vela/") || path.isAbsolute(args.path)) return undefined;
        reached.add(packageOf(args.path));
        return { path: args.path, external: true };
      });
    },
  };
  await build({
    ...(typeof entry === "string"
      ? { entryPoints: [path.join(ROOT_DIR, entry)] }
      : { stdin: { contents: entry.contents, loader: "ts", resolveDir: ROOT_DIR } }),
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    jsx: "automatic",
    logLevel: "silent",
    plugins: [notePackages],
    loader: { ".css": "empty", ".svg": "empty", ".png": "empty", ".woff2": "empty" },
  });
  return reached;
}

describe("no DOM at request time", () => {
  it("the server's import graph reaches neither jsdom nor DOMPurify (its editors sanitise without a DOM)", async () => {
    const reached = await packagesReached("server/src/main.ts");
    // The walk sees the server's own packages (it is not looking at nothing), the markdown renderer
    // too; the sanitiser is required when a text is first saved (content/markdown.ts), not imported.
    expect(reached).toContain("fastify");
    expect(reached).toContain("@prisma/client");
    expect(reached).toContain("marked");
    expect(reached).not.toContain("sanitize-html");
    // Stripe's library is required when Stripe is first used (modules/payments/stripe-sdk.ts): a store
    // paying with the test provider never loads it (200 ms of start-up and 16 MiB).
    expect(reached).not.toContain("stripe");
    for (const name of DOM_PACKAGES) expect(reached, name).not.toContain(name);
  });

  it("the server renderer's import graph reaches neither jsdom nor DOMPurify, nor the markdown renderer", async () => {
    const reached = await packagesReached("client/src/app/entry-server.tsx");
    expect(reached).toContain("react-dom");
    expect(reached).toContain("react-router-dom");
    for (const name of [...DOM_PACKAGES, ...SAVE_TIME_PACKAGES]) expect(reached, name).not.toContain(name);
  });

  it("the walk sees a dynamic import (the way the renderer once loaded jsdom) and a package's subpath", async () => {
    const reached = await packagesReached({
      contents:
        'const { JSDOM } = await import("jsdom");\nimport purify from "dompurify/dist/purify.es.mjs";\nexport { JSDOM, purify };',
    });
    expect([...reached].sort()).toEqual(["dompurify", "jsdom"]);
  });
});
