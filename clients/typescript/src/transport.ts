/// <reference types="node" preserve="true" />
// The two ways to reach a sidecar (docs/sidecar.md): a child process on standard input and output
// (`run -`), or a Unix domain socket (`serve --socket`). Both give the client lines, and one close.
import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import type { Readable } from "node:stream";

/** How a connection ended. */
export interface Disconnect {
  /** The sidecar process's exit code, when it exited (null for a signal, and on a socket). */
  code: number | null;
  /** The signal that ended the sidecar process (`SIGKILL`), if one did. */
  signal: NodeJS.Signals | null;
  /** What went wrong on the client's side: the process could not start, the socket failed, a line made no sense. */
  error?: Error;
  /** The end of the sidecar process's standard error, which says why it stopped, for a person. */
  stderr?: string;
}

export interface Transport {
  write(line: string): void;
  /** Ends the input: the sidecar answers what it was sent, then closes. */
  end(): void;
  /** Drops the connection at once: a socket is destroyed, a process is killed (SIGKILL). */
  destroy(): void;
  readonly process?: ChildProcess;
}

/** Opens a connection, calling `onLine` for each line the sidecar writes and `onClose` once, after the last. */
export type Open = (onLine: (line: string) => void, onClose: (how: Disconnect) => void) => Transport;

export interface StartOptions {
  /** The engine's jar: `replay-cli/target/replay-cli.jar`. */
  jar: string;
  /** The journal's directory: created when new, continued when it exists. */
  journal: string;
  /** The rule set to decide by (the engine's default: `current`). */
  rules?: "current" | "0.30.0";
  /** The java command (default `java`). */
  java?: string;
  /** Options for the sidecar's JVM, e.g. `["-XX:TieredStopAtLevel=1"]` for one that lives minutes (docs/sidecar.md, Speed). */
  javaOptions?: string[];
  /** Where the sidecar's standard error goes, which is for people, never protocol (default `inherit`). */
  stderr?: "inherit" | "ignore";
}

export interface ConnectOptions {
  /** The socket `serve --socket PATH` listens on. */
  socket: string;
}

const STDERR_KEPT = 4096;

/** `java -jar JAR run - --journal DIR`, as a child process. */
export function sidecarProcess(options: StartOptions): Open {
  return (onLine, onClose) => {
    const args = [...(options.javaOptions ?? []), "-jar", options.jar, "run", "-", "--journal", options.journal];
    if (options.rules) args.push("--rules", options.rules);
    const child = spawn(options.java ?? "java", args, { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
      if (options.stderr !== "ignore") process.stderr.write(chunk);
    });
    // writing to a sidecar that died fails (EPIPE); its exit, which follows, is what tells the client
    child.stdin.on("error", () => {});
    readLines(child.stdout, onLine);
    let closed = false;
    const close = (how: Disconnect) => {
      if (!closed) {
        closed = true;
        onClose(how);
      }
    };
    child.on("error", (error) => close({ code: null, signal: null, error, stderr }));
    // "close", not "exit": it comes after the last of the process's output was read
    child.on("close", (code, signal) => close({ code, signal, stderr }));
    return {
      write: (line) => void child.stdin.write(line + "\n"),
      end: () => child.stdin.end(),
      destroy: () => void child.kill("SIGKILL"),
      process: child,
    };
  };
}

/** A connection to `serve --socket PATH`. */
export function sidecarSocket(options: ConnectOptions): Open {
  return (onLine, onClose) => {
    const socket = createConnection(options.socket);
    let failure: Error | undefined;
    socket.on("error", (error) => (failure = error));
    readLines(socket, onLine);
    socket.on("close", () => onClose({ code: null, signal: null, error: failure }));
    return {
      write: (line) => void socket.write(line + "\n"),
      end: () => void socket.end(),
      destroy: () => void socket.destroy(),
    };
  };
}

/** Calls `onLine` with each whole line, without its newline; blank lines are none of the protocol's. */
export function readLines(stream: Readable, onLine: (line: string) => void): void {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    rest += chunk;
    for (let end = rest.indexOf("\n"); end >= 0; end = rest.indexOf("\n")) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (line.trim() !== "") onLine(line);
    }
  });
}
