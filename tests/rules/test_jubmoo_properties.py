"""Jub Moo property tests: 1,000 random legal matches over random options (seeded), and
hypothesis checks of the pure helpers. What every engine promises (legal actions, notation,
illegal actions, apply leaving its input alone, observations, determinize giving the same
observation, replaying a record) is checked by test_contract.py, with the option mixes of
``random_options`` below. Checked here throughout: cards conserved, the legal actions are
the legal plays, every match ends at its target, the §1.4 deal invariant, and hidden cards
dealt by determinize only where the public record allows (voids, the two-of-clubs leader)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import jubmoo as jm
from game.rules.jubmoo import (
    CARD_INDEX,
    CARDS,
    RULES,
    RULESETS,
    card_mask,
    card_value,
    legal_plays,
    mask_score,
    score_breakdown,
    stack_score,
    ten_clubs_in_force,
    trick_winner,
)

FULL = (1 << 52) - 1
SUIT_MASKS = [0x1FFF << (13 * s) for s in range(4)]
TC_BIT = 1 << CARD_INDEX["TC"]
TWO_CLUBS_BIT = 1 << CARD_INDEX["2C"]


def random_options(rng: random.Random) -> dict[str, object]:
    return {
        "target": rng.choice([-100, -100, -200, -300, -500, -1000]),
        "ruleset": rng.choice(RULESETS),
        "ten_clubs": rng.choice(["double", "add-and-double"]),
        "first_lead": rng.choice(["random", "two-of-clubs"]),
        "later_leads": rng.choice(["pig-taker", "random"]),
        "big_chuan_others_minus_50": rng.random() < 0.7,
        "first_leader": rng.choice([None, None, None, 0, 1, 2, 3]),
        "open_hands": rng.random() < 0.15,
        "replay": rng.random() < 0.3,
    }


def check_cards_conserved(state: jm.JubMooState) -> None:
    masks = [*state.hands, *state.won]
    trick = 0
    for c in state.trick:
        trick |= 1 << c
    masks.append(trick)
    union = 0
    for m in masks:
        assert not union & m, "a card is in two places"
        union |= m
    assert union == FULL
    assert sum(m.bit_count() for m in masks) == 52
    assert len({h.bit_count() for h in state.hands}) <= 2  # players are at most one card apart


def check_deal_invariant(summary: jm.DealSummary, options: dict[str, object]) -> None:
    """§1.4: sum of the deal scores = B + T - 50k (generalised to every ruleset; under Gong
    Zhu k counts nothing and a sweep turns the pig positive in B)."""
    scores = summary.scores
    ruleset = str(options["ruleset"])
    if summary.big_chuan is not None:
        assert ruleset != "gongzhu"
        assert scores[summary.big_chuan] == 1000
        assert sum(scores) == (1000 if not options["big_chuan_others_minus_50"] else 850)
        return
    chuan = summary.chuan is not None
    sweep = summary.sweep is not None
    b = sum(card_value(c, ruleset) * (-1 if chuan and (c[1] == "H" or (sweep and c == "QS")) else 1)
            for c in CARDS if c != "TC")
    if ruleset == "hearts":
        assert b == (194 if chuan else -194)
    if ruleset == "gongzhu":
        assert b == (400 if sweep else 200 if chuan else -200)
    won = [0, 0, 0, 0]
    for trick, winner in zip(summary.tricks, summary.trick_winners, strict=True):
        for _, card in trick:
            won[winner] |= 1 << CARD_INDEX[card]
    holder = next(s for s in range(4) if won[s] & TC_BIT)
    rest = won[holder] & ~TC_BIT
    scoring = [c for c in CARDS if c != "TC" and (c[1] == "H" or card_value(c, ruleset) != 0)]
    if not any(rest >> CARD_INDEX[c] & 1 for c in scoring):
        t = 50  # the 10♣ holder has no other scoring card
    else:
        base = mask_score(rest, ruleset)
        if summary.sweep == holder:  # without the 10♣ the rest is no sweep: flip the pig here
            base -= 2 * card_value("QS", ruleset)
        t = base if ten_clubs_in_force(ruleset, options["ten_clubs"]) == "double" else base + 100
    k = sum(1 for w in won if not w) if ruleset != "gongzhu" else 0
    assert sum(scores) == b + t - 50 * k
    assert summary.totals == tuple(a + s for a, s in zip(summary.totals_before, scores, strict=True))
    for seat in range(4):
        assert sum(p for _, p in summary.breakdowns[seat]) == scores[seat]


def check_determinize(state: jm.JubMooState, seat: int, rng: random.Random) -> None:
    obs = RULES.observation(state, seat)
    det = RULES.determinize(obs, rng)
    check_cards_conserved(det)
    assert det.hands[seat] == state.hands[seat]
    assert [h.bit_count() for h in det.hands] == [h.bit_count() for h in state.hands]
    for p, suits in enumerate(obs.voids):
        for letter in suits:
            assert not det.hands[p] & SUIT_MASKS["SHDC".index(letter)], "a hidden card broke a void"
    options = dict(obs.options)
    if (
        obs.deal_number == 1
        and options["first_lead"] == "two-of-clubs"
        and options["first_leader"] is None
        and det.phase == 0
    ):
        first = obs.plays[0][0] if obs.plays else obs.leader
        assert (det.hands[first] & TWO_CLUBS_BIT) or any(c == "2C" for _, c in obs.plays)
    if obs.all_hands is not None:
        assert det.hands == state.hands


@pytest.mark.slow
def test_one_thousand_random_matches():
    rng = random.Random(20240501)
    det_rng = random.Random(7)
    matches = deals = 0
    for _ in range(1000):
        options = random_options(rng)
        state = RULES.new_match(rng.getrandbits(40), options)
        steps = 0
        while not RULES.is_over(state):
            steps += 1
            assert steps < 5000, "a match that does not end"
            legal = RULES.legal_actions(state)
            check_cards_conserved(state)
            if state.phase == 0:
                seat = RULES.current_player(state)
                assert seat is not None
                assert set(legal) == legal_plays(RULES.hand(state, seat), [CARDS[c] for c in state.trick])
            if rng.random() < 0.08:
                check_determinize(state, rng.randrange(4), det_rng)
            if "replay" in legal:
                action = "replay" if rng.random() < 0.3 else "continue"
            else:
                action = legal[rng.randrange(len(legal))]
            new = RULES.apply(state, action)
            if state.phase == 0 and len(state.plays) == 51:
                deals += 1
                assert new.last_deal is not None and len(new.last_deal.tricks) == 13
                check_deal_invariant(new.last_deal, options)
                assert RULES.match_scores(new) == new.last_deal.totals
                assert new.deal_number == state.deal_number + (new.phase == 0)
            state = new
        assert min(RULES.match_scores(state)) <= options["target"]
        check_determinize(state, rng.randrange(4), det_rng)
        matches += 1
    assert matches == 1000 and deals > 3000


# --------------------------------------------------------------------------------------------
# Hypothesis: pure helpers
# --------------------------------------------------------------------------------------------

stacks = st.sets(st.sampled_from(CARDS))
rulesets = st.sampled_from(RULESETS)
tens = st.sampled_from(["double", "add-and-double"])


@settings(max_examples=400, deadline=None)
@given(stack=stacks, ruleset=rulesets, ten=tens)
def test_score_breakdown_adds_up_to_stack_score(stack, ruleset, ten):
    options = {"ten_clubs": ten}
    lines = score_breakdown(stack, ruleset, options)
    assert lines and all(isinstance(label, str) and isinstance(points, int) for label, points in lines)
    assert sum(points for _, points in lines) == stack_score(stack, ruleset, options)


@settings(max_examples=200, deadline=None)
@given(stack=stacks, ruleset=rulesets, data=st.data())
def test_stack_score_ignores_order_duplicates_and_spelling(stack, ruleset, data):
    cards = data.draw(st.permutations(sorted(stack)))
    assert stack_score([*cards, *cards[:2]], ruleset) == stack_score(stack, ruleset)
    assert stack_score([c.lower() for c in cards], ruleset) == stack_score(stack, ruleset)


@settings(max_examples=200, deadline=None)
@given(stack=stacks, ruleset=rulesets)
def test_stack_score_follows_the_algorithm(stack, ruleset):  # §1.4 steps 1-6, written out again
    gongzhu = ruleset == "gongzhu"  # no Big Chuan, no -50, and the pig flips in a sweep (§1.3)
    if len(stack) == 52 and not gongzhu:
        expected = 1000
    elif not stack:
        expected = 0 if gongzhu else -50
    else:
        chuan = all(c in stack for c in CARDS if c[1] == "H")
        sweep = gongzhu and chuan and {"QS", "JD", "TC"} <= stack
        flipped = [c for c in stack if (chuan and c[1] == "H") or (sweep and c == "QS")]
        base = sum(card_value(c, ruleset) * (-1 if c in flipped else 1) for c in stack if c != "TC")
        expected = base
        if "TC" in stack:
            others = [c for c in stack if c != "TC" and (c[1] == "H" or card_value(c, ruleset) != 0)]
            expected = 2 * base if others else 50
    assert stack_score(stack, ruleset) == expected


@settings(max_examples=300, deadline=None)
@given(hand=st.sets(st.sampled_from(CARDS), max_size=13), trick=st.lists(st.sampled_from(CARDS), max_size=3))
def test_legal_plays_property(hand, trick):
    plays = legal_plays(hand, trick)
    assert plays <= hand
    if not trick:
        assert plays == hand
    else:
        suit = trick[0][1]
        follow = {c for c in hand if c[1] == suit}
        assert plays == (follow or hand)


@settings(max_examples=300, deadline=None)
@given(trick=st.lists(st.sampled_from(CARDS), min_size=1, max_size=4, unique=True))
def test_trick_winner_property(trick):
    i = trick_winner(trick)
    suit = trick[0][1]
    assert trick[i][1] == suit
    order = "AKQJT98765432"
    assert all(order.index(trick[i][0]) <= order.index(c[0]) for c in trick if c[1] == suit)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 160), seat=st.integers(0, 3), k=st.integers(0, 10**6))
def test_determinize_from_any_position(seed, steps, seat, k):
    rng = random.Random(seed)
    state = RULES.new_match(seed, random_options(rng))
    for _ in range(steps):
        if RULES.is_over(state):
            break
        legal = RULES.legal_actions(state)
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
    check_determinize(state, seat, random.Random(k))



def test_card_mask_of_every_card_is_its_bit():
    assert [card_mask([c]) for c in CARDS] == [1 << i for i in range(52)]
