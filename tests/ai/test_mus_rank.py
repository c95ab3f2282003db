"""``game.ai.mus.rank``: the strong levels' value of every legal action of every Mus decision
(mus or cut, discards, bets and answers in every lance, órdago and its answer).

Checked at each kind of decision: every legal action once; the lead is what ``choose`` plays
with the same rng; the lead is the best-valued action where the level plays the argmax (mus or
cut at normal, discards, bets without the mixing noise); the values make sense; ``worlds`` and
``basis`` say what stands behind them; and hidden cards never change the ranking."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterator

import pytest

from game.ai import choose_action, rank_actions
from game.ai.analysis import FORCED, MODEL, PREFERENCE, SAMPLED, Ranking
from game.ai.mus import BUDGETS, choose, match_equity, rank, rank_strong, tables
from game.rules.mus import CARD_INDEX, CARDS, RULES, MusObservation, MusState
from tests.ai.positions import mus_deal as deal
from tests.ai.positions import mus_play as play

STRONG = ("normal", "hard")
FILLER = random.Random(5).sample(CARDS, 40)


def with_hand(hand: list[str], seat: int = 0, mano: int = 0) -> MusState:
    """A deal giving ``seat`` this hand; the other seats get fixed filler cards."""
    filler = [c for c in FILLER if c not in hand]
    return deal([hand if s == seat else filler[4 * s:4 * s + 4] for s in range(4)], mano)


class NoNoise(random.Random):
    """The same worlds as ``random.Random`` of the same seed, without the betting noise."""

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        return mu


def observe(state: MusState) -> MusObservation:
    seat = RULES.current_player(state)
    assert seat is not None
    return RULES.observation(state, seat)


def candidates(level: str) -> set[str]:
    """The bets and answers the level's budget chooses among (the other amounts are only valued)."""
    sizes = BUDGETS[level].sizes
    return {"paso", "quiero", "no-quiero", "ordago", *(f"envido {n}" for n in sizes), *(f"raise {n}" for n in sizes)}


def checked(obs: MusObservation, level: str, seed: int = 0) -> Ranking:
    """The ranking, after the checks every decision must pass."""
    ranking = rank(RULES, obs, level, random.Random(seed))
    assert sorted(ranking.actions) == sorted(obs.legal_actions)
    assert ranking.best.action == choose(RULES, obs, level, random.Random(seed))
    assert ranking.best.action == choose_action(RULES, obs, level, random.Random(seed))
    assert rank_actions(RULES, obs, level, random.Random(seed)) == ranking
    assert ranking.cost(ranking.best.action) == 0.0
    for e in ranking.estimates:
        assert e.points is not None and math.isfinite(e.points)
        assert ranking.cost(e.action) >= 0.0
        if ranking.basis == MODEL:  # mus or cut, discards: the hand tables
            assert e.worlds == 0 and e.win_chance is None
        else:
            assert ranking.basis == SAMPLED
            assert e.worlds == BUDGETS[level].worlds
            assert e.win_chance is not None and 0.0 <= e.win_chance <= 1.0
    assert ranking.basis == (SAMPLED if obs.phase == "bet" else MODEL)
    return ranking


def points(ranking: Ranking, action: str) -> float:
    value = ranking.estimate(action).points
    assert value is not None
    return value


def chance(ranking: Ranking, action: str) -> float:
    value = ranking.estimate(action).win_chance
    assert value is not None
    return value


# ------------------------------------------------------------------------------------------
# Mus or cut
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", STRONG)
def test_mus_or_cut_is_valued_by_the_hand_tables(level: str) -> None:
    strong, weak = with_hand(["Ro", "Co", "So", "Ab"]), with_hand(["4e", "5b", "6e", "Sb"])
    for seed in range(6):
        r = checked(observe(strong), level, seed)
        assert points(r, "cut") > points(r, "mus") + 0.5  # 31 as mano: a mus can only spoil it
        o = observe(weak)
        r = checked(o, level, seed)
        assert points(r, "mus") > points(r, "cut") + 0.5
        t = tables(True)
        assert points(r, "cut") == t.value[t.kind.of_cards([CARD_INDEX[c] for c in o.hand])][0]
    # Normal plays the better value every time.
    for state in (strong, weak):
        r = checked(observe(state), "normal")
        assert r.best.points == max(points(r, a) for a in r.actions)


