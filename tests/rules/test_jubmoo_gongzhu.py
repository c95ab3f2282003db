"""The Jub Moo "gongzhu" ruleset: Chinese Gong Zhu scoring as ../shared/rules/jubmoo.md §1.3
(OPTION ruleset "Gong Zhu") and the end of §1.4 define it, one test per rule with the rules
file's numbers, then random playouts checked against the deal invariant derived below.

Deal invariant under Gong Zhu (from §1.3-1.4): the four deal scores add up to B + T, where
- B is the value of the 15 point cards other than the 10♣ as they score: the hearts -200, Q♠
  -100 and J♦ +100 give -200; when one player took all 13 hearts they count +200, so B = +200;
  in a sweep (that player took all 16 point cards) Q♠ counts +100 too, so B = +400;
- T is what the 10♣ adds: +50 when its taker holds no other point card, else that taker's
  other cards once more (the doubling; with "adds and doubles" that plus 100).
There is no -50 term: an empty stack scores 0. So a sweep deal adds up to exactly +800."""

from __future__ import annotations

import random

import pytest

from game.ai.jubmoo_search import Context, playout
from game.rules import jubmoo as jm
from game.rules.jubmoo import (
    CARD_INDEX,
    CARDS,
    FULL,
    OPTION_SPECS,
    RULES,
    RULESETS,
    card_mask,
    card_value,
    mask_deal_scores,
    mask_score,
    point_card_mask,
    point_cards_decide,
    score_breakdown,
    stack_score,
    ten_clubs_in_force,
)
from tests.rules.test_jubmoo import BIG_CHUAN_DECK, CHUAN_DECK, HEARTS, play_deal

GZ = "gongzhu"
ADD = {"ten_clubs": "add-and-double"}
POINT_CARDS = [*HEARTS, "QS", "JD", "TC"]


def gz(cards: list[str] | tuple[str, ...], **options: str) -> int:
    return stack_score(cards, GZ, options)


# --------------------------------------------------------------------------------------------
# The hearts
# --------------------------------------------------------------------------------------------


def test_heart_values_a_to_5_and_nothing_for_4_3_2():
    assert [card_value(c, GZ) for c in HEARTS] == [-50, -40, -30, -20, -10, -10, -10, -10, -10, -10, 0, 0, 0]
    assert gz(["AH"]) == -50 and gz(["KH"]) == -40 and gz(["QH"]) == -30 and gz(["JH"]) == -20
    assert [gz([r + "H"]) for r in "T98765"] == [-10] * 6
    assert [gz([r + "H"]) for r in "432"] == [0, 0, 0]
    assert gz(HEARTS[:12]) == -200  # every heart but the 2: no Chuan, -200


def test_low_hearts_are_still_point_cards():  # 10♣ + 3♥ = 0, not +50
    assert gz(["TC", "3H"]) == 0
    assert gz(["TC", "4H", "2H", "5S"]) == 0
    assert score_breakdown(["TC", "3H"], GZ) == [("Hearts (1)", 0), ("TC doubles", 0)]
    assert point_card_mask(GZ) == card_mask(POINT_CARDS)
    state = play_deal(RULES.new_match(1, {"first_leader": 0, "ruleset": GZ}, deck=CHUAN_DECK))
    assert "2H" in state.last_deal.stacks[0]  # a 0-valued heart is shown among the point cards


# --------------------------------------------------------------------------------------------
# Q♠, J♦ and the 10♣
# --------------------------------------------------------------------------------------------


def test_pig_minus_100_and_jack_of_diamonds_plus_100():
    assert gz(["QS"]) == -100 and gz(["JD"]) == 100
    assert gz(["QS", "JD"]) == 0
    assert gz(["QS", "AH", "5S"]) == -150


def test_ten_of_clubs_doubles_the_pile():
    assert gz(["TC", "AH"]) == -100
    assert gz(["TC", "JD"]) == 200
    assert gz(["TC", "QS", "KH", "9S"]) == -280
    assert score_breakdown(["TC", "JD"], GZ) == [("JD", 100), ("TC doubles", 100)]


def test_ten_of_clubs_with_no_other_point_card_is_plus_50():
    assert gz(["TC"]) == 50
    assert gz(["TC", "5S", "AD", "2C"]) == 50
    assert score_breakdown(["TC", "AS"], GZ) == [("TC alone", 50)]


