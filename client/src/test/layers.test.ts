import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkLayers } from "../../../scripts/check-layers.ts";

const SRC = path.resolve(import.meta.dirname, "..");

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** A throwaway client/src with the given files. */
function fakeSrc(files: Record<string, string>): string {
  tree = mkdtempSync(path.join(tmpdir(), "layers-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, rel)), { recursive: true });
    writeFileSync(path.join(tree, rel), text);
  }
  return tree;
}

describe("the client's layers (npm run lint)", () => {
  it("hold in the client as it is", () => {
    expect(checkLayers(SRC)).toEqual([]);
  });

  it("refuse a feature importing app/ or another feature, static or lazy", () => {
    const src = fakeSrc({
      "features/home/a.tsx": [
        'import { x } from "../../app/router.tsx";',
        'import {\n  y,\n} from "../contact/contact-page.tsx";',
        'const z = () => import("../games/games-page.tsx");',
        'import { own } from "./b.ts";',
        'import { ok } from "../../lib/i18n.tsx";',
        'import { fine } from "../../ui/button.tsx";',
      ].join("\n"),
      "features/account/profile/p.tsx": 'import { f } from "../shared/use-form.ts";',
    });
    expect(checkLayers(src).map((v) => [v.file, v.specifier])).toEqual([
      ["features/home/a.tsx", "../../app/router.tsx"],
      ["features/home/a.tsx", "../contact/contact-page.tsx"],
      ["features/home/a.tsx", "../games/games-page.tsx"],
    ]);
  });

  it("refuse ui/ importing a feature or app/, and lib/ importing ui/, a feature or app/", () => {
    const src = fakeSrc({
      "ui/a.tsx":
        'import "../features/home/home.css";\nexport { b } from "../app/providers.tsx";\nimport { i } from "../lib/i18n.tsx";',
      "lib/a.ts":
        'import { d } from "../ui/dialogs.tsx";\nimport { r } from "../features/games/games-url.ts";\nimport { e } from "./errors.ts";',
    });
    expect(checkLayers(src).map((v) => [v.file, v.specifier])).toEqual([
      ["lib/a.ts", "../ui/dialogs.tsx"],
      ["lib/a.ts", "../features/games/games-url.ts"],
      ["ui/a.tsx", "../features/home/home.css"],
      ["ui/a.tsx", "../app/providers.tsx"],
    ]);
  });

  it("keep the admin apart: its areas from each other, the shop out of it and it out of the shop", () => {
    const src = fakeSrc({
      "features/admin/orders/orders-page.tsx": [
        'import { r } from "../returns/returns-page.tsx";',
        'import { own } from "./use-orders.ts";',
        'import { p } from "../../products/product-price.tsx";',
        'import { t } from "../../../ui/admin/admin-table.tsx";',
        'import { c } from "../../../lib/admin/staff.tsx";',
        'import { b } from "../../../ui/button.tsx";',
      ].join("\n"),
      "app/admin/shell.tsx":
        'import { f } from "../layout/route-focus.tsx";\nimport { h } from "../../features/home/home-page.tsx";',
      "features/home/home-page.tsx": 'import { a } from "../admin/orders/orders-page.tsx";',
      "ui/button.tsx": 'import { g } from "./admin/permission-guard.tsx";',
      "lib/i18n.tsx": 'import { s } from "./admin/staff.tsx";',
      "app/router.tsx": 'const admin = () => import("./admin/routes.ts");',
    });
    expect(checkLayers(src).map((v) => [v.file, v.specifier])).toEqual([
      ["app/admin/shell.tsx", "../../features/home/home-page.tsx"],
      ["app/router.tsx", "./admin/routes.ts"],
      ["features/admin/orders/orders-page.tsx", "../returns/returns-page.tsx"],
      ["features/admin/orders/orders-page.tsx", "../../products/product-price.tsx"],
      ["features/home/home-page.tsx", "../admin/orders/orders-page.tsx"],
      ["lib/i18n.tsx", "./admin/staff.tsx"],
      ["ui/button.tsx", "./admin/permission-guard.tsx"],
    ]);
  });

  it("refuse the server in the client, except the router's type", () => {
    const src = fakeSrc({
      "lib/trpc.ts": 'import type { AppRouter } from "@vela/server/router";',
      "lib/admin/trpc.ts":
        'import type { AdminRouter } from "@vela/server/admin-router";\nimport { adminAppRouter } from "@vela/server/admin-router";',
      "features/a/b.ts":
        'import { AppRouter } from "@vela/server/router";\nimport { x } from "@vela/server/src/config.ts";',
      "app/c.ts": 'import { y } from "../../server/src/app.ts";',
    });
    expect(checkLayers(src).map((v) => [v.file, v.specifier])).toEqual([
      ["app/c.ts", "../../server/src/app.ts"],
      ["features/a/b.ts", "@vela/server/router"],
      ["features/a/b.ts", "@vela/server/src/config.ts"],
      ["lib/admin/trpc.ts", "@vela/server/admin-router"],
    ]);
  });
});
