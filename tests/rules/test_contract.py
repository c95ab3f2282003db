"""The rules contract of API.md, checked once for every engine.

Every test runs over every game of ``GAMES``. Random matches are played with the option
mixes of ``random_options(rng)`` in each game's ``tests/rules/test_<game>_properties.py``;
those files keep what only that game promises (cards conserved, scoring, the deductions
``determinize`` must respect), this one what every game promises:

- ``RULES`` satisfies the ``Rules`` protocol (mypy checks ``TYPED`` below: this file is in
  pyproject's mypy ``files``) and its observations have the ``Observation`` members;
- ``new_match``: missing keys take the defaults, an unknown key or a bad value raises
  ValueError naming the key, the seed alone decides the match;
- while a match is not over, ``current_player`` is a seat and ``legal_actions`` is never
  empty, has no duplicates and keeps its order; once over, None and empty;
- ``apply`` never changes its input, and raises IllegalAction (a ValueError) with a reason
  for an action that is not legal; ``parse_action(s, action_text(a)) == a``, lower case
  too, and text that names no legal action raises ValueError;
- observations: equal for equal states, hashable, the seat's own hand and scores, every
  seat's hand size, the legal actions for the seat to act only, and no card of another
  hand unless that card is public (seen by every other seat) or ``open_hands`` is on;
- ``determinize``: ``observation(world, seat) == observation``, the same world for the
  same generator, a world that plays on;
- ``replay``: offered to seat 0 after every settled deal when on (never when off), it
  restores the deal's start and scores; ``set_option`` changes only ``replay``;
- a match is fully described by (game, options, seed, action texts): replaying the texts
  gives the same final state.
"""

from __future__ import annotations

import dataclasses
import importlib
import pickle
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.registry import GAME_NAMES
from game.rules import IllegalAction, Observation, Rules, get_rules, jubmoo, klaberjass, lukfu, mus

GAMES: tuple[str, ...] = GAME_NAMES  # the games under contract: every game of the registry

# mypy checks every game's RULES against the Rules protocol here (and so every observation
# class against Observation, and every DealSummary against DealRecord).
TYPED: tuple[Rules, ...] = (klaberjass.RULES, jubmoo.RULES, mus.RULES, lukfu.RULES)

MATCHES = 1000  # random matches per game in the slow run
QUICK_MATCHES = 12  # ... and in the quick one
STEP_LIMIT = 5000
BAD_VALUE = "no such value"  # no option of any game takes this string

Options = dict[str, Any]


def random_options(game: str) -> Callable[[random.Random], Options]:
    """The game's own option mixes for random matches (see the module docstring)."""
    found: Callable[[random.Random], Options] = importlib.import_module(
        f"tests.rules.test_{game}_properties"
    ).random_options
    return found


# ---------------------------------------------------------------------------------------------
# The game object and its options
# ---------------------------------------------------------------------------------------------


def _protocol_members(proto: type) -> set[str]:
    return {m for m in (*vars(proto), *proto.__annotations__) if not m.startswith("_")}


def _seat_keys(rules: Rules) -> list[str]:
    """The option that fixes who deals, leads or is mano first: None (drawn) or a seat."""
    return [k for k, v in rules.default_options().items() if k.startswith("first_") and v is None]


def test_every_game_is_type_checked() -> None:
    assert sorted(r.name for r in TYPED) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_rules_object_has_every_member(game: str) -> None:
    rules = get_rules(game)
    assert importlib.import_module(f"game.rules.{game}").RULES is rules
    for member in _protocol_members(Rules):
        assert hasattr(rules, member), member
    assert rules.name == game and isinstance(rules.title, str) and rules.title
    state = rules.new_match(1)
    assert len(rules.match_scores(state)) == rules.num_players
    obs = rules.observation(state, 0)
    for member in _protocol_members(Observation):
        assert hasattr(obs, member), member
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize("game", GAMES)
def test_default_options(game: str) -> None:
    rules = get_rules(game)
    defaults = rules.default_options()
    assert defaults["open_hands"] is False and defaults["replay"] is False
    assert len(_seat_keys(rules)) == 1, "one first_* key fixes who starts (None: drawn)"
    defaults["replay"] = True
    assert rules.default_options()["replay"] is False, "default_options returns a fresh dict"
    state = rules.new_match(7)
    assert rules.new_match(7, {}) == state == rules.new_match(7, rules.default_options()) == rules.new_match(7)
    assert dict(rules.observation(state, 0).options) == rules.default_options()


