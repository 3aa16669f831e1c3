// README's "A TypeScript host" shows the example host's files whole, each fenced block after a
// marker naming the file it is (<!-- example: clients/typescript/examples/host/host.ts -->), so
// README and the example cannot drift: --check fails naming the first line that differs, and
// --out DIR writes README's blocks into DIR, as a reader copying them would.
//   node scripts/readme-example.mjs --check
//   node scripts/readme-example.mjs --out /tmp/host
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const README = join(root, "README.md");
const MARKER = /^<!-- example: (\S+) -->$/;

/** Each marked block of README: the file it names, and its text with a final newline. */
function examples(text = readFileSync(README, "utf8")) {
  const lines = text.split("\n");
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = MARKER.exec(lines[i]);
    if (!marker) continue;
    const open = i + 1;
    if (!/^```\w*$/.test(lines[open] ?? "")) throw new Error(`README.md:${i + 1}: the marker for ${marker[1]} is not followed by a fenced block`);
    const close = lines.indexOf("```", open + 1);
    if (close < 0) throw new Error(`README.md:${open + 1}: the block for ${marker[1]} is never closed`);
    found.push({ file: marker[1], line: open + 2, text: lines.slice(open + 1, close).join("\n") + "\n" });
  }
  if (found.length === 0) throw new Error("README.md has no <!-- example: FILE --> block");
  return found;
}

function check() {
  let differ = 0;
  for (const block of examples()) {
    let file;
    try {
      file = readFileSync(join(root, block.file), "utf8");
    } catch (e) {
      console.error(`README.md:${block.line}: names ${block.file}, which cannot be read: ${e.message}`);
      differ++;
      continue;
    }
    if (file === block.text) continue;
    const a = block.text.split("\n");
    const b = file.split("\n");
    let n = 0;
    while (n < a.length && a[n] === b[n]) n++;
    console.error(`README.md:${block.line + n} differs from ${block.file}:${n + 1}\n  README: ${a[n] ?? "(end)"}\n  file:   ${b[n] ?? "(end)"}`);
    differ++;
  }
  return differ === 0;
}

const [how, dir] = process.argv.slice(2);
try {
  if (how === "--check") {
    if (!check()) process.exit(1);
    console.log(`README's example blocks are the files they name: ${examples().map((b) => b.file).join(", ")}`);
  } else if (how === "--out" && dir) {
    for (const block of examples()) writeFileSync(join(dir, basename(block.file)), block.text);
  } else {
    console.error("usage: node scripts/readme-example.mjs --check | --out DIR");
    process.exit(2);
  }
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
