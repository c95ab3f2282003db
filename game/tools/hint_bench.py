"""What the hint key and the deal review cost, per game (``python -m game.tools.bench --only hint``).

- Hint latency: Hard's ``rank_actions`` against Hard's own ``choose_action`` on the same
  positions and seeds, timed alternately (the order swapped every position, so a change in the
  machine's load touches both alike). Target: the hint's p95 at most 1.2 x Hard's p95.
- A whole deal's review: the CPU seconds (one core) to rank every decision seat 0 made in a
  deal, and the longest single ranking (the review's progress bar moves once per ranking).
  Target: under 10 s a deal, and under 1 s a ranking.
- The program during a review: frame times of the real window loop (dummy display) while the
  AI worker process analyses a deal; the target is under 16.7 ms (60 frames a second).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

HINT_RATIO_TARGET = 1.2
REVIEW_SECONDS_TARGET = 10.0
FRAME_MS_TARGET = 1000 / 60


def positions(game: str, count: int, seed: int = 7) -> Iterator[Any]:
    """Observations of the seat to act with a real choice, from matches the normal player plays,
    every phase of the deal taken in turn (none more than a third of the positions)."""
    from game.ai import choose_action
    from game.rules import get_rules

    rules = get_rules(game)
    rng = random.Random(seed)
    per_phase: dict[str, int] = {}
    found = 0
    match = 0
    while found < count and match < 200:
        state = rules.new_match(seed * 1000 + match)
        match += 1
        while not rules.is_over(state) and found < count:
            seat = rules.current_player(state)
            assert seat is not None
            obs = rules.observation(state, seat)
            phase = str(obs.phase)
            if len(obs.legal_actions) > 1 and per_phase.get(phase, 0) < count // 3 + 1 and rng.random() < 0.3:
                per_phase[phase] = per_phase.get(phase, 0) + 1
                found += 1
                yield obs
            state = rules.apply(state, choose_action(rules, obs, "easy" if seat else "normal", rng))


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def hint_latency(game: str, count: int) -> dict[str, float]:
    """Milliseconds of Hard's decision and of Hard's ranking (the hint) on ``count`` positions."""
    from game.ai import choose_action, rank_actions
    from game.rules import get_rules

    rules = get_rules(game)
    choose_ms: list[float] = []
    rank_ms: list[float] = []
    for i, obs in enumerate(positions(game, count)):
        jobs = [(choose_ms, choose_action), (rank_ms, rank_actions)]
        for times, job in jobs if i % 2 == 0 else jobs[::-1]:
            start = time.perf_counter()
            job(rules, obs, "hard", random.Random(i))
            times.append((time.perf_counter() - start) * 1000)
    return {
        "positions": len(rank_ms),
        "hard_p50": statistics.median(choose_ms), "hard_p95": _quantile(choose_ms, 0.95), "hard_max": max(choose_ms),
        "hint_p50": statistics.median(rank_ms), "hint_p95": _quantile(rank_ms, 0.95), "hint_max": max(rank_ms),
    }


def first_deal_record(game: str, seed: int) -> Any:
    """A match whose first deal is over: seat 0 played by easy (a learner), the others by normal."""
    from game.ai import choose_action
    from game.app.match import Match

    match = Match(game, seed, {})
    rng = random.Random(seed)
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        obs = match.observation(seat)
        before = obs.last_deal
        match.apply(choose_action(match.rules, obs, "easy" if seat == 0 else "normal", rng))
        if match.observation(seat).last_deal not in (None, before):
            break
    return match


def review_cost(game: str, deals: int) -> dict[str, float]:
    """CPU seconds to review seat 0's decisions in each of ``deals`` first deals."""
    from game.ai import rank_actions
    from game.app.review import DealReplay
    from game.rules import get_rules

    rules = get_rules(game)
    per_deal: list[float] = []
    longest = 0.0
    decisions = 0
    for k in range(deals):
        match = first_deal_record(game, 100 + k)
        replay = DealReplay(game, match.seed, match.options, match.steps, 0)
        total = 0.0
        for decision in replay.run():
            start = time.process_time()
            rank_actions(rules, decision.observation, "hard", random.Random(decision.seed))
            spent = time.process_time() - start
            total += spent
            longest = max(longest, spent)
            decisions += 1
        per_deal.append(total)
    return {"deals": deals, "decisions": decisions / max(1, deals), "mean_s": statistics.mean(per_deal),
            "max_s": max(per_deal), "longest_ranking_s": longest}


KEY_EVERY_FRAMES = 6  # a key a tenth of a second: faster than a person reads, so a hard case


def _review_walk() -> list[int]:
    import pygame

    return [pygame.K_DOWN, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_ESCAPE,
            pygame.K_UP]


