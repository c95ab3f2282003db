"""Luk Fu property tests: random legal matches through the API (cards conserved, zero-sum
scores, every match ends after its deals, determinize's worlds could really have been
played) and hypothesis checks of the pure helpers. What every engine promises (legal
actions, notation, illegal actions, apply leaving its input alone, observations, hidden
cards, determinize giving the same observation, replaying a record) is checked by
test_contract.py, with the option mixes of ``random_options`` below."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import lukfu as lf
from game.rules.lukfu import (
    ANCIENT,
    CARDS,
    FULL,
    PLAYS,
    RULES,
    LukFuState,
    beats,
    cards_to_mask,
    classify,
    describe_play,
    legal_follows,
    mask_to_cards,
    old_cards,
)

MATCHES = 1000


def options_for(seed: int) -> dict[str, object]:
    return {
        "deals": 1 + seed % 3,
        "passed_master_scope": "first-lead" if seed % 4 == 1 else "deal",
        "noncaller_singles_only": seed % 5 == 2,
        "auto_claim_at_six_won": seed % 3 == 1,
        "first_master": None if seed % 2 else seed % 3,
        "open_hands": seed % 13 == 5,
        "replay": seed % 7 == 3,
    }


def random_options(rng: random.Random) -> dict[str, object]:
    """The option mixes of ``options_for``, for the contract suite's random matches."""
    return options_for(rng.randrange(1 << 20))


def check_conservation(state: LukFuState) -> None:
    hands, discards, played = state.hands, state.discards, state.played
    parts = [*hands, *discards, *played]
    union = 0
    for m in parts:
        assert not union & m, "a card is in two places"
        union |= m
    assert union == FULL, "cards lost or invented"
    assert state.public == played[0] | played[1] | played[2]
    for p in range(3):
        assert state.won[p] & ~played[p] == 0
        assert bin(state.won[p]).count("1") == state.fu[p]
    assert sum(state.scores) == 0  # every settlement is zero-sum (§2.11)
    if state.phase == lf.PH_PLAY and not state.trick:
        sizes = {h.bit_count() for h in hands}
        assert len(sizes) == 1, "hand sizes stay equal between tricks (§2.8)"
        assert sum(state.fu) == 12 - sizes.pop(), "fu add up to the cards each player played"


def rebuild(world: LukFuState) -> LukFuState:
    """Play the world's current deal again from its start hands with the recorded actions:
    every action must be legal, so every public event could really have happened."""
    settled = world.phase in (lf.PH_REPLAY, lf.PH_OVER)
    assert world.last_deal is not None or not settled
    scores = world.scores
    if settled and world.last_deal is not None:
        scores = tuple(a - b for a, b in zip(world.scores, world.last_deal.points, strict=True))  # type: ignore[assignment]
    s = lf._new_deal(
        world.cfg,
        world.stream,
        world.draws,
        world.deal_number,
        world.master,
        scores,  # type: ignore[arg-type]
        world.history[:-1] if settled else world.history,
        hands=lf._start_hands(world),
        redeals=world.redeals,
    )
    s = dataclasses.replace(s, events=world.events[:1])
    actions = ["pass"] * world.passes + (["call"] if world.caller >= 0 else [])
    for trick in [*world.tricks, world.trick]:
        for _seat, m, up in trick:
            actions += [" ".join(mask_to_cards(m))] if up else [f"discard {c}" for c in mask_to_cards(m)]
    for a in actions:
        assert a in RULES.legal_actions(s), (a, RULES.legal_actions(s))
        s = RULES.apply(s, a)
    if settled and world.last_deal is not None and world.last_deal.how == "claim":
        s = RULES.apply(s, "claim")
    return s


def check_determinize(state: LukFuState, seat: int, rng: random.Random) -> None:
    obs = RULES.observation(state, seat)
    world = RULES.determinize(obs, rng)
    check_conservation(world)
    if world.phase == lf.PH_CALL:
        return
    replayed = rebuild(world)
    assert replayed.hands == world.hands and replayed.discards == world.discards
    for q in range(3):
        assert RULES.observation(replayed, q) == RULES.observation(world, q)


