"""The arena's oracle (docs/oracle.md): Hard's search given the true deal, for the arena only.

It is no level a player can choose; where open hands is its mechanism it decides exactly as Hard
does on an open-hands observation, and otherwise its search sees exactly the true hands; in the
arena only its own seats read the open match, every other seat gets its ordinary observation;
and a tiny arena run with it completes in every game."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.ai import LEVELS, choose_action, rank_actions
from game.ai import jubmoo as jubmoo_ai
from game.ai import lukfu as lukfu_ai
from game.ai import mus as mus_ai
from game.ai.jubmoo_search import search as jubmoo_search
from game.ai.oracle import ORACLE, choose_oracle, in_step, true_options
from game.registry import GAME_NAMES
from game.rules import get_rules
from game.tools import arena
from tests.ai.positions import mus_deal, mus_play

ROOT = Path(__file__).resolve().parents[2]


def _matches_in_step(game: str, seed: int, options: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(real state, open state) before every decision with a choice in a match of easy players."""
    rules = get_rules(game)
    real = rules.new_match(seed, options)
    true = rules.new_match(seed, true_options(options))
    rng = random.Random(seed)
    out = []
    while not rules.is_over(real) and len(out) < 400:
        seat = rules.current_player(real)
        assert seat is not None
        obs = rules.observation(real, seat)
        if len(obs.legal_actions) > 1:
            out.append((real, true))
        action = choose_action(rules, obs, "easy", rng)
        real, true = rules.apply(real, action), rules.apply(true, action)
    return out


# ---------------------------------------------------------------------------------------------
# Not a level
# ---------------------------------------------------------------------------------------------


def test_the_oracle_is_no_level_a_player_can_choose() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert ORACLE not in registry.LEVELS and ORACLE.title() not in registry.LEVEL_NAMES
    for game in GAME_NAMES:
        assert ORACLE not in registry.option_specs(game)["level"].choices
    rules = get_rules("jubmoo")
    state = rules.new_match(1)
    obs = rules.observation(state, rules.current_player(state))
    with pytest.raises(ValueError):
        choose_action(rules, obs, ORACLE, random.Random(0))
    with pytest.raises(ValueError):
        rank_actions(rules, obs, ORACLE, random.Random(0))


def test_nothing_a_player_reaches_imports_the_oracle() -> None:
    for folder in ("game/app", "game/scenes", "game/screen"):
        for path in (ROOT / folder).rglob("*.py"):
            assert "oracle" not in path.read_text(encoding="utf-8"), path
    assert ORACLE in arena.PLAYERS


def test_the_oracle_refuses_a_match_played_without_open_hands() -> None:
    rules = get_rules("klaberjass")
    state = rules.new_match(4)
    with pytest.raises(ValueError, match="open_hands"):
        choose_oracle(rules, state, rules.current_player(state), random.Random(0))


# ---------------------------------------------------------------------------------------------
# What it knows
# ---------------------------------------------------------------------------------------------