@pytest.mark.parametrize("game", GAMES)
def test_given_options_are_kept_and_the_dict_is_not_changed(game: str) -> None:
    rules = get_rules(game)
    for key, value in rules.default_options().items():
        if isinstance(value, bool):
            options = {key: not value}
            state = rules.new_match(3, options)
            assert options == {key: not value}
            assert dict(rules.observation(state, 0).options)[key] is (not value)


@pytest.mark.parametrize("game", GAMES)
def test_unknown_option_raises_naming_the_key(game: str) -> None:
    with pytest.raises(ValueError, match="no_such_option"):
        get_rules(game).new_match(1, {"no_such_option": True})


@pytest.mark.parametrize("game", GAMES)
def test_bad_option_values_raise_naming_the_key(game: str) -> None:
    rules = get_rules(game)
    for key, default in rules.default_options().items():
        bad: list[object] = [BAD_VALUE, 1.5, [default]]
        if isinstance(default, bool):
            bad += [0, 1, None]
        elif isinstance(default, int):
            bad += [True, False]
        if key in _seat_keys(rules):
            bad += [-1, rules.num_players, True]
        for value in bad:
            with pytest.raises(ValueError, match=key):
                rules.new_match(1, {key: value})


@pytest.mark.parametrize("game", GAMES)
def test_a_deck_that_is_not_a_deck_raises(game: str) -> None:
    rules = get_rules(game)
    for deck in ([], ["bogus"], rules.hand(rules.new_match(1), 0)):
        with pytest.raises(ValueError):
            rules.new_match(1, deck=deck)


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_decides_the_match(game: str) -> None:
    rules = get_rules(game)
    starts = {pickle.dumps(rules.new_match(seed)) for seed in range(8)}
    assert len(starts) > 1
    assert rules.new_match(5) == rules.new_match(5)


@pytest.mark.parametrize("game", GAMES)
def test_set_option_changes_only_replay(game: str) -> None:
    rules = get_rules(game)
    state = rules.new_match(2)
    snapshot = pickle.dumps(state)
    for key in [*rules.default_options(), "no_such_option"]:
        if key != "replay":
            with pytest.raises(ValueError, match=key):
                rules.set_option(state, key, rules.default_options().get(key))
    with pytest.raises(ValueError, match="replay"):
        rules.set_option(state, "replay", BAD_VALUE)
    on = rules.set_option(state, "replay", True)
    assert_unchanged(state, snapshot)
    assert dict(rules.observation(on, 0).options)["replay"] is True
    assert rules.legal_actions(on) == rules.legal_actions(state)
    assert [rules.hand(on, s) for s in range(rules.num_players)] == [
        rules.hand(state, s) for s in range(rules.num_players)
    ]


# ---------------------------------------------------------------------------------------------
# Random matches: every invariant at every step (the costly ones at sampled steps)
# ---------------------------------------------------------------------------------------------


def _strings(value: object, out: list[str]) -> list[str]:
    """Every string anywhere in an observation (its cards are among their words)."""
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            if type(item) is not int:  # most items are: skip them fast
                _strings(item, out)
    elif isinstance(value, dict):
        for item in value.values():
            _strings(item, out)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _strings(getattr(value, f.name), out)
    return out


def _words(obs: Observation) -> set[str]:
    return set(re.findall(r"\w+", " ".join(_strings(obs, []))))


