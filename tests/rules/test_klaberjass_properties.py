"""Property tests for Klaberjass: 1,000 random legal matches through the API, and hypothesis on the helpers.

What every engine promises (legal actions, notation, illegal actions, apply leaving its input alone,
observations, determinize giving the same observation, replaying a record) is checked by
test_contract.py, with the option mixes of ``random_options`` below. Here, at every step: cards
conserved, the deal summaries adding up, replay restoring the deck; at sampled steps, that
determinize puts hidden cards only where the public record allows (shown melds, voids).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import klaberjass as kj
from game.rules.klaberjass import (
    RULES,
    card_points,
    legal_plays,
    meld_points,
    settle,
    top_meld,
    trick_winner,
)

RANKS = "789TJQKA"
SUITS = "SHDC"
ALL = [r + s for s in SUITS for r in RANKS]
CONTRACTS = ("S", "H", "D", "C", "NT", "AT")
MATCHES = 1000


def random_options(rng: random.Random) -> dict[str, object]:
    return {
        "game_point": rng.choice((100, 100, 150, 200, 300)),
        "no_tie": rng.random() < 0.3,
        "clubs_preferred": rng.random() < 0.25,
        "tout_atout": rng.random() < 0.5,
        "tout_atout_direct": rng.random() < 0.2,
        "all_trump_cross_suit": rng.random() < 0.7,
        "nt_melds": rng.random() < 0.7,
        "first_dealer": rng.choice((None, 0, 1)),
        "open_hands": rng.random() < 0.15,
        "replay": rng.random() < 0.2,
    }


def public_cards(o: kj.KlaberjassObservation) -> tuple[set[str], set[str]]:
    """(cards played this deal, cards lying face up beside the stock)."""
    played = {c for trick in o.tricks for _, c in trick} | {c for _, c in o.trick}
    face_up = {c for c in (o.turn_up, o.bottom_card) if c}
    return played, face_up


def check_cards(state: kj.State) -> None:
    """Cards are conserved: 12 or 18 distinct cards in play, none of them face up."""
    o = RULES.observation(state, 0)
    if o.phase in ("replay", "over"):
        assert o.hand_sizes == (0, 0)
        return
    h0, h1 = RULES.hand(state, 0), RULES.hand(state, 1)
    assert o.hand_sizes == (len(h0), len(h1))
    played, face_up = public_cards(o)
    in_play = [*h0, *h1, *played]
    assert len(set(in_play)) == len(in_play)
    assert len(in_play) == (18 if o.contract is not None else 12)
    assert not set(in_play) & face_up
    assert abs(len(h0) - len(h1)) <= 1
    assert h0 == tuple(sorted(h0, key=ALL.index))


def check_summary(summary: kj.DealSummary, before: tuple[int, int]) -> None:
    if summary.outcome in ("thrown-in", "annulled"):
        assert summary.added == (0, 0) and summary.scores_after == before
        assert summary.hands == ((), ())
        return
    assert summary.maker is not None and summary.contract in CONTRACTS
    for seat in (0, 1):
        raw = summary.card_points[seat] + summary.last_trick[seat] + summary.melds[seat] + summary.bella[seat]
        assert summary.raw[seat] == raw
    assert sorted(summary.last_trick) == [0, 10]
    total = sum(card_points(c, summary.contract) for hand in summary.hands for c in hand)
    assert sum(summary.card_points) == total
    m = summary.maker
    made = settle(summary.raw[m], summary.raw[1 - m])
    assert (summary.added[m], summary.added[1 - m]) == made
    outcome = {1: "made", 0: "tie", -1: "bete"}
    diff = summary.raw[m] - summary.raw[1 - m]
    assert summary.outcome == outcome[(diff > 0) - (diff < 0)]
    assert summary.scores_after == (before[0] + summary.added[0], before[1] + summary.added[1])
    assert len(summary.tricks) == 9 and all(len(h) == 9 for h in summary.hands)


def check_world(state: kj.State, seat: int, rng: random.Random) -> None:
    """determinize: hidden cards only where the public record allows."""
    o = RULES.observation(state, seat)
    world = RULES.determinize(o, random.Random(rng.random()))
    if o.phase not in ("bid", "schmeiss", "dix", "declare", "play"):
        return
    other = 1 - seat
    hidden = set(RULES.hand(world, other))
    for c in o.shown_melds[other]:
        played, _ = public_cards(o)
        assert c in hidden or c in played
    contract = o.contract
    if contract is None:
        return
    # Voids: a follower who did not follow suit holds none of it (and, in a suit deal, no trump
    # unless he trumped).
    for (_, led), (follower, card) in o.tricks:
        if follower == other and card[1] != led[1]:
            assert not any(c[1] == led[1] for c in hidden)
            if len(contract) == 1 and card[1] != contract:
                assert not any(c[1] == contract for c in hidden)


def run_match(seed: int) -> tuple[int, set[str]]:
    rng = random.Random(seed)
    options = random_options(rng)
    state = RULES.new_match(seed, options)
    phases: set[str] = set()
    steps = 0
    world_steps = {rng.randrange(60) for _ in range(2)}
    while not RULES.is_over(state):
        steps += 1
        assert steps < 5000, "the match does not end"
        legal = RULES.legal_actions(state)
        phases.add(RULES.observation(state, 0).phase)
        check_cards(state)
        if steps in world_steps or (steps % 50 == 0):
            for seat in (0, 1):
                check_world(state, seat, rng)
        action = rng.choice(legal)
        previous = state
        state = RULES.apply(previous, action)
        if state.last_deal is not previous.last_deal:  # a deal just ended
            assert state.last_deal is not None
            check_summary(state.last_deal, tuple(RULES.match_scores(previous)))  # type: ignore[arg-type]
        if action == "replay":
            assert RULES.match_scores(state) == previous.start_scores and state.deck == previous.deck
    scores = RULES.match_scores(state)
    game_point = dict(RULES.observation(state, 0).options)["game_point"]
    winner = state.winner
    assert winner is not None and scores[winner] >= game_point and scores[winner] > scores[1 - winner]
    for seat in (0, 1):
        check_world(state, seat, rng)
    return steps, phases


@pytest.mark.slow
def test_one_thousand_random_matches() -> None:
    phases: set[str] = set()
    total = 0
    for seed in range(MATCHES):
        steps, seen = run_match(seed)
        total += steps
        phases |= seen
    assert phases == {"replay", "bid", "schmeiss", "dix", "declare", "play"}
    assert total > MATCHES * 20


def test_dense_determinize_checks_on_some_matches() -> None:
    """Every step of a few matches: determinize's constraints for both seats."""
    rng = random.Random(99)
    for seed in range(30):
        state = RULES.new_match(seed, {**random_options(rng), "game_point": 150})
        while not RULES.is_over(state):
            for seat in (0, 1):
                check_world(state, seat, rng)
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))


