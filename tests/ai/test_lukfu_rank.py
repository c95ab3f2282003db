"""Luk Fu ``rank``: the values behind the hint and the deal review, at every kind of decision
(calls, leads, beats, discards, claims).

Every legal action is ranked once, the first is what ``choose`` plays with the same rng, and it
is the best-valued one (by points at normal, by the chance of winning the match at hard, which
plays for the match); the numbers are the search's own means and read nothing but the
observation.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.analysis import EXACT, SAMPLED, Ranking
from game.ai.lukfu import BUDGETS, _View, choose, rank
from game.ai.lukfu_search import DECISIONS, deals_left, decision_kind, prior_order
from game.rules.lukfu import PLAY_BY_TEXT, RULES, LukFuObservation
from tests.ai.positions import lukfu_shrunk as shrunk
from tests.ai.positions import lukfu_start as start
from tests.ai.positions import lukfu_table as table
from tests.ai.positions import lukfu_to_act as to_act
from tests.ai.test_lukfu_levels import CountingRules

S, E, W = 0, 1, 2
LEVELS = ("normal", "hard")
# Hard's playouts and objective with few worlds, for the many-position checks.
SMALL_HARD = shrunk(BUDGETS["hard"], 3)


def one_of_each_kind(options: dict[str, object] | None = None) -> dict[str, LukFuObservation]:
    """The first position of every kind of decision with a real choice, from easy self-play."""
    found: dict[str, LukFuObservation] = {}
    for seed in range(40):
        state = RULES.new_match(seed, {"deals": 2, **(options or {})})
        rng = random.Random(seed)
        while not RULES.is_over(state) and len(found) < len(DECISIONS):
            obs = to_act(state)
            if len(obs.legal_actions) > 1 and "continue" not in obs.legal_actions:
                found.setdefault(decision_kind(obs), obs)
            state = RULES.apply(state, choose(RULES, obs, "easy", rng))
        if len(found) == len(DECISIONS):
            return found
    raise AssertionError(f"only {sorted(found)} found")


def values(ranking: Ranking) -> dict[str, float]:
    out = {}
    for e in ranking.estimates:
        assert e.points is not None
        out[e.action] = e.points
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_every_kind_of_decision_ranks_each_legal_action_once_with_the_levels_choice_first(level: str) -> None:
    budget = BUDGETS[level]
    for decision, obs in one_of_each_kind().items():
        ranking = rank(RULES, obs, level, random.Random(7))
        assert sorted(ranking.actions) == sorted(obs.legal_actions), decision
        assert ranking.best.action == choose(RULES, obs, level, random.Random(7)), decision
        assert ranking.basis == SAMPLED
        plan = budget.plan(decision, len(obs.legal_actions), deals_left(obs) == 0)
        for e in ranking.estimates:
            assert e.worlds == (0 if e.action == "claim" else plan.worlds), (decision, e)
        if level == "hard":  # it plays for the match: it searches for the chance of winning it
            assert all(e.win_chance is not None and 0.0 <= e.win_chance <= 1.0 for e in ranking.estimates)
        else:
            assert all(e.win_chance is None for e in ranking.estimates)
        if not plan.decides:  # the heuristics' choice, whatever the values
            assert "rule of thumb" in ranking.note, decision
            continue
        # Where the search decides, its choice is the best of the candidates it considers.
        candidates = [obs.legal_actions[i] for i in prior_order(obs)][: plan.candidates or None]
        key = "win_chance" if level == "hard" else "points"
        assert getattr(ranking.best, key) == max(getattr(ranking.estimate(a), key) for a in candidates), decision
        # A better-valued play left out of the candidates is explained, not left to puzzle over.
        beaten = any(getattr(e, key) > getattr(ranking.best, key) + 1e-9 for e in ranking.estimates)
        assert beaten == (f"best of its {plan.candidates} likeliest" in ranking.note), decision


@pytest.mark.parametrize("level", LEVELS)
def test_the_heuristic_decisions_are_chosen_without_searching(level: str) -> None:
    """Where the level plays its rule of thumb, choosing draws no world: only the hint pays."""
    for decision, obs in one_of_each_kind().items():
        if BUDGETS[level].plan(decision, len(obs.legal_actions), deals_left(obs) == 0).decides:
            continue
        counting = CountingRules()
        assert choose(counting, obs, level, random.Random(3)) == rank(RULES, obs, level, random.Random(3)).best.action
        assert counting.calls == 0, decision


def test_easy_keeps_no_values() -> None:
    obs = one_of_each_kind()["lead"]
    with pytest.raises(ValueError, match="easy"):
        rank(RULES, obs, "easy", random.Random(0))


# --------------------------------------------------------------------------------------------
# The numbers make sense


CASH_PLAYED = {S: "C9 C7 S1 S2 S3 S4", E: "S5 S6 S7 M1 M7 T2", W: "T3 T4 T5 T6 T7 T8"}


@pytest.mark.parametrize("level", LEVELS)
def test_a_claim_is_certain_a_safe_cash_raises_it_and_a_risky_play_is_worth_less(level: str) -> None:
    """N = 3 fu + 4 Old (C1 C8 T1 T9) = 7: the claim is worth 2 x (7 - 5) = 4, for sure. The 8s
    cannot be beaten (C9 is public, T9 is ours): cashing them first makes the claim 9, worth 8
    in every world. S8 alone could meet E's S9, M8 alone W's M9."""
    hands = {S: "C1 C8 S8 M8 T1 T9", E: "S9 C2 C3 C4 C5 C6", W: "M9 M2 M3 M4 M5 M6"}
    obs = to_act(table(hands, CASH_PLAYED, caller=S, leader=S, fu=(3, 2, 1)))
    ranking = rank(RULES, obs, level, random.Random(3))
    v = values(ranking)
    assert ranking.estimate("claim").worlds == 0 and v["claim"] == 4.0
    assert ranking.best.action == "C8 S8 M8" and v["C8 S8 M8"] == 8.0
    assert ranking.cost("claim") == 4.0
    assert v["S8"] < v["claim"] and v["M8"] < v["claim"]


@pytest.mark.parametrize("level", LEVELS)
def test_at_a_claim_a_play_that_may_be_beaten_is_charged_against_the_sure_claim(level: str) -> None:
    """Nothing safe adds to the count (W's M9 may beat M8 and E's S9 S8): claim now. The risky
    plays carry the charge, the safe ones (the Old singles) and the claim do not."""
    hands = {S: "C1 C8 S8 M2 T1 T9", E: "S9 C2 C3 C4 C5 C6", W: "M9 M8 M3 M4 M5 M6"}
    obs = to_act(table(hands, CASH_PLAYED, caller=S, leader=S, fu=(3, 2, 1)))
    budget = BUDGETS[level]
    charged = values(rank(RULES, obs, level, random.Random(4)))
    free = values(rank(RULES, obs, level, random.Random(4), dataclasses.replace(budget, claim_charge=0.0)))
    assert rank(RULES, obs, level, random.Random(4)).best.action == "claim"
    view = _View.of_observation(obs)
    for action, points in charged.items():
        risky = action != "claim" and view.win_chance(PLAY_BY_TEXT[action], view.opponents()) < 1.0
        assert points == pytest.approx(free[action] - (budget.claim_charge if risky else 0.0)), action
        assert points < charged["claim"] if risky else points <= charged["claim"]
    assert {a for a in charged if a != "claim" and charged[a] < charged["claim"]} == {"S8", "M2"}


@pytest.mark.parametrize("level", LEVELS)
def test_a_strong_hand_values_the_call_and_a_weak_one_the_pass(level: str) -> None:  # §6.3.1
    strong = {
        S: "C1 C9 S9 M9 T9 T8 T7 C2 C3 C4 S2 S3",
        E: "C5 C6 C7 C8 S1 S4 S5 S6 S7 S8 M1 M2",
        W: "M3 M4 M5 M6 M7 M8 T1 T2 T3 T4 T5 T6",
    }
    weak = {
        S: "C2 C4 C6 S3 S5 M2 M4 M6 T2 T3 T5 S7",
        E: "C1 C3 C5 C7 C8 C9 S1 S2 S4 S6 S8 S9",
        W: "M1 M3 M5 M7 M8 M9 T1 T4 T6 T7 T8 T9",
    }
    v = values(rank(RULES, to_act(start(strong, S)), level, random.Random(5)))
    assert v["call"] >= v["pass"] + 2.0
    v = values(rank(RULES, to_act(start(weak, S)), level, random.Random(5)))
    assert v["pass"] >= v["call"] + 1.5


@pytest.mark.parametrize("level", LEVELS)
def test_a_safe_set_lead_is_worth_clearly_more_than_a_losing_single(level: str) -> None:  # §6.3.3
    hands = {S: "T5 T6 T7 C2 C3 M4", E: "C4 C5 C6 C7 S2 T8", W: "M5 M6 M7 M8 S4 T9"}
    played = {S: "C1 C8 C9 S1 S3 S5", E: "S6 S7 S8 S9 M1 M2", W: "M3 M9 T1 T2 T3 T4"}
    ranking = rank(RULES, to_act(table(hands, played, caller=S, leader=S, fu=(2, 2, 2))), level, random.Random(6))
    v = values(ranking)
    assert ranking.best.action == "T5 T6 T7"
    assert all(v["T5 T6 T7"] >= p + 2.0 for a, p in v.items() if a != "T5 T6 T7")


@pytest.mark.parametrize("level", LEVELS)
def test_throwing_away_an_ancient_is_valued_clearly_worse_than_junk(level: str) -> None:  # §6.3.5
    """E (fu 4) cannot beat S's C2 and throws one card. Kept, T9 takes W's Tens lead and S9 then
    makes the count six: E claims. Thrown, either costs that claim."""
    hands = {S: "C2 T3 S2 M5", E: "T9 S9 M2 M3", W: "C4 T4 S3 M4"}
    played = {S: "C1 C3 C5 C6 C7 C8 C9 S1", E: "S4 S5 S6 S7 S8 M1 M6 M7", W: "M8 M9 T1 T2 T5 T6 T7 T8"}
    obs = to_act(RULES.apply(table(hands, played, caller=S, leader=S, fu=(2, 4, 2)), "C2"))
    assert obs.seat == E and decision_kind(obs) == "discard"
    ranking = rank(RULES, obs, level, random.Random(8))
    v = values(ranking)
    assert ranking.best.action in ("discard M2", "discard M3")
    for ancient in ("discard T9", "discard S9"):
        assert v[ancient] <= v["discard M2"] - 1.5 and ranking.cost(ancient) >= 1.5


@pytest.mark.parametrize("level", LEVELS)
def test_the_last_follower_keeps_its_ancient_when_both_beats_win(level: str) -> None:  # §6.3.4
    hands = {S: "M3 C2 C3", E: "M4 C4 C5", W: "M6 M9 C6"}
    played = {S: "C1 C7 C8 C9 S1 S2 S3 S4 S5", E: "S6 S7 S8 S9 M1 M2 M5 M7 M8", W: "T1 T2 T3 T4 T5 T6 T7 T8 T9"}
    state = RULES.apply(RULES.apply(table(hands, played, caller=S, leader=S, fu=(3, 3, 3)), "M3"), "M4")
    ranking = rank(RULES, to_act(state), level, random.Random(9))
    assert ranking.actions == ("M6", "M9")
    assert ranking.cost("M9") == 0.0  # it wins either way: the values agree, the cheaper beat is played


# --------------------------------------------------------------------------------------------
# Open hands, and nothing but the observation


@pytest.mark.parametrize("level", LEVELS)
def test_with_open_hands_the_true_hands_are_searched_exactly(level: str) -> None:
    for decision, obs in one_of_each_kind({"open_hands": True}).items():
        assert obs.hands is not None
        ranking = rank(RULES, obs, level, random.Random(10))
        assert ranking.basis == EXACT and "open hands" in ranking.note
        assert all(e.worlds == 0 for e in ranking.estimates), decision
        assert ranking.best.action == choose(RULES, obs, level, random.Random(10)), decision


def test_the_ranking_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    for decision, obs in one_of_each_kind().items():
        for level, budget in (("normal", BUDGETS["normal"]), ("hard", SMALL_HARD)):
            expected = rank(RULES, obs, level, random.Random(11), budget)
            for k in range(3):
                again = RULES.observation(RULES.determinize(obs, random.Random(200 + k)), obs.seat)
                assert again == obs
                assert rank(RULES, again, level, random.Random(11), budget) == expected, (decision, level)


def test_two_deals_differing_only_in_hidden_cards_get_the_same_hard_ranking() -> None:
    hands = {
        E: "C3 C4 C5 C6 C8 S1 S6 M2 M6 M7 T4 T6",
        W: "C7 C9 S4 S8 S9 M5 M8 M9 T2 T7 T8 T9",
        S: "C1 C2 S2 S3 S5 S7 M1 M3 M4 T1 T3 T5",
    }
    swapped = dict(hands)
    swapped[E] = hands[E].replace("C3", "C7")
    swapped[W] = hands[W].replace("C7", "C3")
    # C3 and C7 trade places between E and W: S, about to throw against a triple, sees neither.
    a = RULES.apply(RULES.apply(RULES.apply(RULES.apply(start(hands, E), "pass"), "call"), "S6 M6 T6"), "S8 M8 T8")
    b = RULES.apply(RULES.apply(RULES.apply(RULES.apply(start(swapped, E), "pass"), "call"), "S6 M6 T6"), "S8 M8 T8")
    oa, ob = to_act(a), to_act(b)
    assert oa.seat == S and oa == ob and decision_kind(oa) == "discard"
    assert rank(RULES, oa, "hard", random.Random(12)) == rank(RULES, ob, "hard", random.Random(12))


def test_a_pass_in_the_last_deal_is_valued_as_the_redeal_it_may_bring() -> None:
    """All three passing throws the deal in and deals it again (§2.4.3, A6), even in the match's
    last deal. Hard valued such a pass as the match ending on the scores as they stood: a tester
    trailing by 3 saw "pass +0, 0%", passed anyway, and won the match on the redeal."""
    state = RULES.new_match(3, {"deals": 1})
    for _ in range(2):
        state = RULES.apply(state, "pass")
    seat = RULES.current_player(state)
    assert seat is not None and "pass" in RULES.legal_actions(state)
    scores = [0, 0, 0]
    scores[seat], scores[(seat + 1) % 3], scores[(seat + 2) % 3] = 1, 4, -5
    state = dataclasses.replace(state, scores=(scores[0], scores[1], scores[2]))
    obs = to_act(state)
    assert deals_left(obs) == 0
    passing = next(e for e in rank(RULES, obs, "hard", random.Random(1)).estimates if e.action == "pass")
    assert passing.points == 0
    assert passing.win_chance is not None and 0.05 < passing.win_chance < 0.5


def test_at_a_certain_match_hard_takes_the_most_points() -> None:
    """Found by a tester: in the last deal, leading with six Old cards and the match won in every
    world, hard claimed for +2 before a sure lead for +6 (ties in the chance went to the likelier
    action); at the same chance the points decide."""
    from game.rules import lukfu as lf

    mine = ["C1", "C8", "C9", "S1", "S2", "S7", "M1", "M8", "M9", "T1", "T2", "T6"]
    rest = [c for c in (f"{s}{v}" for s in "CSMT" for v in range(1, 10)) if c not in mine]
    random.Random(1).shuffle(rest)
    hands = (lf.cards_to_mask(mine), lf.cards_to_mask(rest[:12]), lf.cards_to_mask(rest[12:]))
    state = dataclasses.replace(RULES.new_match(7, {"deals": 3}), deal_number=3, master=0, turn=0, leader=0,
                                hands=hands, scores=(10, -4, -6))
    state = RULES.apply(state, "call")
    ranking = rank(RULES, to_act(state), "hard", random.Random(0))
    assert ranking.best.win_chance == 1.0 and ranking.estimate("claim").win_chance == 1.0
    assert ranking.best.action != "claim" and ranking.best.points == max(e.points or 0 for e in ranking.estimates)


#: A tester's match (seed 1793907061, three deals) to the decision where East, leading in the last
#: deal with six fu, can claim and so win the match for certain.
CERTAIN_CLAIM_STEPS = [
    "call", "C7 M7 T7", "discard T4", "discard S5", "discard T6", "discard T2", "discard C2", "discard S3",
    "claim", "pass", "pass", "call", "T8", "discard C2", "T9", "M4", "M6", "M7", "T2", "T6", "T7", "C1 S1 M1",
    "discard C4", "discard M2", "discard T3", "discard S3", "discard S4", "discard C5", "M3", "M5", "M8", "claim",
    "pass", "pass", "pass", "pass", "pass", "pass", "call", "S1 M1 T1", "discard C5", "discard T7", "discard M8",
    "discard C2", "discard C4", "discard S2", "M9", "discard S4", "discard S3", "S9", "discard M4", "discard C6",
    "S5", "discard T2", "S6", "T6", "discard M2", "discard T4", "M6", "M7", "discard T3"
]


def test_a_claim_that_wins_the_match_for_certain_beats_a_lead_that_can_be_beaten() -> None:
    """Found by a tester: hard led on for more points (a card that could be beaten, won in all
    30 imagined deals) instead of the claim that won the match, was beaten, and lost the match.
    A win in every imagined deal is not every deal there is; a lead nothing can beat keeps the
    claim open, so it may still go first (the test above)."""
    state = RULES.new_match(1793907061, {"deals": 3})
    for action in CERTAIN_CLAIM_STEPS:
        state = RULES.apply(state, action)
    observation = to_act(state)
    assert "claim" in observation.legal_actions
    rankings = [rank(RULES, observation, "hard", random.Random(seed)) for seed in range(6)]
    assert all(ranking.best.action == "claim" for ranking in rankings)
    # ...though a lead that can be beaten won every imagined deal, for more points.
    assert any(e.action != "claim" and e.win_chance == 1.0 and (e.points or 0) > 2
               for ranking in rankings for e in ranking.estimates)


@pytest.mark.parametrize("level", LEVELS)
def test_the_last_card_is_not_charged_against_the_claim(level: str) -> None:
    """Found by a tester: his last card, T5, was charged 2 points against the claim, and the
    review billed him for leading it (it won, +6 where the claim paid +4). No playout follows the
    last card, so there is no optimism to correct: it is valued as it is."""
    rest = [f"{suit}{n}" for suit in "CSMT" for n in range(1, 10) if f"{suit}{n}" not in ("T4", "T5", "T6")]
    played = {p: " ".join(rest[p::3]) for p in range(3)}
    hands = {S: "T5", E: "T4", W: "T6"}
    obs = to_act(table(hands, played, caller=S, leader=S, fu=(7, 4, 0)))
    assert "claim" in obs.legal_actions and len(obs.hand) == 1
    charged = values(rank(RULES, obs, level, random.Random(4)))
    free = values(rank(RULES, obs, level, random.Random(4), dataclasses.replace(BUDGETS[level], claim_charge=0.0)))
    assert charged == free


def test_a_match_lost_for_sure_is_worse_than_one_lost_in_every_imagined_deal() -> None:
    """Found by a tester: in the match's last deal every choice showed no imagined deal won, and
    hard took the claim's sure points, which lost the match for certain, over a lead that could
    still have won it. The mirror of the sure win above."""
    from game.ai.lukfu import _better
    from game.ai.lukfu_search import Value

    claim = Value(points=2.0, objective=0.0, worlds=1, exact=True)
    lead = Value(points=30 * 0.3, objective=0.0, worlds=30)
    assert _better(lead, claim, sure=False, than_sure=True)
    assert not _better(claim, lead, sure=True, than_sure=False)


def test_a_lead_nothing_can_beat_that_wins_the_match_is_written_certain() -> None:
    """Found by a tester: his last card, which nothing could beat, read 99% to win the match
    beside the claim's 100%, and the review then said it lost 0%. A match won for certain rests
    on no sample (``worlds`` 0), as the claim's does."""
    rest = [f"{suit}{n}" for suit in "CSMT" for n in range(1, 10) if f"{suit}{n}" not in ("T4", "T9", "T6")]
    played = {p: " ".join(rest[p::3]) for p in range(3)}
    state = table({S: "T9", E: "T4", W: "T6"}, played, caller=S, leader=S, fu=(7, 4, 0))
    state = dataclasses.replace(state, cfg=RULES.new_match(2, {"first_master": S, "deals": 1}).cfg)  # the last deal
    obs = to_act(state)
    assert deals_left(obs) == 0 and set(obs.legal_actions) == {"claim", "T9"}
    ranking = rank(RULES, obs, "hard", random.Random(4))
    for action in ("claim", "T9"):
        estimate = ranking.estimate(action)
        assert estimate.win_chance == 1.0 and estimate.worlds == 0, estimate