def review_frames(game: str, seconds_limit: float = 60.0) -> dict[str, float]:
    """Frame times of the real loop (dummy display, AI worker process) while a deal is reviewed,
    and the longest wait between two moves of the progress bar."""
    import pygame

    from game.app import cli
    from game.app.app import App
    from game.app.settings import Settings
    from game.scenes.review import ReviewScene
    from game.scenes.shell import Shell
    from game.scenes.table import TableScene
    from game.tools.bench import _scratch_home

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["DOS_CARDS_HOME"] = _scratch_home()
    app = App(cli.parse(["--game", game, "--seed", "5"]), Settings.load(), Shell())
    app.start()
    app.settings.values["play"]["delay"] = 0.0
    app.settings.values[game]["level"] = "normal"
    app.demo = True  # the computer plays the first deal for every seat
    clock = pygame.time.Clock()
    deadline = time.perf_counter() + seconds_limit
    table = app.stack.top
    while time.perf_counter() < deadline:
        app.update(1 / 60)
        app.render()  # the deal is watched, as a player would, so the screen is warm as in play
        table = app.stack.top
        if isinstance(table, TableScene) and table.panel is not None and table.panel.review:
            break
    assert isinstance(table, TableScene) and table.panel is not None, f"{game}: no deal ended in time"
    app.demo = False
    # The demo's choices for the player's seat are reviewed as his (F2's are left out of a
    # review, which would then have nothing to walk).
    table.computer_steps.clear()
    table.open_review()
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    frames: list[float] = []
    last_move = time.perf_counter()
    gaps: list[float] = []
    done = -1
    keys = _review_walk() * 4
    frame = 0
    while time.perf_counter() < deadline:
        clock.tick(60)
        frame += 1
        if review.ready and frame % KEY_EVERY_FRAMES == 0 and keys:
            # A player walks the review while it works: list, table, steps, and back, so the
            # whole-screen changes between the views are among the frames measured.
            key = keys.pop(0)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))  # pressed, not held
        start = time.perf_counter()
        for event in pygame.event.get():
            app.handle_event(event)
        app.update(1 / 60)
        app.render()
        frames.append((time.perf_counter() - start) * 1000)
        if review.analysed != done:
            now = time.perf_counter()
            if done >= 0:
                gaps.append(now - last_move)
            done, last_move = review.analysed, now
        assert review in app.stack.scenes, f"{game}: the walk left the review"
        if review.ready and review.analysed == len(review.decisions) and not keys:
            break
    app.shutdown()
    return {"decisions": len(review.decisions), "frames": len(frames), "frame_p99_ms": _quantile(frames, 0.99),
            "frame_max_ms": max(frames), "longest_gap_s": max(gaps, default=0.0)}


PARTS = ("latency", "review", "frames")


def report(positions_per_game: int = 60, deals: int = 3, parts: tuple[str, ...] = PARTS) -> None:
    """Print every figure beside its target, with the machine's speed (the bench's reference engine)."""
    from game.registry import GAME_NAMES
    from game.tools.bench import time_reference

    speed = time_reference(1.0)
    print(f"hint and review: machine speed {speed:,.0f} reference deals/s (the bench's reference engine, 1 s)")
    if "latency" in parts:
        _latency_table(GAME_NAMES, positions_per_game)
    if "review" in parts:
        print(f"deal review, CPU of one core (target < {REVIEW_SECONDS_TARGET:.0f} s a deal, < 1 s a ranking):")
        for game in GAME_NAMES:
            r = review_cost(game, deals)
            print(f"  {game:<11} {r['decisions']:.1f} decisions a deal: mean {r['mean_s']:.2f} s,"
                  f" max {r['max_s']:.2f} s; longest ranking {r['longest_ranking_s']:.2f} s")
    if "frames" in parts:
        print(f"frames while a deal is reviewed (worker process; target < {FRAME_MS_TARGET:.1f} ms):")
        for game in GAME_NAMES:
            f = review_frames(game)
            print(f"  {game:<11} {f['decisions']} decisions, {f['frames']} frames: p99 {f['frame_p99_ms']:.2f} ms,"
                  f" max {f['frame_max_ms']:.2f} ms; progress bar moved at least every {f['longest_gap_s']:.2f} s")


def _latency_table(games: tuple[str, ...], positions_per_game: int) -> None:
    print(f"{'game':<11}{'hard p50':>9}{'p95':>8}{'max':>8}{'hint p50':>10}{'p95':>8}{'max':>8}{'p95 x':>7}"
          f"{'target':>8}   ms")
    for game in games:
        f = hint_latency(game, positions_per_game)
        ratio = f["hint_p95"] / f["hard_p95"]
        print(f"{game:<11}{f['hard_p50']:>9.1f}{f['hard_p95']:>8.1f}{f['hard_max']:>8.1f}{f['hint_p50']:>10.1f}"
              f"{f['hint_p95']:>8.1f}{f['hint_max']:>8.1f}{ratio:>7.2f}{HINT_RATIO_TARGET:>8.2f}")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game.tools.hint_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=PARTS, action="append", help="only this part (repeatable)")
    parser.add_argument("--positions", type=int, default=60, help="positions per game for the latency")
    ns = parser.parse_args()
    report(ns.positions, parts=tuple(ns.part or PARTS))
