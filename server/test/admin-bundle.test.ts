// The admin is a bundle of its own (client/admin.html, a second entry): nothing of it reaches a
// shopper's page, first screen or lazy page, nor the shop's server renderer (client/dist-ssr). Read
// from the client build: the Vite manifest (which chunks each entry loads, statically and lazily)
// and dist/.vite/chunk-modules.json (which modules each chunk carries), and dist-ssr's source maps.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";

const DIST = path.join(ROOT_DIR, "client/dist");
const SSR = path.join(ROOT_DIR, "client/dist-ssr");

/** A module of the admin, as the build names it (relative to client/). */
const ADMIN_MODULE =
  /(^|\/)src\/(app|features|ui|lib)\/admin\/|packages\/shared\/src\/admin\/|packages\/i18n\/src\/(admin\.ts|messages\/admin\/)|node_modules\/qrcode-generator\//;

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(p, name))),
    st.mtimeMs,
  );
}

/** The client build as the sources are now (as server-rendering.test.ts does). */
function ensureClientBuild(): void {
  const sources = Math.max(
    newestMtime(path.join(ROOT_DIR, "client/src")),
    newestMtime(path.join(ROOT_DIR, "client/index.html")),
    newestMtime(path.join(ROOT_DIR, "client/admin.html")),
    newestMtime(path.join(ROOT_DIR, "client/vite.config.ts")),
    ...["shared", "i18n", "device"].map((p) => newestMtime(path.join(ROOT_DIR, "packages", p, "src"))),
  );
  const built = [path.join(SSR, "entry-server.js"), path.join(DIST, ".vite/chunk-modules.json")];
  if (built.every((f) => existsSync(f) && statSync(f).mtimeMs > sources)) return;
  const res = spawnSync("npm", ["run", "build", "-w", "@vela/client"], { cwd: ROOT_DIR, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`the client build failed:\n${res.stdout}\n${res.stderr}`);
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

let manifest: Record<string, ManifestChunk>;
let chunkModules: Record<string, Record<string, number>>;
beforeAll(() => {
  ensureClientBuild();
  manifest = JSON.parse(readFileSync(path.join(DIST, ".vite/manifest.json"), "utf8"));
  chunkModules = JSON.parse(readFileSync(path.join(DIST, ".vite/chunk-modules.json"), "utf8"));
}, 300_000);

/** Every chunk an entry can load: `lazy` false its first screen, true every page it can open. */
function reach(entry: string, lazy: boolean): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.set(key, chunk);
    for (const k of chunk.imports ?? []) visit(k);
    if (lazy) for (const k of chunk.dynamicImports ?? []) visit(k);
  };
  visit(entry);
  return [...seen.values()];
}

const modulesOf = (chunks: ManifestChunk[]): string[] =>
  chunks.flatMap((c) => Object.keys(chunkModules[c.file] ?? {}));

describe("the admin's bundle", () => {
  it("is an entry of its own beside the shop's", () => {
    expect(manifest["index.html"]?.isEntry).toBe(true);
    expect(manifest["admin.html"]?.isEntry).toBe(true);
    const admin = modulesOf(reach("admin.html", true));
    // What the checks below look for is really in the build (they could not pass by finding nothing).
    expect(admin).toContain("src/app/admin/main.tsx");
    expect(admin).toContain("src/app/admin/shell.tsx");
    expect(admin).toContain("src/features/admin/staff/staff-page.tsx");
    expect(admin).toContain("src/ui/admin/qr-code.tsx");
    expect(admin.some((m) => m.includes("node_modules/qrcode-generator/"))).toBe(true);
    expect(admin.some((m) => m.includes("packages/i18n/src/messages/admin/"))).toBe(true);
    expect(admin.filter((m) => ADMIN_MODULE.test(m)).length).toBeGreaterThan(10);
  });

  it("reaches no shopper's page: neither the shop's first screen nor any page it can load", () => {
    const first = modulesOf(reach("index.html", false));
    expect(first).toContain("src/main.tsx");
    expect(first.filter((m) => ADMIN_MODULE.test(m))).toEqual([]);
    const every = reach("index.html", true);
    expect(modulesOf(every)).toContain("src/features/account/login/login-page.tsx");
    expect(modulesOf(every).filter((m) => ADMIN_MODULE.test(m))).toEqual([]);
    // Nor its styles, nor its files by name.
    const files = every.flatMap((c) => [c.file, ...(c.css ?? [])]);
    expect(files.filter((f) => /admin/.test(f))).toEqual([]);
  });

  it("is not named by the shop's index.html", () => {
    const index = readFileSync(path.join(DIST, "index.html"), "utf8");
    const adminFiles = reach("admin.html", false)
      .filter((c) => !reach("index.html", true).includes(c))
      .map((c) => c.file);
    expect(adminFiles.length).toBeGreaterThan(0);
    for (const file of adminFiles) expect(index).not.toContain(file);
  });

  it("is not in the shop's server renderer", () => {
    const maps = readdirSync(SSR, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".js.map"));
    const sources = maps.flatMap(
      (f) => (JSON.parse(readFileSync(path.join(SSR, f), "utf8")) as { sources: string[] }).sources,
    );
    expect(sources.some((s) => s.endsWith("src/app/entry-server.tsx"))).toBe(true);
    expect(sources.filter((s) => ADMIN_MODULE.test(s))).toEqual([]);
  });

  it("has its own index.html: never indexed, no inline script", () => {
    const html = readFileSync(path.join(DIST, "admin.html"), "utf8");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/admin-[\w-]+\.js"><\/script>/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