def test_hard_mixes_one_mus_call_in_ten_and_its_lead_is_still_its_call() -> None:
    # A hand on the edge (cut is worth 0.008 more): the mixed calls go either way.
    o = observe(with_hand(["Re", "Ce", "Cc", "7e"]))
    against = 0
    for seed in range(60):
        r = checked(o, "hard", seed)
        assert points(r, "cut") == pytest.approx(points(r, "mus") + 0.008)
        if r.best.action == "mus":
            against += 1
            assert all(r.cost(a) == 0.0 for a in r.actions)  # Ranking.cost clips at 0
    assert 1 <= against <= 15


@pytest.mark.parametrize("level", STRONG)
def test_from_the_fourth_mus_round_cut_leads_and_mus_is_worth_no_more(level: str) -> None:
    s = with_hand(["4e", "5b", "6e", "Sb"])
    for _ in range(4):
        s = play(s, "mus", "mus", "mus", "mus")
        for _ in range(4):
            s = RULES.apply(s, RULES.legal_actions(s)[0])
    o = observe(s)
    assert o.phase == "mus" and len(o.discard_counts) == 4
    for seed in range(3):
        r = checked(o, level, seed)
        assert r.best.action == "cut" and points(r, "mus") <= points(r, "cut")


# ------------------------------------------------------------------------------------------
# Discards
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", STRONG)
def test_discards_are_valued_exactly_and_the_best_is_played(level: str) -> None:
    o = observe(play(with_hand(["Ro", "Rc", "Re", "5b"]), "mus", "mus", "mus", "mus"))
    assert o.phase == "discard" and len(o.legal_actions) == 15
    r = checked(o, level)
    assert r.best.action == "discard 5b"
    assert r.best.points == max(points(r, a) for a in r.actions)
    assert points(r, "discard Ro Rc Re") < r.best.points - 1.0  # throwing three kings away
    # The same kept cards are worth the same whichever of equal cards is kept.
    assert points(r, "discard 5b Ro") == points(r, "discard 5b Rc") == points(r, "discard 5b Re")


# ------------------------------------------------------------------------------------------
# Bets and answers
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", STRONG)
def test_opening_grande_with_three_kings_as_mano(level: str) -> None:
    o = observe(play(with_hand(["Ro", "Rc", "Re", "4o"]), "cut"))
    assert o.lance == "grande" and o.bettor_team is None
    assert {"paso", "envido 2", "envido 10", "ordago"} <= set(o.legal_actions)
    for seed in range(3):
        r = checked(o, level, seed)
        assert points(r, "envido 2") > points(r, "paso")  # a value bet
        assert chance(r, "envido 2") > chance(r, "paso")


@pytest.mark.parametrize("level", STRONG)
def test_refusing_a_grande_bet_costs_the_deje(level: str) -> None:
    s = play(with_hand(["4o", "5c", "6e", "7b"], seat=3), "cut", "envido 2", "no-quiero")
    o = observe(s)
    assert o.seat == 3 and o.to_speak == (3,)  # the last to answer: no partner after it
    r = checked(o, level)
    if level == "hard":  # hard reads the envido as strength (normal does not, and calls it)
        assert r.best.action == "no-quiero"
    assert points(r, "no-quiero") == pytest.approx(-1.0)
    assert chance(r, "no-quiero") == pytest.approx(match_equity(0, 1, 40, (o.mano + 1) % 2 == o.seat % 2))
    assert points(r, "raise 10") < points(r, "raise 2") < points(r, "quiero")  # paying more to lose more


@pytest.mark.parametrize("level", STRONG)
def test_refusing_is_worth_nothing_when_it_hands_them_the_game(level: str) -> None:
    s = play(with_hand(["4o", "5c", "6e", "7b"], seat=3), "cut")
    s = dataclasses.replace(s, points=(39, 0), start_points=(39, 0))
    o = observe(play(s, "envido 2", "no-quiero"))
    r = checked(o, level)
    assert chance(r, "no-quiero") == 0.0 and points(r, "no-quiero") == pytest.approx(-1.0)  # the point they lacked
    assert chance(r, "quiero") > 0.0 and r.best.action != "no-quiero"