def check_observations(rules: Rules, state: Any, hidden: bool) -> None:
    """Every seat's observation; with ``hidden``, also where the other hands' cards show."""
    n = rules.num_players
    actor = rules.current_player(state)
    legal = tuple(rules.legal_actions(state))
    hands = [rules.hand(state, seat) for seat in range(n)]
    scores = rules.match_scores(state)
    observations = [rules.observation(state, seat) for seat in range(n)]
    for seat, obs in enumerate(observations):
        again = rules.observation(state, seat)
        assert obs == again and hash(obs) == hash(again)
        assert obs.seat == seat and obs.hand == hands[seat]
        assert obs.hand_sizes == tuple(len(h) for h in hands)
        assert obs.scores == scores and obs.current_player == actor
        assert obs.legal_actions == (legal if seat == actor else ())
    if not hidden:
        return
    open_hands = dict(observations[0].options)["open_hands"]
    seen = [_words(obs) for obs in observations]
    for owner in range(n):
        for seat in range(n):
            if seat == owner:
                continue
            if open_hands:
                assert set(hands[owner]) <= seen[seat], "open hands: every hand is visible"
                continue
            for card in set(hands[owner]) & seen[seat]:
                public = all(card in seen[other] for other in range(n) if other != owner)
                assert public, f"seat {seat} sees {card} of seat {owner}'s hand"


def check_determinize(rules: Rules, state: Any, seat: int, k: int) -> None:
    obs = rules.observation(state, seat)
    world = rules.determinize(obs, random.Random(k))
    assert rules.observation(world, seat) == obs
    assert pickle.dumps(rules.determinize(obs, random.Random(k))) == pickle.dumps(world), "same rng, same world"
    assert rules.is_over(world) == rules.is_over(state)
    check_observations(rules, world, hidden=False)
    rng = random.Random(k)
    for _ in range(3):  # the world plays on
        if rules.is_over(world):
            break
        world = rules.apply(world, rng.choice(rules.legal_actions(world)))


def check_illegal(rules: Rules, state: Any, legal: tuple[str, ...], texts: set[str], rng: random.Random) -> None:
    """Actions of other positions (and nonsense) are refused, by apply and by parse_action."""
    candidates = sorted(texts - set(legal))
    for text in [*rng.sample(candidates, min(3, len(candidates))), "bogus", ""]:
        with pytest.raises(IllegalAction) as refused:
            rules.apply(state, text)
        assert str(refused.value), f"{text!r}: IllegalAction without a reason"
        with pytest.raises(ValueError):
            rules.parse_action(state, text)


def check_notation(rules: Rules, state: Any, legal: tuple[str, ...]) -> None:
    for action in legal:
        text = rules.action_text(action)
        assert isinstance(text, str) and rules.parse_action(state, text) == action
        lower = text.lower()
        if lower not in legal:
            assert rules.parse_action(state, lower) == action, lower


class ReplayWatch:
    """With the replay option on: the choice comes after every settled deal, and ``replay``
    restores the deal's scores and a position of its start (with it off, ``replay`` is never
    legal: ``play_random_match`` checks that at every step)."""

    def __init__(self, rules: Rules, state: Any) -> None:
        self.rules = rules
        self.view = rules.observation(state, 0)  # seat 0's: the deal number and the last deal
        self.starts: dict[int, tuple[tuple[int, ...], list[Any]]] = {}  # deal number: (scores, hands seen)

    def hands(self, state: Any) -> tuple[tuple[str, ...], ...]:
        return tuple(self.rules.hand(state, seat) for seat in range(self.rules.num_players))

    def before(self, state: Any, legal: tuple[str, ...]) -> None:
        if "replay" not in legal:
            start = self.starts.setdefault(self.view.deal_number, (self.rules.match_scores(state), []))
            start[1].append(self.hands(state))

    def after(self, action: str, state: Any) -> None:
        view = self.rules.observation(state, 0)
        if action == "replay":
            scores, hands_seen = self.starts[view.deal_number]
            assert self.rules.match_scores(state) == scores, "replay restores the deal's scores"
            assert self.hands(state) in hands_seen, "replay restores the deal"
        elif view.last_deal is not None and view.last_deal != self.view.last_deal and not self.rules.is_over(state):
            assert "replay" in self.rules.legal_actions(state), "the replay choice comes after every deal"
        self.view = view


