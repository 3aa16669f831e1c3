/// <reference types="node" preserve="true" />
// A host's side of the sidecar protocol (docs/sidecar.md): number every fact, keep it until its
// fact.accepted arrives, and after a crash or a disconnect resend, in order, every fact with no
// answer. The engine answers a seq it journaled from the journal, so nothing is decided twice.
import { EventEmitter } from "node:events";
import type { ChildProcess } from "node:child_process";
import type { Decision, FactAccepted, FactLine, FactRejected, SidecarLine, SidecarReady } from "./generated/protocol";
import { checkFact, FactError } from "./validate";
import {
  sidecarProcess,
  sidecarSocket,
  type ConnectOptions,
  type Disconnect,
  type Open,
  type StartOptions,
  type Transport,
} from "./transport";

type WithoutSeq<T> = T extends unknown ? Omit<T, "seq"> : never;

/** A fact as a host hands it to the client: any fact line but its `seq`, which the client gives. */
export type Fact = WithoutSeq<FactLine>;

/** A fact's answer: it is journaled, on disk, and these are its decisions, in the engine's order. */
export interface Answer {
  /** The seq the client gave the fact. */
  seq: number;
  /** The journal index of the group holding the fact and its decisions. */
  index: number;
  decisions: Decision[];
  accepted: FactAccepted;
}

/** Which fact a decision answers: one the host sent, or the opening of a journal the engine reopened. */
export type DecisionSource =
  | { opening: false; seq: number; index: number }
  | { opening: true; seq: null; index: null };

export interface SidecarEvents {
  /** Each decision, once: when its fact's answer is whole (a fact resent after a crash included), or from a ready line's opening. */
  decision: [decision: Decision, source: DecisionSource];
  /** Each connection's ready line, after the facts with no answer were sent again. */
  ready: [ready: SidecarReady];
  /** A connection ended without close(): the facts with no answer wait for {@link SidecarClient.reconnect}. */
  disconnect: [how: Disconnect];
  /** Every line the sidecar writes, as it comes: for a log. */
  line: [line: SidecarLine];
}

/** The sidecar refused a fact the client sent (the field names what it found wrong): nothing of it was journaled. */
export class FactRejectedError extends Error {
  readonly field: string | null;
  readonly line: number;
  constructor(
    readonly rejected: FactRejected,
    readonly seq: number,
  ) {
    super(`the sidecar rejected seq ${seq}: ${rejected.field ?? "the line"}: ${rejected.error}`);
    this.name = "FactRejectedError";
    this.field = rejected.field;
    this.line = rejected.line;
  }
}

/** The client was closed before a fact was answered: the fact may or may not be journaled; resend it with its seq to know. */
export class SidecarClosedError extends Error {
  constructor(readonly seq: number | null) {
    super(seq === null ? "the client is closed" : `the client was closed before seq ${seq} was answered`);
    this.name = "SidecarClosedError";
  }
}

/** The sidecar could not be started or reached, or ended before its ready line. */
export class SidecarUnavailableError extends Error {
  constructor(readonly how: Disconnect) {
    const why = how.error?.message ?? (how.signal ? `ended by ${how.signal}` : `exited with code ${how.code}`);
    super(`the sidecar gave no ready line: ${why}${how.stderr ? `\n${how.stderr.trim()}` : ""}`);
    this.name = "SidecarUnavailableError";
  }
}

interface Pending {
  seq: number;
  line: string;
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

const OPENING: DecisionSource = { opening: true, seq: null, index: null };

export class SidecarClient extends EventEmitter<SidecarEvents> {
  private transport: Transport | undefined;
  /** Set once the current connection's ready line came: from then on, facts are written as they are sent. */
  private connected = false;
  private latestReady: SidecarReady | undefined;
  private nextSeq = 1;
  /** Every fact not yet answered, by seq, in the order sent (seqs only increase). */
  private readonly unacked = new Map<number, Pending>();
  /** The facts written on this connection and not yet answered: the n-th answer is the n-th of them's. */
  private inFlight: Pending[] = [];
  /** Decisions read for the first fact in flight, surfaced once its fact.accepted arrives. */
  private answering: Decision[] = [];
  private waitingForReady: { resolve: (ready: SidecarReady) => void; reject: (error: Error) => void } | undefined;
  private protocolError: Error | undefined;
  /** Set by disconnect(): the connection's lines are no longer read, though its process may not have ended yet. */
  private dropped = false;
  private closing: Promise<void> | undefined;
  private closed = false;
  private finishClosing: (() => void) | undefined;

