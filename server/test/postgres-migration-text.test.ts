// PostgreSQL's migrations run through the driver adapter's executeScript, which cuts a script into
// statements at every `;`, comments included: a `;` in a `--` comment ends the statement there and
// the rest of the comment is sent as SQL ("syntax error at or near ..."), on PostgreSQL only. This
// holds the files to it on every engine's test run, before a cluster is needed to find out.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";

const DIR = path.join(ROOT_DIR, "prisma/postgres/migrations");

describe("PostgreSQL migration files", () => {
  it("have no semicolon inside a comment", () => {
    const offending: string[] = [];
    for (const name of readdirSync(DIR)) {
      let text: string;
      try {
        text = readFileSync(path.join(DIR, name, "migration.sql"), "utf8");
      } catch {
        continue;
      }
      text.split("\n").forEach((line, i) => {
        const comment = line.indexOf("--");
        if (comment >= 0 && line.slice(comment).includes(";"))
          offending.push(`${name}/migration.sql:${i + 1}`);
      });
    }
    expect(offending).toEqual([]);
  });
});