def assert_unchanged(state: Any, snapshot: bytes) -> None:
    """``state`` is what was pickled: byte for byte, or else (a value built on first use,
    such as Klaberjass's deal summary) equal and printing the same."""
    if pickle.dumps(state) != snapshot:
        before = pickle.loads(snapshot)
        assert state == before and repr(state) == repr(before), "apply changed its input"


def play_random_match(game: str, seed: int) -> int:
    """One random match with every check; returns the number of actions it took."""
    rules = get_rules(game)
    rng = random.Random(seed)
    options = random_options(game)(rng)
    asked = dict(options)
    state = rules.new_match(seed, options)
    assert options == asked, "new_match changed the options dict"
    replay_on = bool(options.get("replay"))
    n = rules.num_players
    check_observations(rules, state, hidden=True)
    texts: list[str] = []
    seen: set[str] = set()
    watch = ReplayWatch(rules, state) if replay_on else None
    steps = 0
    while not rules.is_over(state):
        steps += 1
        assert steps < STEP_LIMIT, "the match does not end"
        actor = rules.current_player(state)
        assert actor is not None and 0 <= actor < n
        legal = tuple(rules.legal_actions(state))
        assert legal and len(set(legal)) == len(legal) and all(isinstance(a, str) for a in legal)
        assert tuple(rules.legal_actions(state)) == legal
        assert len(rules.match_scores(state)) == n and all(isinstance(x, int) for x in rules.match_scores(state))
        if "replay" in legal:
            assert replay_on and actor == 0 and sorted(legal) == ["continue", "replay"]
        if watch is not None:
            watch.before(state, legal)
        seen.update(legal)
        snapshot = pickle.dumps(state)
        if rng.random() < 0.1:
            assert tuple(rules.legal_actions(pickle.loads(snapshot))) == legal, "an equal state, the same order"
            check_notation(rules, state, legal)
            check_illegal(rules, state, legal, seen, rng)
            check_observations(rules, state, hidden=rng.random() < 0.15)
        if rng.random() < 0.02:
            check_determinize(rules, state, rng.randrange(n), rng.randrange(1 << 30))
        action = rng.choice(legal)
        text = rules.action_text(action)
        after = rules.apply(state, action)
        assert_unchanged(state, snapshot)
        if watch is not None:
            watch.after(action, after)
        texts.append(text)
        state = after
    assert rules.current_player(state) is None and tuple(rules.legal_actions(state)) == ()
    assert len(rules.match_scores(state)) == n
    check_observations(rules, state, hidden=True)
    check_illegal(rules, state, (), seen, rng)
    check_determinize(rules, state, rng.randrange(n), seed)
    replayed = rules.new_match(seed, asked)
    for text in texts:
        replayed = rules.apply(replayed, rules.parse_action(replayed, text))
    assert replayed == state, "(game, options, seed, action texts) replays the match"
    assert [rules.observation(replayed, s) for s in range(n)] == [rules.observation(state, s) for s in range(n)]
    return steps


@pytest.mark.parametrize("game", GAMES)
def test_random_matches_quick(game: str) -> None:
    assert sum(play_random_match(game, seed) for seed in range(QUICK_MATCHES)) > QUICK_MATCHES


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_matches(game: str) -> None:
    assert sum(play_random_match(game, seed) for seed in range(QUICK_MATCHES, MATCHES)) > MATCHES


# ---------------------------------------------------------------------------------------------
# parse_action on any text, from any position
# ---------------------------------------------------------------------------------------------


def _position(rules: Rules, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = rules.new_match(seed)
    for _ in range(steps):
        if rules.is_over(state):
            break
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    return state


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**20), steps=st.integers(0, 120), text=st.text(max_size=12))
def test_parse_action_returns_a_legal_action_or_raises(game: str, seed: int, steps: int, text: str) -> None:
    rules = get_rules(game)
    state = _position(rules, seed, steps)
    try:
        action = rules.parse_action(state, text)
    except ValueError:
        return
    assert action in rules.legal_actions(state)
