// What the tests share: the engine's jar (built by mvn before them), a temporary journal per test,
// facts a host would send, dump and verify, and the schema every line is held to.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestContext } from "node:test";
import Ajv2020 from "ajv/dist/2020";
import { sidecarSchema, type Fact, type SidecarLine, type StartOptions } from "../src";

/** The project's root, from build/test/. */
export const PROJECT = resolve(__dirname, "..", "..", "..", "..");
export const JAR = process.env.REPLAY_JAR ?? join(PROJECT, "replay-cli", "target", "replay-cli.jar");
/** A sidecar that lives seconds: the first JIT tier only, as docs/sidecar.md advises for short lives. */
export const JAVA_OPTIONS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

export function jar(): string {
  assert.ok(existsSync(JAR), `no engine jar at ${JAR}: build it first (mvn -B -q -DskipTests package), or set REPLAY_JAR`);
  return JAR;
}

/** A fresh directory, removed when the test ends. */
export function tempDir(t: TestContext, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `routing-client-${prefix}-`));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function startOptions(journal: string): StartOptions {
  return { jar: jar(), journal, javaOptions: JAVA_OPTIONS };
}

const at = (s: number) => new Date(Date.UTC(2026, 10, 2, 9, 0, 0) + s * 1000).toISOString().replace(".000Z", "Z");

/**
 * A channel, a resident, and `turns` turns in which it answers in the channel: each fact at its own
 * second, so a fact is known by its type and time in the journal.
 */
export function morning(turns: number): Fact[] {
  const day: Fact[] = [
    { type: "channel.registered", at: at(0), channel: "work", server: "discord", label: "#work" },
    { type: "agent.configured", at: at(1), agent: "qa", mode: "locus", locusPolicy: "delivery" },
  ];
  for (let turn = 1; turn <= turns; turn++) {
    const s = 10 * turn;
    day.push(
      { type: "message.received", at: at(s), id: `m${turn}`, agent: "qa", kind: "channel-message", channel: "work",
        server: "discord", addressed: true, text: "@qa status?", writer: "host" },
      { type: "wake.queued", at: at(s + 1), id: `w${turn}`, agent: "qa", cause: "message", messages: [`m${turn}`], channel: "work" },
      { type: "turn.started", at: at(s + 2), agent: "qa", wakes: [`w${turn}`], reads: [`m${turn}`] },
      { type: "round.spoken", at: at(s + 3), turn, round: 1, text: `Status ${turn}: all green.`, calls: [] },
      { type: "turn.ended", at: at(s + 4), turn },
    );
  }
  return day;
}

/** `replay-cli ARGS`, which must exit 0: its standard output. */
export function cli(...args: string[]): string {
  const run = spawnSync("java", [...JAVA_OPTIONS, "-jar", jar(), ...args], { encoding: "utf8" });
  assert.equal(run.status, 0, `replay-cli ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

/** `dump --journal DIR`: every entry the journal holds, in order. */
export function dump(journal: string): { type: string; at: string }[] {
  return cli("dump", "--journal", journal).split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
}

const ajv = new Ajv2020({ allowUnionTypes: true, validateFormats: false, strict: true });
const sidecarLine = ajv.compile(sidecarSchema);
const journalEntry = ajv.compile(JSON.parse(readFileSync(join(PROJECT, "docs", "schema", "journal.schema.json"), "utf8")));

/** The decision types, from the schema's Decision definition. */
export const DECISION_TYPES = new Set(
  ((sidecarSchema.$defs as Record<string, { oneOf: { $ref: string }[] }>).Decision.oneOf).map((r) => r.$ref.replace("#/$defs/", "")),
);

/**
 * The journal holds each fact of `day` once, in order (beside the openings the engine journals
 * itself), and the decisions the client surfaced are exactly the journal's, each once.
 */
export function assertEachOnce(journal: string, day: Fact[], surfaced: string[]): void {
  const entries = dump(journal);
  assertJournalEntries(entries);
  const facts = entries.filter((e) => !DECISION_TYPES.has(e.type) && e.type !== "engine.started" && e.type !== "process.restarted");
  assert.deepEqual(facts.map((f) => `${f.type} ${f.at}`), day.map((f) => `${f.type} ${f.at}`), "the journal holds each fact once, in order");
  const journaled = entries.filter((e) => DECISION_TYPES.has(e.type)).map((e) => JSON.stringify(e));
  assert.deepEqual([...surfaced].sort(), [...journaled].sort(), "each decision journaled surfaced once, and no other");
}

/** Fails naming each line the sidecar wrote that sidecar.schema.json refuses. */
export function assertSidecarLines(lines: SidecarLine[]): void {
  const refused: string[] = [];
  for (const l of lines) if (!sidecarLine(l)) refused.push(`${JSON.stringify(l)}: ${ajv.errorsText(sidecarLine.errors)}`);
  assert.deepEqual(refused, [], "lines the sidecar wrote that its schema refuses");
}

/** Fails naming each dumped entry journal.schema.json refuses. */
export function assertJournalEntries(entries: unknown[]): void {
  const refused: string[] = [];
  for (const e of entries) if (!journalEntry(e)) refused.push(`${JSON.stringify(e)}: ${ajv.errorsText(journalEntry.errors)}`);
  assert.deepEqual(refused, [], "entries the journal holds that its schema refuses");
}
