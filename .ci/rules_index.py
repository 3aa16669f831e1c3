#!/usr/bin/env python3
"""Checks docs/rules-index.md's copy of the rule ids and titles against RULES.md.

The project's tests read only its own files, so docs/rules-index.md carries a copy of every rule
id of RULES.md with the rule's first sentence; this script, run by .ci/run where RULES.md is beside
the project, says where the copy and RULES.md part. `--rows` prints the rows RULES.md gives, for a
new rule's line.
"""
import re
import sys

ENTRY = re.compile(r"^- ([A-Z]\d+[a-z]?)(?: \(([^)]*)\))?\. (.*)$")


def rules(text):
    """(id, title) for each rule, in RULES.md's order; the title is the rule's first sentence."""
    out, current = [], None
    for line in text.splitlines():
        m = ENTRY.match(line)
        if m:
            current = [m.group(1), m.group(3)]
            out.append(current)
        elif current and line.startswith("  ") and line.strip():
            current[1] += " " + line.strip()
        else:
            current = None
    return [(rid, title(body)) for rid, body in out]


def title(body):
    body = " ".join(body.split())
    m = re.search(r"(?<!\be\.g)(?<!\bi\.e)\.(?= [A-Z(`\"]|$)", body)
    first = body[: m.end()] if m else body
    return first.replace("|", "\\|")


def index_rows(text):
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) >= 2 and re.fullmatch(r"[A-Z]\d+[a-z]?", cells[0]):
            rows.append((cells[0], cells[1]))
    return rows


def main(args):
    if args[:1] == ["--rows"]:
        for rid, t in rules(open(args[1], encoding="utf-8").read()):
            print(f"| {rid} | {t} |")
        return 0
    rules_md, index_md = args
    want = rules(open(rules_md, encoding="utf-8").read())
    have = index_rows(open(index_md, encoding="utf-8").read())
    if want == have:
        print(f"{index_md}: its {len(have)} rule ids and titles match {rules_md}")
        return 0
    w, h = dict(want), dict(have)
    for rid in [r for r, _ in want if r not in h]:
        print(f"{index_md}: no row for {rid} ({w[rid]})")
    for rid in [r for r, _ in have if r not in w]:
        print(f"{index_md}: {rid} is not a rule of {rules_md}")
    for rid in [r for r, _ in want if r in h and w[r] != h[r]]:
        print(f"{index_md}: {rid}'s title is \"{h[rid]}\"; {rules_md} says \"{w[rid]}\"")
    if set(w) == set(h) and [r for r, _ in want] != [r for r, _ in have]:
        print(f"{index_md}: the rows are not in {rules_md}'s order")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