def test_pig_jack_and_ten_of_clubs_is_zero():  # Q♠ + J♦ + 10♣ = 0
    assert gz(["QS", "JD", "TC"]) == 0


def test_ten_of_clubs_only_doubles_whatever_the_jub_moo_option_says():
    """Gong Zhu's 10♣ is §1.3's (Q♠ + J♦ + 10♣ = 0, the sweep +800, as its option help says):
    the Jub Moo option "adds and doubles" has no effect here (it had made the sweep +900)."""
    assert gz(["TC", "JD"], **ADD) == gz(["TC", "JD"]) == 200
    assert gz(["TC", "3H"], **ADD) == 0
    assert gz(["TC"], **ADD) == 50
    assert gz(["QS", "JD", "TC"], **ADD) == 0
    assert gz([*(r + "H" for r in "AKQJT98765432"), "QS", "JD", "TC"], **ADD) == 800
    assert score_breakdown(["TC", "JD"], "gongzhu", ADD) == [("JD", 100), ("TC doubles", 100)]
    assert stack_score(["TC", "JD"], "hearts", ADD) == 300  # the Jub Moo rulesets follow the option
    spec = OPTION_SPECS["ten_clubs"]
    assert not spec.applies({"ruleset": "gongzhu"}) and spec.applies({"ruleset": "hearts"})
    assert ten_clubs_in_force("gongzhu", "add-and-double") == "double"
    assert ten_clubs_in_force("all-suits", "add-and-double") == "add-and-double"


# --------------------------------------------------------------------------------------------
# All the hearts, the sweep
# --------------------------------------------------------------------------------------------


def test_all_thirteen_hearts_count_plus_200():
    assert gz(HEARTS) == 200
    assert gz([*HEARTS, "5S", "AC"]) == 200
    assert score_breakdown(HEARTS, GZ) == [("Chuan: all 13 hearts turn positive", 200)]


def test_all_hearts_with_the_ten_of_clubs_is_400():  # 13 hearts + 10♣ = +400
    assert gz([*HEARTS, "TC"]) == 400


def test_all_hearts_with_the_pig_is_100():  # 13 hearts + Q♠ = +100: the pig flips only in a sweep
    assert gz([*HEARTS, "QS"]) == 100
    assert gz([*HEARTS, "JD"]) == 300
    assert gz([*HEARTS, "QS", "JD"]) == 200  # 15 point cards: no sweep without the 10♣
    assert gz([*HEARTS, "QS", "TC"]) == 200


def test_sweep_of_the_sixteen_point_cards_is_800():  # +200 +100 +100, doubled
    assert gz(POINT_CARDS) == 800
    assert score_breakdown(POINT_CARDS, GZ) == [
        ("Chuan: all 13 hearts turn positive", 200),
        ("Sweep: QS (the pig) counts plus", 100),
        ("JD", 100),
        ("TC doubles", 400),
    ]
    assert gz([*POINT_CARDS, "AS", "2C", "KD"]) == 800  # other cards change nothing
    assert gz(POINT_CARDS, **ADD) == 800  # Gong Zhu's 10♣ only doubles, whatever the Jub Moo option


def test_every_card_is_the_same_sweep_not_a_big_chuan():
    assert gz(CARDS) == 800
    assert score_breakdown(CARDS, GZ) == score_breakdown(POINT_CARDS, GZ)
    assert stack_score(CARDS, "hearts") == 1000  # Jub Moo keeps its Big Chuan


def test_sweep_in_play_by_the_sixteen_point_cards():
    state = play_deal(RULES.new_match(1, {"first_leader": 0, "ruleset": GZ}, deck=CHUAN_DECK))
    summary = state.last_deal
    assert summary.tricks_won == (12, 0, 0, 1)
    assert summary.sweep == 0 and summary.chuan == 0 and summary.big_chuan is None
    assert summary.scores == (800, 0, 0, 0)  # two players without a trick: no -50
    assert summary.breakdowns[1] == (("No cards won", 0),)
    assert summary.breakdowns[3] == (("No point cards", 0),)


