"""Mus rules, case by case from ../shared/rules/mus.md (R2.x rules, A-x decisions) and
../shared/API.md. Each test names the rule or worked example it checks."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from itertools import combinations

import pytest

from game.rules import IllegalAction, get_rules
from game.rules.mus import (
    CARDS,
    RULES,
    LanceCount,
    LanceResult,
    MusObservation,
    MusState,
    card_role,
    juego_bonus,
    juego_total,
    lance_winner,
    pares_bonus,
    parse_card,
)

# ------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------


def deck_for(hands: Sequence[Sequence[str]], mano: int, stock: Sequence[str] = ()) -> list[str]:
    """A deck that deals ``hands`` (by seat) per API.md: card i goes to seat (mano + i) % 4."""
    deck = [""] * 16
    for seat, hand in enumerate(hands):
        d = (seat - mano) % 4
        for k, card in enumerate(hand):
            deck[4 * k + d] = card
    rest = [c for c in stock] + [c for c in CARDS if c not in deck and c not in stock]
    return deck + rest


def deal(hands: Sequence[Sequence[str]], mano: int = 0, stock: Sequence[str] = (), **options: object) -> MusState:
    return RULES.new_match(7, {"first_mano": mano, **options}, deck_for(hands, mano, stock))


def play(state: MusState, *actions: str) -> MusState:
    for action in actions:
        state = RULES.apply(state, action)
    return state


def pass_all(state: MusState) -> MusState:
    """Say paso to every betting decision until the deal is over."""
    number = state.deal_number
    while state.phase == "bet" and state.deal_number == number:
        state = RULES.apply(state, "paso")
    return state


def obs(state: MusState, seat: int = 0) -> MusObservation:
    return RULES.observation(state, seat)


def lance_of(state: MusState, name: str) -> LanceCount:
    assert state.last_deal is not None
    return next(lc for lc in state.last_deal.lances if lc.lance == name)


# Scenario A (mano 0): grande s0 (R R), chica s1 (A A), pares contested s0 kings vs s1 aces,
# juego only s2 (33): team 0 takes Juego without a bet.
A = (["Ro", "Rc", "4o", "5o"], ["Ao", "Ac", "6o", "7o"], ["Co", "Sc", "6c", "7c"], ["Ae", "4e", "5e", "7e"])
# Scenario B (mano 0): grande s1, chica s0, pares s0 aces vs s1 kings, juego only team 1 (33 + 31).
B = (["Ao", "Ac", "4o", "5o"], ["Ro", "Rc", "6o", "7o"], ["Sc", "4c", "6c", "7e"], ["Cc", "Sb", "7b", "4e"])
# Scenario C (mano 0): nobody has juego (Punto: s0 28 best), only s2 has pares.
C = (["Ro", "Co", "7o", "2c"], ["So", "6o", "5o", "4o"], ["Ao", "Ac", "4c", "5c"], ["Rc", "7c", "6c", "4e"])
# Scenario D (mano 0): nobody has pares, only s0 has juego (31).
D = (["Ro", "Co", "So", "Ao"], ["Rc", "7o", "6o", "5o"], ["Ce", "Se", "4o", "6c"], ["Sc", "7c", "5c", "4c"])


# ------------------------------------------------------------------------------------------
# The game object (API.md)
# ------------------------------------------------------------------------------------------


def test_rules_object_members_api():
    assert get_rules("mus") is RULES
    assert (RULES.name, RULES.title, RULES.num_players) == ("mus", "Mus", 4)
    assert RULES.default_options() == {
        "target": 40,
        "games": 1,
        "kings": 8,
        "ordago": True,
        "senas": False,  # issue 17: off in the engine (the table's default is on, game/registry.py)
        "sena_catch": 20,
        "first_mano": None,
        "open_hands": False,
        "replay": False,
    }


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("target", 35),
        ("target", "40"),
        ("games", 2),
        ("kings", 6),
        ("ordago", 1),
        ("first_mano", 4),
        ("first_mano", True),
        ("open_hands", "yes"),
        ("replay", 0),
        ("colour", 1),
    ],
)
def test_new_match_rejects_bad_options_naming_the_key(key, value):
    with pytest.raises(ValueError, match=key):
        RULES.new_match(1, {key: value})


def test_new_match_options_a20_target_30_games_3_kings_4_no_ordago():
    s = RULES.new_match(3, {"target": 30, "games": 3, "kings": 4, "ordago": False, "first_mano": 2})
    assert dict(obs(s).options)["target"] == 30 and s.target == 30 and s.games == 3
    assert not s.kings8 and not s.ordago_on and s.mano == 2


@pytest.mark.parametrize("deck", [list(CARDS[:39]), [*CARDS[:39], "Ao"], ["Xx", *CARDS[1:]], [*CARDS, "Ao"]])
def test_new_match_rejects_bad_decks(deck):
    with pytest.raises(ValueError, match="deck"):
        RULES.new_match(1, {}, deck)


def test_deck_dealing_order_api_one_at_a_time_from_mano_r2_3_1():
    deck = list(CARDS)
    random.Random(4).shuffle(deck)
    for mano in range(4):
        s = RULES.new_match(9, {"first_mano": mano}, deck)
        for seat in range(4):
            d = (seat - mano) % 4
            assert set(RULES.hand(s, seat)) == {deck[4 * k + d] for k in range(4)}
        assert obs(s).stock_size == 24  # R2.3.1: the rest form the stock
        assert s.stock == tuple(CARDS.index(c) for c in deck[16:])


def test_hand_is_in_canonical_order():
    s = deal(A)
    assert RULES.hand(s, 0) == ("4o", "5o", "Ro", "Rc")
    assert obs(s, 1).hand == ("Ao", "Ac", "6o", "7o")


def test_first_mano_drawn_from_seed_r2_2_4():
    manos = {RULES.new_match(seed).mano for seed in range(40)}
    assert manos == {0, 1, 2, 3}
    assert RULES.new_match(11).mano == RULES.new_match(11).mano
    assert RULES.new_match(11) == RULES.new_match(11)
    assert RULES.new_match(5, {"first_mano": 3}).mano == 3


def test_later_deals_shuffle_from_seed_and_mano_rotates_r2_2_3():
    a = pass_all(play(deal(A), "cut"))
    b = pass_all(play(RULES.new_match(7, {"first_mano": 0}, deck_for(A, 0)), "cut"))
    assert a == b  # same seed, same deck: the same second deal
    assert a.deal_number == 2 and a.mano == 1  # P1 was mano, now P2 (R2.2.3)
    assert obs(a).events[0] == "Deal 2: 1 is mano"
    c = pass_all(play(RULES.new_match(8, {"first_mano": 0}, deck_for(A, 0)), "cut"))
    assert a.hands != c.hands  # another seed shuffles differently


# ------------------------------------------------------------------------------------------
# Cards and the pure helpers (R2.1, R2.6, R2.11)
# ------------------------------------------------------------------------------------------


def test_parse_card_accepts_lower_case_and_numbers():
    assert parse_card("ro") == "Ro"
    assert parse_card("3E") == "3e"
    assert parse_card(" sc ") == "Sc"
    assert (parse_card("12o"), parse_card("11b"), parse_card("10c"), parse_card("1e")) == ("Ro", "Cb", "Sc", "Ae")
    for bad in ("", "R", "8o", "Rx", "13o"):
        with pytest.raises(ValueError):
            parse_card(bad)


def test_deck_has_forty_cards_r2_1_1():
    assert len(CARDS) == 40 and len(set(CARDS)) == 40
    assert {c[1] for c in CARDS} == set("oceb")


def test_threes_are_kings_and_twos_are_aces_r2_1_2():
    assert card_role("3o") == card_role("Rc") == 7
    assert card_role("2o") == card_role("Ac") == 0
    assert pares_bonus(["3o", "Rc", "4e", "5b"]) == 1  # R and 3 pair
    assert pares_bonus(["2o", "Ac", "4e", "5b"]) == 1
    assert juego_total(["3o", "3c", "3e", "2b"]) == 31  # 3 = 10 points, 2 = 1 point (R2.1.4)


def test_rank_order_r2_1_3():
    order = ["2o", "4o", "5o", "6o", "7o", "So", "Co", "Ro"]
    assert [card_role(c) for c in order] == list(range(8))


def test_point_values_r2_1_4():
    assert juego_total(["Ro", "Cc", "Se", "7b"]) == 37
    assert juego_total(["Ao", "4c", "5e", "6b"]) == 16
    assert juego_total(["3o", "Cc", "Se", "2b"]) == 31


def test_four_kings_option_natural_ranks_r2_1_5():
    four = {"kings": 4}
    assert card_role("3o", four) == 2 and card_role("2o", four) == 1 and card_role("Ro", four) == 9
    assert pares_bonus(["3o", "Rc", "4e", "5b"], four) == 0
    assert pares_bonus(["2o", "Ac", "4e", "5b"], four) == 0
    assert juego_total(["3o", "2c", "Re", "Rb"], four) == 25
    hands = [["3o", "Cc", "4e", "5b"], ["Ro", "6c", "4o", "5e"], ["7o", "7c", "4c", "5c"], ["6o", "6e", "4b", "Ab"]]
    assert lance_winner("grande", hands, 0) == 0  # 3 is a king
    assert lance_winner("grande", hands, 0, four) == 1  # 3 is a 3


def test_grande_compares_sorted_hands_r2_6_1_example():
    # R C 7 5 beats R C 7 4, wherever it sits.
    hands = [["Ro", "Co", "7o", "4o"], ["Rc", "Cc", "7c", "5c"], ["Ac", "Ae", "4c", "5e"], ["6o", "6c", "6e", "4e"]]
    assert lance_winner("grande", hands, 0) == 1


def test_chica_lower_wins_r2_6_2_example():
    # A A 4 R beats A A 7 R.
    hands = [["Ao", "Ac", "7o", "Ro"], ["Ae", "Ab", "4o", "Rc"], ["Co", "Cc", "7c", "Sc"], ["6o", "6c", "6e", "Se"]]
    assert lance_winner("chica", hands, 0) == 1


def test_twos_are_aces_in_chica_too_a22():
    hands = [["Co", "Cc", "7o", "5o"], ["Ao", "2c", "4e", "5b"], ["Ac", "2o", "4c", "5e"], ["Ro", "Rc", "Re", "Rb"]]
    assert lance_winner("chica", hands, 1) == 1
    assert lance_winner("chica", hands, 2) == 2  # an exact tie goes to the seat nearer mano


def test_pares_categories_r2_6_3():
    assert pares_bonus(["Ro", "Rc", "4e", "5b"]) == 1  # pareja
    assert pares_bonus(["Ro", "Rc", "Re", "5b"]) == 2  # medias
    assert pares_bonus(["Ro", "Rc", "4e", "4b"]) == 3  # duples
    assert pares_bonus(["Co", "Cc", "Ce", "Cb"]) == 3  # four of a kind is duples
    assert pares_bonus(["Ro", "Cc", "4e", "5b"]) == 0
    hands = [["Ro", "Rc", "4e", "5b"], ["Ao", "Ac", "Ae", "5o"], ["So", "Sc", "4o", "4c"], ["7o", "6c", "5e", "Ab"]]
    assert lance_winner("pares", hands, 0) == 2  # duples > medias > pareja


def test_two_pairs_are_duples_not_medias_a12():
    assert pares_bonus(["Ao", "Ac", "4e", "4b"]) == 3


def test_pareja_kickers_never_count_r2_6_4():
    hands = [["7o", "6c", "5e", "4b"], ["So", "Sc", "4o", "Ab"], ["Se", "Sb", "Ro", "Co"], ["6o", "6e", "5c", "4c"]]
    assert lance_winner("pares", hands, 0) == 1  # equal pairs: nearer mano wins despite the kickers
    assert lance_winner("pares", hands, 2) == 2


def test_medias_and_duples_order_r2_6_4_examples():
    medias = [["7o", "7c", "7e", "Ab"], ["So", "Sc", "Se", "4b"], ["4o", "5c", "6e", "Ro"], ["4c", "5e", "6o", "Co"]]
    assert lance_winner("pares", medias, 0) == 1
    # R R 3 3 (kings + kings) beats R R A A; four caballos lose to R R A A.
    duples = [["Ro", "Rc", "Ao", "Ac"], ["Re", "Rb", "3o", "3c"], ["Co", "Cc", "Ce", "Cb"], ["4o", "5o", "6o", "7o"]]
    assert lance_winner("pares", duples, 0) == 1
    assert lance_winner("pares", [duples[0], duples[2], ["4c", "5c", "6c", "7c"], duples[3]], 1) == 0


def distinct(*rank_lists: str) -> list[list[str]]:
    """Hands from rank strings ("RCSA"), giving each card the next unused suit of its rank."""
    used: dict[str, int] = {}
    hands = []
    for ranks in rank_lists:
        hand = []
        for r in ranks:
            hand.append(r + "oceb"[used.get(r, 0)])
            used[r] = used.get(r, 0) + 1
        hands.append(hand)
    return hands


def test_juego_order_r2_6_5():
    by_total = {31: "RCSA", 32: "RC75", 40: "RCSR", 37: "CS37", 36: "3336", 35: "SRC5", 34: "RR77", 33: "CS67"}
    order = [31, 32, 40, 37, 36, 35, 34, 33]
    for better, worse in combinations(order, 2):
        for mano in range(4):
            hands = distinct("4455", by_total[worse], "AA66", by_total[better])
            assert lance_winner("juego", hands, mano) == 3, (better, worse)
            assert juego_total(hands[1]) == worse and juego_total(hands[3]) == better


def test_juego_totals_that_can_occur_r2_6_5():
    totals = {juego_total(hand) for hand in combinations(CARDS, 4)}  # all 91,390 hands
    assert {t for t in totals if t >= 31} == {31, 32, 33, 34, 35, 36, 37, 40}


def test_juego_none_without_juego_and_pares_none_without_pares():
    hands = [["Ro", "Co", "7o", "Ao"], ["So", "6o", "5o", "4o"], ["Ac", "7c", "4c", "5c"], ["Rc", "6c", "5e", "4e"]]
    assert lance_winner("juego", hands, 0) is None
    assert lance_winner("pares", hands, 0) is None


def test_punto_highest_total_wins_r2_6_6_a1():
    hands = [["Ro", "Co", "7o", "Ao"], ["So", "Sc", "5o", "4o"], ["Ac", "7c", "4c", "5c"], ["Rc", "Cc", "6c", "2e"]]
    # 28, 29, 17, 27: 29 wins.
    assert lance_winner("punto", hands, 0) == 1
    # API.md: for punto the best total, whether or not someone has juego.
    hands[3] = ["Rc", "Cc", "Sc", "2e"]  # 31
    assert lance_winner("punto", hands, 0) == 3


def test_every_tie_goes_to_the_seat_nearest_mano_r2_2_5_a6():
    same = [["Ro", "Co", "7o", "Ao"], ["Rc", "Cc", "7c", "Ac"], ["Re", "Ce", "7e", "Ae"], ["Rb", "Cb", "7b", "Ab"]]
    for lance in ("grande", "chica", "punto"):
        for mano in range(4):
            assert lance_winner(lance, same, mano) == mano
    pairs = [["Ro", "Rc", "7o", "Ao"], ["Re", "Rb", "7c", "Ac"], ["3o", "3c", "7e", "Ae"], ["3e", "3b", "7b", "Ab"]]
    for mano in range(4):
        assert lance_winner("pares", pairs, mano) == mano
    juegos = [["Ro", "Co", "So", "Ao"], ["Rc", "Cc", "Sc", "Ac"], ["Re", "Ce", "Se", "Ae"], ["Rb", "Cb", "Sb", "Ab"]]
    for mano in range(4):
        assert lance_winner("juego", juegos, mano) == mano


def test_bonuses_r2_11_1_and_r2_11_2_a2():
    hands = (["Ro", "Rc", "4o", "5o"], ["Ro", "Rc", "Re", "5o"], ["Ro", "Rc", "5c", "5o"])
    assert [pares_bonus(h) for h in hands] == [1, 2, 3]
    assert juego_bonus(["Ro", "Co", "So", "Ao"]) == 3  # 31
    assert juego_bonus(["Ro", "Co", "So", "Rc"]) == 2  # 40
    assert juego_bonus(["Ro", "Co", "6o", "7o"]) == 2  # 33
    assert juego_bonus(["Ro", "Co", "6o", "4o"]) == 0  # 30


def test_helpers_reject_bad_input():
    with pytest.raises(ValueError):
        lance_winner("tute", [["Ro", "Co", "So", "Ao"]] * 4, 0)
    with pytest.raises(ValueError):
        lance_winner("grande", [["Ro", "Co", "So", "Ao"]] * 3, 0)
    with pytest.raises(ValueError):
        pares_bonus(["Ro", "Ro", "So", "Ao"])
    with pytest.raises(ValueError):
        juego_total(["Ro", "Co", "So"])
    with pytest.raises(ValueError, match="kings"):
        juego_bonus(["Ro", "Co", "So", "Ao"], {"kings": 5})


def test_house_rules_stay_off_a14_r2_6_7():
    # La Real off: 7-7-7-S is an ordinary 31, so position decides between two 31s.
    hands = [["Ro", "Co", "So", "Ao"], ["7o", "7c", "7e", "Sb"], ["4o", "5o", "6o", "4c"], ["4e", "5e", "6e", "5c"]]
    assert lance_winner("juego", hands, 0) == 0 and lance_winner("juego", hands, 1) == 1
    # Pedrete off: 4-5-6-7 is just a hand; the deal goes on as usual.
    s = deal((["4o", "5c", "6e", "7b"], *A[1:]))
    assert s.phase == "mus" and RULES.hand(s, 0) == ("4o", "5c", "6e", "7b")


# ------------------------------------------------------------------------------------------
# The mus phase (R2.4)
# ------------------------------------------------------------------------------------------


def test_mus_phase_starts_with_mano_r2_4_1():
    for mano in range(4):
        s = RULES.new_match(2, {"first_mano": mano})
        assert RULES.current_player(s) == mano
        assert RULES.legal_actions(s) == ("mus", "cut")
        assert obs(s, mano).phase == "mus"


def test_first_cut_ends_mus_phase_and_mano_speaks_first_r2_4_2_a19():
    s = play(deal(A, mano=2), "mus", "cut")  # seat 3 cuts
    o = obs(s)
    assert o.phase == "bet" and o.lance == "grande"
    assert RULES.current_player(s) == 2  # mano, not the cutter
    assert o.to_speak == (2, 3, 0, 1)
    assert o.speech[2] == "Mus" and o.speech[3] == "Corto"
    assert o.events[-3:] == ("2 says mus", "3 cuts", "Grande")
    assert o.discard_counts == ()


def test_four_mus_start_discards_from_mano_1_to_4_cards_r2_4_3_a16():
    s = play(deal(A, mano=1), "mus", "mus", "mus", "mus")
    o = obs(s, 1)
    assert o.phase == "discard" and RULES.current_player(s) == 1
    legal = RULES.legal_actions(s)
    assert len(legal) == 15  # every non-empty subset of 4 cards
    assert legal[0] == "discard Ao" and legal[-1] == "discard Ao Ac 6o 7o"
    assert "discard" not in legal
    with pytest.raises(IllegalAction):
        RULES.apply(s, "discard")
    with pytest.raises(IllegalAction):
        RULES.apply(s, "cut")


def test_replacements_served_from_stock_top_in_blocks_from_mano_r2_4_4():
    stock = ["Rb", "Cb", "Sb", "7b", "6b", "5b", "4b", "Ab", "3b", "2b"]
    s = deal(A, mano=1, stock=stock)
    s = play(s, "mus", "mus", "mus", "mus")
    s = play(s, "discard Ao Ac")  # seat 1 (mano) owes 2
    s = play(s, "discard Co")  # seat 2 owes 1
    s = play(s, "discard Ae 4e 5e")  # seat 3 owes 3
    assert RULES.hand(s, 1) == ("6o", "7o")  # nothing served before everyone discarded
    s = play(s, "discard Ro")  # seat 0 (postre) owes 1
    assert set(RULES.hand(s, 1)) == {"6o", "7o", "Rb", "Cb"}
    assert set(RULES.hand(s, 2)) == {"Sc", "6c", "7c", "Sb"}
    assert set(RULES.hand(s, 3)) == {"7e", "7b", "6b", "5b"}
    assert set(RULES.hand(s, 0)) == {"Rc", "4o", "5o", "4b"}
    o = obs(s, 0)
    assert o.stock_size == 17 and o.phase == "mus" and RULES.current_player(s) == 1  # a new round (R2.4.6)
    assert o.discard_counts == ((1, 2, 1, 3),)  # R2.4.7: counts are public
    assert o.my_discards == ("Ro",) and obs(s, 3).my_discards == ("Ae", "4e", "5e")
    assert o.speech == ("Descarta 1", "Descarta 2", "Descarta 1", "Descarta 3")
    assert "1 discards 2" in o.events


def test_stock_runs_out_reshuffle_earlier_discards_only_r2_4_5_a17():
    s = RULES.new_match(21, {"first_mano": 0}, list(CARDS))
    first: list[set[str]] = []
    for _ in range(4):
        s = play(s, "mus")
    for seat in range(4):
        first.append(set(RULES.hand(s, seat)))
        s = play(s, RULES.legal_actions(s)[-1])  # discard all four
    assert obs(s).stock_size == 8 and s.reshuffles == ()
    s = play(s, "mus", "mus", "mus", "mus")
    second: list[set[str]] = []
    for seat in range(4):
        second.append(set(RULES.hand(s, seat)))
        s = play(s, RULES.legal_actions(s)[-1])
    o = obs(s)
    assert o.reshuffles == (1,) and "The stock ran out: earlier discards reshuffled into a new stock" in o.events
    round_one = set().union(*first)
    round_two = set().union(*second)
    for seat in range(4):
        hand = set(RULES.hand(s, seat))
        assert len(hand) == 4
        assert not hand & round_two  # nobody is dealt a card just thrown away
    assert set(RULES.hand(s, 2)) | set(RULES.hand(s, 3)) <= round_one  # served from the rebuilt stock
    assert {CARDS[c] for c in s.pile} == round_two  # the current round's discards join the pile afterwards
    assert o.stock_size == 8 and len(s.pile) == 16
    assert o.my_discards == tuple(sorted(second[0], key=CARDS.index))  # the older ones went back into play


def test_mus_rounds_repeat_without_limit_r2_4_6():
    s = deal(A)
    for round_number in range(1, 6):
        s = play(s, "mus", "mus", "mus", "mus")
        for _ in range(4):
            s = play(s, RULES.legal_actions(s)[0])
        assert len(obs(s).discard_counts) == round_number and s.phase == "mus"
    assert obs(s).stock_size == 4


def test_discards_are_face_down_only_counts_public_r2_4_7():
    s = play(deal(A, mano=1), "mus", "mus", "mus", "mus", "discard Ao Ac")
    o0, o1 = obs(s, 0), obs(s, 1)
    assert o0.discard_counts == ((0, 2, 0, 0),) and o0.hand_sizes == (4, 2, 4, 4)
    assert o0.my_discards == () and o1.my_discards == ("Ao", "Ac")
    assert "Ao" not in repr(o0) and "Ac" not in repr(o0)


# ------------------------------------------------------------------------------------------
# Lances, declarations, eligibility (R2.5, R2.7)
# ------------------------------------------------------------------------------------------


def test_lance_order_grande_chica_pares_juego_r2_5_1():
    s = play(deal(A), "cut")
    seen = []
    while s.deal_number == 1:
        o = obs(s)
        if not seen or seen[-1] != o.lance:
            seen.append(o.lance)
        s = RULES.apply(s, "paso")
    assert seen == ["grande", "chica", "pares"]  # juego: only team 0 has it, no bet
    assert [lc.lance for lc in s.last_deal.lances] == ["grande", "chica", "pares", "juego"]


def test_punto_instead_of_juego_when_nobody_has_juego_r2_5_1():
    s = play(deal(C), "cut")
    for _ in range(8):
        s = RULES.apply(s, "paso")
    o = obs(s)
    assert o.lance == "punto" and o.declarations == ((False, False), (False, False), (True, False), (False, False))
    assert "Nobody has juego: Punto" in o.events
    assert o.lance_results == (
        LanceResult("grande", "passed", None, 0),
        LanceResult("chica", "passed", None, 0),
        LanceResult("pares", "no-bet", 0, 0),
    )


def test_declarations_truthful_public_automatic_r2_7_1():
    s = play(deal(A), "cut")
    for _ in range(8):
        s = RULES.apply(s, "paso")
    o = obs(s, 3)
    assert o.lance == "pares"
    assert o.declarations == ((True, None), (True, None), (False, None), (False, None))
    assert o.speech == ("Pares sí", "Pares sí", "No tengo pares", "No tengo pares")
    assert o.events[-5:] == ("Pares", "0 has pares", "1 has pares", "2 has no pares", "3 has no pares")


# Scenario E (mano 0): juego contested: s0 31, s1 33, s2 40; only s2 has pares.
E = (["Ro", "Co", "So", "Ao"], ["Ce", "Se", "6o", "7o"], ["Rc", "Re", "Sc", "Cc"], ["4o", "5c", "6e", "7e"])


def test_juego_declarations_and_speech_r2_7_1():
    s = play(deal(E), "cut", *["paso"] * 8)
    o = obs(s, 1)
    assert o.lance == "juego" and o.declarations == ((False, True), (False, True), (True, True), (False, False))
    assert o.speech == ("Juego sí", "Juego sí", "Juego sí", "No tengo juego")
    assert o.events[-6:] == (
        "Pares: only team 0 has pares, no bet",
        "Juego",
        "0 has juego",
        "1 has juego",
        "2 has juego",
        "3 has no juego",
    )
    assert o.to_speak == (0, 1, 2)  # R2.7.2: only juego holders speak


def test_kings_option_changes_the_declarations_r2_1_5():
    hands = (["3o", "Rc", "4e", "5b"], ["Ao", "Ac", "6o", "7o"], ["Co", "Cc", "6c", "7c"], ["Ae", "4o", "5e", "7e"])
    for kings, has in ((8, True), (4, False)):
        s = play(deal(hands, kings=kings), "cut", *["paso"] * 8)
        assert obs(s).declarations[0][0] is has


def test_partners_sit_opposite_and_share_points_r2_2_1():
    s = play(deal(A), "cut", "paso", "envido 2", "no-quiero", "no-quiero")  # s1 bets, s2 and s0 refuse
    assert s.points == (0, 1) and RULES.match_scores(s) == (0, 1, 0, 1)
    assert obs(s, 3).team_points == (0, 1) and obs(s, 1).scores == (0, 1, 0, 1)


def test_ineligible_seats_are_skipped_in_pares_r2_7_2_r2_7_4_r2_7_5():
    # Only s1 and s2 hold pares: s1 (first eligible from mano 0) opens, s2 answers alone.
    hands = (["Ro", "Co", "7o", "4o"], ["Ao", "Ac", "6o", "5o"], ["Sc", "Se", "6c", "7c"], ["Rc", "7e", "6e", "4e"])
    s = play(deal(hands), "cut")
    for _ in range(8):
        s = RULES.apply(s, "paso")
    o = obs(s)
    assert o.lance == "pares" and RULES.current_player(s) == 1 and o.to_speak == (1, 2)
    s = RULES.apply(s, "envido 2")
    assert obs(s).to_speak == (2,)  # s0 has no pares: never asked, not even for his partner
    s = RULES.apply(s, "no-quiero")
    pares = lance_of(s, "pares")  # juego (s0 31, s2 33) had no bet: the deal is over
    assert (pares.outcome, pares.winner_team, pares.stake) == ("rejected", 1, 1)


def test_nobody_has_pares_lance_skipped_r2_7_3_r2_11_5():
    s = play(deal(D), "cut")
    for _ in range(8):
        s = RULES.apply(s, "paso")
    assert s.deal_number == 2
    pares = lance_of(s, "pares")
    assert pares.outcome == "nobody" and pares.winner_team is None and pares.points == 0 and sum(pares.bonuses) == 0


def test_only_one_team_with_pares_no_betting_bonuses_at_count_r2_7_3_a8():
    s = play(deal(C), "cut")
    for _ in range(8):
        s = RULES.apply(s, "paso")
    assert obs(s).lance == "punto"  # Pares went by without a bet
    s = pass_all(s)
    pares = lance_of(s, "pares")
    assert pares.outcome == "no-bet" and pares.winner_team == 0 and pares.bonuses == (0, 0, 1, 0)


def test_one_team_with_juego_means_no_punto_r2_7_6():
    s = pass_all(play(deal(D), "cut"))
    assert [lc.lance for lc in s.last_deal.lances] == ["grande", "chica", "pares", "juego"]
    juego = lance_of(s, "juego")
    assert juego.outcome == "no-bet" and juego.winner_seat == 0 and juego.bonuses == (3, 0, 0, 0)


# ------------------------------------------------------------------------------------------
# Betting (R2.8, R2.9, R2.10)
# ------------------------------------------------------------------------------------------


def test_opening_actions_r2_8_1_and_raise_sizes_r2_8_4_a3():
    s = play(deal(A), "cut")
    assert RULES.legal_actions(s) == ("paso", *(f"envido {n}" for n in range(2, 11)), "ordago")
    s = RULES.apply(s, "envido 2")
    assert RULES.legal_actions(s) == ("quiero", "no-quiero", *(f"raise {n}" for n in range(2, 11)), "ordago")
    o = obs(s, 1)
    assert (o.stakes, o.stake_seen, o.bettor_team, o.ordago, o.speech[0]) == (2, 0, 0, False, "Envido 2")
    s = RULES.apply(s, "raise 5")
    o = obs(s, 1)
    assert (o.stakes, o.stake_seen, o.bettor_team, o.speech[1]) == (7, 2, 1, "5 más")


def test_all_pass_en_paso_and_count_r2_8_2_r2_11():
    s = pass_all(play(deal(A), "cut"))
    ld = s.last_deal
    assert ld.ended_by == "count" and ld.hands == tuple(tuple(sorted(h, key=CARDS.index)) for h in A)
    assert [(lc.lance, lc.outcome, lc.winner_seat, lc.points, lc.bonuses) for lc in ld.lances] == [
        ("grande", "passed", 0, 1, (0, 0, 0, 0)),
        ("chica", "passed", 1, 1, (0, 0, 0, 0)),
        ("pares", "passed", 0, 0, (1, 0, 0, 0)),
        ("juego", "no-bet", 2, 0, (0, 0, 2, 0)),
    ]
    assert ld.points_before == (0, 0) and ld.points_after == (4, 1) and s.points == (4, 1)
    assert RULES.match_scores(s) == (4, 1, 4, 1)
    assert not ld.stopped_at_target and ld.game_winner is None


def test_responders_are_the_other_team_after_the_bettor_r2_8_3():
    s = play(deal(A), "cut", "envido 2")
    assert obs(s).to_speak == (1, 3)  # the bettor's partner does not speak to his own bet
    s = play(deal(A), "cut", "paso", "envido 2")
    assert obs(s).to_speak == (2, 0)


def test_partner_may_still_accept_after_no_quiero_r2_8_3_a7():
    s = play(deal(A), "cut", "envido 2", "no-quiero")
    assert RULES.current_player(s) == 3 and obs(s).speech[1] == "No quiero" and s.points == (0, 0)
    s = RULES.apply(s, "quiero")
    assert obs(s).lance_results == (LanceResult("grande", "accepted", None, 2),)
    s = play(deal(A), "cut", "envido 2", "no-quiero", "raise 2")
    o = obs(s)
    assert o.to_speak == (0, 2) and o.stakes == 4 and o.stake_seen == 2 and o.bettor_team == 1


@pytest.mark.parametrize(
    ("actions", "team", "deje"),
    [
        (("envido 2", "no-quiero", "no-quiero"), 0, 1),  # 2 -> rejected: 1
        (("envido 2", "raise 2", "no-quiero", "no-quiero"), 1, 2),  # 2 -> 4 -> rejected: 2
        (("envido 2", "raise 2", "raise 2", "no-quiero", "no-quiero"), 0, 4),  # 2 -> 4 -> 6: 4
        (("envido 2", "ordago", "no-quiero", "no-quiero"), 1, 2),  # 2 -> órdago -> rejected: 2
        (("ordago", "no-quiero", "no-quiero"), 0, 1),  # an opening órdago rejected: 1
        (("envido 2", "raise 3", "raise 2", "no-quiero", "no-quiero"), 0, 5),  # OPENMUS 2 -> 5 -> 7: 5
    ],
)
def test_deje_worked_examples_r2_8_6_a5(actions, team, deje):
    s = play(deal(A), "cut", *actions)
    assert s.points[team] == deje and s.points[1 - team] == 0  # paid at once (R2.10.1)
    assert obs(s).lance_results == (LanceResult("grande", "rejected", team, deje),)
    assert obs(s).lance == "chica"
    s = pass_all(s)
    grande = lance_of(s, "grande")
    assert (grande.outcome, grande.winner_team, grande.stake, grande.points) == ("rejected", team, deje, 0)


def test_rejected_pares_bet_bettor_keeps_own_bonuses_r2_8_7_a9_r2_11_3():
    s = play(deal(B), "cut")
    for _ in range(8):
        s = RULES.apply(s, "paso")
    assert obs(s).lance == "pares" and obs(s).to_speak == (0, 1)
    s = play(s, "envido 2")
    assert obs(s).to_speak == (1,)
    s = play(s, "no-quiero")
    assert s.deal_number == 2  # juego had no bet: straight to the count
    pares = lance_of(s, "pares")
    assert pares.outcome == "rejected" and pares.winner_team == 0 and pares.bonuses == (1, 0, 0, 0)
    # grande +1 team 1, chica +1 team 0, pares deje 1 + s0's pair 1, juego team 1: 2 + 3.
    assert s.last_deal.points_after == (3, 6)


def test_accepted_bet_decided_by_cards_at_showdown_r2_8_8():
    s = play(deal(A), "cut", "paso", "envido 2", "quiero")
    s = pass_all(s)
    grande = lance_of(s, "grande")
    assert grande.outcome == "accepted" and grande.winner_seat == 0 and grande.points == 2  # no extra +1
    assert s.points == (5, 1)


def test_accepted_pares_and_juego_pay_stake_plus_bonuses_r2_11():
    # R2.11.2 example: 31 plus 40 -> 5, plus the accepted stake.
    s = play(deal(E), "cut")
    for _ in range(8):
        s = RULES.apply(s, "paso")
    assert obs(s).lance == "juego" and obs(s).to_speak == (0, 1, 2)
    s = play(s, "envido 3", "quiero")
    juego = lance_of(s, "juego")
    assert juego.winner_seat == 0 and juego.points == 3 and juego.bonuses == (3, 0, 2, 0)


def test_pares_pair_plus_duples_is_four_r2_11_1_example():
    hands = (["Ro", "Rc", "Ao", "Ac"], ["So", "Sc", "6o", "7o"], ["Co", "Cc", "4o", "5o"], ["4c", "5c", "6c", "7c"])
    s = pass_all(play(deal(hands), "cut"))
    pares = lance_of(s, "pares")
    assert pares.winner_seat == 0 and pares.bonuses == (3, 0, 1, 0) and pares.points == 0


def test_punto_counts_r2_11_4_a11():
    s = pass_all(play(deal(C), "cut"))
    punto = lance_of(s, "punto")
    assert (punto.outcome, punto.winner_seat, punto.points) == ("passed", 0, 1)
    assert s.points == (4, 0)  # grande, chica, pares (s2's pair), punto
    s = play(deal(C), "cut", *["paso"] * 8, "envido 2", "quiero")
    punto = lance_of(s, "punto")
    assert (punto.outcome, punto.points) == ("accepted", 3)  # stake + 1
    s = play(deal(C), "cut", *["paso"] * 8, "envido 2", "no-quiero", "no-quiero")
    punto = lance_of(s, "punto")
    assert (punto.outcome, punto.stake, punto.points) == ("rejected", 1, 1)  # deje 1 + Punto 1 = 2
    assert s.points == (5, 0)


def test_ordago_answers_and_partner_override_r2_9_1():
    s = play(deal(A), "cut", "ordago")
    assert RULES.legal_actions(s) == ("quiero", "no-quiero")
    o = obs(s)
    assert o.ordago and o.speech[0] == "Órdago!" and o.to_speak == (1, 3)
    with pytest.raises(IllegalAction, match="órdago"):
        RULES.apply(s, "raise 2")
    s = play(s, "no-quiero", "quiero")  # s3 overrides his partner
    assert s.points == (40, 0) and RULES.is_over(s)


def test_accepted_ordago_wins_the_whole_game_r2_9_2():
    s = play(deal(A), "cut", "envido 2", "quiero")  # an accepted stake, then ignored
    s = play(s, "paso", "ordago", "quiero")  # chica: s1 (A A) is best
    assert RULES.is_over(s) and s.winner == 1 and s.points == (0, 40)
    ld = s.last_deal
    assert ld.ended_by == "ordago" and ld.hands is not None and ld.game_winner == 1
    assert ld.lances[-1].lance == "chica" and ld.lances[-1].outcome == "ordago" and ld.lances[-1].winner_seat == 1
    o = obs(s, 2)
    assert o.winner == 1 and o.current_player is None and o.legal_actions == () and o.phase == "over"
    assert "Team 1 wins the match" in o.events


def test_accepted_ordago_in_pares_best_pares_hand_wins():
    s = play(deal(A), "cut", *["paso"] * 8, "paso", "ordago", "quiero")
    assert s.winner == 0 and s.points == (40, 0)  # s0's kings beat s1's aces


def test_rejected_ordago_paid_like_a_rejected_bet_r2_9_3():
    s = play(deal(A), "cut", "envido 4", "ordago", "no-quiero", "no-quiero")
    assert s.points == (0, 4) and obs(s).lance == "chica"


def test_ordago_option_off_r2_9_4_a4():
    s = play(deal(A, ordago=False), "cut")
    assert "ordago" not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction, match="off"):
        RULES.apply(s, "ordago")
    s = RULES.apply(s, "envido 2")
    assert "ordago" not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction, match="off"):
        RULES.apply(s, "ordago")


def test_stake_cap_r2_8_5():
    s = play(deal(A), "cut")
    s = dataclasses.replace(s, points=(36, 35), start_points=(36, 35))
    assert RULES.legal_actions(s) == ("paso", "envido 2", "envido 3", "envido 4", "envido 5", "ordago")
    with pytest.raises(IllegalAction):
        RULES.apply(s, "envido 6")
    s = RULES.apply(s, "envido 4")
    assert RULES.legal_actions(s) == ("quiero", "no-quiero", "ordago")  # no raise fits under 5
    with pytest.raises(IllegalAction, match="cap"):
        RULES.apply(s, "raise 2")
    s = dataclasses.replace(play(deal(A), "cut"), points=(39, 39), start_points=(39, 39))
    assert RULES.legal_actions(s) == ("paso", "envido 2", "ordago")  # the bet is 2 at least


def test_deje_reaching_target_ends_game_at_once_r2_10_2_a18():
    s = play(deal(A, games=3), "cut")
    s = dataclasses.replace(s, points=(39, 20), start_points=(39, 20))
    s = play(s, "envido 2", "no-quiero", "no-quiero")
    ld = s.last_deal
    assert ld.ended_by == "deje" and ld.hands is None and ld.game_winner == 0
    assert ld.points_after == (40, 20) and ld.games_won_after == (1, 0)
    assert [lc.lance for lc in ld.lances] == ["grande"]  # no later lance, no count
    assert s.points == (0, 0) and s.games_won == (1, 0) and s.deal_number == 2 and s.mano == 1  # R2.12.3


def test_target_30_option_a20():
    s = play(deal(A, target=30), "cut")
    s = dataclasses.replace(s, points=(29, 0), start_points=(29, 0))
    assert RULES.legal_actions(s)[-2] == "envido 10"
    s = play(s, "envido 2", "no-quiero", "no-quiero")
    assert RULES.is_over(s) and s.points == (30, 0) and s.winner == 0


def test_count_stops_at_target_r2_12_2():
    s = play(deal(B), "cut")
    s = dataclasses.replace(s, points=(39, 38), start_points=(39, 38))
    s = pass_all(s)
    ld = s.last_deal
    assert ld.stopped_at_target and ld.points_after == (40, 39) and ld.game_winner == 0
    assert [lc.counted for lc in ld.lances] == [True, True, False, False]
    assert lance_of(s, "juego").bonuses == (0, 0, 0, 0)  # team 1's juego is never counted
    assert s.winner == 0


def test_count_stopped_inside_a_lance_says_what_it_left_out_r2_12_2():
    """Team 1 reaches 40 on seat 1's juego bonus; seat 3's bonus of 3 is never added, and the
    lance says so (the summary had nothing to say why a bonus the hands show was missing)."""
    s = play(deal(B), "cut")
    s = dataclasses.replace(s, points=(20, 37), start_points=(20, 37))
    s = pass_all(s)
    juego = lance_of(s, "juego")
    assert s.last_deal.points_after == (21, 40)
    assert juego.counted and juego.bonuses == (0, 2, 0, 0) and juego.uncounted == 3
    assert all(lc.uncounted == 0 for lc in s.last_deal.lances if lc.lance != "juego")


def test_score_capped_at_target_r2_12_1():
    s = play(deal(D), "cut")
    s = dataclasses.replace(s, points=(38, 0), start_points=(38, 0))
    s = pass_all(s)
    assert s.points == (40, 0) and s.winner == 0  # grande 1 + ... capped at 40


def test_accepted_stake_above_needed_is_not_ordago_a23():
    s = play(deal(B), "cut")
    s = dataclasses.replace(s, points=(30, 30), start_points=(30, 30))
    s = play(s, "envido 10", "quiero")  # grande: s1 wins at the count
    assert not RULES.is_over(s) and obs(s).lance == "chica"
    s = pass_all(s)
    assert s.winner == 1 and s.last_deal.points_after == (30, 40)
    assert [lc.counted for lc in s.last_deal.lances] == [True, False, False, False]


def test_best_of_three_games_r2_12_3():
    s = RULES.new_match(5, {"games": 3, "first_mano": 0})
    manos = []
    while not RULES.is_over(s):
        manos.append(s.mano)
        s = play(s, "cut", "ordago", "quiero")
    assert max(s.games_won) == 2 and s.winner == s.games_won.index(2)
    assert manos == [m % 4 for m in range(len(manos))]  # mano keeps rotating across games
    assert 2 <= len(manos) <= 3 and s.points[s.winner] == 40


# ------------------------------------------------------------------------------------------
# Replay (API.md)
# ------------------------------------------------------------------------------------------


def test_replay_option_off_no_choice():
    s = pass_all(play(deal(A), "cut"))
    assert s.phase == "mus" and s.deal_number == 2


def test_replay_restores_deck_mano_scores_without_drawing():
    s = pass_all(play(deal(A, replay=True), "cut"))
    o = obs(s)
    assert o.phase == "replay" and RULES.current_player(s) == 0 and o.legal_actions == ("replay", "continue")
    assert obs(s, 1).legal_actions == () and o.hand == () and o.deal_number == 2 and o.mano == 1
    assert s.points == (4, 1)
    r = RULES.apply(s, "replay")
    assert r.draws == s.draws and r.deal_number == 1 and r.mano == 0 and r.points == (0, 0)
    assert [RULES.hand(r, seat) for seat in range(4)] == [RULES.hand(deal(A), seat) for seat in range(4)]
    assert r.last_deal == s.last_deal
    again = pass_all(play(r, "cut"))
    assert again.points == (4, 1) and again.phase == "replay"
    c = RULES.apply(s, "continue")
    assert c.deal_number == 2 and c.mano == 1 and c.points == (4, 1) and c.draws == s.draws + 1
    plain = pass_all(play(deal(A), "cut"))  # the same next deal as without the replay option
    assert (c.hands, c.stock, c.stream, c.draws) == (plain.hands, plain.stock, plain.stream, plain.draws)
    with pytest.raises(IllegalAction):
        RULES.apply(s, "mus")


def test_replay_of_a_game_ending_deal_restores_games_won():
    s = play(deal(A, replay=True, games=3), "cut", "ordago", "quiero")
    assert s.games_won == (1, 0) and s.phase == "replay"
    r = RULES.apply(s, "replay")
    assert r.games_won == (0, 0) and r.points == (0, 0) and r.deal_number == 1


def test_set_option_replay_only():
    s = deal(A)
    t = RULES.set_option(s, "replay", True)
    assert t.replay_on and dict(obs(t).options)["replay"] and not s.replay_on
    t = pass_all(play(t, "cut"))
    assert t.phase == "replay"
    u = RULES.set_option(t, "replay", False)  # switched off while asked: play on
    assert u.phase == "mus" and u.deal_number == 2
    with pytest.raises(ValueError, match="target"):
        RULES.set_option(s, "target", 30)
    with pytest.raises(ValueError, match="nope"):
        RULES.set_option(s, "nope", 1)
    with pytest.raises(ValueError, match="replay"):
        RULES.set_option(s, "replay", 1)


# ------------------------------------------------------------------------------------------
# Action text, parsing, illegal actions
# ------------------------------------------------------------------------------------------


def test_parse_action_looser_spellings():
    s = deal(A)
    assert RULES.parse_action(s, " MUS ") == "mus"
    assert RULES.parse_action(s, "Corto") == "cut"
    assert RULES.parse_action(s, "no hay mus") == "cut"
    d = play(s, "mus", "mus", "mus", "mus")
    assert RULES.parse_action(d, "discard rc  RO 4O") == "discard 4o Ro Rc"
    assert RULES.parse_action(d, "discard 12c") == "discard Rc"
    b = play(s, "cut")
    assert RULES.parse_action(b, "Envido") == "envido 2"
    assert RULES.parse_action(b, "envido 07") == "envido 7"
    assert RULES.parse_action(b, "pass") == "paso"
    assert RULES.parse_action(b, "Órdago") == "ordago"
    b = RULES.apply(b, "envido 2")
    assert RULES.parse_action(b, "no quiero") == "no-quiero"
    assert RULES.parse_action(b, "3 más") == "raise 3"
    assert RULES.parse_action(b, "envido más") == "raise 2"
    for bad in ("paso", "envido 2", "raise 11", "discard Ro", "hello", ""):
        with pytest.raises(ValueError):
            RULES.parse_action(b, bad)


def test_action_text_round_trip_every_phase():
    s = pass_all(play(deal(A, replay=True), "cut"))
    states = [
        deal(A),
        play(deal(A), "mus", "mus", "mus", "mus"),
        play(deal(A), "cut"),
        play(deal(A), "cut", "envido 2"),
        play(deal(A), "cut", "ordago"),
        s,
    ]
    for state in states:
        for action in RULES.legal_actions(state):
            assert RULES.action_text(action) == action
            assert RULES.parse_action(state, RULES.action_text(action)) == action


def test_illegal_actions_raise_illegal_action_with_a_message():
    assert issubclass(IllegalAction, ValueError)
    s = deal(A)
    cases = [
        (s, "paso"),
        (s, "discard Ro"),
        (s, 3),
        (play(s, "mus", "mus", "mus", "mus"), "discard Rc Ro"),  # not canonical order
        (play(s, "mus", "mus", "mus", "mus"), "discard Ao"),  # not in hand
        (play(s, "mus", "mus", "mus", "mus"), "discard Ro Ro"),
        (play(s, "mus", "mus", "mus", "mus"), "discard Zz"),
        (play(s, "cut"), "quiero"),
        (play(s, "cut"), "raise 2"),
        (play(s, "cut"), "envido 1"),
        (play(s, "cut"), "envido 11"),
        (play(s, "cut"), "envido 02"),
        (play(s, "cut"), "mus"),
        (play(s, "cut", "envido 2"), "paso"),
        (play(s, "cut", "envido 2"), "envido 4"),
        (play(s, "cut", "envido 2"), "raise 1"),
        (play(s, "cut", "envido 2"), "raise 11"),
        (play(s, "cut", "envido 2"), "Quiero"),
        (play(s, "cut", "ordago", "quiero"), "mus"),
    ]
    for state, action in cases:
        with pytest.raises(IllegalAction) as info:
            RULES.apply(state, action)
        assert len(str(info.value)) > 10


def test_apply_never_changes_its_input():
    s = play(deal(A), "cut")
    before = dataclasses.astuple(s)
    RULES.apply(s, "envido 2")
    assert dataclasses.astuple(s) == before


# ------------------------------------------------------------------------------------------
# Observation and determinize
# ------------------------------------------------------------------------------------------


def test_observation_fields_and_hidden_cards():
    s = play(deal(A), "cut", "envido 2", "no-quiero")
    o = obs(s, 2)
    assert o.seat == 2 and o.scores == (0, 0, 0, 0) and o.team_points == (0, 0) and o.games_won == (0, 0)
    assert o.deal_number == 1 and o.mano == 0 and o.phase == "bet" and o.lance == "grande"
    assert o.current_player == 3 and o.legal_actions == () and o.hand == ("6c", "7c", "Sc", "Co")
    assert o.hand_sizes == (4, 4, 4, 4) and o.stakes == 2 and o.bettor_team == 0 and o.to_speak == (3,)
    assert o.speech == ("Envido 2", "No quiero", "", "") and o.last_deal is None and o.winner is None
    assert o.all_hands is None
    for card in A[0] + A[1] + A[3]:
        assert card not in repr(o)
    assert hash(o) == hash(obs(s, 2))
    assert obs(s, 3).legal_actions == RULES.legal_actions(s)


def test_indistinguishable_states_give_equal_observations():
    other = (A[0], ["Ae", "Ab", "6e", "7e"], ["Co", "Sc", "6c", "7c"], ["Ac", "4e", "5e", "7b"])
    s1 = RULES.new_match(1, {"first_mano": 0}, deck_for(A, 0))
    s2 = RULES.new_match(2, {"first_mano": 0}, deck_for(other, 0, stock=["Rb"]))
    for actions in ((), ("cut",), ("cut", "paso", "envido 2")):
        assert obs(play(s1, *actions), 0) == obs(play(s2, *actions), 0)
        assert obs(play(s1, *actions), 1) != obs(play(s2, *actions), 1)


def test_open_hands_shows_every_hand():
    s = deal(A, open_hands=True)
    assert obs(s, 1).all_hands == tuple(RULES.hand(s, seat) for seat in range(4))


def test_lance_results_are_structured():
    s = play(deal(A), "cut", "envido 2", "quiero", "envido 2", "no-quiero", "no-quiero")
    assert obs(s).lance_results == (
        LanceResult("grande", "accepted", None, 2),
        LanceResult("chica", "rejected", 0, 1),
    )
    s = play(deal(C), "cut", *["paso"] * 8)
    assert obs(s).lance_results[-1] == LanceResult("pares", "no-bet", 0, 0)
    s = play(deal(D), "cut", *["paso"] * 4)
    assert s.deal_number == 1 and obs(s).lance == "chica"


def test_determinize_keeps_what_the_seat_knows():
    s = play(deal(A), "mus", "mus", "mus", "mus", "discard 4o 5o", "discard 6o")
    o = obs(s, 0)
    for seed in range(30):
        d = RULES.determinize(o, random.Random(seed))
        assert RULES.observation(d, 0) == o
        assert RULES.hand(d, 0) == o.hand
        assert {CARDS[c] for c in d.rounds[-1][0]} == {"4o", "5o"}  # my discards stay put


def test_determinize_respects_declarations():
    s = play(deal(A), "cut", *["paso"] * 8)
    o = obs(s, 2)
    assert o.declarations[0][0] and o.declarations[1][0]
    hidden = set()
    for seed in range(40):
        d = RULES.determinize(o, random.Random(seed))
        assert RULES.observation(d, 2) == o
        for seat in range(4):
            assert (pares_bonus(RULES.hand(d, seat)) > 0) == o.declarations[seat][0]
        hidden.add(RULES.hand(d, 0))
    assert len(hidden) > 30  # the hidden hands really vary


def test_determinize_draws_future_from_rng():
    o = obs(deal(A), 1)
    d1 = RULES.determinize(o, random.Random(1))
    d2 = RULES.determinize(o, random.Random(2))
    assert d1.stream != d2.stream
    assert RULES.determinize(o, random.Random(1)) == d1


def test_determinize_open_hands_and_between_deals():
    s = deal(A, open_hands=True)
    d = RULES.determinize(obs(s, 3), random.Random(0))
    assert d.hands == s.hands
    s = pass_all(play(deal(A, replay=True), "cut"))
    d = RULES.determinize(obs(s, 0), random.Random(0))
    assert RULES.observation(d, 0) == obs(s, 0)
    assert RULES.apply(d, "replay").points == (0, 0)
