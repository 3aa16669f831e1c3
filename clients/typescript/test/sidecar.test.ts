// The client against the real engine: `java -jar replay-cli.jar run - --journal DIR`, started by
// the client itself, in a temporary directory per test.
import assert from "node:assert/strict";
import { once } from "node:events";
import { test } from "node:test";
import {
  FactError,
  FactRejectedError,
  SidecarClient,
  type Decision,
  type DecisionSource,
  type SidecarLine,
} from "../src";
import { assertEachOnce, assertSidecarLines, cli, morning, startOptions, tempDir } from "./helpers";

test("the ready line comes first, each fact is accepted, and its decisions arrive as typed events", async (t) => {
  const journal = tempDir(t, "ready");
  const client = await SidecarClient.start(startOptions(journal));
  t.after(() => client.close());
  const lines: SidecarLine[] = [client.ready];
  client.on("line", (line) => lines.push(line));
  const events: [Decision, DecisionSource][] = [];
  client.on("decision", (decision, source) => events.push([decision, source]));

  assert.equal(client.ready.type, "sidecar.ready");
  assert.equal(client.ready.lastSeq, null, "a new journal holds no seq");
  assert.equal(client.ready.lastIndex, null);
  assert.deepEqual(client.ready.opening, []);

  const answers = [];
  for (const fact of morning(1)) answers.push(await client.send(fact));
  assert.deepEqual(answers.map((a) => a.seq), [1, 2, 3, 4, 5, 6, 7], "the client numbers facts from 1");
  assert.deepEqual(answers[0].decisions, [], "a fact with no decisions is answered too");
  assert.equal(answers[0].accepted.type, "fact.accepted");

  const round = answers[5];
  const published = round.decisions.filter((d) => d.type === "publish.requested");
  assert.equal(published.length, 1, "the turn's words are to be published");
  // the type narrows on `type`: channel and text are a publish.requested's
  const request = published[0];
  assert.ok(request.type === "publish.requested" && request.channel === "work" && request.text === "Status 1: all green.");
  const routed = round.decisions.find((d) => d.type === "speech.routed");
  assert.ok(routed?.type === "speech.routed" && routed.route.kind === "publish" && routed.route.channel === "work");

  // every decision surfaced once, in the order of the answers, each with the fact it answers
  assert.deepEqual(events.map(([d]) => d), answers.flatMap((a) => a.decisions));
  assert.deepEqual(events.map(([, s]) => s.seq), answers.flatMap((a) => a.decisions.map(() => a.seq)));
  assertSidecarLines(lines);
});

test("a line the engine rejects rejects its promise naming the field, and the sidecar reads on", async (t) => {
  const journal = tempDir(t, "rejected");
  const client = await SidecarClient.start(startOptions(journal));
  t.after(() => client.close());
  const day = morning(1);
  for (const fact of day.slice(0, 2)) await client.send(fact);

  // no draft has been held: an @N reference (resolved by the sidecar against the journal) names none
  const refused = client.send({ type: "round.spoken", at: "2026-11-02T09:00:05Z", turn: 1, round: 1, text: "",
    calls: [{ tool: "drafts", action: "resend", draftIds: ["@3"] }] });
  await assert.rejects(refused, (e: unknown) => {
    assert.ok(e instanceof FactRejectedError, String(e));
    assert.equal(e.field, "calls[0].draftIds[0]");
    assert.equal(e.line, 3, "the third line the sidecar read");
    assert.match(e.message, /no draft @3 has been held/);
    return true;
  });
  const next = await client.send(day[2]);
  assert.equal(next.accepted.type, "fact.accepted", "the sidecar read on");
});

