"""What the Mus computers do at their seña turns, counted over self-play matches.

    python -m game.tools.senas_census --level hard --matches 20 [--seed 0] [--catch 20]

Every seat plays at ``--level`` with the ``senas`` option on. Each seña turn is counted by
what the hand allowed and what the seat passed: its whole set (the engine lists it first), part
of it, none although a seña fitted (withheld), ciego, or none with nothing to signal. The
figures behind "how often do the computers pass señas" in docs/ai-mus.md.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from game.ai import LEVELS, choose_action
from game.rules import get_rules

KINDS = ("whole set", "part of it", "withheld", "ciego", "none, nothing to pass")


def census(level: str, matches: int, seed: int = 0, catch: int = 20) -> Counter[str]:
    """Seña turns by kind (``KINDS``) over ``matches`` self-play matches from ``seed``."""
    rules = get_rules("mus")
    counts: Counter[str] = Counter()
    for match_seed in range(seed, seed + matches):
        state = rules.new_match(match_seed, {"senas": True, "sena_catch": catch})
        rng = random.Random(match_seed)
        while not rules.is_over(state):
            seat = rules.current_player(state)
            assert seat is not None  # a match that is not over has a player to act
            observation = rules.observation(state, seat)
            action = choose_action(rules, observation, level, rng)
            if observation.phase == "senas":
                counts[_kind(list(observation.legal_actions), action)] += 1
            state = rules.apply(state, action)
    return counts


def _kind(legal: list[str], action: str) -> str:
    fitting = [a for a in legal if a not in ("senas none", "senas ciego")]
    if action == "senas ciego":
        return "ciego"
    if action == "senas none":
        return "withheld" if fitting else "none, nothing to pass"
    return "whole set" if action == fitting[0] else "part of it"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.tools.senas_census", description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--catch", type=int, default=20, help="sena_catch: a rival's chance in 100 to catch a seña")
    args = parser.parse_args(argv)
    counts = census(args.level, args.matches, args.seed, args.catch)
    total = sum(counts.values())
    print(f"mus {args.level} self-play, {args.matches} matches from seed {args.seed}, catch {args.catch}%: "
          f"{total} seña turns")
    for kind in KINDS:
        print(f"  {kind:<22} {counts[kind]:5}  {100 * counts[kind] / max(1, total):5.1f}%")


if __name__ == "__main__":
    main()
