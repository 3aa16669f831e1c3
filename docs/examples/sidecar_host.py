#!/usr/bin/env python3
"""A host that drives the routing engine as a sidecar (docs/sidecar.md), in plain Python.

It starts `run -`, sends numbered facts and reads each one's answer, sends a bad line and sees the
sidecar survive it, is hit by a crash (the sidecar is killed with SIGKILL while a fact is in
flight), starts the sidecar again and resends every fact from seq 1, as a host that lost its
answers would. It checks that every answer it was given comes back the same, that the journal
took each fact once, and that the engine's own restart told it what the crash cost.

    python3 docs/examples/sidecar_host.py replay-cli/target/replay-cli.jar

Exit 0 when every check held, 1 (saying which) when one did not.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile


class Sidecar:
    """One `run -` process: send a fact, read its answer."""

    def __init__(self, jar, journal):
        self.process = subprocess.Popen(
            ["java", "-jar", jar, "run", "-", "--journal", journal],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
        self.ready = self._line()
        if self.ready["type"] != "sidecar.ready":
            raise SystemExit(f"expected the ready line first, got {self.ready}")

    def _line(self):
        line = self.process.stdout.readline()
        if not line:
            raise EOFError("the sidecar's output ended")
        return json.loads(line)

    def write(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self):
        """The decisions of the next line sent, and the fact.accepted or fact.rejected closing them."""
        decisions = []
        while True:
            line = self._line()
            if line["type"] in ("fact.accepted", "fact.rejected"):
                return decisions, line
            decisions.append(line)

    def send(self, fact, seq):
        self.write(json.dumps(dict(fact, seq=seq), separators=(",", ":")))
        return self.answer()

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def close(self):
        self.process.stdin.close()
        return self.process.wait()


def facts():
    """A channel, a resident, and two turns in which it speaks in the channel."""
    at = lambda s: f"2026-11-02T09:00:{s:02d}Z"
    day = [
        {"type": "channel.registered", "at": at(0), "channel": "work", "server": "discord", "label": "#work"},
        {"type": "agent.configured", "at": at(0), "agent": "qa", "mode": "locus", "locusPolicy": "delivery"},
    ]
    for turn in (1, 2):
        s = 10 * turn
        day += [
            {"type": "message.received", "at": at(s), "id": f"m{turn}", "agent": "qa", "kind": "channel-message",
             "channel": "work", "server": "discord", "addressed": True, "text": "@qa status?", "writer": "host"},
            {"type": "wake.queued", "at": at(s + 1), "id": f"w{turn}", "agent": "qa", "cause": "message",
             "messages": [f"m{turn}"], "channel": "work"},
            {"type": "turn.started", "at": at(s + 2), "agent": "qa", "wakes": [f"w{turn}"], "reads": [f"m{turn}"]},
            {"type": "round.spoken", "at": at(s + 3), "turn": turn, "round": 1, "text": f"Status {turn}: all green.",
             "calls": []},
            {"type": "turn.ended", "at": at(s + 4), "turn": turn},
        ]
    return day


def check(ok, what):
    if not ok:
        print(f"FAILED: {what}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    jar = sys.argv[1]
    work = tempfile.mkdtemp(prefix="sidecar-host-")
    journal = os.path.join(work, "journal")
    day = facts()
    answered = {}  # seq -> (decisions, fact.accepted): what the host was told
    try:
        sidecar = Sidecar(jar, journal)
        check(sidecar.ready["lastSeq"] is None, "a new journal has no seq yet")
        for seq, fact in enumerate(day[:8], start=1):
            answered[seq] = sidecar.send(fact, seq)
            check(answered[seq][1]["type"] == "fact.accepted", f"seq {seq} ({fact['type']}) accepted")
        published = [d for ds, _ in answered.values() for d in ds if d["type"] == "publish.requested"]
        check(len(published) == 1, "the first turn's words are to be published in #work")

        sidecar.write('{"type":"turn.ended","at":"2026-11-02T09:00:30Z","turn":"one"}')
        _, rejected = sidecar.answer()
        check(rejected["type"] == "fact.rejected" and rejected["field"] == "turn",
              f"a bad line is rejected naming its field: {rejected}")

        # A crash: seq 9 is sent and the sidecar dies before (or after) journaling it; no answer comes.
        sidecar.write(json.dumps(dict(day[8], seq=9)))
        sidecar.kill()
        print("the sidecar was killed with seq 9 in flight")

        sidecar = Sidecar(jar, journal)
        last = sidecar.ready["lastSeq"]
        check(last in (8, 9), f"the ready line says the journal holds up to seq {last}")
        outcomes = [d for d in sidecar.ready["opening"] if d["type"] == "publish.outcome"]
        check(len(outcomes) == 1 and outcomes[0]["outcome"] == "unknown",
              "the restart read the attempt never settled as unknown")

        # Resend everything from seq 1: what was answered comes back the same; the rest is decided once.
        for seq, fact in enumerate(day, start=1):
            again = sidecar.send(fact, seq)
            if seq in answered:
                check(again == answered[seq], f"seq {seq} answered as the first time, from the journal")
            else:
                check(again[1]["type"] == "fact.accepted", f"seq {seq} ({fact['type']}) accepted")
        check(sidecar.close() == 0, "the sidecar exits 0 when its input ends")

        dump = subprocess.run(["java", "-jar", jar, "dump", "--journal", journal], capture_output=True, text=True,
                              check=True).stdout.splitlines()
        types = [json.loads(line)["type"] for line in dump]
        check(types.count("round.spoken") == 2 and types.count("message.received") == 2,
              "the journal holds each fact once")
        verify = subprocess.run(["java", "-jar", jar, "verify", "--journal", journal], capture_output=True, text=True)
        check(verify.returncode == 0, f"verify: {verify.stdout.strip()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
