"""Performance benchmark: prints figures, each beside a reference measured in the same run.

    python -m game.tools.bench                 # everything (about a minute)
    python -m game.tools.bench --only rules    # rules throughput and per-call costs only
    python -m game.tools.bench --only hint     # the hint key's latency and the deal review's cost

Figures:
- rules throughput: random legal playouts through the public API (actions/s, deals/s), and
  the same as a fraction of a small reference engine (a 4-player follow-suit random
  playout written plainly here) timed in the same run, in slices alternating with the game's;
- apply and determinize cost per call (median microseconds);
- the hint's latency against Hard's own decisions, a deal review's CPU time and the frame
  times while it runs (``game.tools.hint_bench``);
- cold start to an interactive menu (``--skip-intro``), frame time p50/p99/max at a table
  while the computer thinks in its worker process, CPU use while idle at a table, and the
  peak memory of the app and of the AI worker.
Machines are noisy: compare ratios, not absolute numbers, and run twice.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any


# ---- the reference engine ----
def reference_deal(rng: random.Random) -> int:
    """One 4-player deal of 13 tricks: follow suit if able, highest of the led suit wins."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[i::4] for i in range(4)]
    leader = 0
    actions = 0
    for _ in range(13):
        led_suit = -1
        best, winner = -1, leader
        for k in range(4):
            seat = (leader + k) % 4
            hand = hands[seat]
            options = [c for c in hand if c // 13 == led_suit] if led_suit >= 0 else hand
            card = rng.choice(options or hand)
            hand.remove(card)
            actions += 1
            if led_suit < 0:
                led_suit = card // 13
            if card // 13 == led_suit and card > best:
                best, winner = card, seat
        leader = winner
    return actions


def time_reference(seconds: float, rng: random.Random | None = None) -> float:
    """Reference deals per second over ``seconds``."""
    rng = rng or random.Random(1)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        reference_deal(rng)
        deals += 1
    return deals / (time.perf_counter() - start)


# ---- the rules through the API ----
def time_playouts(game: str, seconds: float, rng: random.Random | None = None) -> tuple[float, float]:
    """(deals per second, actions per second) of random legal playouts through the API."""
    from game.rules import get_rules

    rules = get_rules(game)
    rng = rng or random.Random(2)
    actions = deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rules.new_match(rng.randrange(1 << 30))
        while not rules.is_over(state) and time.perf_counter() - start < seconds:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
            actions += 1
        # Deals played in this match: its deal number (a partial last deal counts as done,
        # a bias of under one deal per timed run).
        deals += rules.observation(state, 0).deal_number
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def compare_with_reference(game: str, seconds: float, slices: int = 10) -> dict[str, float]:
    """The game's random playouts and the reference engine timed in alternating slices of
    ``seconds / slices`` each. The ratio is the median of the slices' ratios, so a change in
    the machine's load during the run moves both sides of each ratio alike; the rates are the
    medians of the slices' rates."""
    ref_rng, game_rng = random.Random(1), random.Random(2)
    refs: list[float] = []
    deals: list[float] = []
    actions: list[float] = []
    ratios: list[float] = []
    for _ in range(slices):
        refs.append(time_reference(seconds / slices, ref_rng))
        game_deals, game_actions = time_playouts(game, seconds / slices, game_rng)
        deals.append(game_deals)
        actions.append(game_actions)
        ratios.append(game_deals / refs[-1])
    median = statistics.median
    return {"reference": median(refs), "deals": median(deals), "actions": median(actions), "ratio": median(ratios)}


def time_calls(game: str, samples: int = 300) -> tuple[float, float]:
    """Median microseconds of ``apply`` and of ``determinize`` on positions of random play."""
    from game.rules import get_rules

    rules = get_rules(game)
    rng = random.Random(3)
    applies: list[float] = []
    determinizes: list[float] = []
    while len(applies) < samples:
        state = rules.new_match(rng.randrange(1 << 30))
        for _ in range(rng.randrange(1, 60)):
            if rules.is_over(state):
                break
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        if rules.is_over(state):
            continue
        action = rng.choice(rules.legal_actions(state))
        t = time.perf_counter()
        rules.apply(state, action)
        applies.append((time.perf_counter() - t) * 1e6)
        seat = rules.current_player(state)
        assert seat is not None
        obs = rules.observation(state, seat)
        t = time.perf_counter()
        rules.determinize(obs, rng)
        determinizes.append((time.perf_counter() - t) * 1e6)
    return statistics.median(applies), statistics.median(determinizes)


# ---- the program ----
START_PROBE = """
import os, sys, time
t0 = float(sys.argv[1])
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from game.app import cli
from game.app.app import App
from game.app.settings import Settings
from game.scenes.shell import Shell
app = App(cli.parse(["*"]), Settings.load(), Shell())
app.start()
app.render()
print(time.time() - t0)
app.shutdown()
"""


def cold_start(runs: int = 3) -> float:
    """Seconds from launching Python to the first drawn menu (median of ``runs``)."""
    times = []
    env = {**os.environ, "DOS_CARDS_HOME": _scratch_home()}
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", START_PROBE, repr(time.time())], capture_output=True,
                             text=True, env=env, check=True)
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


