#!/usr/bin/env bash
# README's "A TypeScript host", done as a reader would, outside this repository: pack the client,
# make a fresh folder (npm init -y, type module), install the tarball and TypeScript, copy README's
# tsconfig.json and host.ts into it, compile (nodenext, strict), and run the host against the jar,
# on a journal it is given, once by option and once by environment. It must print decisions.
#   bash clients/typescript/scripts/first-hour.sh replay-cli/target/replay-cli.jar
set -euo pipefail
client="$(cd "$(dirname "$0")/.." && pwd)"
jar="$(realpath "${1:?usage: first-hour.sh path/to/replay-cli.jar}")"
work="$(mktemp -d "${TMPDIR:-/tmp}/routing-first-hour-XXXXXX")"
trap 'rm -rf "$work"' EXIT
ok() { echo "first hour: ok: $*"; }
fail() { echo "first hour: FAILED: $*" >&2; exit 1; }

node "$client/scripts/readme-example.mjs" --check
(cd "$client" && npm pack --silent --pack-destination "$work" >/dev/null)
tarball="$(ls "$work"/*.tgz)"
typescript="$(node -p "require('$client/package.json').devDependencies.typescript")"

mkdir "$work/host" && cd "$work/host"
npm init -y >/dev/null
npm pkg set type=module
npm install --no-audit --no-fund --silent "$tarball" "typescript@$typescript"
node "$client/scripts/readme-example.mjs" --out .
npx tsc || fail "README's host.ts does not compile in a fresh folder"
ok "README's host.ts compiles with its tsconfig.json ($(npx tsc --version))"

node host.js --jar "$jar" --journal "$work/journal" >first.out || fail "host.js exited $?: $(cat first.out)"
cat first.out
grep -qx "journal $work/journal: new, rules current" first.out || fail "host.js did not say which journal it began"
grep -q '^decision {"type":"turn.opened"' first.out || fail "host.js printed no turn.opened"
grep -q '^decision {"type":"publish.requested"' first.out || fail "host.js printed no publish.requested"
grep -q '^post to work: All green\.$' first.out || fail "host.js posted nothing"
ok "host.js --jar --journal printed the engine's decisions"

ENGINE_JAR="$jar" ENGINE_JOURNAL="$work/journal" node host.js >second.out || fail "host.js exited $?: $(cat second.out)"
grep -q "^journal $work/journal: continued after seq [0-9]*, rules current$" second.out || fail "$(cat second.out)"
grep -q '^decision {"type":"publish.outcome"' second.out || fail "the second run printed no publish.outcome"
ok "host.js with ENGINE_JAR and ENGINE_JOURNAL continued the same journal"

before="$(ls -A)"
set +e
node host.js --jar "$jar" >none.out 2>&1
code=$?
set -e
[ "$code" = 2 ] && grep -q '^usage: ' none.out || fail "host.js with no journal exited $code: $(cat none.out)"
[ "$(ls -A | grep -vx none.out)" = "$before" ] || fail "host.js with no journal created something: $(ls -A)"
ok "host.js with no journal names what it needs and creates nothing"