class _Spy:
    """A game's rules that record every world ``determinize`` hands out."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.worlds: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def determinize(self, observation: Any, rng: random.Random) -> Any:
        world = self.rules.determinize(observation, rng)
        self.worlds.append(world)
        return world


@pytest.mark.parametrize("game", ["klaberjass", "jubmoo"])
def test_where_open_hands_is_the_mechanism_the_oracle_is_hard_on_the_open_observation(game: str) -> None:
    rules = get_rules(game)
    checked = searched = 0
    for seed in (2, 3):
        for k, (real, true) in enumerate(_matches_in_step(game, seed, {})[:40]):
            seat = rules.current_player(real)
            spy = _Spy(rules)
            action = choose_oracle(spy, true, seat, random.Random(k))
            open_obs = rules.observation(true, seat)
            if game == "jubmoo":  # hard's search with the oracle's noisy playouts of the true deal
                expected = jubmoo_ai.choose(rules, open_obs, "hard", random.Random(k), jubmoo_ai.ORACLE_BUDGET)
            else:
                expected = choose_action(rules, open_obs, "hard", random.Random(k))
            assert action == expected
            # every world its search drew holds the cards where they really are
            for world in spy.worlds:
                assert all(rules.hand(world, s) == rules.hand(real, s) for s in range(rules.num_players))
            searched += bool(spy.worlds)
            checked += 1
    assert checked == 80
    if game == "klaberjass":
        assert searched  # its card play draws the one true world through determinize
    else:
        assert not searched  # Jub Moo's search plays the observation's hands, never a drawn world


def test_the_jub_moo_oracle_plays_the_true_deal_out_many_times_with_noise() -> None:
    """One deterministic playout of the true deal is no ceiling: the oracle plays it out as many
    times as hard plays worlds (within hard's playing budget), each time with random cards."""
    rules = get_rules("jubmoo")
    budget = jubmoo_ai.ORACLE_BUDGET
    assert 0.0 < budget.noise < 1.0 and budget.worlds == jubmoo_ai.BUDGETS["hard"].worlds
    for real, true in _matches_in_step("jubmoo", 4, {})[:30]:
        seat = rules.current_player(real)
        obs = rules.observation(true, seat)
        if len(obs.legal_actions) < 2 or "continue" in obs.legal_actions:
            continue
        noisy = jubmoo_search(rules, obs, random.Random(1), budget)
        plain = jubmoo_search(rules, obs, random.Random(1), jubmoo_ai.BUDGETS["hard"])
        assert plain.worlds == 1 and noisy.worlds > 1
        assert budget.min_worlds <= noisy.worlds <= budget.worlds
        assert noisy == jubmoo_search(rules, obs, random.Random(1), budget)  # reproducible from the rng
        return
    raise AssertionError("no choice found")


def test_the_luk_fu_oracle_searches_the_true_deal_with_honest_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules("lukfu")
    seen: list[Any] = []
    real_evaluate = lukfu_ai.evaluate

    def evaluate(*args: Any) -> Any:
        seen.append((args[5], args[-1]))  # the playout policy and the true deal
        return real_evaluate(*args)

    monkeypatch.setattr(lukfu_ai, "evaluate", evaluate)
    positions = _matches_in_step("lukfu", 5, {"deals": 1})[:12]
    for k, (real, true) in enumerate(positions):
        seen.clear()
        spy = _Spy(rules)
        action = choose_oracle(spy, true, rules.current_player(real), random.Random(k))
        assert action in rules.legal_actions(real)
        assert not spy.worlds  # no world is drawn: every one is the true deal
        if seen:
            policy, truth = seen[0]
            assert truth is true
            assert policy in (None, lukfu_ai.honest_move)
    # the playouts' players see only their own view, as in the real match
    for k, (real, true) in enumerate(_matches_in_step("lukfu", 6, {"deals": 1})):
        if rules.observation(real, rules.current_player(real)).phase == "play":
            assert lukfu_ai.honest_move(rules, true, random.Random(k)) == lukfu_ai.easy_move(
                rules, real, random.Random(k))


# Seat 1 answers an órdago at Grande holding two kings; only the hidden hands decide the lance.
_SEAT1 = ["Ro", "Rc", "Cc", "4b"]
_LOSES = [["Re", "Rb", "3o", "3c"], _SEAT1, ["4o", "5c", "6e", "7b"], ["4c", "5e", "6o", "7c"]]
_WINS = [["4o", "5c", "6e", "7b"], _SEAT1, ["4c", "5e", "6o", "7c"], ["Ab", "Ae", "2o", "2c"]]


def test_the_mus_oracle_bets_on_the_true_hands_where_hard_cannot_tell(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules("mus")
    worlds: list[list[tuple[int, int, int, int]]] = []
    real_worlds = mus_ai._View.worlds

    def spy(view: Any, n: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
        out: list[tuple[int, int, int, int]] = real_worlds(view, n, rng)
        worlds.append(out)
        return out

    monkeypatch.setattr(mus_ai._View, "worlds", spy)
    answers = {}
    for name, hands in (("loses", _LOSES), ("wins", _WINS)):
        plain = mus_play(mus_deal(hands), "cut", "ordago")
        true = mus_play(mus_deal(hands, open_hands=True), "cut", "ordago")
        assert rules.current_player(true) == 1
        hard = {choose_action(rules, rules.observation(plain, 1), "hard", random.Random(k)) for k in range(5)}
        worlds.clear()
        answers[name] = {choose_oracle(rules, true, 1, random.Random(k)) for k in range(5)}
        kind = mus_ai.hand_kind(True)
        truth = tuple(kind.of_cards([mus_ai.CARD_INDEX[c] for c in h]) for h in hands)
        assert worlds and all(w == truth for batch in worlds for w in batch)
        answers["hard " + name] = hard
    assert answers == {"loses": {"no-quiero"}, "wins": {"quiero"}, "hard loses": answers["hard wins"],
                       "hard wins": answers["hard wins"]}


def test_the_mus_oracle_takes_its_sena_turn_legally_on_the_true_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules("mus")
    hands = [["Sc", "Se", "4o", "7b"], ["6o", "6c", "Rb", "4c"], ["Co", "Cc", "5o", "5c"], ["7o", "7c", "Ae", "5e"]]
    state = mus_play(mus_deal(hands, senas=True, open_hands=True), "cut")
    kind = mus_ai.hand_kind(True)
    truth = tuple(kind.of_cards([mus_ai.CARD_INDEX[c] for c in h]) for h in hands)
    worlds: list[tuple[int, int, int, int]] = []
    real_worlds = mus_ai._View.worlds

    def spy(view: Any, n: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
        out: list[tuple[int, int, int, int]] = real_worlds(view, n, rng)
        worlds.extend(out)
        return out

    monkeypatch.setattr(mus_ai._View, "worlds", spy)
    turns = 0
    while rules.observation(state, 0).phase == "senas":
        seat = rules.current_player(state)
        action = choose_oracle(rules, state, seat, random.Random(seat))
        assert action in rules.legal_actions(state)
        state = rules.apply(state, action)
        turns += 1
    assert turns == 4
    assert len(worlds) == 4 * mus_ai.BUDGETS["hard"].sena_worlds and set(worlds) == {truth}


# ---------------------------------------------------------------------------------------------
# The arena
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_in_the_arena_only_the_oracle_reads_the_open_match(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    steps: list[tuple[str, Any, str]] = []
    real_decide, real_oracle = arena.decide, arena.choose_oracle

    def decide(player: str, rules: Any, observation: Any, rng: random.Random) -> str:
        action = real_decide(player, rules, observation, rng)
        steps.append((player, observation, action))
        return action

    def oracle(rules: Any, state: Any, seat: int, rng: random.Random) -> str:
        action = real_oracle(rules, state, seat, rng)
        steps.append((ORACLE, rules.observation(state, seat), action))
        return action

    monkeypatch.setattr(arena, "decide", decide)
    monkeypatch.setattr(arena, "choose_oracle", oracle)
    arena.play_game(game, {}, 11, 1, ORACLE, "easy", deals_only=True)
    rules = get_rules(game)
    state = rules.new_match(11, {})
    oracle_seats = set(arena.a_seats(game, 1))
    for player, observation, action in steps:
        seat = rules.current_player(state)
        if player == ORACLE:
            assert seat in oracle_seats and observation.seat == seat
            assert dict(observation.options)["open_hands"] is True
        else:
            assert seat not in oracle_seats
            assert observation == rules.observation(state, seat)  # its own view of the real match
        state = rules.apply(state, action)
    assert {p for p, _, _ in steps} == {ORACLE, "easy"}


def test_the_open_match_stays_in_step_with_the_real_one() -> None:
    for game in GAME_NAMES:
        rules = get_rules(game)
        pairs = _matches_in_step(game, 8, {})
        assert pairs and all(in_step(rules, real, true) for real, true in pairs)
    rules = get_rules("jubmoo")
    real = rules.new_match(1)
    other = rules.new_match(2, true_options({}))
    assert not in_step(rules, real, other)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_tiny_arena_run_of_the_oracle_against_normal_completes(game: str) -> None:
    out = io.StringIO()
    summary = arena.run(game, ORACLE, "normal", 1, seed=21, deals_only=True, jobs=1, out=out)
    assert summary.games == arena.rotations(game)
    assert summary.deals >= 1
    assert f"{game}: A = oracle against B = normal" in out.getvalue()


def test_the_oracle_runs_from_the_command_line_with_jobs_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "oracle.jsonl"
    argv = ["--game", "mus", "--a", "oracle", "--b", "normal", "--matches", "4", "--seed", "30", "--deals-only",
            "--jobs", "2", "--records", str(path)]
    arena.main(argv)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [line["run"]["a"] for line in lines] == [ORACLE, ORACLE]
    first = capsys.readouterr().out
    arena.main(argv)
    again = capsys.readouterr().out
    assert "4 games already recorded" in again
    assert first.splitlines()[1:4] == again.splitlines()[2:5]
