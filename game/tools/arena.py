"""Headless matches between computer players, with duplicate deals and confidence intervals.

    python -m game.tools.arena --game klaberjass --a hard --b rule --matches 1000 [--sprt]
                               [--deals-only] [--seed S] [--jobs 2] [--option key=value ...]
                               [--records FILE]
    python -m game.tools.arena --game klaberjass --latency [--levels easy,normal,hard]
                               [--decisions 500]

Players: the levels ``easy``, ``normal``, ``hard`` (``game.ai.choose_action``), the baselines
``random`` and ``rule`` (``game.ai.baselines``), in any game that has them, and ``oracle``
(``game.ai.oracle``): Hard's search given the true deal, the ceiling no honest player can pass
(docs/oracle.md). The oracle's seats read the match as played with ``open_hands`` on, a copy the
arena keeps in step with the real one (same seed, same actions); every other seat decides from
its observation of the real match, so nothing the oracle knows reaches them. For Mus with the
``senas`` option on (``--option senas=true``), any of them with ``-nosenas`` (``hard-nosenas``)
plays without señas: it passes ``senas none`` at every turn and its decisions never see a seña
(``senas_seen`` emptied), so a partnership with señas can be measured against one without; with
``-plainsenas`` it passes every seña its hand fits and never withholds one. Only the arena knows
these variants. ``ismcts`` (Jub Moo only, ``game.ai.jubmoo_ismcts``) is the information-set tree
search that hard's PIMC was measured against (docs/ai-jubmoo.md); no level plays it.

Sides: A is one seat (in Mus one partnership: seats 0 and 2, or 1 and 3); B plays every other
seat. Duplicate deals: every seed is played once per rotation, with A moved to each of its
possible seats in turn (2 rotations in Klaberjass and Mus, 3 in Luk Fu, 4 in Jub Moo). The seed
fixes every shuffle, so the same deal number of a seed deals the same cards in every rotation
(as long as the games last that long), and both sides hold each hand once. Every player's
randomness comes from a stream seeded by (seed, rotation, seat), and the searching levels use
fixed work budgets, so a run reproduces exactly.

Figures printed:
- matches: A's share of the matches won (a match won outright counts 1; with more than two
  players the winner's 1 is split among those tied for first), with a 95% confidence interval
  over seeds (the rotations of a seed are one duplicate group);
- deals: A's share of the deals won and A's points margin per deal, each with a 95% interval
  clustered on deal-level pairs (the same seed and deal number in every rotation). A
  Klaberjass deal counts once settled (made / tie / bete: thrown-in and annulled deals score
  nothing and are left out) and is won by the side whose settled points for it
  (``DealSummary.added``) are higher. In the other games a deal's points are each seat's
  score change (Jub Moo and Luk Fu: per seat; Mus: per team), the deal is shared among the
  seats tied for the most, and the margin is A's points minus the mean of the other seats'.
- the fair share (what equal players would get: 1/2, or 1/3 and 1/4 with more seats).

``--deals-only`` plays single deals instead of matches (each "match" ends with its first deal).
``--records FILE`` appends every finished duplicate group to FILE (one JSON line each) and, when
the file already holds groups of the same run (game, players, options, single deals or not),
counts them and plays only the seeds still missing: a run of several hours survives an
interruption and is finished by running the same command again.
``--sprt`` stops early with a sequential probability ratio test on the per-seed scores (matches,
or deals with ``--sprt-on deals``): H0 "A's share is p0" against H1 "it is p1" (defaults: the
fair share, and 5 points more), error rates 5%.

``--latency`` times ``choose_action`` in self-play (every seat at the same level, all phases)
until at least ``--decisions`` decisions with a real choice have been made for each level,
and prints p50 / p95 / p99 / max per level, plus the time of a forced move (one legal action).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from game.ai import LEVELS, choose_action, jubmoo_ismcts
from game.ai.baselines import BASELINES, choose_baseline
from game.ai.oracle import ORACLE, choose_oracle, in_step, true_options
from game.registry import GAME_NAMES, entry
from game.rules import get_rules
from game.tools.workers import fork_pool

# Mus señas variants, known to the arena only (never offered to players): a level or baseline
# name with one of these endings plays as that player except for its señas.
SENA_VARIANTS: dict[str, str] = {
    "nosenas": "passes senas none at every turn and ignores every seña it sees",
    "plainsenas": "passes every seña its hand fits, never withholding one",
}
# Jub Moo's information-set MCTS, known to the arena only: measured against hard, played by no level.
ISMCTS = "ismcts"
PLAYERS: tuple[str, ...] = (
    *LEVELS, ORACLE, *BASELINES, *(f"{p}-{v}" for p in (*LEVELS, *BASELINES) for v in SENA_VARIANTS), ISMCTS)
MAX_ACTIONS = 200_000  # a safety net: no real match comes near it


# ---------------------------------------------------------------------------------------
# Sides, rotations and results per game
# ---------------------------------------------------------------------------------------


def rotations(game: str) -> int:
    """How many seatings one duplicate group plays: every seat (every partnership in Mus) for A."""
    return entry(game).sides


def a_seats(game: str, rotation: int) -> frozenset[int]:
    if game == "mus":
        return frozenset({rotation, rotation + 2})
    return frozenset({rotation})


def fair_share(game: str) -> float:
    """A's share of wins when both players are equally strong: one side's."""
    return 1 / entry(game).sides


def decide(player: str, rules: Any, observation: Any, rng: random.Random) -> str:
    base, _, variant = player.rpartition("-")
    if base and variant in SENA_VARIANTS:
        senas_turn = getattr(observation, "phase", "") == "senas"
        if variant == "nosenas":
            if senas_turn:
                return "senas none"
            if getattr(observation, "senas_seen", ()):
                observation = replace(observation, senas_seen=())
        elif senas_turn:
            return str(observation.legal_actions[0])  # the engine lists the whole set first
        player = base
    if player in LEVELS:
        return choose_action(rules, observation, player, rng)
    if player == ISMCTS:
        return jubmoo_ismcts.choose(rules, observation, rng)
    return choose_baseline(player, rules, observation, rng)


def _deal_points(game: str, summary: Any, num_players: int) -> tuple[float, ...] | None:
    """Each seat's points for a finished deal (None: the deal does not count)."""
    if game == "klaberjass":
        if summary.outcome not in ("made", "tie", "bete"):
            return None
        return tuple(float(x) for x in summary.added)
    if game == "jubmoo":
        return tuple(float(x) for x in summary.scores)
    if game == "lukfu":
        return tuple(float(x) for x in summary.points)
    if game == "mus":
        team = [summary.points_after[t] - summary.points_before[t] for t in (0, 1)]
        return tuple(float(team[s % 2]) for s in range(num_players))
    raise ValueError(game)