def _scratch_home() -> str:
    from game.tools.headless import scratch_home

    return str(scratch_home("dos-cards-bench-"))


def _peak_kb(pid: int | str = "self") -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def program_figures(seconds: float) -> dict[str, Any]:
    """Frame times while the AI thinks (worker process), idle CPU at a table, peak memory."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["DOS_CARDS_HOME"] = _scratch_home()
    import pygame

    from game.app import cli
    from game.app.app import App
    from game.app.settings import Settings
    from game.scenes.shell import Shell
    from game.scenes.table import TableScene

    app = App(cli.parse(["--game", "klaberjass", "--seed", "5"]), Settings.load(), Shell())
    app.start()
    level = os.environ.get("BENCH_LEVEL", "hard")
    app.settings.values["klaberjass"]["level"] = level
    app.settings.values["play"]["delay"] = 0.0
    app.demo = True  # the computer plays both seats, so it is always thinking
    clock = pygame.time.Clock()
    frames: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        clock.tick(60)
        t = time.perf_counter()
        for event in pygame.event.get():
            app.handle_event(event)
        table = app.stack.top
        if isinstance(table, TableScene) and table.panel is not None:
            table.close_panel()  # keep playing through summaries
        app.update(1 / 60)
        app.render()
        frames.append((time.perf_counter() - t) * 1000)
    worker_pid = app.ai._proc.pid if app.ai._proc is not None else None
    worker_peak = _peak_kb(worker_pid) if worker_pid else None
    # Idle: a table waiting for the human, the real loop's pacing.
    app.demo = False
    settle = time.perf_counter() + 10.0
    while (app.active_seconds > 0 or not getattr(app.stack.top, "human_to_act", True)) and time.perf_counter() < settle:
        app.run_once(clock)  # let the computer finish its move and the screen go quiet
    idle_cpu_start, idle_wall_start = time.process_time(), time.perf_counter()
    idle_end = idle_wall_start + min(seconds, 5.0)
    while time.perf_counter() < idle_end:
        app.run_once(clock)
    idle = (time.process_time() - idle_cpu_start) / (time.perf_counter() - idle_wall_start)
    app.shutdown()
    frames.sort()
    return {
        "level": level,
        "frames": len(frames),
        "frame_p50_ms": frames[len(frames) // 2],
        "frame_p99_ms": frames[int(len(frames) * 0.99)],
        "frame_max_ms": frames[-1],
        "idle_cpu_percent": idle * 100,
        "app_peak_mb": (_peak_kb() or 0) / 1024,
        "worker_peak_mb": None if worker_peak is None else worker_peak / 1024,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("rules", "program", "hint"))
    parser.add_argument("--seconds", type=float, default=3.0, help="time per throughput figure")
    ns = parser.parse_args(argv)
    if ns.only in (None, "rules"):
        print("rules throughput: random legal playouts through the API, each game timed in 10 slices")
        print("alternating with the reference engine (a 4-player follow-suit random playout)")
        print(f"{'game':<11}{'ref deals/s':>12}{'deals/s':>10}{'actions/s':>12}{'x ref':>8}{'target':>8}"
              f"{'apply us':>10}{'determinize us':>16}")
        from game.registry import GAMES

        for entry in GAMES:
            game = entry.name
            figures = compare_with_reference(game, ns.seconds)
            apply_us, determinize_us = time_calls(game)
            print(f"{game:<11}{figures['reference']:>12,.0f}{figures['deals']:>10,.0f}{figures['actions']:>12,.0f}"
                  f"{figures['ratio']:>8.2f}{entry.speed_target:>8.2f}{apply_us:>10.1f}{determinize_us:>16.1f}")
    if ns.only in (None, "program"):
        print(f"cold start to the menu (--skip-intro): {cold_start():.2f} s")
        figures = program_figures(max(ns.seconds, 5.0))
        print(f"frames while the AI thinks ({figures['level']}, worker process): {figures['frames']} frames, "
              f"p50 {figures['frame_p50_ms']:.2f} ms, p99 {figures['frame_p99_ms']:.2f} ms, "
              f"max {figures['frame_max_ms']:.2f} ms")
        print(f"idle at a table: {figures['idle_cpu_percent']:.1f}% of one core")
        worker = figures["worker_peak_mb"]
        print(f"peak memory: app {figures['app_peak_mb']:.0f} MB, AI worker "
              f"{'n/a' if worker is None else f'{worker:.0f} MB'}")
    if ns.only in (None, "hint"):
        from game.tools import hint_bench

        hint_bench.report()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