@pytest.mark.parametrize("others_minus_50", [True, False])
def test_sweep_in_play_by_every_trick(others_minus_50):
    options = {"first_leader": 0, "ruleset": GZ, "big_chuan_others_minus_50": others_minus_50}
    state = play_deal(RULES.new_match(1, options, deck=BIG_CHUAN_DECK))
    summary = state.last_deal
    assert summary.tricks_won == (13, 0, 0, 0)
    assert summary.big_chuan is None and summary.sweep == 0 and summary.chuan == 0
    assert summary.scores == (800, 0, 0, 0)
    assert summary.breakdowns[0] == tuple(score_breakdown(POINT_CARDS, GZ))
    assert mask_deal_scores([FULL, 0, 0, 0], GZ, "double", others_minus_50) == [800, 0, 0, 0]


def test_jub_moo_rulesets_have_no_sweep():
    state = play_deal(RULES.new_match(1, {"first_leader": 0}, deck=CHUAN_DECK))
    assert state.last_deal.sweep is None and state.last_deal.scores == (388, -50, -50, 0)


# --------------------------------------------------------------------------------------------
# No trick
# --------------------------------------------------------------------------------------------


def test_no_trick_scores_nothing():
    assert gz([]) == 0
    assert score_breakdown([], GZ) == [("No cards won", 0)]
    state = RULES.new_match(1, {"first_leader": 0, "ruleset": GZ}, deck=CHUAN_DECK)
    assert RULES.observation(state, 0).deal_scores_so_far == (0, 0, 0, 0)
    assert mask_deal_scores([card_mask(["QS"]), 0, 0, FULL & ~card_mask(["QS"])], GZ) == [-100, 0, 0, 600]


def test_point_cards_alone_decide_a_gong_zhu_score():
    assert point_cards_decide(GZ)
    assert not point_cards_decide("hearts") and not point_cards_decide("all-suits")
    points = point_card_mask(GZ)
    rng = random.Random(3)
    masks = [0, FULL, points, *(rng.getrandbits(52) for _ in range(500))]
    for mask in masks:
        for ten in ("double", "add-and-double"):
            assert mask_score(mask, GZ, ten) == mask_score(mask & points, GZ, ten)


def test_option_help_describes_the_gong_zhu_scoring():
    words = jm.OPTION_SPECS["ruleset"].help
    assert "Gong Zhu" in words and "no -50" in words and "+800" in words and "4-2 0" in words


# --------------------------------------------------------------------------------------------
# Random playouts under Gong Zhu
# --------------------------------------------------------------------------------------------


def deal_invariant(won: list[int], scores: tuple[int, ...], ten_clubs: str) -> None:
    """The module docstring's invariant, from the card values alone (not from ``mask_score``)."""
    hearts = card_mask(HEARTS)
    sweep = next((s for s in range(4) if won[s] & point_card_mask(GZ) == point_card_mask(GZ)), None)
    chuan = next((s for s in range(4) if won[s] & hearts == hearts), None)

    def counted(card: str) -> int:
        flip = (chuan is not None and card[1] == "H") or (sweep is not None and card == "QS")
        return -card_value(card, GZ) if flip else card_value(card, GZ)

    b = sum(counted(c) for c in POINT_CARDS if c != "TC")
    assert b == (400 if sweep is not None else 200 if chuan is not None else -200)
    taker = next(s for s in range(4) if won[s] >> CARD_INDEX["TC"] & 1)
    rest = [c for c in POINT_CARDS if c != "TC" and won[taker] >> CARD_INDEX[c] & 1]
    t = sum(counted(c) for c in rest) if rest else 50  # the 10♣ only doubles, whatever ``ten_clubs``
    assert sum(scores) == b + t
    if sweep is not None:
        assert scores[sweep] == sum(scores) == 800


def collector_pick(state: jm.JubMooState, seat: int, rng: random.Random) -> str:
    """One seat plays its highest legal card and the others feed it point cards when they
    can (so Chuans and sweeps come up); a fifth of the plays are random."""
    legal = RULES.legal_actions(state)
    if rng.random() < 0.2:
        return legal[rng.randrange(len(legal))]
    if RULES.current_player(state) == seat:
        return legal[0]  # the canonical order puts a suit's highest card first
    feed = [c for c in legal if c in POINT_CARDS]
    return feed[0] if feed and len(state.trick) else legal[-1]


