"""How close Hard comes to the oracle: both against the same opponent, on the same seeds.

    python -m game.tools.ceiling --game mus --records ceiling.jsonl [--b normal] [--matches 1000]
                                 [--seed S] [--deals-only] [--jobs 2] [--option key=value ...]
                                 [--no-play]

Plays (through ``game.tools.arena``, duplicate deals) ``oracle`` against B and ``hard`` against
B over the same seeds, both runs kept in the records file (so an interrupted run is finished by
running the same command again, and ``--no-play`` only reads what is there), then prints both
rows and the share of the oracle's edge that Hard reaches, with 95% confidence intervals. With
``--game all`` it does this for every game in turn and ends with one line per game.

The shares, over the seeds recorded in both runs (each seed's duplicate group is one paired
observation: Hard and the oracle held the same cards):

- margin share = (Hard's points margin per deal) / (the oracle's), a margin per deal being the
  sum of A's margins (A's points minus the mean of the other seats', per counted deal) over
  the number of counted deals;
- match share = (Hard's match share - the fair share) / (the oracle's match share - the fair
  share), a match share being A's share of the matches won (not printed with ``--deals-only``).

1 means Hard gains on B as much as the oracle does; 0 that it gains nothing. The intervals
come from the delta method over the seeds (the four sums of the margin share, the two means of
the match share, each seed's terms paired). A share is undefined (n/a) when the oracle gains
nothing on B.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.oracle import ORACLE
from game.registry import GAME_NAMES
from game.tools import arena

HARD = "hard"


@dataclass(frozen=True)
class Ceiling:
    """The paired figures of Hard and the oracle against the same B."""

    game: str
    seeds: int  # seeds recorded in both runs
    fair: float
    hard_margin: float  # points margin per deal
    oracle_margin: float
    margin_share: tuple[float, float]  # (share, half-width of its 95% interval)
    hard_match: float  # match share
    oracle_match: float
    match_share: tuple[float, float]


@dataclass(frozen=True)
class _Seed:
    """One duplicate group's totals: A's summed deal margins, its counted deals, its match share."""

    margin: float
    deals: int
    match: float


def _seed_totals(group: Sequence[arena.GameRecord]) -> _Seed:
    return _Seed(
        sum(m for r in group for _, _, m in r.deals),
        sum(len(r.deals) for r in group),
        sum(r.match for r in group) / len(group),
    )


def _half_width(terms: Sequence[float]) -> float:
    """The 95% half-width of a mean whose per-seed linearized terms are ``terms``."""
    if len(terms) < 2:
        return math.nan
    return 1.96 * statistics.stdev(terms) / math.sqrt(len(terms))


def margin_share(hard: Sequence[_Seed], oracle: Sequence[_Seed]) -> tuple[float, float]:
    """(Hard's margin per deal / the oracle's, its 95% half-width); seeds paired by position."""
    n = len(hard)
    a = sum(s.margin for s in hard) / n
    b = sum(s.deals for s in hard) / n
    c = sum(s.margin for s in oracle) / n
    d = sum(s.deals for s in oracle) / n
    if b == 0 or d == 0 or c == 0:
        return math.nan, math.nan
    share = a * d / (b * c)
    # share = a d / (b c): each seed's first-order contribution to it.
    terms = [
        d / (b * c) * (h.margin - a)
        - share * ((h.deals - b) / b + (o.margin - c) / c - (o.deals - d) / d)
        for h, o in zip(hard, oracle, strict=True)
    ]
    return share, _half_width(terms)


def match_share(hard: Sequence[_Seed], oracle: Sequence[_Seed], fair: float) -> tuple[float, float]:
    """((Hard's match share - fair) / (the oracle's - fair), its 95% half-width)."""
    n = len(hard)
    w_h = sum(s.match for s in hard) / n
    w_o = sum(s.match for s in oracle) / n
    gain = w_o - fair
    if gain == 0:
        return math.nan, math.nan
    share = (w_h - fair) / gain
    terms = [(h.match - w_h) / gain - share * (o.match - w_o) / gain for h, o in zip(hard, oracle, strict=True)]
    return share, _half_width(terms)


def compare(game: str, hard: dict[int, list[arena.GameRecord]], oracle: dict[int, list[arena.GameRecord]]) -> Ceiling:
    """The figures over the seeds both runs recorded (groups by seed, as ``arena.load_records``)."""
    seeds = sorted(set(hard) & set(oracle))
    if not seeds:
        raise ValueError(f"{game}: no seed is recorded for both hard and the oracle")
    h = [_seed_totals(hard[s]) for s in seeds]
    o = [_seed_totals(oracle[s]) for s in seeds]
    fair = arena.fair_share(game)

    def per_deal(totals: list[_Seed]) -> float:
        deals = sum(t.deals for t in totals)
        return sum(t.margin for t in totals) / deals if deals else math.nan

    return Ceiling(
        game,
        len(seeds),
        fair,
        per_deal(h),
        per_deal(o),
        margin_share(h, o),
        sum(t.match for t in h) / len(h),
        sum(t.match for t in o) / len(o),
        match_share(h, o, fair),
    )


def _share_text(value: tuple[float, float]) -> str:
    share, half = value
    if math.isnan(share):
        return "n/a"
    if math.isnan(half):
        return f"{share:.2f}"
    return f"{share:.2f} (95% CI {share - half:.2f} .. {share + half:.2f})"


def report(c: Ceiling, b: str, deals_only: bool, out: Any = None) -> None:
    out = sys.stdout if out is None else out
    print(f"{c.game}: hard and the oracle against {b}, {c.seeds} seeds in both runs", file=out)
    for name, margin, match in ((ORACLE, c.oracle_margin, c.oracle_match), (HARD, c.hard_margin, c.hard_match)):
        matches = "" if deals_only else f"; matches {100 * match:.1f}% (fair {100 * c.fair:.1f}%)"
        print(f"  {name:6} margin per deal {margin:+.2f}{matches}", file=out)
    print(f"  hard's share of the oracle's margin: {_share_text(c.margin_share)}", file=out)
    if not deals_only:
        print(f"  hard's share of the oracle's match gain over the fair share: {_share_text(c.match_share)}", file=out)


def run(
    game: str,
    b: str,
    matches: int,
    records: Path,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    deals_only: bool = False,
    jobs: int = 2,
    play: bool = True,
    out: Any = None,
    hard_records: Path | None = None,
) -> Ceiling:
    """Play (unless ``play`` is false) what the records file lacks of the two runs, then compare
    them over the seeds ``seed`` .. of ``matches`` games each. ``hard_records`` keeps Hard's run
    in a file of its own: an arena records file of ``hard`` against ``b`` is reused as it is."""
    out = sys.stdout if out is None else out
    opts = tuple(sorted((options or {}).items()))
    n_seeds = max(1, -(-matches // arena.rotations(game)))
    wanted = range(seed, seed + n_seeds)
    groups: dict[str, dict[int, list[arena.GameRecord]]] = {}
    for a in (ORACLE, HARD):
        path = hard_records if a == HARD and hard_records is not None else records
        if play:
            arena.run(game, a, b, matches, seed=seed, options=options, deals_only=deals_only, jobs=jobs,
                      out=out, records_path=path)
        key = arena.run_key(arena.Task(game, opts, seed, a, b, deals_only))
        groups[a] = {s: g for s, g in arena.load_records(path, key).items() if s in wanted}
        if not play and groups[a]:
            arena.report(game, a, b, arena.summarize(r for g in groups[a].values() for r in g), deals_only, out)
    result = compare(game, groups[HARD], groups[ORACLE])
    report(result, b, deals_only, out)
    return result


def main(argv: list[str] | None = None) -> None:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.ceiling",
        description=doc.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", choices=(*GAME_NAMES, "all"), default="all")
    arena.add_run_arguments(parser, "normal", "the opponent of both runs")
    parser.add_argument("--records", type=Path, required=True, metavar="FILE", help="the two runs' records")
    parser.add_argument("--hard-records", type=Path, default=None, metavar="FILE",
                        help="Hard's run in its own file (an arena records file of hard against B is reused)")
    parser.add_argument("--no-play", action="store_true", help="only read the records file")
    args = parser.parse_args(argv)
    options = arena.parse_options(parser, args.option)
    games = GAME_NAMES if args.game == "all" else (args.game,)
    results = []
    for game in games:
        try:
            results.append(run(game, args.b, args.matches, args.records, args.seed, options, args.deals_only,
                               args.jobs, not args.no_play, hard_records=args.hard_records))
        except ValueError as exc:
            print(exc, file=sys.stderr)
    if len(games) > 1:
        print(f"\ngame: seeds; margin per deal oracle / hard; hard's share of the oracle's margin"
              f"{'' if args.deals_only else '; of its match gain'}")
        for c in results:
            line = f"{c.game}: {c.seeds}; {c.oracle_margin:+.2f} / {c.hard_margin:+.2f}; {_share_text(c.margin_share)}"
            if not args.deals_only:
                line += f"; {_share_text(c.match_share)}"
            print(line)


if __name__ == "__main__":
    main()
