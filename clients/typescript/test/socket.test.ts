// The client on `serve --journal DIR --socket PATH`, which the test starts: the engine outlives
// its clients, so a client that drops its connection loses nothing and resends what had no answer.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { SidecarClient, type SidecarLine } from "../src";
import { assertEachOnce, assertSidecarLines, JAVA_OPTIONS, jar, morning, tempDir } from "./helpers";

test("serve --socket: a dropped connection's facts are resent on the next, answered once", async (t) => {
  const dir = tempDir(t, "socket");
  const journal = join(dir, "journal");
  const socket = join(dir, "engine.sock");
  const server = spawn("java", [...JAVA_OPTIONS, "-jar", jar(), "serve", "--journal", journal, "--socket", socket],
    { stdio: ["ignore", "ignore", "inherit"] });
  const exited = once(server, "exit");
  t.after(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await exited;
    }
  });
  // the socket file appears once serve listens (docs/sidecar.md): wait for it, or for serve to fail
  while (!existsSync(socket)) {
    assert.equal(server.exitCode, null, "serve exited before it listened");
    await sleep(50);
  }

  const day = morning(3);
  const client = await SidecarClient.connect({ socket });
  const lines: SidecarLine[] = [client.ready];
  client.on("line", (line) => lines.push(line));
  const surfaced: string[] = [];
  client.on("decision", (decision) => surfaced.push(JSON.stringify(decision)));
  assert.equal(client.ready.lastSeq, null);

  for (const fact of day.slice(0, 6)) await client.send(fact);
  const rest = day.slice(6).map((fact) => client.send(fact));
  // the host drops the connection once answers come, before it reads them
  const dropped = once(client, "disconnect");
  client.once("line", () => client.disconnect());
  await dropped;

  const ready = await client.reconnect();
  assert.ok(ready.lastSeq !== null && ready.lastSeq >= 7, `the engine journaled seq 7 at least: ${ready.lastSeq}`);
  assert.deepEqual(ready.opening, [], "no restart: the engine ran on, and opened nothing");
  const answers = await Promise.all(rest);
  assert.deepEqual(answers.map((a) => a.seq), day.slice(6).map((_, i) => 7 + i));
  await client.close();

  server.kill("SIGTERM");
  await exited;
  assert.equal(existsSync(socket), false, "serve removed its socket file");
  assertEachOnce(journal, day, surfaced);
  assertSidecarLines(lines);
});
