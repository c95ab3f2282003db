"""Mus property tests: 1,000 random legal matches over random options (seeded), and hypothesis
checks of the pure helpers against an independent reference of the comparison keys of
../shared/rules/mus.md R2.14.

What every engine promises (legal actions, notation, illegal actions, apply leaving its input
alone, observations, determinize giving the same observation, replaying a record) is checked
by test_contract.py, with the option mixes of ``random_options`` below. Checked here
throughout the matches (played with long mus phases and small bets, see ``choose``): the 40
cards conserved, every match ends, scores consistent with the deal summaries, declarations
and señas truthful, and determinize's hidden cards only where the public record allows (the
señas the seat saw included)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.mus import (
    CARDS,
    RULES,
    MusState,
    juego_bonus,
    juego_total,
    lance_winner,
    pares_bonus,
    parse_card,
    sena_fits,
)

MATCHES = 1000
STEP_LIMIT = 5000


def random_options(rng: random.Random) -> dict[str, object]:
    options: dict[str, object] = {
        "target": rng.choice([40, 40, 30]),
        "games": rng.choice([1, 1, 3]),
        "kings": rng.choice([8, 8, 4]),
        "ordago": rng.random() < 0.5,
        "first_mano": rng.choice([None, None, 0, 1, 2, 3]),
        "open_hands": rng.random() < 0.15,
        "replay": rng.random() < 0.25,
    }
    if rng.random() < 0.4:  # señas in some mixes (drawn last: the other mixes stay as they were)
        options["senas"] = True
        options["sena_catch"] = rng.choice([20, 20, 0, 50, 100])
    return options


def choose(state: MusState, rng: random.Random, mus_bias: float) -> str:
    legal = RULES.legal_actions(state)
    if state.phase == "mus" and rng.random() < mus_bias:
        return "mus"
    if state.phase == "discard" and rng.random() < 0.3:
        return legal[-1]  # throw the whole hand now and then: long mus phases, reshuffles
    if state.phase == "replay":
        return "replay" if rng.random() < 0.3 else "continue"
    if state.phase == "bet" and rng.random() < 0.75:  # mostly small bets: longer matches, more deals
        cheap = [a for a in legal if a in ("paso", "quiero", "no-quiero", "envido 2", "raise 2")]
        if cheap:
            return rng.choice(cheap)
    return rng.choice(legal)


def in_play(state: MusState) -> list[int]:
    cards = [c for h in state.hands for c in h] + list(state.stock) + list(state.pile)
    if state.phase == "discard":
        cards += [c for d in state.rounds[-1] for c in d]
    return cards


def check_state(state: MusState) -> None:
    assert sorted(in_play(state)) == list(range(40)), "cards not conserved"
    if state.phase in ("bet", "mus", "discard", "senas"):
        # R2.4.5: stock plus older discards always total 24 cards before serving.
        assert len(state.stock) + len(state.pile) == 24
        if state.phase == "discard":
            assert [len(h) + len(d) for h, d in zip(state.hands, state.rounds[-1], strict=True)] == [4] * 4
        else:
            assert [len(h) for h in state.hands] == [4] * 4
    else:
        assert state.hands == ((), (), (), ())
    for seat, (pares, juego) in enumerate(state.declarations):
        hand = RULES.hand(state, seat)
        if pares is not None:
            assert (pares_bonus(hand, dict(state.options)) > 0) == pares
        if juego is not None:
            assert (juego_bonus(hand, dict(state.options)) > 0) == juego
    if state.senas is not None:
        check_senas(state)
    assert all(0 <= p <= state.target for p in state.points)
    need = state.games // 2 + 1
    assert all(0 <= g <= need for g in state.games_won)
    assert RULES.match_scores(state) == (state.points[0], state.points[1], state.points[0], state.points[1])


def check_senas(state: MusState) -> None:
    """Every seña passed is true of its seat's hand, caught only by rivals, and the turns go
    round from mano once the mus is cut (R2.13)."""
    track = state.senas
    assert track is not None
    for seat, sena, catchers in track.passed:
        assert sena_fits(RULES.hand(state, seat), sena, dict(state.options))
        assert set(catchers) <= {(seat + 1) % 4, (seat + 3) % 4} and len(set(catchers)) == len(catchers)
        assert track.turns[seat]
    order = [(state.mano + d) % 4 for d in range(4)]
    if state.phase == "senas":
        done = order.index(state.to_act)
        assert [track.turns[s] for s in order] == [True] * done + [False] * (4 - done)
    elif state.phase == "bet":
        assert track.turns == (True,) * 4
    else:
        assert track.turns == (False,) * 4 and track.passed == ()


def check_summary(state: MusState) -> None:
    ld = state.last_deal
    assert ld is not None
    target = state.target
    for team in (0, 1):
        dejes = sum(lc.stake for lc in ld.lances if lc.outcome == "rejected" and lc.winner_team == team)
        counted = sum(lc.points + sum(lc.bonuses) for lc in ld.lances if lc.winner_team == team)
        if ld.ended_by == "count":
            assert ld.points_after[team] == min(target, ld.points_before[team] + dejes + counted)
        elif ld.ended_by == "deje":
            assert ld.points_after[team] == min(target, ld.points_before[team] + dejes)
        elif ld.game_winner == team:
            assert ld.points_after[team] == target
    assert (ld.hands is None) == (ld.ended_by == "deje")
    if ld.game_winner is not None:
        assert ld.points_after[ld.game_winner] == target
        assert ld.games_won_after[ld.game_winner] == ld.games_won_before[ld.game_winner] + 1
    else:
        assert max(ld.points_after) < target and ld.games_won_after == ld.games_won_before


def check_determinize(state: MusState, seat: int, rng: random.Random) -> None:
    o = RULES.observation(state, seat)
    d = RULES.determinize(o, rng)
    check_state(d)
    assert d.phase == state.phase and d.hands[seat] == state.hands[seat]
    assert [len(h) for h in d.hands] == [len(h) for h in state.hands]
    assert len(d.stock) == len(state.stock) and len(d.pile) == len(state.pile)
    # My own discards since the last rebuild are face down out of play, not in any hand.
    mine = {CARDS.index(c) for c in o.my_discards}
    out_of_play = set(d.pile) | ({c for r in d.rounds[-1:] for x in r for c in x} if d.phase == "discard" else set())
    assert mine <= out_of_play
    if o.all_hands is not None:
        assert d.hands == state.hands
    for seen in o.senas_seen:  # every seña the seat saw is true of the world's hand
        assert sena_fits(RULES.hand(d, seen.seat), seen.sena, dict(o.options))


@pytest.mark.slow
def test_random_matches_keep_every_invariant():
    deals = reshuffled = determinized = signalled = 0
    for m in range(MATCHES):
        rng = random.Random(m)
        options = random_options(rng)
        state = RULES.new_match(rng.randrange(1 << 40), options)
        mus_bias = rng.choice([0.0, 0.5, 0.85])
        steps = 0
        last = None
        while not RULES.is_over(state):
            steps += 1
            assert steps < STEP_LIMIT, "the match does not end"
            check_state(state)
            if steps % 4 == 1:
                check_determinize(state, rng.randrange(4), random.Random(m * 7919 + steps))
                determinized += 1
            if state.last_deal is not last:
                check_summary(state)
                last = state.last_deal
                deals += 1
            reshuffled += bool(state.reshuffles)
            signalled += state.phase == "bet" and state.senas is not None and bool(state.senas.passed)
            state = RULES.apply(state, choose(state, rng, mus_bias))
        check_state(state)
        check_summary(state)
        assert state.winner in (0, 1) and state.games_won[state.winner] == state.games // 2 + 1
        for seat in range(4):
            o = RULES.observation(state, seat)
            assert o.winner == state.winner
            check_determinize(state, seat, rng)
    assert deals > 2 * MATCHES and reshuffled > 100 and determinized > 10 * MATCHES and signalled > MATCHES


# ------------------------------------------------------------------------------------------
# The pure helpers against an independent reference of R2.14
# ------------------------------------------------------------------------------------------

ROLE8 = {"A": 0, "2": 0, "4": 1, "5": 2, "6": 3, "7": 4, "S": 5, "C": 6, "R": 7, "3": 7}
ROLE4 = {r: i for i, r in enumerate("A234567SCR")}
JUEGO_ORDER = {31: 8, 32: 7, 40: 6, 37: 5, 36: 4, 35: 3, 34: 2, 33: 1}


def ref_value(card: str, kings: int) -> int:
    r = card[0]
    if r in "SCR" or (kings == 8 and r == "3"):
        return 10
    if r == "A" or (kings == 8 and r == "2"):
        return 1
    return int(r)


def ref_keys(hand: Sequence[str], kings: int) -> dict[str, object]:
    roles = [(ROLE8 if kings == 8 else ROLE4)[c[0]] for c in hand]
    counts = {r: roles.count(r) for r in roles}
    pairs = sorted((r for r, n in counts.items() if n == 2), reverse=True)
    if 4 in counts.values():
        r = roles[0]
        pares: tuple[int, ...] | None = (3, r, r)
    elif len(pairs) == 2:
        pares = (3, pairs[0], pairs[1])
    elif 3 in counts.values():
        pares = (2, next(r for r, n in counts.items() if n == 3), 0)
    elif pairs:
        pares = (1, pairs[0], 0)
    else:
        pares = None
    total = sum(ref_value(c, kings) for c in hand)
    return {
        "grande": tuple(sorted(roles, reverse=True)),
        "chica": tuple(-r for r in sorted(roles)),
        "pares": pares,
        "juego": JUEGO_ORDER.get(total),
        "punto": total,
        "total": total,
    }


def ref_winner(lance: str, hands: Sequence[Sequence[str]], mano: int, kings: int) -> int | None:
    best = None
    seat = None
    for d in range(4):
        s = (mano + d) % 4
        key = ref_keys(hands[s], kings)[lance]
        if key is None:
            continue
        if best is None or key > best:
            best, seat = key, s
    return seat


deals = st.permutations(CARDS).map(lambda cards: [list(cards[i:i + 4]) for i in range(0, 16, 4)])


@settings(max_examples=400, deadline=None)
@given(hands=deals, mano=st.integers(0, 3), kings=st.sampled_from([8, 4]))
def test_lance_winner_matches_reference(hands, mano, kings):
    options = {"kings": kings}
    for lance in ("grande", "chica", "pares", "juego", "punto"):
        assert lance_winner(lance, hands, mano, options) == ref_winner(lance, hands, mano, kings), lance


@settings(max_examples=400, deadline=None)
@given(hand=st.permutations(CARDS).map(lambda cards: list(cards[:4])), kings=st.sampled_from([8, 4]))
def test_bonuses_and_totals_match_reference(hand, kings):
    options = {"kings": kings}
    keys = ref_keys(hand, kings)
    pares = keys["pares"]
    assert pares_bonus(hand, options) == (0 if pares is None else pares[0])
    assert juego_total(hand, options) == keys["total"]
    total = keys["total"]
    assert juego_bonus(hand, options) == (3 if total == 31 else 2 if total > 31 else 0)
    assert total not in (38, 39) and total <= 40


@settings(max_examples=200, deadline=None)
@given(hands=deals, mano=st.integers(0, 3), perm=st.permutations("oceb"))
def test_suits_never_matter_r2_1_1(hands, mano, perm):
    relabel = dict(zip("oceb", perm, strict=True))
    other = [[c[0] + relabel[c[1]] for c in h] for h in hands]
    for lance in ("grande", "chica", "pares", "juego", "punto"):
        assert lance_winner(lance, hands, mano) == lance_winner(lance, other, mano)


@given(card=st.sampled_from(CARDS))
def test_parse_card_round_trip(card):
    assert parse_card(card) == card
    assert parse_card(card.lower()) == card
    assert parse_card(card.upper()) == card
