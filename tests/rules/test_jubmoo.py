"""Jub Moo rules engine: one test (at least) per rule and worked example of
../shared/rules/jubmoo.md, per option, per pure helper, plus deck order, notation, replay
and IllegalAction. Section numbers (§) and ambiguity numbers (A#) refer to that file."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules import IllegalAction, get_rules
from game.rules import jubmoo as jm
from game.rules.jubmoo import (
    CARDS,
    RULES,
    DealSummary,
    JubMooObservation,
    card_mask,
    card_value,
    legal_plays,
    mask_cards,
    mask_score,
    parse_card,
    pig_seats,
    score_breakdown,
    stack_score,
    trick_winner,
    winner_seats,
)

HEARTS = [r + "H" for r in "AKQJT98765432"]
SPADES = [r + "S" for r in "AKQJT98765432"]
DIAMONDS = [r + "D" for r in "AKQJT98765432"]
CLUBS = [r + "C" for r in "AKQJT98765432"]


def deck_for(hands: list[list[str]]) -> list[str]:
    """The deck (top card first) that deals ``hands[s]`` to seat ``s`` (card i to seat i % 4)."""
    assert all(len(h) == 13 for h in hands)
    deck = [hands[i % 4][i // 4] for i in range(52)]
    assert sorted(deck) == sorted(CARDS)
    return deck


def play_deal(state: jm.JubMooState, pick=lambda legal: legal[0]) -> jm.JubMooState:
    """Play the current deal to its end with ``pick`` choosing from the legal actions."""
    number = state.deal_number
    while state.phase == 0 and state.deal_number == number:
        state = RULES.apply(state, pick(RULES.legal_actions(state)))
    return state


# Seat 0 holds every spade and leads them all; nobody can follow: Big Chuan for seat 0.
BIG_CHUAN_DECK = deck_for([SPADES, HEARTS, DIAMONDS, CLUBS])
# Seat 0 leads its hearts from the top; seat 1 must give 2H to the first; the others dump
# (always their first card in canonical order): a Chuan for seat 0 with QS, JD and TC (§1.4, A6).
CHUAN_DECK = deck_for(
    [
        [*HEARTS[:12], "2C"],
        ["2H", *DIAMONDS[:12]],
        SPADES,
        [*CLUBS[:12], "2D"],
    ]
)


# --------------------------------------------------------------------------------------------
# The game object, cards and notation
# --------------------------------------------------------------------------------------------


def test_game_object_members():
    assert get_rules("jubmoo") is RULES
    assert (RULES.name, RULES.title, RULES.num_players) == ("jubmoo", "Jub Moo", 4)


def test_cards_are_the_52_in_canonical_order():
    assert len(CARDS) == 52 == len(set(CARDS))
    assert CARDS[:3] == ("AS", "KS", "QS") and CARDS[-1] == "2C"
    assert [c[1] for c in CARDS[::13]] == ["S", "H", "D", "C"]


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("QS", "QS"),
        ("qs", "QS"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("Q♠", "QS"),
        ("♠q", "QS"),
        (" t c ", "TC"),
        ("10♣", "TC"),
        ("j♦", "JD"),
        ("A♡", "AH"),
        ("sq", "QS"),
    ],
)
def test_parse_card_loose_spellings(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "Q", "1H", "QX", "QSS", "11H", "ZZ", "10"])
def test_parse_card_rejects_non_cards(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_parse_card_round_trips_every_card():
    for card in CARDS:
        assert parse_card(card) == card
        assert parse_card(card.lower()) == card


def test_mask_helpers_round_trip():
    rng = random.Random(1)
    for _ in range(200):
        cards = rng.sample(CARDS, rng.randrange(53))
        mask = card_mask(cards)
        assert set(mask_cards(mask)) == set(cards)
        assert list(mask_cards(mask)) == sorted(cards, key=CARDS.index)
    with pytest.raises(ValueError):
        card_mask("QS")


def test_action_text_is_identity_and_parse_action_accepts_loose_text():
    state = RULES.new_match(1, {"first_leader": 0}, deck=deck_for([SPADES, HEARTS, DIAMONDS, CLUBS]))
    for action in RULES.legal_actions(state):
        assert RULES.action_text(action) == action
        assert RULES.parse_action(state, RULES.action_text(action)) == action
    assert RULES.parse_action(state, "qs") == "QS"
    assert RULES.parse_action(state, " 10♠ ") == "TS"
    assert RULES.parse_action(state, "Q♠") == "QS"


def test_parse_action_rejects_text_naming_no_legal_action():
    state = RULES.new_match(1, {"first_leader": 0}, deck=deck_for([SPADES, HEARTS, DIAMONDS, CLUBS]))
    with pytest.raises(IllegalAction, match="do not hold AH"):
        RULES.parse_action(state, "ah")
    with pytest.raises(ValueError):
        RULES.parse_action(state, "pass")
    with pytest.raises(ValueError):
        RULES.parse_action(state, "replay")
    state = RULES.apply(state, "AS")
    with pytest.raises(IllegalAction, match="Seat 1 does not hold AS"):
        RULES.parse_action(state, "AS")


# --------------------------------------------------------------------------------------------
# §1.1 Components and set-up; API "how deck is dealt"
# --------------------------------------------------------------------------------------------


def test_deck_card_i_goes_to_seat_i_mod_4():
    deck = list(CARDS)
    state = RULES.new_match(5, deck=deck)
    for seat in range(4):
        assert RULES.hand(state, seat) == tuple(deck[seat::4])


def test_deck_with_any_order_deals_exactly_that_order():
    rng = random.Random(9)
    deck = list(CARDS)
    rng.shuffle(deck)
    state = RULES.new_match(5, deck=deck)
    for seat in range(4):
        assert set(RULES.hand(state, seat)) == set(deck[seat::4])
    # loose spellings in a deck are accepted too
    state2 = RULES.new_match(5, deck=[c.lower() for c in deck])
    assert state2 == state


@pytest.mark.parametrize(
    "deck",
    [list(CARDS[:51]), [*CARDS[:51], "AS"], [*CARDS[:51], "XX"], [*CARDS, "AS"], "".join(CARDS)],
)
def test_bad_deck_raises_value_error_naming_deck(deck):
    with pytest.raises(ValueError, match="deck"):
        RULES.new_match(1, deck=deck)


def test_thirteen_cards_each_from_one_pack():  # §1.1
    for seed in range(20):
        state = RULES.new_match(seed)
        hands = [RULES.hand(state, s) for s in range(4)]
        assert [len(h) for h in hands] == [13] * 4
        assert sorted(c for h in hands for c in h) == sorted(CARDS)


def test_hand_is_in_canonical_order():
    state = RULES.new_match(3)
    for seat in range(4):
        hand = RULES.hand(state, seat)
        assert list(hand) == sorted(hand, key=CARDS.index)


def test_same_seed_same_match_and_seeds_differ():
    a, b, c = RULES.new_match(42), RULES.new_match(42), RULES.new_match(43)
    assert a == b
    assert RULES.hand(a, 0) != RULES.hand(c, 0)


def test_deck_fixes_only_the_first_deal_later_deals_shuffle_from_the_seed():
    deck = list(CARDS)
    a = play_deal(RULES.new_match(11, deck=deck))
    b = play_deal(RULES.new_match(11, deck=deck))
    c = play_deal(RULES.new_match(12, deck=deck))
    assert a.deal_number == 2 and a == b
    assert [RULES.hand(a, s) for s in range(4)] != [RULES.hand(c, s) for s in range(4)]
    assert [RULES.hand(a, s) for s in range(4)] != [tuple(deck[s::4]) for s in range(4)]


def test_no_redeal_when_a_player_has_no_heart():  # A22
    state = RULES.new_match(2, deck=BIG_CHUAN_DECK)
    assert not any(c.endswith("H") for c in RULES.hand(state, 0))
    assert RULES.hand(state, 0) == tuple(SPADES)


# --------------------------------------------------------------------------------------------
# §1.2 Play: leaders, direction, leading, following, winning tricks
# --------------------------------------------------------------------------------------------


def test_first_leader_of_deal_one_is_random_by_default():  # §1.2, A15
    leaders = {RULES.current_player(RULES.new_match(seed)) for seed in range(60)}
    assert leaders == {0, 1, 2, 3}
    assert RULES.current_player(RULES.new_match(8)) == RULES.current_player(RULES.new_match(8))


def test_first_lead_two_of_clubs_holder_leads_and_may_lead_any_card():  # §1.2, A15, A17
    for holder in range(4):
        deck = list(CARDS)
        i = deck.index("2C")
        j = next(k for k in range(52) if k % 4 == holder)
        deck[i], deck[j] = deck[j], deck[i]
        state = RULES.new_match(1, {"first_lead": "two-of-clubs"}, deck=deck)
        assert "2C" in RULES.hand(state, holder)
        assert RULES.current_player(state) == holder
        assert RULES.legal_actions(state) == RULES.hand(state, holder)
        assert f"{holder} holds 2C and leads." in RULES.observation(state, 0).events


def test_first_leader_option_fixes_the_seat():
    for seat in range(4):
        for seed in range(5):
            assert RULES.current_player(RULES.new_match(seed, {"first_leader": seat})) == seat
    # It also overrides the two-of-clubs rule (an explicit seat is explicit).
    state = RULES.new_match(1, {"first_leader": 1, "first_lead": "two-of-clubs"}, deck=list(CARDS))
    assert RULES.current_player(state) == 1 and "2C" in RULES.hand(state, 3)


def test_later_deals_are_led_by_the_previous_deals_pig_taker():  # §1.2, A16
    for seed in range(10):
        state = play_deal(RULES.new_match(seed))
        assert state.deal_number == 2
        taker = state.last_deal.pig_taker
        assert "QS" in state.last_deal.stacks[taker]
        assert RULES.current_player(state) == taker
        assert f"{taker} took QS last deal and leads." in RULES.observation(state, 0).events


def test_later_leads_random_draws_the_leader():
    differs = 0
    for seed in range(40):
        state = play_deal(RULES.new_match(seed, {"later_leads": "random"}))
        again = play_deal(RULES.new_match(seed, {"later_leads": "random"}))
        assert RULES.current_player(state) == RULES.current_player(again)
        differs += RULES.current_player(state) != state.last_deal.pig_taker
        assert f"{RULES.current_player(state)} is drawn to lead." in RULES.observation(state, 0).events
    assert 15 < differs < 40


def test_play_goes_in_seat_order():  # §1.2 direction: counter-clockwise = seat order
    state = RULES.new_match(4, {"first_leader": 2})
    order = []
    for _ in range(4):
        order.append(RULES.current_player(state))
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert order == [2, 3, 0, 1]


def test_leader_may_lead_hearts_or_the_pig_on_the_first_trick():  # §1.2, A14
    deck = deck_for([["QS", *HEARTS[:12]], ["2H", *SPADES[:2], *SPADES[3:13]], DIAMONDS, CLUBS])
    state = RULES.new_match(1, {"first_leader": 0}, deck=deck)
    assert set(RULES.legal_actions(state)) == {"QS", *HEARTS[:12]}
    RULES.apply(state, "QS")
    RULES.apply(state, "AH")


def test_must_follow_suit_when_able():  # §1.2 following
    deck = deck_for([SPADES, HEARTS, DIAMONDS, CLUBS])
    state = RULES.new_match(1, {"first_leader": 1}, deck=deck)
    state = RULES.apply(state, "5H")
    # seats 2, 3, 0 hold no heart: anything goes
    assert RULES.legal_actions(state) == tuple(DIAMONDS)
    mixed = deck_for([[*SPADES[:6], *HEARTS[:7]], [*SPADES[6:], *HEARTS[7:]], DIAMONDS, CLUBS])
    state = RULES.new_match(1, {"first_leader": 0}, deck=mixed)
    state = RULES.apply(state, "AS")
    assert RULES.legal_actions(state) == tuple(SPADES[6:])
    with pytest.raises(IllegalAction, match="You must follow suit: play a spade"):
        RULES.apply(state, "7H")


def test_player_void_in_the_led_suit_may_play_any_card():  # §1.2 following
    deck = deck_for([[*SPADES[:6], *HEARTS[:7]], [*SPADES[6:], *HEARTS[7:]], DIAMONDS, CLUBS])
    state = RULES.new_match(1, {"first_leader": 0}, deck=deck)
    state = RULES.apply(state, "AS")
    state = RULES.apply(state, "2S")
    assert RULES.legal_actions(state) == tuple(DIAMONDS)
    state = RULES.apply(state, "JD")
    assert RULES.legal_actions(state) == tuple(CLUBS)


def test_highest_card_of_the_led_suit_wins_off_suit_never_wins():  # §1.2, A13
    assert trick_winner(["5H", "AS", "AD", "6H"]) == 3
    assert trick_winner(["2C", "AS", "AH", "AD"]) == 0
    assert trick_winner(["JD", "QD"]) == 1  # J♦ loses to Q♦ (rank, not points)
    assert trick_winner(["KD", "JD", "AD", "QD"]) == 2
    assert trick_winner(["TC", "AC", "9C", "KC"]) == 1  # A♣ beats 10♣
    assert trick_winner(["QS", "KS", "AH", "2S"]) == 1
    assert trick_winner(["qs", "10s"]) == 0
    with pytest.raises(ValueError):
        trick_winner([])


def test_winner_takes_the_four_cards_and_leads_next():  # §1.2
    deck = deck_for([SPADES, HEARTS, DIAMONDS, CLUBS])
    state = RULES.new_match(1, {"first_leader": 1}, deck=deck)
    for card in ("5H", "2D", "3C", "AS"):
        state = RULES.apply(state, card)
    obs = RULES.observation(state, 3)
    assert obs.last_trick == ((1, "5H"), (2, "2D"), (3, "3C"), (0, "AS"))
    assert obs.last_trick_winner == 1 == obs.leader == RULES.current_player(state)
    assert obs.tricks_won == (0, 1, 0, 0)
    assert obs.point_cards == ((), ("5H",), (), ())
    assert obs.trick == ()
    assert obs.events[-1] == "1 wins trick 1"


def test_a_deal_is_thirteen_tricks_scored_only_at_the_end():  # §1.2
    state = RULES.new_match(21)
    for step in range(52):
        assert RULES.match_scores(state) == (0, 0, 0, 0)
        assert state.deal_number == 1
        assert sum(RULES.observation(state, 0).tricks_won) == step // 4
        state = RULES.apply(state, RULES.legal_actions(state)[-1])
    assert state.deal_number == 2
    assert sum(state.last_deal.tricks_won) == 13 and len(state.last_deal.tricks) == 13
    assert RULES.match_scores(state) == state.last_deal.scores


# --------------------------------------------------------------------------------------------
# Pure helper legal_plays
# --------------------------------------------------------------------------------------------


def test_legal_plays_helper():
    hand = ["AS", "2S", "KH", "JD", "TC"]
    assert legal_plays(hand, []) == set(hand)
    assert legal_plays(hand, ["5S"]) == {"AS", "2S"}
    assert legal_plays(hand, ["5S", "AH", "3S"]) == {"AS", "2S"}  # the led suit decides
    assert legal_plays(hand, ["5D"]) == {"JD"}
    assert legal_plays(["AS", "KH"], ["5C"]) == {"AS", "KH"}
    assert legal_plays([], ["5C"]) == set()
    assert legal_plays(["as", "10s"], ["2s"]) == {"AS", "TS"}
    with pytest.raises(ValueError):
        legal_plays(hand, ["2C", "3C", "4C", "5C"])


# --------------------------------------------------------------------------------------------
# §1.3 Card values (three rulesets)
# --------------------------------------------------------------------------------------------


def test_default_heart_values_and_total_minus_194():  # §1.3 table
    expected = [-50, -40, -30, -20, -10, -9, -8, -7, -6, -5, -4, -3, -2]
    assert [card_value(c) for c in HEARTS] == expected
    assert sum(expected) == -194
    assert all(v != 0 for v in expected)  # "every heart is non-zero"


def test_default_special_cards_and_zero_cards():  # §1.3 table
    assert card_value("QS") == -100
    assert card_value("JD") == 100
    assert card_value("TC") == 0  # the 10♣ is scored by its own rule (§1.4 step 5)
    zero = [c for c in CARDS if c[1] != "H" and c not in ("QS", "JD", "TC")]
    assert len(zero) == 36
    assert all(card_value(c) == 0 for c in zero)


def test_all_suits_values_every_suit_minus_194_deck_minus_666():  # §1.3 option "all suits"
    ranks = [-50, -40, -30, -20, -10, -9, -8, -7, -6, -5, -4, -3, -2]
    for suit in "SHDC":
        for rank, value in zip("AKQJT98765432", ranks, strict=True):
            card = rank + suit
            if card not in ("QS", "JD", "TC"):
                assert card_value(card, "all-suits") == value
    assert card_value("QS", "all-suits") == -100 and card_value("JD", "all-suits") == 100
    assert sum(ranks) == -194
    assert sum(card_value(c, "all-suits") for c in CARDS if c != "TC") + 50 == -666


def test_gongzhu_heart_table_total_minus_200():  # §1.3 option "Gong Zhu", A2
    expected = [-50, -40, -30, -20, -10, -10, -10, -10, -10, -10, 0, 0, 0]
    assert [card_value(c, "gongzhu") for c in HEARTS] == expected
    assert sum(expected) == -200
    assert card_value("QS", "gongzhu") == -100 and card_value("JD", "gongzhu") == 100
    assert card_value("AS", "gongzhu") == 0


def test_card_value_rejects_unknown_ruleset():
    with pytest.raises(ValueError, match="ruleset"):
        card_value("AH", "spades")


# --------------------------------------------------------------------------------------------
# §1.4 Scoring a stack (stack_score and score_breakdown)
# --------------------------------------------------------------------------------------------


# Gong Zhu has neither the Big Chuan nor the -50 (§1.4): test_jubmoo_gongzhu.py.
@pytest.mark.parametrize("ruleset", ["hearts", "all-suits"])
@pytest.mark.parametrize("ten", ["double", "add-and-double"])
def test_big_chuan_all_52_cards_is_1000_flat(ruleset, ten):  # §1.4 step 1, A11, A12
    assert stack_score(CARDS, ruleset, {"ten_clubs": ten}) == 1000
    assert score_breakdown(CARDS, ruleset, {"ten_clubs": ten}) == [("Big Chuan: every trick", 1000)]


@pytest.mark.parametrize("ruleset", ["hearts", "all-suits"])
def test_empty_stack_is_minus_50(ruleset):  # §1.4 step 2, A9
    assert stack_score([], ruleset) == -50
    assert score_breakdown([], ruleset) == [("No cards won", -50)]


def test_stack_of_only_zero_cards_is_zero_not_minus_50():  # A9: -50 means no trick at all
    assert stack_score(["2S", "3S", "4D", "5C"]) == 0
    assert score_breakdown(["2S", "3S", "4D", "5C"]) == [("No point cards", 0)]


def test_plain_hearts_and_specials_add_up():  # §1.4 step 6
    assert stack_score(["AH", "2H", "5S"]) == -52
    assert stack_score(["QS", "KH"]) == -140
    assert stack_score(["JD", "3H", "4C"]) == 97
    assert stack_score(HEARTS[:12]) == -192


def test_chuan_turns_the_hearts_positive():  # §1.4 step 3
    assert stack_score(HEARTS) == 194
    assert stack_score([*HEARTS, "5S", "AC"]) == 194
    assert stack_score(HEARTS, "gongzhu") == 200


def test_chuan_leaves_the_pig_and_the_jack_alone():  # §1.4 step 3, A7
    assert stack_score([*HEARTS, "QS"]) == 94
    assert stack_score([*HEARTS, "JD"]) == 294
    assert stack_score([*HEARTS, "QS", "JD"]) == 194


def test_chuan_needs_the_two_of_hearts():  # A8
    assert stack_score(HEARTS[:12]) == -192
    assert stack_score(HEARTS[:12], "gongzhu") == -200


def test_ten_of_clubs_alone_is_plus_50():  # §1.4 step 5
    assert stack_score(["TC"]) == 50
    assert stack_score(["TC", "5S", "AD", "2C"]) == 50  # zero cards are not "other cards" (A3)
    assert stack_score(["TC"], "all-suits") == 50
    assert stack_score(["TC", "5S"], "gongzhu") == 50
    assert stack_score(["TC", "AS"], options={"ten_clubs": "add-and-double"}) == 50


def test_ten_of_clubs_doubles_the_rest():  # §1.4 step 5, A4
    assert stack_score(["TC", "AH"]) == -100
    assert stack_score(["TC", "JD"]) == 200
    assert stack_score(["TC", "QS", "5H", "9S"]) == -210


def test_ten_of_clubs_with_cancelling_cards_is_zero_not_50():  # §1.4 step 5 note, A5
    assert stack_score(["TC", "QS", "JD"]) == 0
    assert score_breakdown(["TC", "QS", "JD"]) == [("QS (the pig)", -100), ("JD", 100), ("TC doubles", 0)]


def test_ten_of_clubs_with_a_zero_valued_heart_is_zero_under_gongzhu():  # A3, A5 (pagat's 10♣ + 3♥)
    assert stack_score(["TC", "3H"], "gongzhu") == 0
    assert stack_score(["TC", "2H", "5S"], "gongzhu") == 0


def test_ten_of_clubs_doubles_a_chuan():  # A6
    assert stack_score([*HEARTS, "TC"]) == 388
    assert stack_score([*HEARTS, "TC"], "gongzhu") == 400
    assert stack_score([*HEARTS, "TC"], options={"ten_clubs": "add-and-double"}) == 488


def test_ten_clubs_add_and_double_option():  # A4 option: 2 x (base + 50)
    opts = {"ten_clubs": "add-and-double"}
    assert stack_score(["TC", "AH"], options=opts) == 0
    assert stack_score(["TC", "JD"], options=opts) == 300
    assert stack_score(["TC", "QS", "JD"], options=opts) == 100
    assert score_breakdown(["TC", "JD"], options=opts) == [("JD", 100), ("TC adds 50", 50), ("TC doubles", 150)]


def test_all_suits_scores_every_card_and_ten_of_clubs_is_rarely_alone():  # §1.3 option, reason 1
    assert stack_score(["AS", "KD", "2C"], "all-suits") == -92
    assert stack_score(["TC", "5S"], "all-suits") == -10  # 5♠ counts here, so 10♣ doubles
    assert stack_score(HEARTS, "all-suits") == 194
    assert stack_score([*HEARTS, "2S"], "all-suits") == 192


def test_all_16_point_cards_is_not_a_big_chuan():  # A11: Big Chuan = all 13 tricks
    assert stack_score([*HEARTS, "QS", "JD", "TC"]) == 388


def test_whole_deck_counted_card_by_card_would_be_388_or_minus_656():  # A12
    # The rules file's arithmetic: counted card by card, all 52 cards would score +388
    # (default) or -656 (all suits). All 52 are a Big Chuan, so check 51 (without 2S, which
    # is worth 0 by default and -2 under all suits: 2 x (-328 + 2) = -652).
    rest = [c for c in CARDS if c != "2S"]
    assert stack_score(rest) == 388
    assert stack_score(rest, "all-suits") == 2 * (-328 + 2)
    lines = score_breakdown(rest, "all-suits")
    assert ("Spades (11)", -162) in lines and ("Clubs (12)", -184) in lines and ("Diamonds (12)", -174) in lines


def test_any_set_of_cards_can_be_scored():  # A25: the Score Tester's stacks need not be tricks
    assert stack_score(["AH"]) == -50
    assert stack_score(["AH", "AH"]) == -50  # duplicates count once
    assert stack_score(("qs", "10c")) == -200


def test_stack_score_options_and_ruleset_arguments():
    assert stack_score(["2H", "TC"], options={"ruleset": "gongzhu"}) == 0
    assert stack_score(["2H", "TC"], "gongzhu", RULES.default_options()) == 0
    assert stack_score(["2H"], "hearts", {"ruleset": "hearts"}) == -2
    with pytest.raises(ValueError, match="ruleset"):
        stack_score(["2H"], "clubs")
    with pytest.raises(ValueError, match="bogus"):
        stack_score(["2H"], options={"bogus": 1})
    with pytest.raises(ValueError, match="ten_clubs"):
        stack_score(["2H"], options={"ten_clubs": "triple"})


def test_score_breakdown_labels():  # §4: the Score Tester's live breakdown
    assert score_breakdown(["AH", "3H", "QS", "TC"]) == [
        ("Hearts (2)", -53),
        ("QS (the pig)", -100),
        ("TC doubles", -153),
    ]
    assert score_breakdown(HEARTS) == [("Chuan: all 13 hearts turn positive", 194)]
    assert score_breakdown(["TC", "4S"]) == [("TC alone", 50)]


def test_mask_score_matches_stack_score():
    rng = random.Random(5)
    for _ in range(300):
        stack = rng.sample(CARDS, rng.randrange(53))
        for ruleset in jm.RULESETS:
            for ten in ("double", "add-and-double"):
                assert mask_score(card_mask(stack), ruleset, ten) == stack_score(stack, ruleset, {"ten_clubs": ten})
    with pytest.raises(ValueError):
        mask_score(1 << 52)
    with pytest.raises(ValueError, match="ten_clubs"):
        mask_score(0, "hearts", "x")


# --------------------------------------------------------------------------------------------
# §1.4 at the table: deal scores, Chuan and Big Chuan in play, the deal invariant
# --------------------------------------------------------------------------------------------


def test_chuan_in_play_with_pig_jack_and_doubler():  # §1.4 steps 3-5 in a real deal, A6
    state = play_deal(RULES.new_match(1, {"first_leader": 0}, deck=CHUAN_DECK))
    summary = state.last_deal
    assert isinstance(summary, DealSummary)
    assert summary.chuan == 0 and summary.big_chuan is None
    assert summary.tricks_won == (12, 0, 0, 1)
    assert summary.scores == (388, -50, -50, 0)  # 2 x (194 - 100 + 100); two empty stacks
    assert summary.empty == (1, 2)
    assert summary.pig_taker == 0
    assert set(summary.stacks[0]) == {*HEARTS, "QS", "JD", "TC"}
    assert summary.breakdowns[0] == (
        ("Chuan: all 13 hearts turn positive", 194),
        ("QS (the pig)", -100),
        ("JD", 100),
        ("TC doubles", 194),
    )
    # §1.4 invariant: B + T - 50k = 194 + 194 - 100
    assert sum(summary.scores) == 194 + 194 - 50 * 2
    assert RULES.match_scores(state) == (388, -50, -50, 0)
    assert state.last_deal.totals == (388, -50, -50, 0) and state.last_deal.totals_before == (0, 0, 0, 0)


def test_chuan_in_play_with_add_and_double():
    state = play_deal(RULES.new_match(1, {"first_leader": 0, "ten_clubs": "add-and-double"}, deck=CHUAN_DECK))
    assert state.last_deal.scores == (488, -50, -50, 0)


def test_big_chuan_in_play_others_take_minus_50():  # §1.4 step 1, A10; deal total 850
    state = play_deal(RULES.new_match(1, {"first_leader": 0}, deck=BIG_CHUAN_DECK))
    summary = state.last_deal
    assert summary.big_chuan == 0 and summary.chuan is None
    assert summary.scores == (1000, -50, -50, -50)
    assert sum(summary.scores) == 850
    assert summary.breakdowns[0] == (("Big Chuan: every trick", 1000),)


def test_big_chuan_waiver_option():  # A10 option: deal total 1000
    opts = {"first_leader": 0, "big_chuan_others_minus_50": False}
    state = play_deal(RULES.new_match(1, opts, deck=BIG_CHUAN_DECK))
    assert state.last_deal.scores == (1000, 0, 0, 0)
    assert sum(state.last_deal.scores) == 1000
    for seat in (1, 2, 3):
        assert sum(p for _, p in state.last_deal.breakdowns[seat]) == 0
    # without a Big Chuan the waiver changes nothing: an empty stack is still -50
    state = play_deal(RULES.new_match(1, opts, deck=CHUAN_DECK))
    assert state.last_deal.scores == (388, -50, -50, 0)


def test_deal_scores_so_far_is_a_running_stack_score():
    state = RULES.new_match(1, {"first_leader": 0}, deck=CHUAN_DECK)
    assert RULES.observation(state, 0).deal_scores_so_far == (-50, -50, -50, -50)
    for _ in range(8):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    obs = RULES.observation(state, 2)
    # trick 1: AH 2H AS 2D; trick 2: KH AD KS AC
    assert obs.point_cards == (("AH", "KH", "2H"), (), (), ())
    assert obs.deal_scores_so_far == (-92, -50, -50, -50)


# --------------------------------------------------------------------------------------------
# §1.5 Game end and the pig; match_scores
# --------------------------------------------------------------------------------------------


def _first_deal_low(seed: int) -> int:
    state = play_deal(RULES.new_match(seed, {"target": -100000}))
    return min(state.last_deal.scores)


def test_match_ends_when_a_total_reaches_the_target_inclusive():  # §1.5, A19
    seed = next(s for s in range(100) if _first_deal_low(s) <= -100)
    low = _first_deal_low(seed)
    at = play_deal(RULES.new_match(seed, {"target": low}))
    assert RULES.is_over(at) and RULES.current_player(at) is None and RULES.legal_actions(at) == ()
    assert min(RULES.match_scores(at)) == low
    above = play_deal(RULES.new_match(seed, {"target": low - 1}))
    assert not RULES.is_over(above) and above.deal_number == 2


def test_target_is_only_checked_after_complete_deals():  # §1.5, A19
    state = RULES.new_match(3, {"target": -100})
    while not RULES.is_over(state):
        if state.plays and len(state.plays) < 52:
            assert not RULES.is_over(state)
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert len(state.plays) == 52 and min(RULES.match_scores(state)) <= -100


def test_default_match_runs_to_minus_1000_with_no_positive_threshold():  # §1.5, A21
    assert RULES.default_options()["target"] == -1000
    state = play_deal(RULES.new_match(1, {"first_leader": 0}, deck=BIG_CHUAN_DECK))
    assert RULES.match_scores(state)[0] == 1000 and not RULES.is_over(state)
    while not RULES.is_over(state):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert min(RULES.match_scores(state)) <= -1000


def test_pig_and_winner_helpers_with_ties():  # §1.5, A20
    assert pig_seats((-1000, 20, -30, 5)) == (0,)
    assert pig_seats((-1000, 20, -1000, 5)) == (0, 2)
    assert winner_seats((-1000, 20, -30, 5)) == (1,)
    assert winner_seats((-1000, 20, -1000, 20)) == (1, 3)


def test_observation_names_pigs_and_winners_once_over():  # §1.5, A20
    state = RULES.new_match(6, {"target": -100})
    assert RULES.observation(state, 0).pigs is None and RULES.observation(state, 0).winner is None
    while not RULES.is_over(state):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    obs = RULES.observation(state, 1)
    assert obs.pigs == pig_seats(RULES.match_scores(state))
    assert obs.winner == winner_seats(RULES.match_scores(state))
    assert obs.phase == "over" and obs.current_player is None
    assert obs.events[-2:] == (f"Deal {state.deal_number} is over.", "The match is over.")
    tied = dataclasses.replace(state, scores=(-120, 40, -120, 40))
    assert RULES.observation(tied, 0).pigs == (0, 2)
    assert RULES.observation(tied, 0).winner == (1, 3)


def test_running_totals_add_each_deal():
    state = RULES.new_match(9, {"target": -5000})
    totals = [0, 0, 0, 0]
    for _ in range(3):
        state = play_deal(state)
        totals = [t + s for t, s in zip(totals, state.last_deal.scores, strict=True)]
        assert RULES.match_scores(state) == tuple(totals) == state.last_deal.totals


def test_actions_after_the_match_is_over_are_illegal():
    state = RULES.new_match(6, {"target": -100})
    while not RULES.is_over(state):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, "AS")
    with pytest.raises(IllegalAction):
        RULES.apply(state, "continue")
    with pytest.raises(ValueError):
        RULES.parse_action(state, "AS")


# --------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------


def test_default_options():
    assert RULES.default_options() == {
        "target": -1000,
        "ruleset": "hearts",
        "ten_clubs": "double",
        "first_lead": "random",
        "later_leads": "pig-taker",
        "big_chuan_others_minus_50": True,
        "first_leader": None,
        "open_hands": False,
        "replay": False,
    }
    RULES.default_options()["target"] = 5
    assert RULES.default_options()["target"] == -1000


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("target", -99),
        ("target", 0),
        ("target", 500),
        ("target", True),
        ("target", -500.0),
        ("target", "-1000"),
        ("ruleset", "Hearts"),
        ("ruleset", "literal"),
        ("ten_clubs", "triple"),
        ("ten_clubs", None),
        ("first_lead", "2C"),
        ("later_leads", "loser"),
        ("big_chuan_others_minus_50", 1),
        ("big_chuan_others_minus_50", "yes"),
        ("first_leader", 4),
        ("first_leader", -1),
        ("first_leader", True),
        ("first_leader", "0"),
        ("open_hands", 0),
        ("replay", "on"),
        ("clockwise", True),
    ],
)
def test_bad_option_raises_value_error_naming_the_key(key, value):
    with pytest.raises(ValueError, match=key):
        RULES.new_match(1, {key: value})


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("target", -100),
        ("target", -500),
        ("target", -2000),
        ("ruleset", "all-suits"),
        ("ruleset", "gongzhu"),
        ("ten_clubs", "add-and-double"),
        ("first_lead", "two-of-clubs"),
        ("later_leads", "random"),
        ("big_chuan_others_minus_50", False),
        ("first_leader", 0),
        ("first_leader", 3),
        ("open_hands", True),
        ("replay", True),
    ],
)
def test_every_valid_option_value_is_accepted_and_shown(key, value):
    state = RULES.new_match(1, {key: value})
    assert dict(RULES.observation(state, 0).options)[key] == value


def test_new_match_does_not_change_the_options_dict():
    options = {"target": -500}
    RULES.new_match(1, options)
    assert options == {"target": -500}


def test_rulesets_score_deals_with_their_tables():
    for ruleset in jm.RULESETS:
        state = play_deal(RULES.new_match(1, {"first_leader": 0, "ruleset": ruleset}, deck=CHUAN_DECK))
        summary = state.last_deal
        for seat in range(4):
            won = [c for k, trick in enumerate(summary.tricks) if summary.trick_winners[k] == seat for _, c in trick]
            assert summary.scores[seat] == stack_score(won, ruleset)
    state = play_deal(RULES.new_match(1, {"first_leader": 0, "ruleset": "all-suits"}, deck=CHUAN_DECK))
    assert state.last_deal.stacks[3] == ("2S", "3D", "3C", "2C")  # all-suits: every card matters


def test_open_hands_shows_every_hand():
    state = RULES.new_match(3, {"open_hands": True})
    obs = RULES.observation(state, 2)
    assert obs.all_hands == tuple(RULES.hand(state, s) for s in range(4))
    assert RULES.observation(RULES.new_match(3), 2).all_hands is None
    det = RULES.determinize(obs, random.Random(1))
    assert det.hands == state.hands


def test_set_option_only_changes_replay():
    state = RULES.new_match(1)
    on = RULES.set_option(state, "replay", True)
    assert dict(RULES.observation(on, 0).options)["replay"] is True
    assert dict(RULES.observation(state, 0).options)["replay"] is False  # input unchanged
    assert on.hands == state.hands and RULES.current_player(on) == RULES.current_player(state)
    with pytest.raises(ValueError, match="target"):
        RULES.set_option(state, "target", -500)
    with pytest.raises(ValueError, match="ruleset"):
        RULES.set_option(state, "ruleset", "gongzhu")
    with pytest.raises(ValueError, match="nonsense"):
        RULES.set_option(state, "nonsense", 1)
    with pytest.raises(ValueError, match="replay"):
        RULES.set_option(state, "replay", 1)


# --------------------------------------------------------------------------------------------
# Replay (API.md options: replay / continue)
# --------------------------------------------------------------------------------------------


def test_no_replay_choice_without_the_option():
    state = play_deal(RULES.new_match(7))
    assert state.phase == 0 and state.deal_number == 2
    with pytest.raises(IllegalAction, match="replay"):
        RULES.apply(state, "replay")
    with pytest.raises(IllegalAction):
        RULES.apply(state, "continue")


def test_replay_choice_offered_to_seat_0_after_each_deal():
    start = RULES.new_match(7, {"replay": True})
    assert RULES.legal_actions(start) != ("continue", "replay")  # not before the first deal
    choice = play_deal(start)
    assert RULES.current_player(choice) == 0
    assert RULES.legal_actions(choice) == ("continue", "replay")
    obs0 = RULES.observation(choice, 0)
    assert obs0.phase == "choice" and obs0.legal_actions == ("continue", "replay")
    assert RULES.observation(choice, 2).legal_actions == ()
    assert obs0.last_deal is not None and obs0.last_deal.deal_number == 1
    assert obs0.scores == obs0.last_deal.totals
    with pytest.raises(IllegalAction, match="replay"):
        RULES.apply(choice, "AS")


def test_replay_restores_the_deal_exactly_drawing_nothing():
    start = RULES.new_match(7, {"replay": True})
    choice = play_deal(start)
    replayed = RULES.apply(choice, "replay")
    assert replayed == start
    assert replayed.draws == choice.draws
    # replaying again and again changes nothing either
    assert RULES.apply(play_deal(replayed), "replay") == start


def test_continue_after_replays_deals_what_continue_would_have_dealt():
    start = RULES.new_match(7, {"replay": True})
    direct = RULES.apply(play_deal(start), "continue")
    after = RULES.apply(play_deal(RULES.apply(play_deal(start), "replay")), "continue")
    assert after == direct
    plain = play_deal(RULES.new_match(7))  # same stream without the option
    assert direct.hands == plain.hands and direct.leader == plain.leader and direct.draws == plain.draws
    assert direct.deal_number == 2 and direct.last_deal == plain.last_deal


def test_replay_of_a_later_deal_restores_its_scores_and_last_deal():
    state = RULES.new_match(3, {"replay": True, "target": -5000})
    state = RULES.apply(play_deal(state), "continue")
    deal2_start = state
    choice = play_deal(state, lambda legal: legal[-1])
    assert choice.last_deal.deal_number == 2
    obs = RULES.observation(choice, 0)
    assert obs.prior_deal == deal2_start.last_deal and obs.prior_deal.deal_number == 1
    replayed = RULES.apply(choice, "replay")
    assert replayed == deal2_start
    assert RULES.match_scores(replayed) == deal2_start.last_deal.totals
    assert RULES.observation(replayed, 0).deal_number == 2
    assert RULES.observation(replayed, 0).prior_deal is None


def test_replay_keeps_the_leader_even_when_leaders_are_random():
    start = RULES.new_match(5, {"replay": True, "later_leads": "random"})
    deal2 = RULES.apply(play_deal(start), "continue")
    again = RULES.apply(play_deal(deal2), "replay")
    assert RULES.current_player(again) == RULES.current_player(deal2)
    assert again.draws == deal2.draws


def test_switching_replay_off_at_the_choice_continues():
    choice = play_deal(RULES.new_match(7, {"replay": True}))
    off = RULES.set_option(choice, "replay", False)
    cont = RULES.apply(choice, "continue")
    assert off.phase == 0 and off.deal_number == 2
    assert off.hands == cont.hands and off.leader == cont.leader and off.draws == cont.draws
    assert dict(RULES.observation(off, 0).options)["replay"] is False


def test_switching_replay_on_mid_deal_offers_the_choice_at_the_next_deal():
    state = RULES.new_match(7)
    for _ in range(10):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    state = RULES.set_option(state, "replay", True)
    choice = play_deal(state)
    assert RULES.legal_actions(choice) == ("continue", "replay")
    assert RULES.apply(choice, "replay") == RULES.set_option(RULES.new_match(7), "replay", True)


def test_no_replay_choice_after_the_final_deal():
    state = RULES.new_match(6, {"target": -100, "replay": True})
    while not RULES.is_over(state):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert RULES.legal_actions(state) == ()
    with pytest.raises(IllegalAction):
        RULES.apply(state, "replay")


def test_choice_phase_rejects_cards():
    choice = play_deal(RULES.new_match(7, {"replay": True}))
    with pytest.raises(IllegalAction, match="replay"):
        RULES.apply(choice, "AS")
    with pytest.raises(IllegalAction):
        RULES.parse_action(choice, "AS")
    assert RULES.parse_action(choice, " Replay ") == "replay"
    assert RULES.parse_action(choice, "CONTINUE") == "continue"


# --------------------------------------------------------------------------------------------
# IllegalAction and apply's purity
# --------------------------------------------------------------------------------------------


def test_illegal_actions_raise_with_readable_messages():
    deck = deck_for([[*SPADES[:6], *HEARTS[:7]], [*SPADES[6:], *HEARTS[7:]], DIAMONDS, CLUBS])
    state = RULES.new_match(1, {"first_leader": 0}, deck=deck)
    with pytest.raises(IllegalAction, match="You do not hold 2C"):
        RULES.apply(state, "2C")
    with pytest.raises(IllegalAction, match="not a card"):
        RULES.apply(state, "ZZ")
    with pytest.raises(IllegalAction, match="not a card"):
        RULES.apply(state, "as")  # apply takes canonical actions only; parse_action is the loose one
    with pytest.raises(IllegalAction):
        RULES.apply(state, None)  # type: ignore[arg-type]
    state = RULES.apply(state, "AS")
    with pytest.raises(IllegalAction, match="Seat 1 does not hold AS"):
        RULES.apply(state, "AS")
    with pytest.raises(IllegalAction, match="follow suit: play a spade"):
        RULES.apply(state, "6H")
    assert issubclass(IllegalAction, ValueError)


def test_apply_never_changes_its_input():
    import pickle

    state = RULES.new_match(2, {"replay": True})
    for _ in range(60):
        before = pickle.dumps(state)
        nxt = RULES.apply(state, RULES.legal_actions(state)[-1])
        assert pickle.dumps(state) == before
        state = nxt


# --------------------------------------------------------------------------------------------
# Observation and determinize
# --------------------------------------------------------------------------------------------


def test_observation_fields_at_the_start():
    state = RULES.new_match(1, {"first_leader": 2}, deck=list(CARDS))
    obs = RULES.observation(state, 0)
    assert isinstance(obs, JubMooObservation)
    assert hash(obs) == hash(RULES.observation(state, 0))
    assert obs.seat == 0 and obs.deal_number == 1 and obs.phase == "play"
    assert obs.scores == (0, 0, 0, 0)
    assert obs.hand == tuple(CARDS[0::4])
    assert obs.hand_sizes == (13, 13, 13, 13)
    assert obs.current_player == 2 == obs.leader
    assert obs.legal_actions == ()
    assert RULES.observation(state, 2).legal_actions == RULES.legal_actions(state)
    assert obs.trick == obs.last_trick == obs.plays == ()
    assert obs.last_trick_winner is None
    assert obs.tricks_won == (0, 0, 0, 0) and obs.point_cards == ((), (), (), ())
    assert obs.pig_taker_last_deal is None and obs.last_deal is None and obs.prior_deal is None
    assert obs.voids == ("", "", "", "")
    assert obs.events == ("Deal 1 is dealt.", "2 leads first (seat chosen in the options).")
    assert obs.options == tuple(sorted((RULES.default_options() | {"first_leader": 2}).items()))
    with pytest.raises(ValueError):
        RULES.observation(state, 4)


def test_observation_tracks_plays_voids_and_events():
    deck = deck_for([SPADES, HEARTS, DIAMONDS, CLUBS])
    state = RULES.new_match(1, {"first_leader": 1}, deck=deck)
    for card in ("5H", "2D", "3C", "AS", "4H", "KD"):
        state = RULES.apply(state, card)
    obs = RULES.observation(state, 0)
    assert obs.trick == ((1, "4H"), (2, "KD"))
    assert obs.plays == ((1, "5H"), (2, "2D"), (3, "3C"), (0, "AS"), (1, "4H"), (2, "KD"))
    assert obs.voids == ("H", "", "H", "H")
    assert obs.hand_sizes == (12, 11, 11, 12)
    assert obs.events[2:] == (
        "1 plays 5H",
        "2 plays 2D",
        "3 plays 3C",
        "0 plays AS",
        "1 wins trick 1",
        "1 plays 4H",
        "2 plays KD",
    )
    assert obs.pig_taker_last_deal is None
    nxt = play_deal(state)
    assert RULES.observation(nxt, 0).pig_taker_last_deal == nxt.last_deal.pig_taker


def test_seat_cannot_tell_hidden_cards_apart():
    # Swap two cards between seats 1 and 2 (same suits, so play is unchanged): seat 0's view
    # must not change, seat 1's must.
    deck = list(CARDS)
    swapped = list(deck)
    i, j = deck.index("KS"), deck.index("QS")  # seat 1 and seat 2
    swapped[i], swapped[j] = swapped[j], swapped[i]
    a = RULES.new_match(3, {"first_leader": 0}, deck=deck)
    b = RULES.new_match(3, {"first_leader": 0}, deck=swapped)
    for _ in range(2):
        a = RULES.apply(a, RULES.legal_actions(a)[-1])
        b = RULES.apply(b, RULES.legal_actions(b)[-1])
    assert a != b
    assert RULES.observation(a, 0) == RULES.observation(b, 0)
    assert RULES.observation(a, 3) == RULES.observation(b, 3)
    assert RULES.observation(a, 1) != RULES.observation(b, 1)


def test_determinize_gives_the_same_observation_and_varied_worlds():
    state = RULES.new_match(8)
    for _ in range(9):
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    obs = RULES.observation(state, 1)
    worlds = set()
    for k in range(20):
        det = RULES.determinize(obs, random.Random(k))
        assert RULES.observation(det, 1) == obs
        worlds.add(det.hands)
    assert len(worlds) == 20
    assert RULES.determinize(obs, random.Random(3)) == RULES.determinize(obs, random.Random(3))


def test_determinize_respects_voids():
    deck = deck_for([[*SPADES[:6], *HEARTS[:7]], [*SPADES[6:], *HEARTS[7:]], DIAMONDS, CLUBS])
    state = RULES.new_match(1, {"first_leader": 0}, deck=deck)
    for card in ("AS", "2S", "JD", "TC"):
        state = RULES.apply(state, card)
    obs = RULES.observation(state, 0)
    assert obs.voids == ("", "", "S", "S")
    for k in range(100):
        det = RULES.determinize(obs, random.Random(k))
        assert not det.hands[2] & card_mask(SPADES) and not det.hands[3] & card_mask(SPADES)
        assert det.hands[0] == state.hands[0]


def test_determinize_keeps_the_two_of_clubs_with_its_leader():  # first_lead two-of-clubs is public
    deck = list(CARDS)  # 2C is card 51: seat 3 holds it and leads
    state = RULES.new_match(1, {"first_lead": "two-of-clubs"}, deck=deck)
    assert RULES.current_player(state) == 3
    obs = RULES.observation(state, 0)
    for k in range(50):
        det = RULES.determinize(obs, random.Random(k))
        assert "2C" in RULES.hand(det, 3)
    state = RULES.apply(state, "AC")
    obs = RULES.observation(state, 1)
    for k in range(50):
        assert "2C" in RULES.hand(RULES.determinize(obs, random.Random(k)), 3)


def test_determinize_at_the_replay_choice_rebuilds_the_deal_to_replay():
    start = RULES.new_match(7, {"replay": True})
    choice = play_deal(start)
    obs = RULES.observation(choice, 0)
    det = RULES.determinize(obs, random.Random(2))
    assert RULES.observation(det, 0) == obs
    replayed = RULES.apply(det, "replay")
    assert replayed.hands == start.hands and RULES.observation(replayed, 0) == RULES.observation(start, 0)


def test_place_one_by_one_never_strands_a_card():
    # Three seats with crossing voids: S/H, H/D, D/S; two cards of each suit.
    cards = [jm.CARD_INDEX[c] for c in ("AS", "2S", "AH", "2H", "AD", "2D")]
    allowed = [15, 0b0011, 0b0110, 0b0101]
    for k in range(100):
        hands = jm._place_one_by_one(cards, [0, 2, 2, 2], allowed, [0, 0, 0, 0], random.Random(k))
        for seat in (1, 2, 3):
            assert hands[seat].bit_count() == 2
            assert all(allowed[seat] >> (c // 13) & 1 for c in range(52) if hands[seat] >> c & 1)
    with pytest.raises(ValueError):
        jm._place_one_by_one(cards, [0, 2, 2, 2], [15, 1, 1, 1], [0, 0, 0, 0], random.Random(0))