# ---------------------------------------------------------------------------------------
# Hypothesis on the pure helpers
# ---------------------------------------------------------------------------------------

cards = st.sampled_from(ALL)
hands = st.lists(cards, min_size=1, max_size=9, unique=True)
contracts = st.sampled_from(CONTRACTS)
cross = st.booleans()


@given(hands, cards, contracts, cross)
def test_legal_plays_follow_the_rules(hand: list[str], led: str, contract: str, cross_suit: bool) -> None:
    if led in hand:
        hand = [c for c in hand if c != led] or ["AS" if led != "AS" else "KS"]
    options = {"all_trump_cross_suit": cross_suit}
    legal = legal_plays(hand, led, contract, options)
    assert legal and legal <= set(hand)
    suit = led[1]
    same = {c for c in hand if c[1] == suit}
    if same:
        assert legal <= same  # must follow suit
        beaters = {c for c in same if trick_winner(led, c, contract, options)}
        if contract == "AT" or (contract == suit):
            assert legal == (beaters or same)  # must beat within suit if he can
        else:
            assert legal == same  # no duty to beat a plain lead
    elif len(contract) == 1:
        trumps = {c for c in hand if c[1] == contract}
        assert legal == (trumps or set(hand))
    elif contract == "AT" and cross_suit:
        beaters = {c for c in hand if trick_winner(led, c, contract, options)}
        assert legal == (beaters or set(hand))
    else:
        assert legal == set(hand)


@given(hands, contracts)
def test_leader_may_lead_any_card(hand: list[str], contract: str) -> None:
    assert legal_plays(hand, None, contract) == set(hand)


@given(cards, cards, contracts, cross)
def test_trick_winner_is_antisymmetric(a: str, b: str, contract: str, cross_suit: bool) -> None:
    if a == b:
        return
    options = {"all_trump_cross_suit": cross_suit}
    assert trick_winner(a, b, contract, options) in (0, 1)
    assert not (trick_winner(a, b, contract, options) and trick_winner(b, a, contract, options))
    if a[1] == b[1]:
        assert trick_winner(a, b, contract, options) != trick_winner(b, a, contract, options)


def reference_meld_points(hand: list[str]) -> int:
    total = 0
    for s in SUITS:
        run = 0
        for r in [*RANKS, None]:
            if r is not None and r + s in hand:
                run += 1
                continue
            total += 20 if run == 3 else 50 if run >= 4 else 0
            run = 0
    return total


@given(st.lists(cards, max_size=14, unique=True))
def test_meld_points_matches_a_reference(hand: list[str]) -> None:
    assert meld_points(hand) == reference_meld_points(hand)
    assert meld_points(list(reversed(hand))) == meld_points(hand)


@given(st.lists(cards, max_size=9, unique=True), st.lists(cards, max_size=9, unique=True), contracts)
def test_top_meld_is_symmetric_without_no_tie(elder: list[str], dealer: list[str], contract: str) -> None:
    dealer = [c for c in dealer if c not in elder]
    swap = {"elder": "dealer", "dealer": "elder", None: None}
    result = top_meld(elder, dealer, contract)
    assert top_meld(dealer, elder, contract) == swap[result]
    with_no_tie = top_meld(elder, dealer, contract, no_tie=True)
    if result is not None:
        assert with_no_tie == result
    elif meld_points(elder) or meld_points(dealer):
        assert with_no_tie == "elder"  # a tie goes to elder
    else:
        assert with_no_tie is None
    if meld_points(elder) and not meld_points(dealer):
        assert result == "elder"


@given(st.integers(0, 400), st.integers(0, 400))
def test_settle_cases(maker: int, opponent: int) -> None:
    m, o = settle(maker, opponent)
    if maker > opponent:
        assert (m, o) == (maker, opponent)
    elif maker == opponent:
        assert (m, o) == (0, opponent)
    else:
        assert (m, o) == (0, maker + opponent)
    assert m + o <= maker + opponent


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**40), st.permutations(ALL), st.sampled_from((0, 1)))
def test_new_match_with_any_deck_deals_it_exactly(seed: int, deck: list[str], dealer: int) -> None:
    state = RULES.new_match(seed, {"first_dealer": dealer}, deck=deck)
    elder = 1 - dealer
    assert set(RULES.hand(state, elder)) == {deck[i] for i in (0, 1, 2, 6, 7, 8)}
    assert set(RULES.hand(state, dealer)) == {deck[i] for i in (3, 4, 5, 9, 10, 11)}
    assert RULES.observation(state, 0).turn_up == deck[12]