@pytest.mark.parametrize("level", STRONG)
def test_answering_a_raise(level: str) -> None:
    s = play(with_hand(["Ro", "Rc", "5e", "6b"], seat=0), "cut", "envido 2", "raise 2")
    o = observe(s)
    assert o.bettor_team == 1 and o.stake_seen == 2 and {"quiero", "no-quiero", "raise 2"} <= set(o.legal_actions)
    for seed in range(3):
        checked(o, level, seed)


@pytest.mark.parametrize("level", STRONG)
def test_an_ordago_answered_by_its_chance_of_winning_the_game(level: str) -> None:
    weak = observe(play(with_hand(["4o", "5c", "6e", "7b"], seat=3), "cut", "ordago", "no-quiero"))
    assert weak.ordago and set(weak.legal_actions) == {"quiero", "no-quiero"} and weak.to_speak == (3,)
    r = checked(weak, level)
    assert r.best.action == "no-quiero" and chance(r, "no-quiero") > chance(r, "quiero") + 0.3
    # Accepted, the órdago is won with chance p: worth the 40 points we lack, or lose the 40 they lack.
    p = chance(r, "quiero")
    assert points(r, "quiero") == pytest.approx(p * 40 - (1 - p) * 40)
    strong = observe(play(with_hand(["Ro", "Rc", "Re", "Rb"], seat=1), "cut", "ordago"))
    r = checked(strong, level)
    assert r.best.action == "quiero" and chance(r, "quiero") > 0.8


@pytest.mark.parametrize("level", STRONG)
def test_points_and_win_chance_come_from_the_same_sums(level: str) -> None:
    """At 30-20 an accepted órdago is worth 10 points won or 20 lost: the points the same
    worlds give are that mix of the win chance."""
    s = play(with_hand(["Ro", "Cc", "6e", "5b"], seat=3), "cut")
    s = dataclasses.replace(s, points=(20, 30), start_points=(20, 30))
    o = observe(play(s, "ordago", "no-quiero"))
    assert o.team_points == (20, 30) and o.to_speak == (3,)
    r = checked(o, level)
    p = chance(r, "quiero")
    assert points(r, "quiero") == pytest.approx(p * 10 - (1 - p) * 20)


def sweep(count: int, seed: int) -> Iterator[MusObservation]:
    """Betting positions from matches with odd calls (random bets, raises, órdagos)."""
    rng = random.Random(seed)
    for m in range(count):
        state = RULES.new_match(700 + m, {"kings": 4 if m % 4 == 3 else 8, "target": 30 if m % 5 == 4 else 40})
        while not RULES.is_over(state) and state.deal_number < 3:
            o = observe(state)
            if o.phase == "bet" and rng.random() < 0.5:
                yield o
            action = choose(RULES, o, "easy", rng) if rng.random() < 0.75 else rng.choice(o.legal_actions)
            state = RULES.apply(state, action)


def kind(o: MusObservation) -> tuple[str | None, str]:
    return o.lance, "open" if o.bettor_team is None else "ordago" if o.ordago else "answer"


@pytest.mark.parametrize("level", STRONG)
def test_every_lance_and_kind_of_bet_leads_with_the_best_win_chance_without_the_noise(level: str) -> None:
    per_kind: dict[tuple[str | None, str], int] = {}
    limit = 3 if level == "normal" else 1
    for o in sweep(40, seed=1 if level == "normal" else 2):
        k = kind(o)
        if per_kind.get(k, 0) >= limit:
            continue
        per_kind[k] = per_kind.get(k, 0) + 1
        r = checked(o, level, len(per_kind))
        quiet = rank(RULES, o, level, NoNoise(len(per_kind)))
        top = max(chance(quiet, a) for a in quiet.actions if a in candidates(level))
        assert chance(quiet, quiet.best.action) == top
        # The noise moves the choice, never the values.
        assert {e.action: (e.points, e.win_chance) for e in quiet.estimates} == {
            e.action: (e.points, e.win_chance) for e in r.estimates}
    for lance in ("grande", "chica", "pares", "juego", "punto"):
        for what in ("open", "answer"):
            assert (lance, what) in per_kind, (lance, what)
    assert any(what == "ordago" for _, what in per_kind)