def one_suit_each(rng: random.Random) -> list[str]:
    """A deck dealing each seat one whole suit: nobody can follow, so the first leader wins
    every trick (the sweep by every card, too rare in random play to come up otherwise)."""
    suits = rng.sample("SHDC", 4)
    hands = [[c for c in CARDS if c[1] == suit] for suit in suits]
    for hand in hands:
        rng.shuffle(hand)
    return [hands[i % 4][i // 4] for i in range(52)]


def test_random_gong_zhu_playouts_keep_the_deal_invariant():
    rng = random.Random(20261201)
    seen = {"chuan": 0, "sweep": 0, "every trick": 0, "empty": 0, "ten alone": 0}
    deals = 0
    for match in range(60):
        ten = rng.choice(["double", "add-and-double"])
        options = {"ruleset": GZ, "ten_clubs": ten, "target": -600, "big_chuan_others_minus_50": rng.random() < 0.5,
                   "first_lead": rng.choice(["random", "two-of-clubs"])}
        deck = one_suit_each(rng) if match % 10 == 0 else None
        state = RULES.new_match(rng.getrandbits(40), options, deck=deck)
        collector = rng.randrange(4) if match % 2 else None
        while not RULES.is_over(state) and state.deal_number <= 12:
            legal = RULES.legal_actions(state)
            if collector is None:
                action = legal[rng.randrange(len(legal))]
            else:
                action = collector_pick(state, collector, rng)
            new = RULES.apply(state, action)
            if new.phase == 0:  # the running indication is the stack so far: never -50
                obs = RULES.observation(new, rng.randrange(4))
                assert obs.deal_scores_so_far == tuple(mask_score(w, GZ, ten) for w in new.won)
            if state.phase == 0 and len(state.plays) == 51:
                deals += 1
                summary = new.last_deal
                won = [0, 0, 0, 0]
                for trick, winner in zip(summary.tricks, summary.trick_winners, strict=True):
                    for _, card in trick:
                        won[winner] |= 1 << CARD_INDEX[card]
                assert summary.scores == tuple(mask_score(w, GZ, ten) for w in won)
                assert summary.scores == tuple(stack_score(jm.mask_cards(w), GZ, {"ten_clubs": ten}) for w in won)
                others_minus_50 = bool(options["big_chuan_others_minus_50"])
                assert list(summary.scores) == mask_deal_scores(won, GZ, ten, others_minus_50)
                assert all(s % 10 == 0 for s in summary.scores)  # every Gong Zhu value is a multiple of 10
                assert summary.big_chuan is None
                for seat in range(4):
                    assert sum(p for _, p in summary.breakdowns[seat]) == summary.scores[seat]
                deal_invariant(won, summary.scores, ten)
                seen["chuan"] += summary.chuan is not None
                seen["sweep"] += summary.sweep is not None
                seen["every trick"] += FULL in won
                seen["empty"] += bool(summary.empty)
                taker = next(w for w in won if w >> CARD_INDEX["TC"] & 1)
                seen["ten alone"] += not taker & point_card_mask(GZ) & ~(1 << CARD_INDEX["TC"])
            state = new
    assert deals > 300
    assert all(seen.values()), seen  # the playouts reached every rule at least once


def test_search_playouts_score_and_stop_by_the_gong_zhu_rules():
    """The AI's playouts stop once no point card is left (no empty stack or Big Chuan can
    change a score under Gong Zhu) and score with the engine's deal scoring."""
    ctx = Context({"ruleset": GZ, "big_chuan_others_minus_50": False})
    assert ctx.empty_gain == 0 and ctx.points_decide
    stopped_with_an_empty_stack = 0
    for seed in range(60):
        state = RULES.new_match(seed, {"ruleset": GZ})
        hands, won = list(state.hands), [0, 0, 0, 0]
        played = playout(hands, won, [0, 0, 0, 0], state.leader, [], ctx)
        left = hands[0] | hands[1] | hands[2] | hands[3]
        assert played == 52 - left.bit_count() and not left & point_card_mask(GZ)
        stopped_with_an_empty_stack += played < 52 and not all(won)
        finished = [w | (left if s == 0 else 0) for s, w in enumerate(won)]  # any lie of the rest
        assert ctx.scores(won) == ctx.scores(finished) == mask_deal_scores(won, GZ)
    assert stopped_with_an_empty_stack
    assert Context({"ruleset": GZ}).scores([FULL, 0, 0, 0]) == [800, 0, 0, 0]
    for ruleset in RULESETS:
        if ruleset != GZ:
            assert Context({"ruleset": ruleset}).empty_gain == 50 and not Context({"ruleset": ruleset}).points_decide