@pytest.mark.slow
def test_random_legal_matches() -> None:
    """1,000 seeded random matches: every property above at every step."""
    deals_played = 0
    for seed in range(MATCHES):
        rng = random.Random(seed)
        state = RULES.new_match(seed, options_for(seed))
        history = [state]
        steps = 0
        while not RULES.is_over(state):
            steps += 1
            assert steps < 2000, "a match must end"
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
            check_conservation(state)
            history.append(state)
        deals_played += state.deal_number
        obs = RULES.observation(state, 0)
        assert obs.winner is not None and all(obs.scores[p] == max(obs.scores) for p in obs.winner)
        # Determinize at two random positions and at the end, for a random seat each.
        for pos in [*rng.sample(history, min(2, len(history))), state]:
            check_determinize(pos, rng.randrange(3), random.Random(seed))
    assert deals_played == sum(int(options_for(seed)["deals"]) for seed in range(MATCHES))  # type: ignore[call-overload]


def test_determinize_draws_its_future_from_the_rng() -> None:
    state = RULES.new_match(5)
    obs = RULES.observation(state, 0)
    a = RULES.determinize(obs, random.Random(1))
    b = RULES.determinize(obs, random.Random(1))
    c = RULES.determinize(obs, random.Random(2))
    assert a == b and a.stream != c.stream


def test_determinize_spreads_hidden_cards() -> None:
    """Worlds differ: with 24 hidden cards the same card is not always in the same hand."""
    obs = RULES.observation(RULES.new_match(8), 0)
    holders = {RULES.determinize(obs, random.Random(s)).hands[1] >> 35 & 1 for s in range(40)}
    hidden_t9 = "T9" not in obs.hand
    assert holders == ({0, 1} if hidden_t9 else {0})


# ---------------------------------------------------------------------------------------------
# Hypothesis: the pure helpers.

cards_st = st.lists(st.sampled_from(CARDS), max_size=9, unique=True)
plays_st = st.sampled_from(PLAYS)


@given(cards_st)
def test_classify_agrees_with_the_193_plays(cards: list[str]) -> None:
    result = classify(cards)
    play = next((p for p in PLAYS if set(p.text.split()) == set(cards)), None)
    if play is None:
        assert result is None and describe_play(cards) == "not a legal play"
    else:
        assert result == (("single", "set", "run")[play.kind], play.size)
        assert describe_play(cards) != "not a legal play"


@given(plays_st, plays_st, plays_st)
def test_beats_is_a_strict_order_within_a_type(x: lf.Play, y: lf.Play, z: lf.Play) -> None:
    xs, ys, zs = x.text.split(), y.text.split(), z.text.split()
    assert not beats(xs, xs)
    if beats(xs, ys):
        assert not beats(ys, xs)
        assert classify(xs) == classify(ys)
        if beats(zs, xs):
            assert beats(zs, ys)


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=12, unique=True), plays_st)
def test_legal_follows_is_every_beating_play_in_hand(hand: list[str], best: lf.Play) -> None:
    follows = legal_follows(hand, best.text.split())
    expected = [
        frozenset(p.text.split())
        for p in PLAYS
        if set(p.text.split()) <= set(hand) and beats(p.text.split(), best.text.split())
    ]
    assert sorted(map(sorted, follows)) == sorted(map(sorted, expected))


@given(
    st.lists(st.sampled_from(CARDS), max_size=12, unique=True),
    st.lists(st.sampled_from(CARDS), max_size=20, unique=True),
)
def test_old_cards_definition(hand: list[str], public: list[str]) -> None:
    public = [c for c in public if c not in hand]
    old = old_cards(hand, public)
    known = set(hand) | set(public)
    for c in hand:
        higher = {f"{c[0]}{v}" for v in range(int(c[1]) + 1, 10)}
        assert (c in old) == (c in ANCIENT or higher <= known)
    # Old status only grows as more cards are seen.
    extra = [c for c in CARDS if c not in known][:3]
    assert old <= old_cards(hand, public + extra)


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=5, unique=True), st.randoms())
def test_card_and_action_notation_round_trip(cards: list[str], rnd: random.Random) -> None:
    assert mask_to_cards(cards_to_mask(cards)) == tuple(sorted(cards, key=CARDS.index))
    loose = [c.lower() if rnd.random() < 0.5 else c for c in cards]
    rnd.shuffle(loose)
    assert lf._canonical("  ".join(loose)) == " ".join(sorted(cards, key=CARDS.index))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 2))
def test_observation_of_determinize_equals_observation(seed: int, steps: int, seat: int) -> None:
    rng = random.Random(seed)
    state = RULES.new_match(seed, {"deals": 2})
    for _ in range(steps):
        if RULES.is_over(state):
            break
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    check_determinize(state, seat, rng)
