"""Klaberjass rules, case by case from ../shared/rules/klaberjass.md (sections and A# cited in names).

Seats: with ``first_dealer=1`` (used throughout unless said otherwise) seat 0 is elder.
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from game.rules import IllegalAction
from game.rules import klaberjass as kj
from game.rules.klaberjass import (
    RULES,
    DealSummary,
    card_points,
    legal_plays,
    meld_points,
    parse_card,
    settle,
    top_meld,
    trick_winner,
)

RANKS = "789TJQKA"
SUITS = "SHDC"
ALL = [r + s for s in SUITS for r in RANKS]


def deck9(
    elder9: str, dealer9: str, turn_up: str | None = None, bottom: str | None = None, clubs: bool = False
) -> list[str]:
    """A deck (top first) dealing these hands per §1.3: first six of each 3+3, the last three as completion."""
    e, d = elder9.split(), dealer9.split()
    named = [*e, *d, *([turn_up] if turn_up else []), *([bottom] if bottom else [])]
    assert len(set(named)) == len(named), f"a card is dealt twice: {named}"
    deck: list[str | None] = [None] * 32
    for p, c in zip((0, 1, 2, 6, 7, 8), e[:6], strict=True):
        deck[p] = c
    for p, c in zip((3, 4, 5, 9, 10, 11), d[:6], strict=True):
        deck[p] = c
    base = 12 if clubs else 13
    if not clubs:
        deck[12] = turn_up
    for i, c in enumerate(e[6:]):
        deck[base + 2 * i] = c
    for i, c in enumerate(d[6:]):
        deck[base + 1 + 2 * i] = c
    if bottom:
        deck[31] = bottom
    rest = iter([c for c in ALL if c not in deck])
    return [c if c is not None else next(rest) for c in deck]


def new(
    elder9: str, dealer9: str, turn_up: str | None = "7H", bottom: str | None = None, **options: object
) -> kj.State:
    opts = {"first_dealer": 1, **options}
    clubs = bool(options.get("clubs_preferred"))
    return RULES.new_match(3, opts, deck=deck9(elder9, dealer9, None if clubs else turn_up, bottom, clubs))


def play(state: kj.State, *actions: str) -> kj.State:
    for a in actions:
        state = RULES.apply(state, a)
    return state


def obs(state: kj.State, seat: int = 0) -> kj.KlaberjassObservation:
    return RULES.observation(state, seat)


def to_play(
    elder9: str,
    dealer9: str,
    turn_up: str = "7H",
    bids: tuple[str, ...] = ("take",),
    dix: str = "keep",
    declares: tuple[str | None, str | None] = (None, None),
    **options: object,
) -> kj.State:
    """Bid, answer the dix, declare (None = every run) and stop at trick 1."""
    state = play(new(elder9, dealer9, turn_up, **options), *bids)
    if state.phase == kj.P_DIX:
        state = play(state, dix)
    for choice in declares:
        if state.phase == kj.P_DECLARE:
            state = play(state, choice or RULES.legal_actions(state)[0])
    return state


# The scripted deal of the settlement tests: hearts trump, the dealer takes, holds a 20 and the
# bella, and is bete all the same (rules §1.10, A19).
BETE_ELDER = "JH 9H AH AS TS KS AD TD AC"
BETE_DEALER = "KH QH 7C 8C 9C 7D 8S 9S 8D"
BETE_TRICKS = (
    ("JH", "QH"),
    ("9H", "KH bella"),
    ("AH", "7D"),
    ("AS", "8S"),
    ("TS", "9S"),
    ("KS", "8D"),
    ("AD", "7C"),
    ("TD", "8C"),
    ("AC", "9C"),
)
# Elder holds seven hearts (8..A, one 50 run) plus AS TS and takes every trick.
SWEEP_ELDER = "JH 9H AH TH KH QH 8H AS TS"
SWEEP_DEALER = "7S 8S 7D 8D 7C 8C JS JD JC"


def play_tricks(state: kj.State, tricks: tuple[tuple[str, str], ...]) -> kj.State:
    for lead, follow in tricks:
        state = play(state, lead, follow)
    return state


def sweep_deal(**options: object) -> kj.State:
    state = to_play(SWEEP_ELDER, SWEEP_DEALER, **options)
    order = ["JH", "9H", "AH", "TH", "KH", "QH bella", "8H", "AS", "TS"]
    for card in order:
        state = play(state, card)
        state = play(state, RULES.legal_actions(state)[0])
    return state


# ---------------------------------------------------------------------------------------
# Options, game object, new_match
# ---------------------------------------------------------------------------------------


def test_game_object_members() -> None:
    assert RULES.name == "klaberjass"
    assert RULES.num_players == 2
    assert isinstance(RULES.title, str) and RULES.title


def test_default_options_api_table() -> None:
    assert RULES.default_options() == {
        "game_point": 500,
        "no_tie": False,
        "clubs_preferred": False,
        "tout_atout": False,
        "tout_atout_direct": False,
        "all_trump_cross_suit": True,
        "nt_melds": True,
        "first_dealer": None,
        "open_hands": False,
        "replay": False,
    }


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("game_point", 99),
        ("game_point", 10000),
        ("game_point", 500.0),
        ("game_point", True),
        ("no_tie", 1),
        ("clubs_preferred", "yes"),
        ("tout_atout", None),
        ("tout_atout_direct", 0),
        ("all_trump_cross_suit", "false"),
        ("nt_melds", 1),
        ("first_dealer", 2),
        ("first_dealer", True),
        ("open_hands", None),
        ("replay", "on"),
        ("bogus", 1),
    ],
)
def test_new_match_rejects_bad_options_naming_the_key(key: str, value: object) -> None:
    with pytest.raises(ValueError, match=key):
        RULES.new_match(1, {key: value})


def test_game_point_range_limits_accepted_s1_14() -> None:
    for gp in (100, 9999):
        assert dict(RULES.observation(RULES.new_match(1, {"game_point": gp}), 0).options)["game_point"] == gp


def test_missing_option_keys_take_defaults() -> None:
    state = RULES.new_match(5, {"no_tie": True})
    options = dict(RULES.observation(state, 0).options)
    assert options["no_tie"] is True and options["game_point"] == 500 and options["replay"] is False


def test_first_dealer_is_drawn_at_random_a26() -> None:
    dealers = {RULES.new_match(seed).dealer for seed in range(40)}
    assert dealers == {0, 1}
    assert all(RULES.new_match(seed, {"first_dealer": 0}).dealer == 0 for seed in range(5))


def test_same_seed_same_match_and_seeds_differ() -> None:
    assert RULES.new_match(11) == RULES.new_match(11)
    hands = {RULES.hand(RULES.new_match(seed), 0) for seed in range(10)}
    assert len(hands) > 1


@pytest.mark.parametrize(
    "deck",
    [
        ALL[:31],
        [*ALL[:31], ALL[0]],
        [*ALL[:31], "2S"],
        [*ALL, "AS"],
        "7S 8S",
    ],
)
def test_deck_must_hold_every_card_once(deck: object) -> None:
    with pytest.raises(ValueError, match="deck"):
        RULES.new_match(1, {"first_dealer": 1}, deck=deck)  # type: ignore[arg-type]


def test_deck_accepts_loose_card_spellings() -> None:
    loose = [c.lower() for c in ALL]
    loose[ALL.index("TH")] = "10H"
    loose[ALL.index("AS")] = "A♠"
    assert RULES.new_match(1, {"first_dealer": 1}, deck=loose) == RULES.new_match(1, {"first_dealer": 1}, deck=ALL)


# ---------------------------------------------------------------------------------------
# §1.3 The deal, deck order (API.md), A5, A6, A12
# ---------------------------------------------------------------------------------------


def test_deal_order_first_six_and_turn_up_s1_3() -> None:
    state = RULES.new_match(1, {"first_dealer": 1}, deck=ALL)
    d = ALL
    assert state.dealer == 1
    assert RULES.hand(state, 0) == tuple(sorted([d[0], d[1], d[2], d[6], d[7], d[8]], key=ALL.index))
    assert RULES.hand(state, 1) == tuple(sorted([d[3], d[4], d[5], d[9], d[10], d[11]], key=ALL.index))
    o = obs(state)
    assert o.turn_up == d[12] == o.original_turn_up
    assert o.proposed_suit == d[12][1]
    assert o.bottom_card is None
    assert o.hand_sizes == (6, 6)


def test_deal_order_when_seat_0_deals() -> None:
    state = RULES.new_match(1, {"first_dealer": 0}, deck=ALL)
    assert RULES.hand(state, 1) == tuple(sorted([ALL[i] for i in (0, 1, 2, 6, 7, 8)], key=ALL.index))
    assert RULES.hand(state, 0) == tuple(sorted([ALL[i] for i in (3, 4, 5, 9, 10, 11)], key=ALL.index))
    assert RULES.current_player(state) == 1  # elder speaks first


def test_completion_one_at_a_time_elder_first_a5_and_bottom_d31() -> None:
    deck = list(reversed(ALL))  # d12 = TD is the turn-up; elder receives 7D (d15) and keeps it
    state = RULES.new_match(1, {"first_dealer": 1}, deck=deck)
    e0, d0 = set(RULES.hand(state, 0)), set(RULES.hand(state, 1))
    trump = deck[12][1]
    state = play(state, "take")
    assert state.phase == kj.P_DIX and RULES.current_player(state) == 0
    state = play(state, "keep")
    assert set(RULES.hand(state, 0)) - e0 == {deck[13], deck[15], deck[17]}
    assert set(RULES.hand(state, 1)) - d0 == {deck[14], deck[16], deck[18]}
    assert obs(state).bottom_card == deck[31]
    assert obs(state).contract == trump


def test_clubs_preferred_no_turn_up_completion_d12_d17_a12() -> None:
    state = RULES.new_match(1, {"first_dealer": 1, "clubs_preferred": True}, deck=ALL)
    o = obs(state)
    assert o.turn_up is None and o.original_turn_up is None
    assert o.proposed_suit == "C"
    state = play(state, "take")
    assert obs(state).contract == "C"
    assert set(RULES.hand(state, 0)) == {ALL[i] for i in (0, 1, 2, 6, 7, 8, 12, 14, 16)}
    assert set(RULES.hand(state, 1)) == {ALL[i] for i in (3, 4, 5, 9, 10, 11, 13, 15, 17)}
    assert obs(state).bottom_card == ALL[31]
    assert state.phase == kj.P_DECLARE  # no dix under Clubs Preferred, even holding 7C


def test_clubs_preferred_round_two_names_only_spades_hearts_diamonds_a12() -> None:
    state = play(RULES.new_match(1, {"first_dealer": 1, "clubs_preferred": True}, deck=ALL), "pass", "pass")
    names = [a for a in RULES.legal_actions(state) if a.startswith("name")]
    assert names == ["name S", "name H", "name D"]


def test_later_deals_shuffle_from_the_seed() -> None:
    a = play(RULES.new_match(4, {"first_dealer": 1}, deck=ALL), "schmeiss", "throw-in")
    b = play(RULES.new_match(4, {"first_dealer": 1}, deck=ALL), "schmeiss", "throw-in")
    c = play(RULES.new_match(5, {"first_dealer": 1}, deck=ALL), "schmeiss", "throw-in")
    assert a == b
    assert a.deal_number == 2 and a.deck != tuple(kj.CARD_ID[x] for x in ALL)
    assert a.deck != c.deck


def test_only_eighteen_cards_take_part_s1_3() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    in_play = set(RULES.hand(state, 0)) | set(RULES.hand(state, 1))
    assert len(in_play) == 18


# ---------------------------------------------------------------------------------------
# §1.2 Card values, §1.15 numbers, A21, A24
# ---------------------------------------------------------------------------------------


def test_card_points_trump_and_plain_s1_2() -> None:
    trump = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
    plain = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    for r in RANKS:
        assert card_points(r + "H", "H") == trump[r]
        assert card_points(r + "S", "H") == plain[r]
        assert card_points(r + "D", "NT") == plain[r]
        assert card_points(r + "C", "AT") == trump[r]


def test_suit_totals_and_162_s1_15_a24() -> None:
    assert sum(card_points(r + "S", "S") for r in RANKS) == 62
    assert sum(card_points(r + "H", "S") for r in RANKS) == 30
    assert sum(card_points(c, "S") for c in ALL) + 10 == 162


def test_no_trump_and_all_trump_totals_s1_14() -> None:
    assert sum(card_points(c, "NT") for c in ALL) == 120
    assert sum(card_points(c, "AT") for c in ALL) + 10 == 258


def test_156_is_the_trick_point_maximum_s1_15() -> None:
    best = sorted((card_points(c, "S") for c in ALL), reverse=True)[:18]
    assert sum(best) + 10 == 156


def test_card_points_accepts_loose_cards_and_rejects_bad_contract() -> None:
    assert card_points("jh", "H") == 20
    assert card_points("10h", "S") == 10
    with pytest.raises(ValueError):
        card_points("JH", "X")
    with pytest.raises(ValueError):
        card_points("1H", "H")


def test_parse_card_spellings() -> None:
    assert parse_card("jh") == "JH"
    assert parse_card("10C") == "TC"
    assert parse_card("Q♦") == "QD"
    assert parse_card(" a♤ ") == "AS"
    for bad in ("", "6S", "JX", "ZZ"):
        with pytest.raises(ValueError):
            parse_card(bad)


# ---------------------------------------------------------------------------------------
# §1.8 Trick winner and legal replies, A13; §1.14 / A16 sans tout and tout atout
# ---------------------------------------------------------------------------------------


def test_trump_order_j_9_a_t_k_q_8_7_s1_2() -> None:
    order = ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert trick_winner(low, high, "H") == 1
            assert trick_winner(high, low, "H") == 0


def test_plain_order_a_t_k_q_j_9_8_7_s1_2() -> None:
    order = ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert trick_winner(low, high, "H") == 1
            assert trick_winner(high, low, "H") == 0


def test_any_trump_beats_plain_and_third_suit_never_wins_s1_8() -> None:
    assert trick_winner("AS", "7H", "H") == 1
    assert trick_winner("7H", "AS", "H") == 0
    assert trick_winner("7S", "AD", "H") == 0  # a card of a third suit never wins


def test_sans_tout_higher_of_led_suit_wins_s1_14() -> None:
    assert trick_winner("TS", "AS", "NT") == 1
    assert trick_winner("JS", "9S", "NT") == 0  # plain order: J above 9
    assert trick_winner("7S", "AH", "NT") == 0


def test_tout_atout_cross_suit_power_equal_rank_to_leader_a16() -> None:
    assert trick_winner("JS", "JH", "AT") == 0  # the manual's "two identical cards": leader wins
    assert trick_winner("AS", "9H", "AT") == 1  # every card is a trump: power by rank, any suit
    assert trick_winner("9S", "AH", "AT") == 0
    assert trick_winner("7S", "8S", "AT") == 1


def test_tout_atout_without_cross_suit_only_led_suit_wins_a16_option() -> None:
    opts = {"all_trump_cross_suit": False}
    assert trick_winner("AS", "9H", "AT", opts) == 0
    assert trick_winner("AS", "9S", "AT", opts) == 1


def test_must_follow_suit_no_duty_to_beat_plain_lead_s1_8() -> None:
    hand = ["AS", "7S", "JH", "8D"]
    assert legal_plays(hand, "KS", "H") == {"AS", "7S"}


def test_trump_lead_must_beat_if_possible_s1_8_a13() -> None:
    assert legal_plays(["AH", "8H", "7S"], "TH", "H") == {"AH"}
    assert legal_plays(["JH", "9H", "7H"], "AH", "H") == {"JH", "9H"}


def test_trump_lead_with_only_lower_trumps_still_follows_a13() -> None:
    assert legal_plays(["QH", "8H", "AS"], "9H", "H") == {"QH", "8H"}


def test_void_must_trump_with_any_trump_s1_8_a13() -> None:
    assert legal_plays(["JH", "7H", "AD"], "AS", "H") == {"JH", "7H"}


def test_void_without_trumps_any_card_s1_8() -> None:
    assert legal_plays(["AD", "7C"], "AS", "H") == {"AD", "7C"}


def test_leader_may_play_anything() -> None:
    assert legal_plays(["AD", "7C", "JH"], None, "H") == {"AD", "7C", "JH"}


def test_sans_tout_follow_else_anything_s1_14() -> None:
    assert legal_plays(["AS", "7S", "JH"], "TS", "NT") == {"AS", "7S"}
    assert legal_plays(["JH", "7D"], "TS", "NT") == {"JH", "7D"}


def test_tout_atout_must_beat_within_suit_s1_14() -> None:
    assert legal_plays(["9S", "7S", "JH"], "AS", "AT") == {"9S"}
    assert legal_plays(["KS", "7S", "JH"], "AS", "AT") == {"KS", "7S"}


def test_tout_atout_void_must_beat_by_rank_a16() -> None:
    assert legal_plays(["9H", "7D", "8C"], "AS", "AT") == {"9H"}
    assert legal_plays(["AH", "7D"], "AS", "AT") == {"AH", "7D"}  # equal rank does not beat
    assert legal_plays(["AH", "7D"], "AS", "AT", {"all_trump_cross_suit": False}) == {"AH", "7D"}
    assert legal_plays(["9H", "7D"], "AS", "AT", {"all_trump_cross_suit": False}) == {"9H", "7D"}


def test_helpers_validate_options() -> None:
    with pytest.raises(ValueError, match="all_trump_cross_suit"):
        legal_plays(["AS"], None, "AT", {"all_trump_cross_suit": 1})
    with pytest.raises(ValueError, match="bogus"):
        trick_winner("AS", "KS", "S", {"bogus": True})


# ---------------------------------------------------------------------------------------
# §1.6 Melds and top meld, A7, A8, A11
# ---------------------------------------------------------------------------------------


def test_meld_points_20_and_50_s1_6() -> None:
    assert meld_points(["7S", "8S", "9S"]) == 20
    assert meld_points(["7S", "8S", "9S", "TS"]) == 50
    assert meld_points(["7S", "8S", "9S", "AH", "KH", "QH"]) == 40
    assert meld_points(["7S", "8S", "TS"]) == 0
    assert meld_points([]) == 0


def test_long_run_is_one_meld_of_50_a8() -> None:
    for n in range(4, 9):
        assert meld_points([r + "D" for r in RANKS[:n]]) == 50  # not 50 + 20


def test_no_wrap_around_s1_2() -> None:
    assert meld_points(["KC", "AC", "7C"]) == 0


def test_sequences_use_natural_order_s1_2() -> None:
    assert meld_points(["9H", "TH", "JH"]) == 20  # 9-T-J natural, although J and 9 rank top in trumps
    assert meld_points(["TH", "JH", "QH", "KH", "AH"]) == 50


def test_top_meld_longer_wins_up_to_four_s1_6() -> None:
    assert top_meld(["7S", "8S", "9S", "TS"], ["QH", "KH", "AH"], "C") == "elder"
    assert top_meld(["QH", "KH", "AH"], ["7S", "8S", "9S", "TS"], "C") == "dealer"


def test_top_meld_length_capped_at_four_then_top_card_s1_6() -> None:
    five = ["7S", "8S", "9S", "TS", "JS"]
    four_higher = ["JD", "QD", "KD", "AD"]
    assert top_meld(five, four_higher, "C") == "dealer"


def test_top_meld_higher_top_card_s1_6() -> None:
    assert top_meld(["9S", "TS", "JS"], ["TC", "JC", "QC"], "H") == "dealer"
    assert top_meld(["TS", "JS", "QS"], ["9C", "TC", "JC"], "H") == "elder"


def test_top_meld_trump_breaks_equal_tops_s1_6() -> None:
    assert top_meld(["TS", "JS", "QS"], ["TC", "JC", "QC"], "S") == "elder"
    assert top_meld(["TS", "JS", "QS"], ["TC", "JC", "QC"], "C") == "dealer"


def test_top_meld_tie_nobody_scores_or_elder_with_no_tie_s1_6() -> None:
    assert top_meld(["TS", "JS", "QS"], ["TC", "JC", "QC"], "H") is None
    assert top_meld(["TS", "JS", "QS"], ["TC", "JC", "QC"], "H", no_tie=True) == "elder"


def test_top_meld_no_trump_tie_break_in_sans_tout_and_tout_atout_a11() -> None:
    for contract in ("NT", "AT"):
        assert top_meld(["TS", "JS", "QS"], ["TC", "JC", "QC"], contract) is None
        assert top_meld(["TS", "JS", "QS"], ["TC", "JC", "QC"], contract, no_tie=True) == "elder"


def test_top_meld_a7_long_run_compared_on_real_top() -> None:
    # 7-8-9-T-J of spades must not lose to 8-9-T-J of diamonds: both are "50, high J".
    five = ["7S", "8S", "9S", "TS", "JS"]
    four = ["8D", "9D", "TD", "JD"]
    assert top_meld(five, four, "H") is None
    assert top_meld(five, four, "S") == "elder"
    assert top_meld(four, five, "S") == "dealer"


def test_top_meld_nobody_has_a_meld_and_only_runs_count() -> None:
    assert top_meld([], [], "H") is None
    assert top_meld(["AS", "KS"], ["7C", "8C", "AC"], "H") is None
    assert top_meld(["AS"], ["7C", "8C", "9C", "AH"], "H") == "dealer"


def test_settle_made_tie_bete_s1_10() -> None:
    assert settle(90, 60) == (90, 60)
    assert settle(75, 75) == (0, 75)
    assert settle(40, 119) == (0, 159)  # A19: the opponent takes both totals
    assert settle(0, 0) == (0, 0)


# ---------------------------------------------------------------------------------------
# §1.4 Bidding, A1-A4, A14, A15
# ---------------------------------------------------------------------------------------


def test_round_one_elder_first_take_pass_schmeiss_s1_4() -> None:
    state = new(BETE_ELDER, BETE_DEALER)
    o = obs(state)
    assert (o.phase, o.bid_round, o.current_player) == ("bid", 1, 0)
    assert o.legal_actions == ("take", "pass", "schmeiss")
    assert obs(state, 1).legal_actions == ()


def test_take_makes_the_taker_maker_of_the_turn_up_suit_s1_4() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "take")
    o = obs(state)
    assert (o.contract, o.maker) == ("H", 0)
    assert o.bids == ((0, "take"),)


def test_elder_passes_dealer_takes_s1_4() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass")
    assert RULES.current_player(state) == 1
    assert RULES.legal_actions(state) == ("take", "pass", "schmeiss")
    state = play(state, "take")
    assert (obs(state).contract, obs(state).maker) == ("H", 1)


def test_schmeiss_thrown_in_ends_the_deal_and_the_deal_passes_a2_a4() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "schmeiss")
    o = obs(state, 1)
    assert (o.phase, o.current_player, o.bid_round) == ("schmeiss", 1, 1)
    assert o.legal_actions == ("throw-in", "make-play")
    state = play(state, "throw-in")
    assert state.deal_number == 2 and state.dealer == 0
    assert RULES.match_scores(state) == (0, 0)
    summary = obs(state).last_deal
    assert summary is not None and summary.outcome == "thrown-in"
    assert summary.hands == ((), ()) and summary.contract is None and summary.added == (0, 0)


def test_schmeiss_make_play_makes_the_schmeisser_maker_a2() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "schmeiss", "make-play")
    o = obs(state)
    assert (o.contract, o.maker) == ("H", 1)
    assert o.bids == ((0, "pass"), (1, "schmeiss"), (0, "make-play"))


def test_both_pass_round_one_goes_to_round_two_names_other_suits_a1() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "pass")
    o = obs(state)
    assert (o.bid_round, o.current_player) == (2, 0)
    assert o.legal_actions == ("name S", "name D", "name C", "pass", "schmeiss")


def test_round_two_dealer_may_name_after_elder_passes_a1() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "pass", "pass")
    assert RULES.current_player(state) == 1
    state = play(state, "name C")
    assert (obs(state).contract, obs(state).maker) == ("C", 1)


def test_round_two_naming_proposed_suit_is_illegal_a1() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "pass")
    with pytest.raises(IllegalAction):
        RULES.apply(state, "name H")


def test_both_pass_round_two_annuls_the_deal_a3() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "pass", "pass", "pass")
    assert state.deal_number == 2 and state.dealer == 0
    summary = obs(state).last_deal
    assert summary is not None and summary.outcome == "annulled"
    assert RULES.match_scores(state) == (0, 0)


def test_round_two_schmeiss_made_to_play_must_name_a14() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "pass", "schmeiss")
    assert obs(state, 1).legal_actions == ("throw-in", "make-play")
    state = play(state, "make-play")
    o = obs(state)
    assert (o.phase, o.current_player) == ("bid", 0)
    assert o.legal_actions == ("name S", "name D", "name C")  # no pass, no own choice for the dealer
    state = play(state, "name S")
    assert (obs(state).contract, obs(state).maker) == ("S", 0)


def test_round_two_dealer_schmeiss_answered_by_elder() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "pass", "pass", "schmeiss")
    assert RULES.current_player(state) == 0
    assert play(state, "throw-in").deal_number == 2
    state = play(state, "make-play")
    assert RULES.current_player(state) == 1
    assert obs(state, 1).legal_actions == ("name S", "name D", "name C")


def test_round_two_schmeiss_thrown_in() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "pass", "schmeiss", "throw-in")
    assert state.last_deal is not None and state.last_deal.outcome == "thrown-in"


def test_sans_tout_only_with_the_option_s1_4() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "pass", "pass")
    assert "sans-tout" not in RULES.legal_actions(state)
    state = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True), "pass", "pass")
    assert RULES.legal_actions(state) == ("name S", "name D", "name C", "sans-tout", "pass", "schmeiss")
    assert "tout-atout" not in RULES.legal_actions(state)  # A15: overcall only


def test_sans_tout_not_overcalled_makes_a_no_trump_deal_s1_4() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True), "pass", "pass", "sans-tout")
    o = obs(state, 1)
    assert o.legal_actions == ("tout-atout", "pass")
    assert o.contract is None and o.maker is None
    state = play(state, "pass")
    assert (obs(state).contract, obs(state).maker) == ("NT", 0)


def test_tout_atout_overcall_makes_the_overcaller_maker_a15() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True), "pass", "pass", "sans-tout", "tout-atout")
    assert (obs(state).contract, obs(state).maker) == ("AT", 1)
    assert obs(state).bids[-2:] == ((0, "sans-tout"), (1, "tout-atout"))


def test_dealer_sans_tout_overcalled_by_elder_a15() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True), "pass", "pass", "pass", "sans-tout")
    assert RULES.current_player(state) == 0
    state = play(state, "tout-atout")
    assert (obs(state).contract, obs(state).maker) == ("AT", 0)


def test_named_suit_cannot_be_overcalled_a15() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True), "pass", "pass", "name S")
    assert state.phase != kj.P_BID and obs(state).contract == "S"


def test_tout_atout_direct_option_a15() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True, tout_atout_direct=True), "pass", "pass")
    assert "tout-atout" in RULES.legal_actions(state)
    state = play(state, "tout-atout")
    assert (obs(state).contract, obs(state).maker) == ("AT", 0)
    # Without tout_atout the direct flag alone offers nothing.
    state = play(new(BETE_ELDER, BETE_DEALER, tout_atout_direct=True), "pass", "pass")
    assert "tout-atout" not in RULES.legal_actions(state)


def test_schmeisser_made_to_play_may_call_sans_tout_then_overcall_a14() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True), "pass", "pass", "schmeiss", "make-play")
    assert RULES.legal_actions(state) == ("name S", "name D", "name C", "sans-tout")
    state = play(state, "sans-tout")
    assert RULES.legal_actions(state) == ("tout-atout", "pass")
    state = play(state, "tout-atout")
    assert (obs(state).contract, obs(state).maker) == ("AT", 1)


# ---------------------------------------------------------------------------------------
# §1.5 Dix exchange, A6, A27, A29
# ---------------------------------------------------------------------------------------

# Turn-up JH; the dealer holds 7H (the dix).
DIX_ELDER = "AS TS KS AD TD AC 9H QC KD"
DIX_DEALER = "7H 8S 9S 7D 8D 7C KH AH 9C"


def test_dix_asked_of_the_holder_defender_or_maker_s1_5() -> None:
    for bids, maker in ((("take",), 0), (("pass", "take"), 1)):
        state = play(new(DIX_ELDER, DIX_DEALER, turn_up="JH"), *bids)
        o = obs(state, 1)
        assert (o.phase, o.current_player, o.legal_actions) == ("dix", 1, ("exchange", "keep"))
        assert o.maker == maker
        assert o.bottom_card is None  # A6: the bottom card is turned after the exchange
        assert obs(state, 0).legal_actions == ()


def test_dix_exchange_swaps_the_seven_for_the_turn_up_publicly_a27() -> None:
    state = play(new(DIX_ELDER, DIX_DEALER, turn_up="JH", bottom="8C"), "take", "exchange")
    assert "JH" in RULES.hand(state, 1) and "7H" not in RULES.hand(state, 1)
    o = obs(state, 0)
    assert (o.turn_up, o.original_turn_up, o.dix_by) == ("7H", "JH", 1)
    assert o.bottom_card == "8C"
    assert o.phase == "declare"
    assert (1, "exchange") in o.history


def test_dix_keep_leaves_hands_unchanged() -> None:
    state = play(new(DIX_ELDER, DIX_DEALER, turn_up="JH"), "take")
    before = RULES.hand(state, 1)
    state = play(state, "keep")
    assert RULES.hand(state, 1) == before
    assert (obs(state).turn_up, obs(state).dix_by) == ("JH", None)


def test_no_dix_when_the_turn_up_is_the_seven_s1_5() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER, turn_up="7H"), "take")
    assert state.phase == kj.P_DECLARE


def test_no_dix_when_the_seven_is_in_the_stock() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER, turn_up="8H"), "take")  # 7H is in the stock
    assert state.phase == kj.P_DECLARE


def test_no_dix_in_a_round_two_suit_s1_5() -> None:
    # The dealer holds 7C; clubs named in round 2 gives no exchange.
    state = play(new(DIX_ELDER, DIX_DEALER, turn_up="JH"), "pass", "pass", "name C")
    assert state.phase == kj.P_DECLARE


def test_no_dix_in_sans_tout_or_tout_atout_s1_5() -> None:
    state = play(new(DIX_ELDER, DIX_DEALER, turn_up="JH", tout_atout=True), "pass", "pass", "sans-tout", "pass")
    assert state.phase == kj.P_DECLARE


def test_dix_exchange_may_complete_a_meld_s1_5() -> None:
    # Elder holds 7H 9H TH and the turn-up is 8H: no run before the swap, 8-9-T after it.
    state = play(new("7H 9H TH AS KD AD QC AC KS", "JS 8S 9S 7D 8D 7C KH AH 9C", turn_up="8H"), "take")
    assert RULES.current_player(state) == 0 and state.phase == kj.P_DIX
    state = play(state, "exchange")
    assert RULES.legal_actions(state)[0] == "declare 8H 9H TH"


def test_bella_pair_split_by_the_dix_exchange_counts_a29() -> None:
    # Elder holds KH and 7H; the turn-up is QH: after the exchange he holds the pair.
    elder = "KH 7H AS TS AD TD AC KC 8C"
    dealer = "JH 9H 8S 9S 7D 8D 7C 9C QD"
    state = play(new(elder, dealer, turn_up="QH"), "take", "exchange", "declare none", "declare none")
    state = play(state, "KH", "JH")  # dealer wins; then leads
    state = play(state, "9H")
    assert "QH bella" in RULES.legal_actions(state)


# ---------------------------------------------------------------------------------------
# §1.6 Declaring, the protocol (A9, A10), §1.7 showing (A7, A28)
# ---------------------------------------------------------------------------------------


def test_no_runs_forced_declare_none_s1_6() -> None:
    state = play(new(BETE_ELDER, BETE_DEALER), "take")
    assert obs(state).phase == "declare" and RULES.current_player(state) == 0  # elder first
    assert RULES.legal_actions(state) == ("declare none",)


def test_declare_every_subset_of_maximal_runs_in_canonical_order_s1_6() -> None:
    elder = "7S 8S 9S TS JS AH QC KC AC"  # 7-J spades (one run), Q-K-A clubs
    state = play(new(elder, "KD QH 7C 8C 9C 7D 8H 9H 8D", turn_up="TH"), "take")
    assert RULES.legal_actions(state) == (
        "declare 7S 8S 9S TS JS QC KC AC",
        "declare QC KC AC",
        "declare 7S 8S 9S TS JS",
        "declare none",
    )


def test_declarations_are_hidden_from_the_opponent_a10() -> None:
    state = to_play(
        "7S 8S 9S TS AH KD AD QC AC",
        "7C 8C 9C KS AS 9H JD 8D 7D",
        declares=("declare 7S 8S 9S TS", None),
    )
    o1 = obs(state, 1)
    assert (0, "declare ?") in o1.history and all("7S" not in a for _, a in o1.history)
    assert o1.declared == ("7C", "8C", "9C")
    assert obs(state, 0).declared == ("7S", "8S", "9S", "TS")
    assert o1.meld_value == 0 and o1.shown_melds == ((), ())  # nothing shown before trick 1


@pytest.mark.parametrize(
    ("elder", "dealer", "messages", "top"),
    [
        (
            "7S 8S 9S TS AH KD AD QC AC",
            "7C 8C 9C KS AS 9H JD 8D 7D",
            ("Elder: 50", "Dealer: good"),
            0,
        ),
        (
            "7S 8S 9S AH KD AD QC AC JS",
            "7C 8C 9C TC KS AS 9H 8D 7D",
            ("Elder: 20", "Dealer: not good"),
            1,
        ),
        (
            "9S TS JS AH KD AD 8C AC 7S",
            "TC JC QC KS AS 9H 8D 7D 7C",
            ("Elder: 20", "Dealer: how high?", "Elder: high J", "Dealer: not good"),
            1,
        ),
        (
            "TS JS QS AH KD AD 8C AC 7S",
            "9C TC JC KS AS 9H 8D 7D 7C",
            ("Elder: 20", "Dealer: how high?", "Elder: high Q", "Dealer: good"),
            0,
        ),
        (
            "TH JH QH AS KD AD 8C AC 7S",
            "TC JC QC KS 9H 8D 7D 7C 9S",
            ("Elder: 20", "Dealer: how high?", "Elder: high Q", "Elder: in trumps", "Dealer: good"),
            0,
        ),
        (
            "TS JS QS AH KD AD 8C AC 9C",
            "TH JH QH KS 9S 8D 7D 7C AS",
            ("Elder: 20", "Dealer: how high?", "Elder: high Q", "Elder: not in trumps", "Dealer: not good"),
            1,
        ),
        (
            "TS JS QS AH KD AD 8C AC 9H",
            "TC JC QC KS 9S 8D 7D 7C AS",
            ("Elder: 20", "Dealer: how high?", "Elder: high Q", "Elder: not in trumps", "Dealer: tie"),
            None,
        ),
        (
            "AS TS KS AH KD AD QC AC 9H",
            "7S 8S JS 7D 8D JD 7C 8C JC",
            ("Elder: none", "Dealer: none"),
            None,
        ),
        (
            "AS TS KS AH KD AD QC AC 9H",
            "7C 8C 9C 7S 8S JS 7D 8D JD",
            ("Elder: none", "Dealer: 20"),  # after "none" the dealer announces his own meld
            1,
        ),
        (
            "AS TS KS AH KD AD QC AC 9H",
            "7C 8C 9C TC 8S JS 7D 8D JD",
            ("Elder: none", "Dealer: 50"),
            1,
        ),
        (
            "7S 8S 9S TS JS AH KD AD AC",
            "8D 9D TD JD KS AS 9H 7C QC",
            ("Elder: 50", "Dealer: how high?", "Elder: high J", "Elder: not in trumps", "Dealer: tie"),
            None,
        ),
    ],
)
def test_top_meld_protocol_messages_a10(elder: str, dealer: str, messages: tuple[str, ...], top: int | None) -> None:
    state = to_play(elder, dealer)
    for seat in (0, 1):
        o = obs(state, seat)
        assert o.meld_messages == messages
        assert o.top_meld == top
    assert all(m in obs(state).events for m in messages)
    # Worlds drawn for either seat, before and after the show, give the same protocol.
    after_trick = play(state, RULES.legal_actions(state)[0])
    after_trick = play(after_trick, RULES.legal_actions(after_trick)[0])
    for position in (state, after_trick):
        for seat in (0, 1):
            for world in _check_world(position, seat, range(3)):
                assert world.messages == messages


def test_no_tie_gives_the_tie_to_elder_s1_6() -> None:
    state = to_play("TS JS QS AH KD AD 8C AC 9H", "TC JC QC KS 9S 8D 7D 7C AS", no_tie=True)
    assert obs(state).meld_messages[-1] == "Dealer: tie"
    assert obs(state).top_meld == 0


def test_protocol_in_sans_tout_has_no_trump_question_a11() -> None:
    state = to_play(
        "TH JH QH AS KD AD 8C AC 7S",
        "TC JC QC KS 9H 8D 7D 7C 9S",
        bids=("pass", "pass", "sans-tout", "pass"),
        tout_atout=True,
    )
    assert obs(state).contract == "NT"
    assert obs(state).meld_messages == ("Elder: 20", "Dealer: how high?", "Elder: high Q", "Dealer: tie")
    assert obs(state).top_meld is None


def test_protocol_in_tout_atout_has_no_trump_question_a11() -> None:
    state = to_play(
        "TH JH QH AS KD AD 8C AC 7S",
        "TC JC QC KS 9H 8D 7D 7C 9S",
        bids=("pass", "pass", "sans-tout", "tout-atout"),
        tout_atout=True,
        no_tie=True,
    )
    assert obs(state).contract == "AT"
    assert obs(state).meld_messages[-1] == "Dealer: tie" and obs(state).top_meld == 0


def test_a7_long_run_wins_in_trumps_on_its_real_top() -> None:
    # Spades trump (turn-up QS); elder's 7..J of spades beats the dealer's 8..J of diamonds.
    state = to_play("7S 8S 9S TS JS AH KD AD AC", "8D 9D TD JD KS AS 9H 7C QC", turn_up="QS", dix="keep")
    assert obs(state).meld_messages[-2:] == ("Elder: in trumps", "Dealer: good")
    assert obs(state).top_meld == 0


def test_sunk_meld_is_not_compared_a9() -> None:
    state = to_play(
        "7S 8S 9S TS AH KD AD QC AC",
        "7C 8C 9C KS AS 9H JD 8D 7D",
        declares=("declare none", None),
    )
    assert obs(state).meld_messages == ("Elder: none", "Dealer: 20")
    assert obs(state).top_meld == 1


def test_showing_after_trick_one_lowest_four_of_a_long_run_s1_7_a7() -> None:
    state = to_play("7S 8S 9S TS JS AH KD AD AC", "8C 9C TC KS AS 9H 7D QC QD")
    assert obs(state).top_meld == 0
    state = play(state, "7S")
    assert obs(state, 1).shown_melds == ((), ())  # not before trick 1 is complete
    state = play(state, "AS")
    o = obs(state, 1)
    assert o.shown_melds == (("7S", "8S", "9S", "TS"), ())
    assert o.shown_tops == (("JS",), ())
    assert o.meld_value == 50
    assert "0 shows 7S 8S 9S TS (50, high JS)" in o.events
    assert {"8S", "9S", "TS", "JS"} <= set(RULES.hand(state, 0))  # shown cards stay in hand (§1.7)


def test_meld_card_played_to_trick_one_still_counts_a28() -> None:
    state = to_play("7S 8S 9S AH KD AD QC AC JS", "KS AS 9H 8D 7D 7C TC JH QH")
    state = play(state, "8S", "AS")
    o = obs(state, 1)
    assert o.shown_melds[0] == ("7S", "8S", "9S") and o.meld_value == 20


def test_the_loser_of_top_meld_shows_nothing_s1_7() -> None:
    state = to_play("7S 8S 9S TS AH KD AD QC AC", "7C 8C 9C KS AS 9H JD 8D 7D")
    state = play(state, "AH", "9H")
    assert obs(state, 0).shown_melds == (("7S", "8S", "9S", "TS"), ())


def test_nt_melds_option_skips_declaring_a18() -> None:
    bids = ("pass", "pass", "sans-tout", "pass")
    on = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True), *bids)
    off = play(new(BETE_ELDER, BETE_DEALER, tout_atout=True, nt_melds=False), *bids)
    assert on.phase == kj.P_DECLARE
    assert off.phase == kj.P_PLAY and obs(off).meld_messages == ()


def test_melds_score_in_tout_atout() -> None:
    state = to_play(
        "7S 8S 9S TS AH KD AD QC AC",
        "7C 8C 9C KS AS 9H JD 8D 7D",
        bids=("pass", "pass", "sans-tout", "tout-atout"),
        tout_atout=True,
    )
    assert obs(state).top_meld == 0


# ---------------------------------------------------------------------------------------
# §1.8 Trick play through the engine, A30; IllegalAction messages
# ---------------------------------------------------------------------------------------


def test_elder_leads_trick_one_whoever_is_maker_s1_8() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    o = obs(state)
    assert (o.phase, o.current_player, o.maker) == ("play", 0, 1)


def test_elder_leads_in_sans_tout_and_tout_atout_a30() -> None:
    for bids in (("pass", "pass", "pass", "sans-tout", "pass"), ("pass", "pass", "pass", "sans-tout", "tout-atout")):
        state = to_play(BETE_ELDER, BETE_DEALER, bids=bids, tout_atout=True)
        assert state.phase == kj.P_PLAY and RULES.current_player(state) == 0


def test_trick_winner_leads_next_and_trick_records_s1_8() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    state = play(state, "AS")
    o = obs(state, 1)
    assert o.trick == ((0, "AS"),)
    assert o.legal_actions == ("8S", "9S")
    state = play(state, "9S")
    o = obs(state, 1)
    assert o.trick == () and o.last_trick == ((0, "AS"), (1, "9S")) and o.last_trick_winner == 0
    assert o.tricks_won == (1, 0) and o.card_points == (11, 0)
    assert RULES.current_player(state) == 0
    assert "1 plays 9S" in o.events


def test_illegal_plays_are_explained() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    with pytest.raises(IllegalAction, match="do not hold the 7♣"):  # the card as the screen writes it
        RULES.apply(state, "7C")
    state = play(state, "AS")
    with pytest.raises(IllegalAction, match="follow suit: play a spade"):
        RULES.apply(state, "7C")
    state = play(state, "8S", "TS", "9S", "KS")
    with pytest.raises(IllegalAction, match="must trump: play a heart"):
        RULES.apply(state, "7C")
    with pytest.raises(IllegalAction, match=r"^The K♥ does not complete .* bella"):
        RULES.apply(state, "KH bella")


def test_illegal_must_beat_a_trump_lead_message() -> None:
    state = to_play("JH TH AS TS KS AD TD AC 9S", "9H QH 7C 8C 9C 7D 8S KC 8D", bids=("take",))
    state = play(state, "TH")
    # The card as the screen writes it (a tester read "You must beat KD").
    with pytest.raises(IllegalAction, match=r"^You must beat the T♥: play a higher heart"):
        RULES.apply(state, "QH")


@pytest.mark.parametrize("action", ["", "bogus", "take", "declare none", "QH bellissima", None, 3])
def test_unknown_actions_raise_illegal_action(action: object) -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    with pytest.raises(IllegalAction):
        RULES.apply(state, action)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        RULES.apply(new(BETE_ELDER, BETE_DEALER), "JH")


def test_last_trick_scores_10_s1_8() -> None:
    state = play_tricks(to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take")), BETE_TRICKS)
    summary = state.last_deal
    assert summary is not None and summary.last_trick == (10, 0)


# ---------------------------------------------------------------------------------------
# §1.9 Bella, A17
# ---------------------------------------------------------------------------------------


def test_bella_offered_only_with_the_second_card_and_optional_s1_9() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    state = play(state, "JH")
    assert RULES.legal_actions(state) == ("QH", "KH")  # the first of the pair: no bella yet
    state = play(state, "QH", "9H")
    assert RULES.legal_actions(state) == ("KH", "KH bella")
    silent = play(state, "KH")
    loud = play(state, "KH bella")
    assert obs(silent).bellas == () and obs(loud).bellas == (1,)
    assert "1 plays KH, bella" in obs(loud).events


def test_bella_scores_20_for_a_maker_and_a_defender_s1_9() -> None:
    state = sweep_deal()
    summary = state.last_deal
    assert summary is not None and summary.bella == (20, 0)  # elder, the maker
    defended = play_tricks(to_play(BETE_ELDER, BETE_DEALER, bids=("take",)), BETE_TRICKS)
    summary = defended.last_deal
    assert summary is not None and summary.maker == 0 and summary.bella == (0, 20)  # the defender's bella
    assert summary.outcome == "made" and summary.added == (119, 40)


def test_no_bella_in_sans_tout_a17() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "pass", "pass", "sans-tout", "pass"), tout_atout=True)
    assert obs(state).contract == "NT"
    state = play(state, "AH", "QH", "9H")
    assert RULES.legal_actions(state) == ("KH",)  # the same cards in hearts would offer "KH bella"


def test_every_suit_has_a_bella_in_tout_atout_a17() -> None:
    elder = "KS QS KD QD AH AC TC 9S 8H"
    dealer = "7S 8S 7D 8D 7C 8C 9C 9H TH"
    state = to_play(elder, dealer, bids=("pass", "pass", "sans-tout", "tout-atout"), tout_atout=True)
    assert (obs(state).contract, obs(state).maker) == ("AT", 1)
    state = play(state, "KS", "7S")
    assert "QS bella" in RULES.legal_actions(state)
    state = play(state, "QS bella", "8S", "KD", "7D")
    assert "QD bella" in RULES.legal_actions(state)
    state = play(state, "QD bella")
    assert obs(state).bellas == (0, 0)


# ---------------------------------------------------------------------------------------
# §1.10 Settlement, A19, A21
# ---------------------------------------------------------------------------------------


def test_made_deal_both_keep_their_points_s1_10_a21() -> None:
    # Elder's K and Q of trumps are in his 8..A run: they score the meld and the bella (§1.6, §1.9).
    state = sweep_deal()
    s = state.last_deal
    assert s is not None
    assert s.outcome == "made" and (s.contract, s.maker) == ("H", 0)
    assert s.card_points == (89, 0)  # 62 + AS 11 + TS 10 + the dealer's three jacks 6
    assert s.melds == (50, 0) and s.bella == (20, 0) and s.last_trick == (10, 0)
    assert s.raw == (169, 0)  # more than 156: melds and bella are not capped (A21)
    assert s.added == (169, 0) and s.scores_after == (169, 0)
    assert RULES.match_scores(state) == (169, 0)


def test_bete_opponent_takes_both_totals_including_maker_melds_and_bella_a19() -> None:
    state = play_tricks(to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take")), BETE_TRICKS)
    s = state.last_deal
    assert s is not None
    assert s.outcome == "bete" and s.maker == 1
    assert s.card_points == (109, 0) and s.melds == (0, 20) and s.bella == (0, 20)
    assert s.raw == (119, 40)
    assert s.added == (159, 0)
    assert RULES.match_scores(state) == (159, 0)


def test_tie_maker_scores_nothing_opponent_keeps_his_s1_10() -> None:
    # Through the engine: a played deal whose raw totals are equal, found by seeded random play.
    rng = random.Random(0)
    for seed in range(3000):
        state = RULES.new_match(seed)
        while state.last_deal is None:
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        s = state.last_deal
        if s.outcome == "tie":
            assert s.maker is not None
            assert s.raw[s.maker] == s.raw[1 - s.maker]
            assert s.added[s.maker] == 0 and s.added[1 - s.maker] == s.raw[1 - s.maker]
            return
    pytest.fail("no tied deal in 3000 random deals")


def test_summary_lists_hands_as_played_and_public_facts() -> None:
    state = play_tricks(to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take")), BETE_TRICKS)
    s = state.last_deal
    assert isinstance(s, DealSummary)
    assert set(s.hands[0]) == set(BETE_ELDER.split()) and set(s.hands[1]) == set(BETE_DEALER.split())
    assert s.shown_melds == ((), ("7C", "8C", "9C")) and s.top_meld == 1
    assert s.turn_up == "7H" and s.dealer == 1 and s.deal_number == 1
    assert len(s.tricks) == 9 and s.tricks[0] == ((0, "JH"), (1, "QH"))
    assert s.events[-1] == "Scores 159 to 0"


# ---------------------------------------------------------------------------------------
# §1.11 End of game, A25
# ---------------------------------------------------------------------------------------


def _with_scores(state: kj.State, scores: tuple[int, int]) -> kj.State:
    return dataclasses.replace(state, scores=scores, start_scores=scores)


def test_reaching_the_game_point_wins_a25() -> None:
    state = to_play(SWEEP_ELDER, SWEEP_DEALER, game_point=169)
    order = ["JH", "9H", "AH", "TH", "KH", "QH bella", "8H", "AS", "TS"]
    for card in order:
        state = play(state, card)
        state = play(state, RULES.legal_actions(state)[0])
    assert RULES.is_over(state)  # exactly 169: "reaching" means >= (A25)
    o = obs(state, 1)
    assert (o.winner, o.current_player, o.phase, o.legal_actions) == (0, None, "over", ())
    assert RULES.current_player(state) is None and RULES.legal_actions(state) == ()
    with pytest.raises(IllegalAction):
        RULES.apply(state, "continue")


def test_both_reach_higher_wins_s1_11() -> None:
    state = _with_scores(to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take")), (400, 480))
    state = play_tricks(state, BETE_TRICKS)  # elder + 159 = 559 > 480 (dealer not at 500)
    assert RULES.is_over(state) and state.winner == 0
    state = _with_scores(to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take")), (400, 600))
    state = play_tricks(state, BETE_TRICKS)
    assert RULES.is_over(state) and state.winner == 1 and RULES.match_scores(state) == (559, 600)


def test_equal_scores_at_the_game_point_play_on_s1_11() -> None:
    state = _with_scores(to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take")), (441, 600))
    state = play_tricks(state, BETE_TRICKS)
    assert RULES.match_scores(state) == (600, 600)
    assert not RULES.is_over(state) and state.winner is None and state.deal_number == 2


def test_thrown_in_and_annulled_deals_change_nothing_s1_11() -> None:
    for actions in (("schmeiss", "throw-in"), ("pass", "pass", "pass", "pass")):
        state = _with_scores(new(BETE_ELDER, BETE_DEALER, game_point=100), (150, 60))
        state = play(state, *actions)
        assert RULES.match_scores(state) == (150, 60) and not RULES.is_over(state)
        assert state.deal_number == 2


# ---------------------------------------------------------------------------------------
# Replay (API.md, §1.14, A20)
# ---------------------------------------------------------------------------------------


def _finish_deal(state: kj.State) -> kj.State:
    number = state.deal_number
    while state.deal_number == number and state.phase not in (kj.P_REPLAY, kj.P_OVER):
        state = play(state, RULES.legal_actions(state)[0])
    return state


def test_no_replay_choice_with_the_option_off() -> None:
    state = _finish_deal(RULES.new_match(9))
    assert state.phase == kj.P_BID and state.deal_number == 2


def test_replay_choice_by_seat_0_after_each_deal() -> None:
    state = RULES.new_match(9, {"replay": True})
    assert state.phase == kj.P_BID  # never before the first deal
    state = _finish_deal(state)
    o0, o1 = obs(state, 0), obs(state, 1)
    assert (o0.phase, o0.current_player, o0.legal_actions) == ("replay", 0, ("replay", "continue"))
    assert o1.legal_actions == () and o1.hand == () and o0.hand_sizes == (0, 0)


def test_replay_restores_deck_dealer_scores_and_draws_nothing_a20() -> None:
    start = RULES.new_match(9, {"replay": True})
    state = _finish_deal(start)
    assert state.last_deal is not None
    replayed = play(state, "replay")
    assert replayed.deck == start.deck and replayed.dealer == start.dealer
    assert RULES.match_scores(replayed) == (0, 0) and replayed.deal_number == 1
    assert RULES.hand(replayed, 0) == RULES.hand(start, 0) and RULES.hand(replayed, 1) == RULES.hand(start, 1)
    assert replayed.draws == state.draws
    # Replaying draws nothing: the next new deal is the same with or without the replay.
    again = _finish_deal(replayed)
    assert play(again, "continue").deck == play(state, "continue").deck


def test_replay_of_a_scored_deal_restores_the_scores_a20() -> None:
    state = play_tricks(to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"), replay=True), BETE_TRICKS)
    assert state.phase == kj.P_REPLAY and RULES.match_scores(state) == (159, 0)
    replayed = play(state, "replay")
    assert RULES.match_scores(replayed) == (0, 0)
    assert set(RULES.hand(replayed, 0)) == set(BETE_ELDER.split()[:6])


def test_continue_deals_the_next_deal_as_without_replay() -> None:
    with_replay = play(_finish_deal(RULES.new_match(12, {"replay": True})), "continue")
    without = _finish_deal(RULES.new_match(12))
    assert with_replay.deck == without.deck and with_replay.dealer == without.dealer
    assert with_replay.deal_number == 2 and with_replay.scores == without.scores


def test_set_option_only_replay_changes_mid_match() -> None:
    state = RULES.new_match(9)
    for key, value in (("game_point", 200), ("no_tie", True), ("open_hands", True), ("bogus", 1)):
        with pytest.raises(ValueError, match=key):
            RULES.set_option(state, key, value)
    with pytest.raises(ValueError, match="replay"):
        RULES.set_option(state, "replay", "yes")
    on = RULES.set_option(state, "replay", True)
    assert dict(obs(on).options)["replay"] is True and dict(obs(state).options)["replay"] is False
    assert _finish_deal(on).phase == kj.P_REPLAY


def test_turning_replay_off_at_the_choice_continues() -> None:
    state = _finish_deal(RULES.new_match(9, {"replay": True}))
    off = RULES.set_option(state, "replay", False)
    assert off.phase == kj.P_BID and off.deal_number == 2
    assert off.deck == play(state, "continue").deck


# ---------------------------------------------------------------------------------------
# Observations and determinize
# ---------------------------------------------------------------------------------------


def test_unseen_cards_21_with_a_turn_up_22_without_s1_12() -> None:
    for clubs, unseen in ((False, 21), (True, 22)):
        state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"), clubs_preferred=clubs)
        for seat in (0, 1):
            o = obs(state, seat)
            known = set(o.hand) | {c for c in (o.turn_up, o.bottom_card) if c}
            assert 32 - len(known) == unseen


def test_all_trump_cross_suit_option_through_the_engine_a16() -> None:
    elder = "AS KS 8D 9C QD AC TD 7D JC"
    dealer = "9H 8H JH QC 8C KD AD TH KH"
    bids = ("pass", "pass", "sans-tout", "tout-atout")
    cross = play(to_play(elder, dealer, turn_up="7S", bids=bids, tout_atout=True), "AS")
    assert RULES.legal_actions(cross) == ("9H", "JH")  # void: must beat the ace by rank
    plain = play(to_play(elder, dealer, turn_up="7S", bids=bids, tout_atout=True, all_trump_cross_suit=False), "AS")
    assert len(RULES.legal_actions(plain)) == 9
    assert play(cross, "9H").tricks[0] == (0, kj.CARD_ID["AS"], kj.CARD_ID["9H"])
    assert obs(play(cross, "9H")).last_trick_winner == 1
    assert obs(play(plain, "9H")).last_trick_winner == 0


def test_observation_hides_the_other_hand_and_is_hashable() -> None:
    state = new(BETE_ELDER, BETE_DEALER)
    o = obs(state)
    assert o.hand == tuple(sorted(BETE_ELDER.split()[:6], key=ALL.index))
    assert o.opponent_hand is None
    assert hash(o) == hash(obs(state))
    assert not set(BETE_DEALER.split()) & {c for c in repr(o).replace("'", " ").split()}


def test_open_hands_shows_the_other_hand() -> None:
    state = new(BETE_ELDER, BETE_DEALER, open_hands=True)
    assert obs(state, 0).opponent_hand == RULES.hand(state, 1)
    assert obs(state, 1).opponent_hand == RULES.hand(state, 0)


def test_indistinguishable_states_give_equal_observations() -> None:
    # Same elder hand and turn-up, the dealer's cards and the stock differ.
    a = new(BETE_ELDER, BETE_DEALER)
    b = new(BETE_ELDER, "7S 8S 7D 8D 7C 8C JS JD JC")
    assert a != b
    assert obs(a, 0) == obs(b, 0)
    assert obs(a, 1) != obs(b, 1)


def test_observation_fields_for_the_table_scene() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    o = obs(state, 1)
    assert (o.seat, o.dealer, o.elder, o.deal_number, o.scores) == (1, 1, 0, 1, (0, 0))
    assert (o.phase, o.bid_round, o.current_player) == ("play", 0, 0)
    assert o.proposed_suit == "H" and o.turn_up == "7H" and o.bottom_card is not None
    assert o.hand_sizes == (9, 9) and len(o.hand) == 9
    assert o.bids == ((0, "pass"), (1, "take"))
    assert o.trick == () and o.last_trick == () and o.last_trick_winner is None
    assert o.tricks_won == (0, 0) and o.card_points == (0, 0) and o.bellas == ()
    assert o.last_deal is None and o.winner is None
    assert o.events[0] == "Deal 1: 1 deals, turn-up 7H"


def _check_world(state: kj.State, seat: int, seeds: range = range(8)) -> list[kj.State]:
    o = obs(state, seat)
    worlds = []
    for s in seeds:
        world = RULES.determinize(o, random.Random(s))
        assert obs(world, seat) == o
        worlds.append(world)
    return worlds


def test_determinize_keeps_voids_and_no_trump_inferences_s1_12() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    state = play_tricks(state, BETE_TRICKS[:6])  # 7D on AH, then 8D on KS: void in hearts and spades
    for world in _check_world(state, 0):
        hand = RULES.hand(world, 1)
        assert not any(c.endswith("S") for c in hand)  # did not follow spades
        assert not any(c.endswith("H") for c in hand)  # did not trump either


def test_determinize_keeps_no_higher_trump_inference_s1_12() -> None:
    state = to_play("AH TH AS TS KS AD TD AC 9S", "QH 8H 7C 8C 9C 7D 8S KC 8D", bids=("take",))
    state = play(state, "AH", "8H")  # a lower trump to a trump lead: he holds nothing above the ace
    seen_kh = False
    for world in _check_world(state, 0, range(40)):
        hand = set(RULES.hand(world, 1))
        assert not {"9H", "JH"} & hand
        seen_kh |= "KH" in hand
    assert seen_kh  # a trump below the ace is still possible


def test_determinize_puts_shown_and_exchanged_cards_with_their_owner() -> None:
    state = play(new(DIX_ELDER, DIX_DEALER, turn_up="JH"), "take", "exchange")
    state = play(state, "declare none", "declare none")
    for world in _check_world(state, 0):
        assert "JH" in RULES.hand(world, 1)
    state = to_play("7S 8S 9S TS JS AH KD AD AC", "8C 9C TC KS AS 9H 7D QC QD")
    state = play(state, "AH", "9H")
    for world in _check_world(state, 1):
        assert {"7S", "8S", "9S", "TS", "JS"} <= set(RULES.hand(world, 0))  # shown 4 + announced top
        assert "QS" not in RULES.hand(world, 0)


def test_determinize_seven_of_trumps_in_stock_when_nobody_was_asked() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, turn_up="8H", bids=("take",))
    for world in _check_world(state, 0, range(30)):
        assert "7H" not in RULES.hand(world, 1)


def test_determinize_dix_holder_keeps_the_seven() -> None:
    state = play(new(DIX_ELDER, DIX_DEALER, turn_up="JH"), "take")
    for world in _check_world(state, 0):
        assert "7H" in RULES.hand(world, 1)
    state = play(state, "keep", "declare none", "declare none")
    for world in _check_world(state, 0):
        assert "7H" in RULES.hand(world, 1)


def test_determinize_respects_the_meld_protocol_a10() -> None:
    # Dealer said "not good" to elder's 20: every world gives him a run that beats it.
    state = to_play("7S 8S 9S AH KD AD QC AC JS", "7C 8C 9C TC KS AS 9H 8D 7D")
    for world in _check_world(state, 0, range(20)):
        assert meld_points(RULES.hand(world, 1)) >= 50
        assert world.top == 1


def test_determinize_between_deals_and_after_the_match() -> None:
    state = play_tricks(to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"), replay=True), BETE_TRICKS)
    for seat in (0, 1):
        for world in _check_world(state, seat, range(3)):
            replayed = play(world, "replay")
            assert set(RULES.hand(replayed, 0)) <= set(BETE_ELDER.split())
            assert set(RULES.hand(replayed, 1)) <= set(BETE_DEALER.split())
            assert obs(replayed).turn_up == "7H"
            assert RULES.match_scores(replayed) == (0, 0)
    over = to_play(SWEEP_ELDER, SWEEP_DEALER, game_point=100)
    for card in ["JH", "9H", "AH", "TH", "KH", "QH bella", "8H", "AS", "TS"]:
        over = play(over, card)
        over = play(over, RULES.legal_actions(over)[0])
    assert RULES.is_over(over)
    _check_world(over, 1, range(2))


def test_determinize_open_hands_keeps_the_visible_hand() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"), open_hands=True)
    for world in _check_world(state, 0, range(3)):
        assert RULES.hand(world, 1) == RULES.hand(state, 1)


# ---------------------------------------------------------------------------------------
# Action notation: parse / format round trips
# ---------------------------------------------------------------------------------------


def test_action_text_is_the_identity() -> None:
    for a in ("take", "JH", "QH bella", "declare 7C 8C 9C", "name H"):
        assert RULES.action_text(a) == a
    with pytest.raises(ValueError):
        RULES.action_text(3)  # type: ignore[arg-type]


def test_parse_action_loose_spellings() -> None:
    state = new(BETE_ELDER, BETE_DEALER, tout_atout=True)
    assert RULES.parse_action(state, " Take  ") == "take"
    assert RULES.parse_action(state, "take it") == "take"
    assert RULES.parse_action(state, "SCHMEISS") == "schmeiss"
    s2 = play(state, "schmeiss")
    assert RULES.parse_action(s2, "throw in") == "throw-in"
    assert RULES.parse_action(s2, "make him play") == "make-play"
    r2 = play(state, "pass", "pass")
    assert RULES.parse_action(r2, "name spades") == "name S"
    assert RULES.parse_action(r2, "name ♦") == "name D"
    assert RULES.parse_action(r2, "name c") == "name C"
    assert RULES.parse_action(r2, "sans tout") == "sans-tout"
    assert RULES.parse_action(play(r2, "sans-tout"), "Tout Atout") == "tout-atout"
    with pytest.raises(ValueError):
        RULES.parse_action(r2, "name H")  # not legal: the proposed suit
    with pytest.raises(ValueError):
        RULES.parse_action(r2, "take")


def test_parse_action_cards_declarations_and_bella() -> None:
    state = to_play("9S TS JS AH KD AD 8C AC 7S", "TC JC QC KS AS 9H 8D 7D 7C", declares=())
    assert RULES.parse_action(state, "declare js 9s ts") == "declare 9S TS JS"
    assert RULES.parse_action(state, "declare 10S J♠ 9s") == "declare 9S TS JS"
    assert RULES.parse_action(state, "Declare None") == "declare none"
    with pytest.raises(ValueError):
        RULES.parse_action(state, "declare 9S TS")  # not a whole run
    with pytest.raises(ValueError):
        RULES.parse_action(state, "declare")
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    assert RULES.parse_action(state, "as") == "AS"
    assert RULES.parse_action(state, "10S") == "TS"
    assert RULES.parse_action(state, "A♠") == "AS"
    state = play(state, "JH", "QH", "9H")
    assert RULES.parse_action(state, "kh bella") == "KH bella"
    assert RULES.parse_action(state, "bella K♥") == "KH bella"
    for bad in ("", "   ", "7C", "KH bella please", "hello"):
        with pytest.raises(ValueError):
            RULES.parse_action(state, bad)


def test_parse_action_replay_choices() -> None:
    state = _finish_deal(RULES.new_match(9, {"replay": True}))
    assert RULES.parse_action(state, "Replay") == "replay"
    assert RULES.parse_action(state, "CONTINUE") == "continue"


def test_apply_never_changes_its_input() -> None:
    state = to_play(BETE_ELDER, BETE_DEALER, bids=("pass", "take"))
    snapshot = copy.deepcopy(state)
    RULES.apply(state, "AS")
    assert state == snapshot and repr(state) == repr(snapshot)


def test_a_refusal_at_the_dix_or_the_replay_offer_names_the_choices_short():
    """Found by a tester: "... you may exchange the dix or keep the dix." ran the message onto a
    second row, over the prompt."""
    from game.app.match import Match

    match = Match("klaberjass", 1, {})
    while match.current_player != 0:
        match.apply("pass")
    match.apply("take")
    with pytest.raises(IllegalAction, match=r"^You cannot pass now: you may exchange the dix or keep it\.$"):
        match.apply("pass")


def test_naming_the_turned_up_suit_in_round_one_is_refused_as_any_suit_is():
    """Found by a newcomer: S with spades turned up, in round one, was told "that suit was
    offered in round one" (the round-two reason)."""
    from game.app.match import Match

    match = Match("klaberjass", 1, {})
    proposed = match.observation(match.current_player).turn_up[1]
    with pytest.raises(IllegalAction, match=r"^You cannot name .* now: you may take, pass or schmeiss\.$"):
        match.apply(f"name {proposed}")