def test_the_amounts_the_budget_skips_are_valued_as_if_it_weighed_them() -> None:
    """Envido and raise amounts outside the budget's own are valued by a quicker sum of the
    same self-model: equal to what a budget that weighs every amount computes, world for world."""
    done = 0
    for o in sweep(12, seed=3):
        if o.ordago or not any(a.endswith(" 7") for a in o.legal_actions):
            continue
        for level in STRONG:
            wide = dataclasses.replace(BUDGETS[level], sizes=tuple(range(2, 11)))
            mine = rank(RULES, o, level, random.Random(5))
            every = rank_strong(o, wide, random.Random(5))
            for e in mine.estimates:
                other = every.estimate(e.action)
                assert e.points == pytest.approx(other.points, abs=1e-9), e.action
                assert e.win_chance == pytest.approx(other.win_chance, abs=1e-12), e.action
        done += 1
        if done == 4:
            break
    assert done == 4


# ------------------------------------------------------------------------------------------
# Blind to hidden cards, and the decisions rank does not value
# ------------------------------------------------------------------------------------------


def test_the_ranking_reads_only_the_observation() -> None:
    mine = ["Ro", "Rc", "Re", "4o"]
    a = with_hand(mine)
    b = deal([mine, ["Ao", "Ac", "Ae", "Ab"], ["Cc", "Sc", "Co", "So"], ["7c", "6c", "5c", "4c"]])
    for prefix in ((), ("cut",), ("mus", "mus", "mus", "mus")):
        oa, ob = RULES.observation(play(a, *prefix), 0), RULES.observation(play(b, *prefix), 0)
        assert oa == ob
        for level in STRONG:
            assert rank(RULES, oa, level, random.Random(4)) == rank(RULES, ob, level, random.Random(4))
    seen: set[tuple[str | None, str]] = set()
    for o in sweep(8, seed=4):
        if kind(o) in seen:
            continue
        seen.add(kind(o))
        expected = rank(RULES, o, "hard", random.Random(9))
        for k in range(2):
            world = RULES.determinize(o, random.Random(k))
            again = RULES.observation(world, o.seat)
            assert again == o
            assert rank(RULES, again, "hard", random.Random(9)) == expected
    assert len(seen) >= 6


def test_with_open_hands_the_note_says_first_that_the_numbers_use_only_the_seats_cards() -> None:
    """Found by a tester: with open hands the hint advised against a call the open cards
    showed was winning, and nothing said why (Hard decides from the seat's own cards)."""
    o = observe(play(with_hand(["Ro", "Rc", "Re", "4o"]), "cut"))
    others = (("Ao", "Ac", "Ae", "Ab"), ("Cc", "Sc", "Co", "So"), ("7c", "6c", "5c", "4c"))
    hands = (tuple(o.hand), *others)
    shown = dataclasses.replace(o, all_hands=hands)
    plain, opened = rank(RULES, o, "hard", random.Random(3)), rank(RULES, shown, "hard", random.Random(3))
    assert opened.note == f"own cards only; {plain.note}" and opened.estimates == plain.estimates


def test_easy_forced_and_replay_decisions() -> None:
    o = observe(play(with_hand(["Ro", "Rc", "Re", "4o"]), "cut", "envido 2"))
    with pytest.raises(ValueError, match="easy"):
        rank(RULES, o, "easy", random.Random(0))
    only = dataclasses.replace(o, legal_actions=("no-quiero",))
    assert rank(RULES, only, "hard", random.Random(0)).basis == FORCED
    replay = dataclasses.replace(o, phase="replay", legal_actions=("replay", "continue"))
    r = rank(RULES, replay, "normal", random.Random(0))
    assert r.basis == PREFERENCE and r.best.action == "continue" == choose(RULES, replay, "normal", random.Random(0))

