"""Build ``game/ai/mus_tables.py``: the precomputed tables of the strong Mus players.

    python -m game.tools.fit_mus_tables [--samples 3000] [--deals 20000] [--seed 1] [--jobs 2]

Tables, for both card-role systems (8 kings: the 330 distinct hands; 4 kings: 715):

- ``TEAM_WIN[hand][distance][lance]``: the chance that the team of a player holding ``hand``,
  sitting ``distance`` seats after mano, wins each lance at the showdown, the other three hands
  dealt at random from the 36 other cards (``--samples`` deals per hand, every distance scored
  on each deal). Pares and Juego are conditioned on the lance being contested (the player holds
  it and an opponent does too: the only case in which anyone bets); Punto on nobody holding juego.
- ``VALUE[hand][distance]``: a hand value for the mus phase: the expected point difference of
  an en-paso deal (Grande 1, Chica 1, the Pares and Juego bonuses or the Punto point) from the
  same deals, plus ``PREMIUM`` times how far each lance's team-win chance clears 0.55 (a near
  sure lance also earns bets).
- ``BEST[hand][distance]``: ``VALUE`` expected after the best discard (every discard of the
  hand, every draw from the 36 unseen cards, exactly); ``GAIN[distance]``: its mean gain over
  dealt hands. ``game.ai.mus`` cuts when a hand would gain less than the others by a mus.
- ``MATCH_EQUITY[mano_next][ours][theirs]``: the chance of winning a game to 40 from that
  score (``mano_next``: our team is mano in the next deal). A dynamic programme over deals
  whose point changes follow ``--deals`` deals of easy-level self-play (an accepted órdago
  counts as reaching the target); a 30-point game reads it 10 points on.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from game.ai import choose_action
from game.ai.mus import (
    CHICA,
    GRANDE,
    JUEGO,
    PARES,
    PUNTO,
    HandKind,
    _expected_value,
    best_position,
    hand_kind,
)
from game.rules.mus import RULES
from game.tools.workers import fork_pool

PREMIUM = 3.0
OUT = Path(__file__).resolve().parent.parent / "ai" / "mus_tables.py"


def _hand_stats(args: tuple[bool, int, int, int]) -> tuple[list[list[float]], list[float]]:
    """TEAM_WIN rows and the en-paso point difference of one hand, by distance from mano."""
    kings8, h, samples, seed = args
    kind = hand_kind(kings8)
    rng = random.Random(seed * 100_003 + h)
    mine = kind.hands[h]
    deck: list[int] = []
    for r, n in enumerate(kind.deck_counts):
        deck += [r] * (n - mine.count(r))
    fm = kind.feats[h]
    wins = [[0] * 5 for _ in range(4)]
    tries = [[0] * 5 for _ in range(4)]
    paso = [0] * 4
    for _ in range(samples):
        drawn = rng.sample(deck, 12)
        others = [kind.feats[kind.of_roles(drawn[4 * k:4 * k + 4])] for k in range(3)]
        for d in range(4):
            pos = [*others[:d], fm, *others[d:]]
            team = d % 2
            diff = 0
            for lance in (GRANDE, CHICA):
                w = best_position([f[lance] for f in pos]) % 2 == team
                wins[d][lance] += w
                tries[d][lance] += 1
                diff += 1 if w else -1
            anyone_pares = any(f[PARES] for f in pos)
            if anyone_pares:
                wt = best_position([f[PARES] for f in pos]) % 2
                bonus = sum(f[5] for i, f in enumerate(pos) if i % 2 == wt)
                diff += bonus if wt == team else -bonus
                if fm[PARES] and any(f[PARES] for i, f in enumerate(pos) if i % 2 != team):
                    tries[d][PARES] += 1
                    wins[d][PARES] += wt == team
            if any(f[JUEGO] for f in pos):
                wt = best_position([f[JUEGO] for f in pos]) % 2
                bonus = sum(f[6] for i, f in enumerate(pos) if i % 2 == wt)
                diff += bonus if wt == team else -bonus
                if fm[JUEGO] and any(f[JUEGO] for i, f in enumerate(pos) if i % 2 != team):
                    tries[d][JUEGO] += 1
                    wins[d][JUEGO] += wt == team
            else:
                wt = best_position([f[PUNTO] for f in pos]) % 2
                diff += 1 if wt == team else -1
                tries[d][PUNTO] += 1
                wins[d][PUNTO] += wt == team
            paso[d] += diff
    rows = [[wins[d][x] / tries[d][x] if tries[d][x] else 0.0 for x in range(5)] for d in range(4)]
    return rows, [paso[d] / samples for d in range(4)]


def hand_value(kind: HandKind, h: int, rows: list[float], paso: float) -> float:
    f = kind.feats[h]
    prem = max(0.0, rows[GRANDE] - 0.55) + max(0.0, rows[CHICA] - 0.55)
    if f[PARES]:
        prem += max(0.0, rows[PARES] - 0.55)
    if f[JUEGO]:
        prem += max(0.0, rows[JUEGO] - 0.55)
    else:
        prem += 0.5 * max(0.0, rows[PUNTO] - 0.55)
    return paso + PREMIUM * prem


def _mult(kind: HandKind, h: int) -> int:
    from math import comb

    hand = kind.hands[h]
    m = 1
    for r in set(hand):
        m *= comb(kind.deck_counts[r], hand.count(r))
    return m


def build_kind(kings8: bool, samples: int, seed: int, jobs: int) -> dict[str, object]:
    kind = hand_kind(kings8)
    n = len(kind.hands)
    tasks = [(kings8, h, samples, seed) for h in range(n)]
    if jobs > 1:
        with fork_pool(jobs) as pool:
            stats = pool.map(_hand_stats, tasks, chunksize=8)
    else:
        stats = [_hand_stats(t) for t in tasks]
    team_win = [rows for rows, _ in stats]
    value = [[hand_value(kind, h, stats[h][0][d], stats[h][1][d]) for d in range(4)] for h in range(n)]
    value_t = tuple(tuple(v) for v in value)
    best: list[list[float]] = []
    for h in range(n):
        hand = kind.hands[h]
        counts = list(kind.deck_counts)
        for r in hand:
            counts[r] -= 1
        row = []
        for d in range(4):
            top = -1e9
            seen: set[tuple[int, ...]] = set()
            for mask in range(15):  # keep a proper subset (at least one card thrown)
                kept = tuple(sorted(hand[i] for i in range(4) if mask >> i & 1))
                if kept in seen:
                    continue
                seen.add(kept)
                top = max(top, _expected_value(kept, counts, kind, value_t, d))
            row.append(top)
        best.append(row)
    mults = [_mult(kind, h) for h in range(n)]
    total = sum(mults)
    gain = [sum(mults[h] * (best[h][d] - value[h][d]) for h in range(n)) / total for d in range(4)]
    return {"TEAM_WIN": team_win, "VALUE": value, "BEST": best, "GAIN": gain}


def _deal_deltas(args: tuple[int, int]) -> list[tuple[int, int]]:
    """Point changes (mano's team, the other team) of the deals of easy self-play games."""
    seed, games = args
    out: list[tuple[int, int]] = []
    for g in range(games):
        rng = random.Random(seed * 7919 + g)
        state = RULES.new_match(seed * 10_000 + g)
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            assert seat is not None
            before = RULES.observation(state, 0).last_deal
            state = RULES.apply(state, choose_action(RULES, RULES.observation(state, seat), "easy", rng))
            summary = RULES.observation(state, 0).last_deal
            if summary is not None and summary is not before:
                if max(summary.points_before) >= 25:
                    continue  # keep deals played far from the target (no cap effects)
                mt = summary.mano % 2
                dm = summary.points_after[mt] - summary.points_before[mt]
                do = summary.points_after[1 - mt] - summary.points_before[1 - mt]
                if summary.ended_by == "ordago":
                    dm, do = (40, 0) if dm > 0 else (0, 40)
                out.append((dm, do))
    return out


def match_equity(deltas: list[tuple[int, int]], target: int = 40) -> list[list[list[float]]]:
    """ME[mano_next][a][b] by a dynamic programme over deals (mano alternates between teams)."""
    freq: dict[tuple[int, int], int] = {}
    for d in deltas:
        freq[d] = freq.get(d, 0) + 1
    n = len(deltas)
    dist = [(dm, do, c / n) for (dm, do), c in freq.items()]
    me = [[[0.0] * (target + 1) for _ in range(target + 1)] for _ in range(2)]

    def final(a: int, b: int, t: int) -> float:
        if a >= target and b >= target:
            return 0.5
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return me[t][a][b]

    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(target - 1, total) + 1):
            b = total - a
            # Every deal gives somebody a point at least, so later states are already known.
            for t in (0, 1):
                v = 0.0
                for dm, do, p in dist:
                    if t == 1:  # we are mano in this deal
                        v += p * final(a + dm, b + do, 0)
                    else:
                        v += p * final(a + do, b + dm, 1)
                me[t][a][b] = v
    for t in (0, 1):
        for a in range(target + 1):
            me[t][a][target] = 0.0
            me[t][target][a] = 1.0
    return me


