// The client on `serve --journal DIR --socket PATH`, which the test starts: the engine outlives
// its clients, so a client that drops its connection loses nothing and resends what had no answer.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, statSync } from "node:fs";
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

test("serve restarted on its journal after kill -9 and after SIGTERM: the client resends to the new serve, each fact answered once", { timeout: 180_000 }, async (t) => {
  const dir = tempDir(t, "socket-restart");
  const journal = join(dir, "journal");
  const socket = join(dir, "engine.sock");
  const day = morning(6);
  const servers: ReturnType<typeof spawn>[] = [];
  t.after(() => servers.forEach((s) => s.exitCode === null && s.signalCode === null && s.kill("SIGKILL")));

  // a new serve on the same journal; its socket is up once the file at PATH is a new one (a killed serve leaves its own).
  // The inode alone does not tell: serve removes the stale file before it binds, and the new file may get its number.
  const identity = () => {
    if (!existsSync(socket)) return null;
    const s = statSync(socket, { bigint: true });
    return `${s.ino}:${s.ctimeNs}`;
  };
  const start = async () => {
    const before = identity();
    const server = spawn("java", [...JAVA_OPTIONS, "-jar", jar(), "serve", "--journal", journal, "--socket", socket],
      { stdio: ["ignore", "ignore", "inherit"] });
    servers.push(server);
    const exited = once(server, "exit");
    while (identity() === null || identity() === before) {
      assert.equal(server.exitCode, null, "serve exited before it listened");
      await sleep(50);
    }
    return { server, exited };
  };

  let serve = await start();
  const client = await SidecarClient.connect({ socket });
  const surfaced: string[] = [];
  client.on("decision", (decision) => surfaced.push(JSON.stringify(decision)));
  for (const fact of day.slice(0, 10)) await client.send(fact);

  // killed with answers still out: a new serve opens the journal (it appends its opening) and takes the resends
  const second = day.slice(10, 20).map((fact) => client.send(fact));
  let gone = once(client, "disconnect");
  serve.server.kill("SIGKILL");
  await Promise.all([gone, serve.exited]);
  serve = await start();
  const afterKill = await client.reconnect();
  assert.ok(afterKill.lastSeq !== null && afterKill.lastSeq >= 10, `the journal kept what was answered: ${afterKill.lastSeq}`);
  await Promise.all(second);

  // stopped with SIGTERM between facts: the next serve decides new facts on the journal it reopened
  gone = once(client, "disconnect");
  serve.server.kill("SIGTERM");
  await Promise.all([gone, serve.exited]);
  assert.equal(existsSync(socket), false, "SIGTERM removes the socket file");
  serve = await start();
  await client.reconnect();
  const rest = await Promise.all(day.slice(20).map((fact) => client.send(fact)));
  assert.deepEqual(rest.map((a) => a.seq), day.slice(20).map((_, i) => 21 + i));
  await client.close();
  serve.server.kill("SIGTERM");
  await serve.exited;
  assertEachOnce(journal, day, surfaced);
});