def deal_result(game: str, summary: Any, seats_a: frozenset[int], num_players: int) -> tuple[float, float] | None:
    """(A's share of the deal won, A's margin) or None when the deal does not count."""
    pts = _deal_points(game, summary, num_players)
    if pts is None:
        return None
    top = max(pts)
    leaders = [s for s in range(num_players) if pts[s] == top]
    if game == "mus":
        teams = {s % 2 for s in leaders}
        share = (1.0 / len(teams)) if min(seats_a) % 2 in teams else 0.0
        a_pts = pts[min(seats_a)]
        others = [pts[s] for s in range(num_players) if s not in seats_a]
        return share, a_pts - sum(others) / len(others)
    (a,) = seats_a
    share = 1.0 / len(leaders) if a in leaders else 0.0
    others = [pts[s] for s in range(num_players) if s != a]
    return share, pts[a] - sum(others) / len(others)


def match_share(game: str, winner: Any, seats_a: frozenset[int]) -> float:
    """A's share of a finished match's win."""
    if winner is None:
        return fair_share(game)
    if game == "mus":
        return 1.0 if int(winner) == min(seats_a) % 2 else 0.0
    winners = (winner,) if isinstance(winner, int) else tuple(winner)
    a = min(seats_a)
    return 1.0 / len(winners) if a in winners else 0.0


# ---------------------------------------------------------------------------------------
# Playing
# ---------------------------------------------------------------------------------------


