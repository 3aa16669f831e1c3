// README's "A TypeScript host" shows the example host's files whole: this holds them to the files in
// examples/host/, which .ci/run compiles and runs in a fresh folder (scripts/first-hour.sh).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT } from "./helpers";

test("README's example blocks are the example host's files, byte for byte", () => {
  const script = join(PROJECT, "clients", "typescript", "scripts", "readme-example.mjs");
  const run = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /examples\/host\/tsconfig\.json, clients\/typescript\/examples\/host\/host\.ts/);
});
