"""The Mus players with señas (issue 17; game/ai/mus.py, game/ai/mus_senas.py, the rule bot).

Every level decides the señas turn legally (easy and the rule bot pass every seña they fit);
the strong levels value every turn (``rank``: the lead is what ``choose`` plays) and withhold a
seña when catching it would cost more than the partner gains; their worlds never contradict a
seña the seat saw and agree with ``rules.determinize``; a partner's seña changes what a lance
is worth; and nothing the seat did not see (an uncaught seña, hidden cards) changes a choice."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterator

import pytest

from game.ai import choose_action, rank_actions
from game.ai.analysis import SAMPLED, Ranking
from game.ai.mus import BUDGETS, CHICA, GRANDE, PARES, _View, choose, hand_senas, rank, tables
from game.ai.mus_rule import mus_rule
from game.ai.mus_senas import BY_POINTS, catch_patterns, shown, team_win_given, uplift
from game.rules.mus import RULES, MusObservation, MusState, allowed_senas
from tests.ai.positions import mus_deal as deal
from tests.ai.positions import mus_play as play

STRONG = ("normal", "hard")
LEVELS = ("easy", "normal", "hard")
SENAS_ON = {"senas": True}

# Seat 0 (mano) a pair of sotas, seat 2 (its partner) duples; the rivals a pair each.
HANDS = [["Sc", "Se", "4o", "7b"], ["6o", "6c", "Rb", "4c"], ["Co", "Cc", "5o", "5c"], ["7o", "7c", "Ae", "5e"]]


def observe(state: MusState) -> MusObservation:
    seat = RULES.current_player(state)
    assert seat is not None
    return RULES.observation(state, seat)


def points(ranking: Ranking, action: str) -> float:
    value = ranking.estimate(action).points
    assert value is not None
    return value


def positions(seeds: range, phases: tuple[str, ...], **options: object) -> Iterator[MusObservation]:
    """Observations from easy self-play with señas on, in these phases, with at least two legal
    actions; every seña turn passes everything, so later seats see señas."""
    for m in seeds:
        state = RULES.new_match(m, {**SENAS_ON, **options})
        rng = random.Random(m)
        while not RULES.is_over(state) and state.deal_number < 3:
            o = observe(state)
            if o.phase in phases and len(o.legal_actions) > 1:
                yield o
            state = RULES.apply(state, choose_action(RULES, o, "easy", rng))


# ------------------------------------------------------------------------------------------
# Every level takes its turn
# ------------------------------------------------------------------------------------------


def test_every_level_and_the_rule_bot_pass_legal_senas_in_whole_matches() -> None:
    turns = 0
    for m in range(8):
        options = {**SENAS_ON, "kings": 4 if m % 3 == 0 else 8, "sena_catch": (0, 20, 100)[m % 3]}
        state = RULES.new_match(m, options)
        players = ["rule", LEVELS[m % 3], LEVELS[(m + 1) % 3], LEVELS[(m + 2) % 3]]
        while not RULES.is_over(state) and state.deal_number < 4:
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            rng = random.Random(m)
            action = mus_rule(RULES, o, rng) if players[seat] == "rule" else choose(RULES, o, players[seat], rng)
            assert action in o.legal_actions
            if o.phase == "senas":
                turns += 1
                if players[seat] in ("rule", "easy"):  # honest and open: everything the hand fits
                    assert shown(action) == allowed_senas(o.hand, dict(o.options))
            state = RULES.apply(state, action)
    assert turns >= 40


@pytest.mark.parametrize("level", STRONG)
def test_the_ranking_of_a_sena_turn(level: str) -> None:
    count = explained = 0
    for o in positions(range(4), ("senas",)):
        for seed in range(2):
            r = rank(RULES, o, level, random.Random(seed))
            assert sorted(r.actions) == sorted(o.legal_actions)
            assert r.best.action == choose(RULES, o, level, random.Random(seed))
            assert rank_actions(RULES, o, level, random.Random(seed)) == r
            assert r.basis == SAMPLED and r.cost(r.best.action) == 0.0
            for e in r.estimates:
                assert e.points is not None and math.isfinite(e.points)
                assert e.worlds == BUDGETS[level].sena_worlds
                assert e.win_chance is not None and 0.0 <= e.win_chance <= 1.0
            # The level passes the turn worth most (the first of equals).
            assert points(r, r.best.action) == max(points(r, a) for a in o.legal_actions)
            # A turn with a higher chance of winning is said to be left by points (a tester's
            # hint left it out, unexplained).
            higher = {e.action for e in r.estimates if e.win_chance > r.best.win_chance + 1e-9}
            assert dict(r.reasons) == dict.fromkeys(higher, BY_POINTS)
            assert (BY_POINTS in r.note.split("; ")) == bool(higher)
            explained += bool(higher)
        count += 1
    assert count >= 10 and explained, "some turn had a higher chance than the level's"


def _with_catch(o: MusObservation, catch: int) -> MusObservation:
    return dataclasses.replace(o, options=tuple((k, catch if k == "sena_catch" else v) for k, v in o.options))


@pytest.mark.parametrize("level", STRONG)
def test_a_strong_sena_is_passed_when_safe_and_withheld_when_always_caught(level: str) -> None:
    """Three kings as mano: told, the partner bets and answers Grande with them; caught, the
    rivals stop paying our Grande bets. With no catches the level passes it, with every seña
    caught it withholds it."""
    hands = [["Rc", "Re", "3o", "6c"], ["6o", "5c", "Cb", "4c"], ["Co", "Sc", "5o", "7c"], ["7o", "4e", "Ae", "5e"]]
    o = observe(play(deal(hands, **SENAS_ON), "cut"))
    assert o.phase == "senas" and o.legal_actions == ("senas tres-reyes", "senas none")
    for seed in range(3):
        safe = rank(RULES, _with_catch(o, 0), level, random.Random(seed))
        assert safe.best.action == "senas tres-reyes"
        caught = rank(RULES, _with_catch(o, 100), level, random.Random(seed))
        assert caught.best.action == "senas none"
        assert points(caught, "senas tres-reyes") < points(safe, "senas tres-reyes")
        # Withholding tells nobody anything: the catch chance cannot change its value.
        assert points(caught, "senas none") == pytest.approx(points(safe, "senas none"))


def test_catch_patterns() -> None:
    assert catch_patterns((), 20) == [((), 1.0)]
    side = 1 - 0.8 ** 2  # one of the two rivals catches it: both know it
    assert catch_patterns(("duples",), 20) == [((), pytest.approx(1 - side)), (("duples",), pytest.approx(side))]
    two = catch_patterns(("duples", "treinta-y-una"), 20)
    assert [c for c, _ in two] == [(), ("duples",), ("treinta-y-una",), ("duples", "treinta-y-una")]
    assert sum(w for _, w in two) == pytest.approx(1.0)
    assert catch_patterns(("duples",), 0) == [((), 1.0)] and catch_patterns(("duples",), 100) == [(("duples",), 1.0)]


def test_what_a_sena_tells_moves_the_team_win_chances() -> None:
    kings8 = True
    blind = team_win_given(kings8, GRANDE, 1, 3, (0, 2), None, None)
    assert blind is not None
    # Without card removal, close to the fitted tables (which deal from the 36 other cards).
    tw = tables(kings8).team_win
    assert sum(abs(b - tw[h][1][GRANDE]) for h, b in enumerate(blind)) / len(blind) < 0.05
    duples = uplift(kings8, PARES, 1, 3, (0, 2), ("duples",), None)
    ciego = uplift(kings8, PARES, 1, 3, (0, 2), ("ciego",), None)
    kings = uplift(kings8, GRANDE, 1, 3, (0, 2), ("tres-reyes",), None)
    caught = uplift(kings8, GRANDE, 1, 3, (0, 2), None, ("tres-reyes",))
    # A partner's strength never lowers the team's chance (up to rounding of the sums); a
    # rival's lowers it (but for four kings: such a rival cannot hold four kings too); a
    # partner who has nothing to signal lowers it too.
    assert min(duples) > -1e-5 and sum(duples) > 0 and min(kings) > -1e-5 and sum(kings) > 0
    assert max(caught) < 1e-3 and sum(caught) / len(caught) < -0.2 and sum(ciego) < 0
    assert min(uplift(kings8, CHICA, 2, 0, (1, 3), ("tres-ases",), None)) > -1e-5


# ------------------------------------------------------------------------------------------
# The worlds and what the señas do to the bets
# ------------------------------------------------------------------------------------------


def test_the_worlds_never_contradict_a_sena_seen() -> None:
    checked = 0
    for kings in (8, 4):
        for o in positions(range(10), ("senas", "bet"), sena_catch=60, kings=kings):
            if not any(s.seat != o.seat for s in o.senas_seen):
                continue
            view = _View(o)
            senas = hand_senas(kings == 8)
            for world in view.worlds(30, random.Random(checked)):
                assert world[o.seat] == view.hand
                for seen in o.senas_seen:
                    if seen.seat != o.seat:
                        assert seen.sena in senas[world[seen.seat]]
                        checked += 1
    assert checked > 2000


def test_the_worlds_agree_with_determinize() -> None:
    """A partner seen to pass dos reyes and a rival caught passing ciego: the hands the strong
    levels deal them are distributed as ``rules.determinize`` deals them."""
    hands = [["Rc", "Re", "5o", "6c"], ["6o", "5c", "Cb", "4c"], ["3o", "Sc", "Ro", "7c"], ["7o", "4e", "Ae", "5e"]]
    s = play(deal(hands, senas=True, sena_catch=100), "cut", "senas none", "senas ciego", "senas dos-reyes")
    o = observe(s)
    assert o.seat == 3 and {(x.seat, x.sena) for x in o.senas_seen} == {(1, "ciego"), (2, "dos-reyes")}
    view = _View(o)
    kind = view.kind
    feats = kind.feats

    def stats(hands_by_seat: list[tuple[int, int, int, int]]) -> list[float]:
        n = len(hands_by_seat)
        return [sum(feats[w[seat]][4] for w in hands_by_seat) / n for seat in (0, 1, 2)] + [
            sum(1 for w in hands_by_seat if feats[w[2]][3]) / n]

    ours = stats(view.worlds(4000, random.Random(1)))
    rng = random.Random(2)
    theirs = []
    for _ in range(600):
        world = RULES.determinize(o, rng)
        theirs.append(tuple(kind.of_cards(world.hands[seat]) for seat in range(4)))
    ref = stats(theirs)  # type: ignore[arg-type]
    for a, b, spread in zip(ours, ref, (5.0, 5.0, 5.0, 0.5), strict=True):
        assert abs(a - b) < 4 * spread / math.sqrt(600) + 0.02, (ours, ref)


@pytest.mark.parametrize("level", STRONG)
def test_a_partners_duples_make_pares_worth_betting(level: str) -> None:
    """The same Pares decision, the partner's duples seen or not: knowing them, the team's bet
    is worth more (the worlds give the partner duples)."""
    told = play(deal(HANDS, senas=True, sena_catch=0), "cut", "senas none", "senas none", "senas duples", "senas none",
                *["paso"] * 8)
    blind = play(deal(HANDS, senas=True, sena_catch=0), "cut", "senas none", "senas none", "senas none", "senas none",
                 *["paso"] * 8)
    a, b = observe(told), observe(blind)
    assert a.seat == 0 and a.lance == "pares" and a.senas_seen and not b.senas_seen
    for seed in range(3):
        ra, rb = rank(RULES, a, level, random.Random(seed)), rank(RULES, b, level, random.Random(seed))
        assert points(ra, "envido 2") > points(rb, "envido 2") + 0.5
        assert points(ra, "paso") > points(rb, "paso")


def test_senas_nobody_passed_change_nothing() -> None:
    """Señas on but every turn withheld: every later decision is valued as with señas off."""
    for m in range(6):
        off = RULES.new_match(40 + m)
        on = RULES.new_match(40 + m, SENAS_ON)
        rng = random.Random(m)
        compared = 0
        while not RULES.is_over(off) and off.deal_number < 3:
            if on.phase == "senas":
                on = RULES.apply(on, "senas none")
                continue
            o_off, o_on = observe(off), observe(on)
            assert o_off.hand == o_on.hand and o_off.legal_actions == o_on.legal_actions
            if o_off.phase == "bet" and len(o_off.legal_actions) > 1 and compared < 4:
                for level in STRONG:
                    assert rank(RULES, o_on, level, random.Random(m)) == rank(RULES, o_off, level, random.Random(m))
                compared += 1
            action = choose(RULES, o_off, "easy", rng)
            off, on = RULES.apply(off, action), RULES.apply(on, action)


# ------------------------------------------------------------------------------------------
# No cheating
# ------------------------------------------------------------------------------------------


def test_an_uncaught_rival_sena_changes_nothing() -> None:
    """Rival 1 passes ciego or withholds it, and nobody catches it: seats 0 and 2 see the same
    and decide the same at every later turn of the deal (their own seña turns included)."""
    for catch in (0, 20):
        shows = play(deal(HANDS, senas=True, sena_catch=catch), "cut", "senas none", "senas ciego")
        hides = play(deal(HANDS, senas=True, sena_catch=catch), "cut", "senas none", "senas none")
        if catch and shows.senas is not None and shows.senas.passed[0][2]:
            continue  # this stream caught it: not the case tested
        rng = random.Random(catch)
        decisions = 0
        while shows.phase in ("senas", "bet") and shows.deal_number == 1:
            seat = RULES.current_player(shows)
            assert seat is not None
            if seat in (0, 2):
                oa, ob = RULES.observation(shows, seat), RULES.observation(hides, seat)
                assert oa == ob
                for level in STRONG:
                    ra, rb = rank(RULES, oa, level, random.Random(3)), rank(RULES, ob, level, random.Random(3))
                    assert ra == rb
                decisions += 1
            o = RULES.observation(shows, seat)
            # The later turns withhold (no more catches drawn: the two streams stay in step).
            action = "senas none" if o.phase == "senas" else choose(RULES, o, "easy", rng)
            shows, hides = RULES.apply(shows, action), RULES.apply(hides, action)
        assert decisions >= 3


def test_hidden_cards_and_unseen_senas_do_not_change_a_choice() -> None:
    """Worlds drawn by ``determinize`` (other hands, and the rivals' uncaught señas and catches
    the seat cannot see) give the same choice and ranking as the real state."""
    count = 0
    for i, o in enumerate(positions(range(12), ("senas", "bet"), sena_catch=40)):
        if i % 4:
            continue
        level = STRONG[count % 2]
        expected = rank(RULES, o, level, random.Random(5))
        for k in range(2):
            world = RULES.determinize(o, random.Random(k))
            again = RULES.observation(world, o.seat)
            assert again == o
            assert rank(RULES, again, level, random.Random(5)) == expected
            assert choose(RULES, again, level, random.Random(5)) == expected.best.action
        count += 1
    assert count >= 15