@dataclass
class GameRecord:
    seed: int
    rotation: int
    match: float  # A's share of the match won
    deals: list[tuple[int, float, float]] = field(default_factory=list)  # (deal number, share, margin)
    actions: int = 0


def play_game(
    game: str,
    options: dict[str, Any],
    seed: int,
    rotation: int,
    a: str,
    b: str,
    deals_only: bool = False,
) -> GameRecord:
    rules = get_rules(game)
    seats_a = a_seats(game, rotation)
    n = rules.num_players
    rngs = [random.Random(seed * 1_000_003 + rotation * 101 + s) for s in range(n)]
    state = rules.new_match(seed, options)
    # The oracle's match: the same one with every hand open, read by the oracle's seats only.
    oracle_seats = {s for s in range(n) if (a if s in seats_a else b) == ORACLE}
    truth = rules.new_match(seed, true_options(options)) if oracle_seats else None
    record = GameRecord(seed, rotation, fair_share(game))
    last = None
    for _ in range(MAX_ACTIONS):
        if rules.is_over(state):
            break
        seat = rules.current_player(state)
        assert seat is not None  # a match that is not over has a player to act
        if seat in oracle_seats:
            if not in_step(rules, state, truth):
                raise RuntimeError(f"{game} seed {seed}: the oracle's open match left the real one")
            action = choose_oracle(rules, truth, seat, rngs[seat])
        else:
            player = a if seat in seats_a else b
            action = decide(player, rules, rules.observation(state, seat), rngs[seat])
        state = rules.apply(state, action)
        if truth is not None:
            truth = rules.apply(truth, action)
        record.actions += 1
        summary = rules.observation(state, 0).last_deal
        if summary is not None and summary is not last and summary != last:
            last = summary
            result = deal_result(game, summary, seats_a, n)
            if result is not None:
                record.deals.append((summary.deal_number, *result))
            if deals_only:
                break
    else:
        raise RuntimeError(f"{game} seed {seed} did not end within {MAX_ACTIONS} actions")
    if rules.is_over(state):
        final: Any = rules.observation(state, 0)  # ``winner`` means something else in every game
        record.match = match_share(game, final.winner, seats_a)
    return record


@dataclass(frozen=True)
class Task:
    game: str
    options: tuple[tuple[str, Any], ...]
    seed: int
    a: str
    b: str
    deals_only: bool


def run_task(task: Task) -> list[GameRecord]:
    """Every rotation of one seed (one duplicate group)."""
    return [
        play_game(task.game, dict(task.options), task.seed, r, task.a, task.b, task.deals_only)
        for r in range(rotations(task.game))
    ]


def run_key(task: Task) -> dict[str, Any]:
    """What makes two groups' records part of the same run (everything but the seed)."""
    return {
        "game": task.game,
        "a": task.a,
        "b": task.b,
        "options": [list(item) for item in task.options],
        "deals_only": task.deals_only,
    }


def load_records(path: Path, key: dict[str, Any]) -> dict[int, list[GameRecord]]:
    """The finished groups of the run ``key`` in a records file, by seed. Lines of other runs
    are ignored; a line that does not parse (a run killed while writing) is skipped with a
    message, and its seed is simply played again."""
    groups: dict[int, list[GameRecord]] = {}
    if not path.exists():
        return groups
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                if entry["run"] != key:
                    continue
                group = [
                    GameRecord(r["seed"], r["rotation"], r["match"], [tuple(d) for d in r["deals"]], r["actions"])
                    for r in entry["records"]
                ]
            except (ValueError, KeyError, TypeError) as exc:
                print(f"{path}:{number}: skipped a damaged line ({exc})", file=sys.stderr)
                continue
            groups[group[0].seed] = group
    return groups


def append_group(path: Path, key: dict[str, Any], group: list[GameRecord]) -> None:
    """Append one finished group as one JSON line, flushed at once (after a line break when a
    killed run left its last line unfinished, so that only that line is lost)."""
    line = json.dumps({"run": key, "records": [asdict(r) for r in group]}, separators=(",", ":"))
    with path.open("ab+") as handle:
        if handle.tell() > 0:
            handle.seek(-1, 2)
            if handle.read(1) != b"\n":
                line = "\n" + line
        handle.write((line + "\n").encode("utf-8"))
        handle.flush()


