/**
 * The client's layers, checked on every `npm run lint` (docs/architecture.md, ADR 010):
 *
 *   app/  ->  features/<area>/  ->  ui/  ->  lib/      (each may import the ones to its right)
 *
 * - a feature imports neither `app/` nor another feature; each area of the admin
 *   (`features/admin/<area>/`) is a feature of its own;
 * - `ui/` imports neither features nor `app/`; `lib/` imports neither features, `app/` nor `ui/`;
 * - the admin is a bundle of its own: its code (`app/admin/`, `features/admin/`, `ui/admin/`,
 *   `lib/admin/`) imports no shop feature, and no shop code imports it;
 * - nothing in the client imports the server, except the routers' types (`import type ... from
 *   "@vela/server/router"` and, for the admin, `"@vela/server/admin-router"`, what tRPC needs).
 *
 * Biome's noRestrictedImports matches import strings, not the files they lead to, so it cannot
 * tell `../shared/x` inside one feature from `../contact/x` leaving it; this check resolves every
 * relative import (static, dynamic and re-exports) to its file first. `client/src/test/` is the
 * test harness, above everything, and is not checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface LayerViolation {
  /** The importing file, relative to the checked folder. */
  file: string;
  specifier: string;
  rule: string;
}

type Place = (
  | { layer: "app" | "ui" | "lib" | "test" | "root" }
  | { layer: "features"; area: string }
  | { layer: "outside" }
) & { admin?: boolean };

function placeOf(relative: string): Place {
  const parts = relative.split("/");
  if (parts[0] === "..") return { layer: "outside" };
  const top = parts[0];
  // The admin's code sits in an `admin/` folder of each layer.
  const admin = parts[1] === "admin" && parts.length > 2;
  if (top === "features" && admin && parts.length > 3)
    return { layer: "features", area: `admin/${parts[2] as string}`, admin };
  if (top === "features" && parts.length > 2) return { layer: "features", area: parts[1] as string, admin };
  if (top === "app" || top === "ui" || top === "lib") return { layer: top, admin };
  if (top === "test") return { layer: top };
  return { layer: "root" };
}

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

function* imports(source: string): Generator<{ specifier: string; typeOnly: boolean }> {
  for (const m of source.matchAll(IMPORT)) {
    const specifier = (m[2] ?? m[3]) as string;
    yield { specifier, typeOnly: Boolean(m[1]) };
  }
}

function* sourceFiles(dir: string): Generator<string> {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|js|jsx|mjs)$/.test(entry.name)) yield full;
  }
}

function ruleBroken(from: Place, to: Place): string | null {
  if (to.layer === "outside") return "the client imports nothing outside client/src but packages";
  if (from.layer !== "test" && to.admin && !from.admin)
    return "the shop does not import the admin's code (the admin is a bundle of its own)";
  if (from.admin && to.layer === "features" && !to.admin)
    return "the admin does not import the shop's features; move the shared piece to ui/ or lib/";
  if (from.layer === "features") {
    if (to.layer === "app") return "a feature does not import app/ (app/ composes features)";
    if (to.layer === "features" && to.area !== from.area)
      return "a feature does not import another feature; move the shared piece to ui/ or lib/";
    if (to.layer === "test") return null;
  }
  if (from.layer === "ui" && (to.layer === "app" || to.layer === "features"))
    return "ui/ imports only lib/ (and ui/)";
  if (from.layer === "lib" && (to.layer === "app" || to.layer === "features" || to.layer === "ui"))
    return "lib/ imports only lib/";
  return null;
}

/** The routers' types: the only things of the server the client names (type-only). */
const SERVER_TYPES = new Set(["@vela/server/router", "@vela/server/admin-router"]);

/** Every broken layer rule under `srcDir` (the client's `src`). */
export function checkLayers(srcDir: string): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const file of sourceFiles(srcDir)) {
    const rel = path.relative(srcDir, file).split(path.sep).join("/");
    const from = placeOf(rel);
    if (from.layer === "test") continue;
    for (const { specifier, typeOnly } of imports(readFileSync(file, "utf8"))) {
      if (specifier === "@vela/server" || specifier.startsWith("@vela/server/")) {
        if (!(typeOnly && SERVER_TYPES.has(specifier)))
          violations.push({
            file: rel,
            specifier,
            rule: 'the client imports from the server only `import type` of "@vela/server/router" (and "@vela/server/admin-router")',
          });
        continue;
      }
      if (!specifier.startsWith(".")) continue;
      const target = path
        .relative(srcDir, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join("/");
      const rule = ruleBroken(from, placeOf(target));
      if (rule) violations.push({ file: rel, specifier, rule });
    }
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client/src");
  const violations = checkLayers(srcDir);
  for (const v of violations) console.error(`client/src/${v.file}: "${v.specifier}": ${v.rule}`);
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) break the client's layers (docs/architecture.md).`);
    process.exit(1);
  }
  console.info("client layers: every import follows app -> features -> ui -> lib.");
}
