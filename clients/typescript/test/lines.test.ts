// How the client splits the sidecar's output into lines: a line is the sidecar's only once its
// newline came (docs/sidecar.md), so the cut last line of a sidecar killed mid-write answers nothing.
import assert from "node:assert/strict";
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { readLines } from "../src/transport";

test("a line cut by a kill is not passed on; whole lines across chunks are", async () => {
  const output = new PassThrough();
  const lines: string[] = [];
  readLines(output, (line) => lines.push(line));
  const accepted = '{"type":"fact.accepted","index":7,"seq":3,"decisions":0}';
  output.write(accepted.slice(0, 20));
  output.write(accepted.slice(20) + "\n");
  // "é" is two bytes in UTF-8: its halves arrive in two chunks
  const bytes = Buffer.from('{"type":"draft.held","text":"café"}\n', "utf8");
  const split = bytes.indexOf(0xc3) + 1;
  output.write(bytes.subarray(0, split));
  output.write(bytes.subarray(split));
  output.write('{"type":"draft.held","at":"2026-11-02T15:43:52.112Z","draft":"d-y9d8mkk",');
  output.end();
  await once(output, "end");
  assert.deepEqual(lines, [accepted, '{"type":"draft.held","text":"café"}']);
});