# ---------------------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------------------


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    m = sum(values) / n
    if n < 2:
        return m, math.nan
    return m, 1.96 * statistics.stdev(values) / math.sqrt(n)


def ratio_ci(clusters: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """A ratio (sum of values / number of items) over clusters of items, with a 95% interval
    from the between-cluster variance (each cluster: (sum of its values, its item count))."""
    total = sum(c for _, c in clusters)
    m = len(clusters)
    if total == 0:
        return math.nan, math.nan
    r = sum(v for v, _ in clusters) / total
    if m < 2:
        return r, math.nan
    var = sum((v - r * c) ** 2 for v, c in clusters) / (total * total) * m / (m - 1)
    return r, 1.96 * math.sqrt(var)


@dataclass
class Summary:
    games: int
    seeds: int
    match: tuple[float, float]
    deals: int
    deal_win: tuple[float, float]
    margin: tuple[float, float]


def summarize(records: Iterable[GameRecord]) -> Summary:
    by_seed: dict[int, list[GameRecord]] = {}
    pairs: dict[tuple[int, int], list[tuple[float, float]]] = {}
    games = 0
    for rec in records:
        games += 1
        by_seed.setdefault(rec.seed, []).append(rec)
        for number, share, margin in rec.deals:
            pairs.setdefault((rec.seed, number), []).append((share, margin))
    match = mean_ci([sum(r.match for r in recs) / len(recs) for recs in by_seed.values()])
    wins = [(sum(s for s, _ in p), len(p)) for p in pairs.values()]
    margins = [(sum(m for _, m in p), len(p)) for p in pairs.values()]
    deals = sum(c for _, c in wins)
    return Summary(games, len(by_seed), match, deals, ratio_ci(wins), ratio_ci(margins))


def seed_score(records: Sequence[GameRecord], on: str) -> float | None:
    """One duplicate group's score for the SPRT: its mean match share, or its mean deal share."""
    if on == "matches":
        return sum(r.match for r in records) / len(records)
    shares = [s for r in records for _, s, _ in r.deals]
    return sum(shares) / len(shares) if shares else None


class SPRT:
    """A sequential probability ratio test on per-group scores (normal approximation, the
    variance estimated from the scores so far): H0 mean = p0 against H1 mean = p1."""

    def __init__(self, p0: float, p1: float, alpha: float = 0.05, beta: float = 0.05) -> None:
        self.p0, self.p1 = p0, p1
        self.lower = math.log(beta / (1 - alpha))
        self.upper = math.log((1 - beta) / alpha)
        self.scores: list[float] = []
        self.llr = 0.0

    def add(self, x: float) -> str | None:
        """Add a score; "H1" or "H0" once decided, else None."""
        self.scores.append(x)
        if len(self.scores) < 20:
            return None
        var = statistics.pvariance(self.scores)
        if var <= 0:
            return None
        mid = (self.p0 + self.p1) / 2
        self.llr = (self.p1 - self.p0) / var * sum(s - mid for s in self.scores)
        if self.llr >= self.upper:
            return "H1"
        if self.llr <= self.lower:
            return "H0"
        return None


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"


def _interval(low: str, high: str, half: float) -> str:
    """``(95% CI low .. high)``, or why there is none: one seed's games have no spread to measure."""
    if not math.isfinite(half):
        return "(no 95% CI: it needs 2 seeds or more)"
    return f"(95% CI {low} .. {high})"


def report(game: str, a: str, b: str, s: Summary, deals_only: bool, out: Any = None) -> None:
    out = sys.stdout if out is None else out
    n_rot = rotations(game)
    print(f"{game}: A = {a} against B = {b}", file=out)
    print(
        f"games {s.games} ({s.seeds} seeds x {n_rot} rotations, duplicate deals); fair share {_pct(fair_share(game))}",
        file=out,
    )
    if not deals_only:
        m, h = s.match
        print(f"matches: A won {_pct(m)} {_interval(_pct(max(0.0, m - h)), _pct(min(1.0, m + h)), h)}", file=out)
    w, hw = s.deal_win
    print(
        f"deals: A won {_pct(w)} of {s.deals} deals {_interval(_pct(max(0.0, w - hw)), _pct(min(1.0, w + hw)), hw)}",
        file=out,
    )
    mg, hm = s.margin
    print(f"points margin per deal: {mg:+.1f} {_interval(f'{mg - hm:+.1f}', f'{mg + hm:+.1f}', hm)}", file=out)


# ---------------------------------------------------------------------------------------
# Latency
# ---------------------------------------------------------------------------------------


def percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return math.nan
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[i]


def latency(
    game: str, options: dict[str, Any], levels: Sequence[str], decisions: int, seed: int, out: Any = None
) -> dict[str, list[float]]:
    """Time choose_action in self-play at each level; print and return the times (ms).

    The machine's speed (the bench's reference engine, in deals per second) is printed before
    and after, so a figure taken on a loaded or slower machine says so beside it."""
    from game.tools.bench import time_reference

    out = sys.stdout if out is None else out
    rules = get_rules(game)
    result: dict[str, list[float]] = {}
    print(f"{game}: decision times in self-play (ms), {decisions}+ decisions per level", file=out)
    print(f"  machine speed before: {time_reference(1.0):,.0f} reference deals/s", file=out)
    for level in levels:
        times: list[float] = []
        forced: list[float] = []
        phases: dict[str, list[float]] = {}
        s = seed
        while len(times) < decisions:
            state = rules.new_match(s, options)
            rng = random.Random(s)
            while not rules.is_over(state) and len(times) < decisions:
                seat = rules.current_player(state)
                assert seat is not None
                obs = rules.observation(state, seat)
                t0 = time.perf_counter()
                action = choose_action(rules, obs, level, rng)
                dt = (time.perf_counter() - t0) * 1000
                if len(obs.legal_actions) > 1:
                    times.append(dt)
                    phases.setdefault(str(getattr(obs, "phase", "play")), []).append(dt)
                else:
                    forced.append(dt)
                state = rules.apply(state, action)
            s += 1
        times.sort()
        forced.sort()
        print(
            f"  {level:6} n={len(times)}  p50 {percentile(times, 0.5):7.1f}  p95 {percentile(times, 0.95):7.1f}  "
            f"p99 {percentile(times, 0.99):7.1f}  max {times[-1]:7.1f}   forced n={len(forced)} "
            f"max {forced[-1] if forced else math.nan:.3f}",
            file=out,
        )
        for phase, ts in sorted(phases.items()):
            ts.sort()
            print(
                f"      {phase:9} n={len(ts):5}  p50 {percentile(ts, 0.5):7.1f}  p95 {percentile(ts, 0.95):7.1f}  "
                f"max {ts[-1]:7.1f}",
                file=out,
            )
        result[level] = times
    print(f"  machine speed after: {time_reference(1.0):,.0f} reference deals/s", file=out)
    return result


# ---------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------


def option_value(text: str) -> Any:
    """A ``--option`` value as the rules expect it: a bool, None, an int, or the text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text


def run(
    game: str,
    a: str,
    b: str,
    matches: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    deals_only: bool = False,
    jobs: int = 2,
    sprt: SPRT | None = None,
    sprt_on: str = "matches",
    out: Any = None,
    records_path: Path | None = None,
) -> Summary:
    """Play ``matches`` games (rounded up to whole duplicate groups) and print the figures.
    With ``records_path``, groups already recorded there are counted instead of played again
    and every new group is appended as it finishes."""
    out = sys.stdout if out is None else out
    if ISMCTS in (a, b) and game != "jubmoo":
        raise ValueError("the ismcts player plays Jub Moo only")
    opts = tuple(sorted((options or {}).items()))
    n_seeds = max(1, -(-matches // rotations(game)))
    tasks = [Task(game, opts, seed + i, a, b, deals_only) for i in range(n_seeds)]
    records: list[GameRecord] = []
    verdict: str | None = None
    start = time.perf_counter()
    key = run_key(tasks[0])

    def consume(group: list[GameRecord], recorded: bool = False) -> bool:
        nonlocal verdict
        if records_path is not None and not recorded:
            append_group(records_path, key, group)
        records.extend(group)
        if sprt is None:
            return False
        score = seed_score(group, sprt_on)
        if score is not None:
            verdict = sprt.add(score)
        return verdict is not None

    if records_path is not None:
        done = load_records(records_path, key)
        stopped = any(consume(done[t.seed], recorded=True) for t in tasks if t.seed in done)
        if records:
            print(f"{records_path}: {len(records)} games already recorded for this run", file=out)
        tasks = [] if stopped else [t for t in tasks if t.seed not in done]
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            if consume(run_task(task)):
                break
    else:
        with fork_pool(jobs) as pool:
            for group in pool.imap(run_task, tasks):
                if consume(group):
                    pool.terminate()
                    break
    summary = summarize(records)
    report(game, a, b, summary, deals_only, out)
    if sprt is not None:
        decided = {"H1": f"H1 (A's share >= {sprt.p1:.3f})", "H0": f"H0 (A's share <= {sprt.p0:.3f})"}
        print(
            f"SPRT on {sprt_on}: {decided.get(verdict or '', 'undecided')}, LLR {sprt.llr:.2f} "
            f"(bounds {sprt.lower:.2f}, {sprt.upper:.2f}) after {len(sprt.scores)} seeds",
            file=out,
        )
    print(f"elapsed {time.perf_counter() - start:.0f} s", file=out)
    return summary


def add_run_arguments(parser: argparse.ArgumentParser, b_default: str, b_help: str) -> None:
    """The options of a run that this command and ``game.tools.ceiling`` share."""
    parser.add_argument("--b", choices=PLAYERS, default=b_default, help=b_help)
    parser.add_argument("--matches", type=int, default=1000, help="games to play, in whole duplicate groups")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (then seed+1, ...)")
    parser.add_argument("--deals-only", action="store_true", help="single deals instead of matches")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a rules option")


def parse_options(parser: argparse.ArgumentParser, items: Sequence[str]) -> dict[str, Any]:
    """The ``--option KEY=VALUE`` items as a rules options dict (a malformed one is a usage error)."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--option {item!r}: write KEY=VALUE")
        options[key.strip()] = option_value(value.strip())
    return options


