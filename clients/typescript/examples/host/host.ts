// A host's first hour: start the engine on a journal you name, tell it of a channel and a resident,
// let the resident answer a message in one turn, post what the engine says to post, print each decision.
//   node host.js --jar path/to/replay-cli.jar --journal path/to/journal   (or ENGINE_JAR, ENGINE_JOURNAL)
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { SidecarClient } from "routing-engine-client";

const { values } = parseArgs({ options: { jar: { type: "string" }, journal: { type: "string" } } });
const jar = values.jar ?? process.env.ENGINE_JAR;
const journal = values.journal ?? process.env.ENGINE_JOURNAL;
if (!jar || !journal) fail(2, "usage: node host.js --jar replay-cli.jar --journal DIR (or ENGINE_JAR, ENGINE_JOURNAL)");
if (!existsSync(jar)) fail(2, `no engine jar at ${jar}: build it with mvn -B -q -DskipTests package`);
function fail(code: number, why: string): never {
  console.error(why);
  process.exit(code);
}

const engine = await SidecarClient.start({ jar, journal }).catch((e: Error) => fail(1, e.message));
const { lastSeq, rules } = engine.ready;
console.log(`journal ${engine.ready.journal}: ${lastSeq === null ? "new" : `continued after seq ${lastSeq}`}, rules ${rules}`);
engine.on("decision", (d) => console.log("decision", JSON.stringify(d)));
engine.on("disconnect", (how) => fail(1, `the engine stopped: ${how.stderr ?? how.code}`));

const at = () => new Date().toISOString();
const id = Date.now().toString(36); // the journal remembers every message and wake id: each run has its own
await engine.send({ type: "channel.registered", at: at(), channel: "work", server: "discord", label: "#work" });
await engine.send({ type: "agent.configured", at: at(), agent: "qa", mode: "locus" });
await engine.send({ type: "message.received", at: at(), id: `m-${id}`, agent: "qa", kind: "channel-message",
  channel: "work", server: "discord", addressed: true, text: "@qa status?", writer: "host" });
await engine.send({ type: "wake.queued", at: at(), id: `w-${id}`, agent: "qa", cause: "message", messages: [`m-${id}`], channel: "work" });
const started = await engine.send({ type: "turn.started", at: at(), agent: "qa", wakes: [`w-${id}`], reads: [`m-${id}`] });
const opened = started.decisions.find((d) => d.type === "turn.opened");
if (opened?.type !== "turn.opened") throw new Error("the engine opened no turn");
const spoken = await engine.send({ type: "round.spoken", at: at(), turn: opened.turn, round: 1, text: "All green.", calls: [] });
for (const d of spoken.decisions) {
  if (d.type !== "publish.requested") continue;
  console.log(`post to ${d.channel}: ${d.text}`); // a real host's connector posts here, then says how it went
  await engine.send({ type: "publish.settled", at: at(), attempt: d.attempt, delivered: true, messageId: `posted-${d.attempt}` });
}
await engine.send({ type: "turn.ended", at: at(), turn: opened.turn });
await engine.close();
