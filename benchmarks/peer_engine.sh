#!/bin/bash
# The peer's figure for engine_bench's workload: 111 complete Chicken Foot games of four
# players on a double-9 set, random legal play, fixed seeds, no checking, run through the
# TypeScript engine of JamesAtIntegratnIO/mexican-train (server/game.ts).
#
#   benchmarks/peer_engine.sh PATH-TO-CHECKOUT [GAMES]
#
# The peer is not part of this project: give a checkout of it (git clone it anywhere). This
# script installs its packages (npm ci) and compiles its server once, then runs a small driver
# it writes into the checkout's dist/ and prints one line: events, seconds, events/s and the
# process's peak memory.
#
# Events counted, to match ours: each game's start, each round's start and end, and every
# move (laying the round's double, a draw while hunting for it, a play, a draw, a pass).
# Math.random is replaced by a seeded generator, so the games are the same on every run.
set -eu

if [ $# -lt 1 ] || [ ! -f "$1/server/game.ts" ]; then
    echo "usage: $0 PATH-TO-mexican-train-CHECKOUT [GAMES]  (no server/game.ts at ${1:-?})" >&2
    exit 2
fi
peer=$(cd "$1" && pwd)
games=${2:-111}

if [ ! -d "$peer/node_modules/typescript" ]; then
    (cd "$peer" && npm ci --no-audit --no-fund >/dev/null 2>&1) || {
        echo "$0: npm ci failed in $peer" >&2
        exit 1
    }
fi
if [ ! -f "$peer/dist/server/game.js" ] || [ "$peer/server/game.ts" -nt "$peer/dist/server/game.js" ]; then
    (cd "$peer" && npx tsc -p tsconfig.json) || {
        echo "$0: the peer's server did not compile" >&2
        exit 1
    }
fi

cat >"$peer/dist/engine_bench_driver.mjs" <<'JS'
// Written by benchmarks/peer_engine.sh of the Chicken Foot hub; not part of the peer.
let seed = 1;
Math.random = () => {  // mulberry32: the same games on every run
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const { Game } = await import('./server/game.js');
const games = Number(process.argv[2]);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
let events = 0;
const started = performance.now();
for (let n = 0; n < games; n++) {
  const players = [0, 1, 2, 3].map((i) => ({ id: 'p' + i, name: 'P' + (i + 1) }));
  const g = new Game({ players, game: 'chickenFoot', max: 9 });
  events += 2;  // the game and its first round begin
  while (g.status !== 'gameOver') {
    if (g.status === 'roundOver') { g.startRound(); events += 2; continue; }  // end + start
    const me = g.current;
    events++;
    if (g.phase === 'seeking') {
      if (me.hand.includes(`${g.engine}-${g.engine}`)) g.layEngine(me.id); else g.draw(me.id);
      continue;
    }
    const moves = g.legalMoves(me);
    if (moves.length) { const m = pick(moves); g.play(me.id, m.tile, m.train, m.seg); continue; }
    if (g.boneyard.length && !g.drewThisTurn) {
      const drawn = g.draw(me.id);
      if (drawn && drawn.playable) {
        const m = pick(g.legalMoves(me));
        events++;
        g.play(me.id, m.tile, m.train, m.seg);
      }
      continue;
    }
    g.pass(me.id);
  }
  events++;  // the last round's end
}
const seconds = (performance.now() - started) / 1000;
console.log(`peer (mexican-train, node ${process.versions.node}): ${events} events of ${games} ` +
  `games in ${seconds.toFixed(3)} s: ${Math.round(events / seconds)} events/s, ` +
  `peak ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MiB`);
JS
exec node "$peer/dist/engine_bench_driver.mjs" "$games"