def _flat(x: object) -> list[float]:
    if isinstance(x, list | tuple):
        return [v for item in x for v in _flat(item)]
    assert isinstance(x, float | int)
    return [float(x)]


def _packed(name: str, x: object) -> list[str]:
    """A table as a string of thousandths (cheap to compile and decode; ``game.ai.mus`` unpacks it)."""
    lines = [f"{name} = ("]
    row: list[str] = []
    for v in _flat(x):
        row.append(str(round(v * 1000)))
        if sum(len(n) + 1 for n in row) > 100:
            lines.append('    "' + " ".join(row) + ' "')
            row = []
    if row:
        lines.append('    "' + " ".join(row) + ' "')
    lines.append(")")
    return lines


def write_tables(k8: dict[str, object], k4: dict[str, object], me: object, header: str) -> None:
    lines = [
        '"""Precomputed tables of the strong Mus players: do not edit by hand. Generated by',
        f"``python -m game.tools.fit_mus_tables {header}``.",
        "",
        "Each table is a string of numbers in thousandths, unpacked by ``game.ai.mus.tables``; see",
        "``game/tools/fit_mus_tables.py`` for what each holds. Shapes: TEAM_WIN [hand][distance][lance],",
        "VALUE and BEST [hand][distance], GAIN [distance], MATCH_EQUITY [mano_next][ours][theirs]",
        "(41 x 41); 330 hands with 8 kings, 715 with 4.",
        '"""',
        "",
    ]
    for suffix, data in (("8", k8), ("4", k4)):
        for key in ("TEAM_WIN", "VALUE", "BEST", "GAIN"):
            lines += _packed(f"{key}{suffix}", data[key])
    lines += _packed("MATCH_EQUITY", me)
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.tools.fit_mus_tables", description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=3000, help="random deals per hand for TEAM_WIN and VALUE")
    parser.add_argument("--deals", type=int, default=20000, help="about how many self-play deals for MATCH_EQUITY")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    k8 = build_kind(True, args.samples, args.seed, args.jobs)
    print("8 kings done")
    k4 = build_kind(False, max(500, args.samples // 2), args.seed, args.jobs)
    print("4 kings done")
    games = max(1, args.deals // 6)
    chunks = [(args.seed * 1000 + i, games // (2 * args.jobs) + 1) for i in range(2 * args.jobs)]
    with fork_pool(args.jobs) as pool:
        deltas = [d for part in pool.map(_deal_deltas, chunks) for d in part]
    me = match_equity(deltas)
    print(f"match equity from {len(deltas)} deals; ME(0,0) mano next {me[1][0][0]:.3f}, not {me[0][0][0]:.3f}")
    write_tables(k8, k4, me, f"--samples {args.samples} --deals {args.deals} --seed {args.seed}")


if __name__ == "__main__":
    main()