def main(argv: list[str] | None = None) -> None:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.arena",
        description=doc.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", choices=GAME_NAMES, default="klaberjass")
    parser.add_argument("--a", choices=PLAYERS, default="hard", help="the player measured (side A)")
    add_run_arguments(parser, "rule", "its opponent (every other seat)")
    parser.add_argument(
        "--records", type=Path, default=None, metavar="FILE", help="append finished groups here; resume from it"
    )
    parser.add_argument("--sprt", action="store_true", help="stop early on a sequential test")
    parser.add_argument("--sprt-on", choices=("matches", "deals"), default="matches")
    parser.add_argument("--p0", type=float, default=None, help="SPRT H0 share (default: the fair share)")
    parser.add_argument("--p1", type=float, default=None, help="SPRT H1 share (default: p0 + 0.05)")
    parser.add_argument("--latency", action="store_true", help="time the levels' decisions instead")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels timed by --latency")
    parser.add_argument("--decisions", type=int, default=500, help="decisions timed per level")
    args = parser.parse_args(argv)
    options = parse_options(parser, args.option)
    if ISMCTS in (args.a, args.b) and args.game != "jubmoo":
        parser.error("the ismcts player plays Jub Moo only")
    if args.latency:
        levels = [x.strip() for x in args.levels.split(",") if x.strip()]
        for level in levels:
            if level not in LEVELS:
                parser.error(f"unknown level {level!r}")
        latency(args.game, options, levels, args.decisions, args.seed)
        return
    sprt = None
    if args.sprt:
        p0 = fair_share(args.game) if args.p0 is None else args.p0
        p1 = p0 + 0.05 if args.p1 is None else args.p1
        sprt = SPRT(p0, p1)
    run(
        args.game,
        args.a,
        args.b,
        args.matches,
        seed=args.seed,
        options=options,
        deals_only=args.deals_only,
        jobs=args.jobs,
        sprt=sprt,
        sprt_on=args.sprt_on,
        records_path=args.records,
    )


if __name__ == "__main__":
    main()