  private constructor(private readonly open: Open) {
    super();
  }

  /** Starts `java -jar JAR run - --journal DIR` and resolves once its ready line came. */
  static async start(options: StartOptions): Promise<SidecarClient> {
    const client = new SidecarClient(sidecarProcess(options));
    await client.reconnect();
    return client;
  }

  /** Connects to `serve --journal DIR --socket PATH` and resolves once its ready line came. */
  static async connect(options: ConnectOptions): Promise<SidecarClient> {
    const client = new SidecarClient(sidecarSocket(options));
    await client.reconnect();
    return client;
  }

  /** The latest connection's ready line. */
  get ready(): SidecarReady {
    if (!this.latestReady) throw new Error("no ready line yet");
    return this.latestReady;
  }

  /** How many facts wait for their answer. */
  get pending(): number {
    return this.unacked.size;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** The sidecar process, when the client started one. */
  get process(): ChildProcess | undefined {
    return this.transport?.process;
  }

  /**
   * Numbers the fact with the next seq and sends it, or keeps it for the next connection when there
   * is none. Resolves with its answer; rejects with a {@link FactRejectedError} when the sidecar
   * refuses it, or a {@link SidecarClosedError} when the client is closed first.
   *
   * @throws FactError at once, sending nothing, when the fact is no valid fact line; its `field`
   *     names the field at fault (`calls[0].tool`)
   */
  send(fact: Fact): Promise<Answer> {
    if (typeof fact === "object" && fact !== null && "seq" in fact && (fact as { seq?: unknown }).seq !== undefined) {
      throw new FactError("seq", "the client numbers facts itself: leave seq out");
    }
    if (typeof fact !== "object" || fact === null || Array.isArray(fact)) checkFact(fact);
    const seq = this.nextSeq;
    const { seq: _absent, ...given } = fact as Fact & { seq?: undefined };
    let line: string;
    try {
      line = JSON.stringify({ seq, ...given });
    } catch (e) {
      throw new FactError(null, `cannot be written as JSON: ${(e as Error).message}`);
    }
    // what is checked is what will be sent: JSON's own reading of it (a Date as its string, undefined left out)
    checkFact(JSON.parse(line));
    if (this.closed || this.closing) return Promise.reject(new SidecarClosedError(null));
    this.nextSeq++;
    return new Promise<Answer>((resolve, reject) => {
      const pending: Pending = { seq, line, resolve, reject };
      this.unacked.set(seq, pending);
      if (this.connected) this.write(pending);
    });
  }

  /**
   * Starts the sidecar again (after its process ended) or connects again (a socket: the connection
   * before is dropped), waits for the ready line, and resends every fact with no answer, in order:
   * the engine answers those it journaled from the journal, and decides the rest.
   */
  reconnect(): Promise<SidecarReady> {
    if (this.closed || this.closing) return Promise.reject(new SidecarClosedError(null));
    if (this.transport) {
      if (this.transport.process) {
        return Promise.reject(new Error("the sidecar process still runs: one writer per journal. reconnect() after its disconnect event"));
      }
      this.drop();
    }
    return new Promise<SidecarReady>((resolve, reject) => {
      this.waitingForReady = { resolve, reject };
      this.protocolError = undefined;
      const transport: Transport = this.open(
        (line) => this.onLine(transport, line),
        (how) => this.onClose(transport, how),
      );
      this.transport = transport;
    });
  }

  /**
   * Drops the connection at once, as a crash would: no line of it is read from here on (an answer
   * already on its way is lost, as it would be), a socket is closed, a process the client started is
   * killed with SIGKILL. The facts with no answer wait for {@link reconnect}, after the disconnect event.
   */
  disconnect(): void {
    if (!this.transport) return;
    this.dropped = true;
    this.lost();
    this.transport.destroy();
  }

  /**
   * Ends the sidecar's input: it answers every fact it was sent, then ends (a process exits, a socket
   * closes). Resolves then; a fact still with no answer is rejected with a {@link SidecarClosedError}.
   */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.closing = new Promise<void>((resolve) => (this.finishClosing = resolve));
    if (this.transport) this.transport.end();
    else this.finish();
    return this.closing;
  }