test("bad input is refused before anything is sent, naming the field", async (t) => {
  const journal = tempDir(t, "refused");
  const client = await SidecarClient.start(startOptions(journal));
  t.after(() => client.close());
  await client.send(morning(0)[0]);

  const bad: [unknown, string | null][] = [
    [{ type: "round.spoken", at: "2026-11-02T09:00:03Z", turn: 1, round: 1, text: "hi", calls: [{ channel: "work" }] }, "calls[0].tool"],
    [{ type: "round.spoken", at: "2026-11-02T09:00:03Z", turn: 1, round: 1, text: "hi", calls: [{ tool: "drafts", draftIds: [7] }] }, "calls[0].draftIds[0]"],
    [{ type: "turn.ended", at: "2026-11-02T09:00:03Z", turn: "one" }, "turn"],
    [{ type: "turn.ended", at: "2026-11-02T09:00:03Z", turn: 1, reason: "done" }, "reason"],
    [{ type: "turn.ended", at: "yesterday", turn: 1 }, "at"],
    [{ type: "turn.ended", turn: 1 }, "at"],
    [{ type: "agent.configured", at: "2026-11-02T09:00:03Z", agent: "qa", mode: "loud" }, "mode"],
    [{ type: "message.received", at: "2026-11-02T09:00:03Z", id: "m1", agent: "qa", kind: "external-message", writer: "Host" }, "writer"],
    [{ type: "wake.queued", at: "2026-11-02T09:00:03Z", id: "w1", agent: "qa", cause: "poke" }, "cause"],
    [{ type: "engine.started", at: "2026-11-02T09:00:03Z", rules: "current" }, "type"],
    [{ at: "2026-11-02T09:00:03Z", turn: 1 }, "type"],
    [{ type: "turn.ended", at: "2026-11-02T09:00:03Z", turn: 1, seq: 99 }, "seq"],
    ["turn.ended", null],
  ];
  for (const [fact, field] of bad) {
    assert.throws(() => client.send(fact as never), (e: unknown) => {
      assert.ok(e instanceof FactError, `${JSON.stringify(fact)}: ${String(e)}`);
      assert.equal(e.field, field, `${JSON.stringify(fact)}: ${e.message}`);
      assert.match(e.message, /nothing was sent/);
      return true;
    });
  }
  assert.equal(client.pending, 0);
  // the sidecar numbers the lines it reads: a rejection now is its second line, so none of the above reached it
  await assert.rejects(client.send({ type: "round.spoken", at: "2026-11-02T09:00:05Z", turn: 1, round: 1, text: "",
    calls: [{ tool: "drafts", action: "resend", draftIds: ["@1"] }] }), (e: unknown) => e instanceof FactRejectedError && e.line === 2);
});

test("kill -9 of the sidecar: the facts with no answer are resent, answered from the journal, nothing decided twice", async (t) => {
  const journal = tempDir(t, "kill");
  const day = morning(4);
  const client = await SidecarClient.start(startOptions(journal));
  const lines: SidecarLine[] = [client.ready];
  client.on("line", (line) => lines.push(line));
  const surfaced: string[] = [];
  client.on("decision", (decision) => surfaced.push(JSON.stringify(decision)));

  for (const fact of day.slice(0, 8)) await client.send(fact);
  const rest = day.slice(8).map((fact) => client.send(fact));
  assert.equal(client.pending, day.length - 8, "the rest are sent and none is answered yet");
  // The first answer line proves the sidecar journaled and synced the facts it answers (no answer
  // leaves before its sync); the sidecar is killed then, before the client reads any of them.
  const killed = once(client, "disconnect");
  client.once("line", () => client.disconnect());
  const [how] = await killed;
  assert.equal(how.signal, "SIGKILL");
  assert.equal(client.pending, day.length - 8, "no answer of the rest was taken");

  const ready = await client.reconnect();
  assert.ok(ready.lastSeq !== null && ready.lastSeq >= 9, `the journal holds seq 9 at least: ${ready.lastSeq}`);
  const answers = await Promise.all(rest);
  assert.deepEqual(answers.map((a) => a.seq), day.slice(8).map((_, i) => 9 + i), "each resent fact answered, under its seq");
  const fromJournal = answers.filter((a) => a.index < ready.lastIndex!);
  assert.ok(fromJournal.some((a) => a.seq === 9), "seq 9, journaled before the kill, is answered from the journal");
  assert.equal(client.pending, 0);
  await client.close();

  assertEachOnce(journal, day, surfaced);
  assert.match(cli("verify", "--journal", journal), /^ok/);
  assertSidecarLines(lines);
});

test("kill -9 from outside with facts in flight: whatever the sidecar journaled, each fact is decided once", async (t) => {
  const journal = tempDir(t, "kill-outside");
  const day = morning(3);
  const client = await SidecarClient.start(startOptions(journal));
  const surfaced: string[] = [];
  client.on("decision", (decision) => surfaced.push(JSON.stringify(decision)));
  for (const fact of day.slice(0, 4)) await client.send(fact);
  const rest = day.slice(4).map((fact) => client.send(fact));
  // in the same turn of the event loop as the sends: no answer of them can have been read
  const killed = once(client, "disconnect");
  client.process!.kill("SIGKILL");
  await killed;

  await client.reconnect();
  const answers = await Promise.all(rest);
  assert.deepEqual(answers.map((a) => a.seq), day.slice(4).map((_, i) => 5 + i));
  await client.close();
  assertEachOnce(journal, day, surfaced);
});

test("a host restarted: a new client on the journal numbers its facts after the journal's last seq", async (t) => {
  const journal = tempDir(t, "restart");
  const day = morning(1);
  const first = await SidecarClient.start(startOptions(journal));
  for (const fact of day.slice(0, 3)) await first.send(fact);
  await first.close();

  const second = await SidecarClient.start(startOptions(journal));
  t.after(() => second.close());
  assert.equal(second.ready.lastSeq, 3);
  const answer = await second.send(day[3]);
  assert.equal(answer.seq, 4);
});