  private write(pending: Pending): void {
    this.transport!.write(pending.line);
    this.inFlight.push(pending);
  }

  private drop(): void {
    const transport = this.transport!;
    this.transport = undefined;
    this.dropped = false;
    this.lost();
    const waiting = this.waitingForReady;
    this.waitingForReady = undefined;
    waiting?.reject(new Error("the connection was replaced by a newer reconnect() before its ready line"));
    transport.destroy();
  }

  private onLine(transport: Transport, text: string): void {
    if (transport !== this.transport || this.dropped) return;
    let line: SidecarLine;
    try {
      line = JSON.parse(text) as SidecarLine;
    } catch {
      return this.fail(new Error(`the sidecar wrote a line that is not JSON: ${text}`));
    }
    this.emit("line", line);
    if (this.dropped) return; // a listener dropped the connection
    if (!this.connected) {
      if (line.type !== "sidecar.ready") return this.fail(new Error(`expected the ready line first, got ${text}`));
      return this.onReady(line);
    }
    switch (line.type) {
      case "fact.accepted":
        return this.onAccepted(line);
      case "fact.rejected":
        return this.onRejected(line);
      case "sidecar.ready":
        return this.fail(new Error(`a second ready line on one connection: ${text}`));
      default:
        this.answering.push(line);
    }
  }

  private onReady(ready: SidecarReady): void {
    this.connected = true;
    this.latestReady = ready;
    // a new client on a journal that holds seqs goes on after them: a seq at or below lastSeq is a resend
    if (ready.lastSeq !== null && ready.lastSeq >= this.nextSeq) this.nextSeq = ready.lastSeq + 1;
    // before anything a listener might send: resends keep their order ahead of new facts
    for (const pending of this.unacked.values()) this.write(pending);
    this.emit("ready", ready);
    for (const decision of ready.opening) this.emit("decision", decision, OPENING);
    const waiting = this.waitingForReady;
    this.waitingForReady = undefined;
    waiting?.resolve(ready);
  }

  private onAccepted(accepted: FactAccepted): void {
    const pending = this.inFlight.shift();
    if (!pending) return this.fail(new Error(`a fact.accepted for no fact sent: ${JSON.stringify(accepted)}`));
    const decisions = this.answering;
    this.answering = [];
    this.unacked.delete(pending.seq);
    const source: DecisionSource = { opening: false, seq: pending.seq, index: accepted.index };
    for (const decision of decisions) this.emit("decision", decision, source);
    pending.resolve({ seq: pending.seq, index: accepted.index, decisions, accepted });
  }

  private onRejected(rejected: FactRejected): void {
    const pending = this.inFlight.shift();
    if (!pending) return this.fail(new Error(`a fact.rejected for no fact sent: ${JSON.stringify(rejected)}`));
    this.answering = [];
    this.unacked.delete(pending.seq);
    pending.reject(new FactRejectedError(rejected, pending.seq));
  }

  /** A line that breaks the protocol: the connection is dropped, and the disconnect event says why. */
  private fail(error: Error): void {
    this.protocolError = error;
    this.transport?.destroy();
  }

  private onClose(transport: Transport, how: Disconnect): void {
    if (transport !== this.transport) return;
    this.transport = undefined;
    const wasConnected = this.connected || this.dropped;
    this.dropped = false;
    this.lost();
    const why: Disconnect = this.protocolError ? { ...how, error: this.protocolError } : how;
    const waiting = this.waitingForReady;
    this.waitingForReady = undefined;
    waiting?.reject(new SidecarUnavailableError(why));
    if (this.closing) this.finish();
    else if (wasConnected) this.emit("disconnect", why);
  }

  /** The connection is gone: what was in flight on it waits, unanswered, for the next. */
  private lost(): void {
    this.connected = false;
    this.inFlight = [];
    this.answering = [];
  }

  private finish(): void {
    this.closed = true;
    for (const pending of this.unacked.values()) pending.reject(new SidecarClosedError(pending.seq));
    this.unacked.clear();
    this.finishClosing?.();
  }
}
