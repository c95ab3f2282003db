"""Luk Fu rules engine: a test (at least) per rule and worked example of
../shared/rules/lukfu.md, per option, per pure helper, plus deck order, notation, replay and
IllegalAction. Section numbers (§) and ambiguity numbers (A#) refer to that file."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules import IllegalAction, get_rules
from game.rules import lukfu as lf
from game.rules.lukfu import (
    ANCIENT,
    CARDS,
    PLAYS,
    RULES,
    DealSummary,
    LukFuObservation,
    LukFuState,
    beats,
    cards_to_mask,
    classify,
    describe_play,
    legal_follows,
    mask_to_cards,
    old_cards,
)

S, E, W = 0, 1, 2  # the rules file's seats: S = you, E = east, W = west


def deck_for(hands: dict[int, list[str]], master: int) -> list[str]:
    """The deck (top card first) that deals ``hands[seat]`` to each seat: card i goes to (master + i) % 3."""
    assert sorted(c for h in hands.values() for c in h) == sorted(CARDS)
    deck = []
    for i in range(12):
        for k in range(3):
            deck.append(hands[(master + k) % 3][i])
    return deck


def start(hands: dict[int, list[str]], master: int, **options: object) -> LukFuState:
    return RULES.new_match(1, {"first_master": master, **options}, deck=deck_for(hands, master))


def play(state: LukFuState, *actions: str) -> LukFuState:
    for a in actions:
        assert a in RULES.legal_actions(state), (a, RULES.legal_actions(state))
        state = RULES.apply(state, a)
    return state


def position(
    hands: dict[int, str],
    *,
    caller: int,
    master: int = 0,
    leader: int,
    fu: tuple[int, int, int] = (0, 0, 0),
    public: str = "",
    tricks: int = 1,
    **options: object,
) -> LukFuState:
    """A play-phase position with ``leader`` to lead (hands as space-separated cards)."""
    base = RULES.new_match(3, {"first_master": master, **options})
    pub = cards_to_mask(public.split())
    # Completed tricks only matter for R1's "first-lead" scope: give it that many dummy tricks.
    return dataclasses.replace(
        base,
        phase=lf.PH_PLAY,
        caller=caller,
        turn=leader,
        leader=leader,
        hands=tuple(cards_to_mask(hands[p].split()) for p in range(3)),  # type: ignore[arg-type]
        public=pub,
        played=(pub, 0, 0),
        fu=fu,
        tricks=tuple(((leader, 1, 1),) for _ in range(tricks)),
    )


# The hands of §2.13 Example A (E is the Master).
EX_A = {
    E: ["C3", "C4", "C5", "C6", "C8", "S1", "S6", "M2", "M6", "M7", "T4", "T6"],
    W: ["C7", "C9", "S4", "S8", "S9", "M5", "M8", "M9", "T2", "T7", "T8", "T9"],
    S: ["C1", "C2", "S2", "S3", "S5", "S7", "M1", "M3", "M4", "T1", "T3", "T5"],
}


# ---------------------------------------------------------------------------------------------
# The game object and options.


def test_rules_object_members() -> None:
    assert get_rules("lukfu") is RULES
    assert RULES.name == "lukfu" and RULES.title == "Luk Fu" and RULES.num_players == 3
    for member in [
        "default_options",
        "new_match",
        "current_player",
        "legal_actions",
        "apply",
        "is_over",
        "match_scores",
        "hand",
        "observation",
        "determinize",
        "action_text",
        "parse_action",
        "set_option",
    ]:
        assert callable(getattr(RULES, member))


def test_default_options_match_api_table() -> None:
    assert RULES.default_options() == {
        "deals": 8,
        "passed_master_scope": "deal",
        "noncaller_singles_only": False,
        "auto_claim_at_six_won": False,
        "first_master": None,
        "open_hands": False,
        "replay": False,
    }


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("deals", 0),
        ("deals", 100),
        ("deals", True),
        ("deals", "8"),
        ("passed_master_scope", "first lead"),
        ("passed_master_scope", "trick"),
        ("noncaller_singles_only", 1),
        ("auto_claim_at_six_won", "yes"),
        ("first_master", 3),
        ("first_master", -1),
        ("first_master", True),
        ("open_hands", None),
        ("replay", 0),
        ("no_such_option", 1),
    ],
)
def test_bad_options_raise_value_error_naming_the_key(key: str, value: object) -> None:
    with pytest.raises(ValueError, match=key):
        RULES.new_match(1, {key: value})


def test_missing_options_take_defaults_and_good_values_are_accepted() -> None:
    st = RULES.new_match(1, {"deals": 1, "passed_master_scope": "first-lead", "first_master": 2})
    opts = dict(RULES.observation(st, 0).options)
    assert opts["deals"] == 1 and opts["passed_master_scope"] == "first-lead" and opts["replay"] is False
    assert st.master == 2


def test_first_lead_scope_also_accepts_the_rules_file_spelling() -> None:
    st = RULES.new_match(1, {"passed_master_scope": "first_lead"})
    assert dict(RULES.observation(st, 0).options)["passed_master_scope"] == "first-lead"


def test_seed_drives_everything_and_first_master_is_drawn() -> None:
    a, b = RULES.new_match(42), RULES.new_match(42)
    assert a == b
    masters = {RULES.new_match(seed).master for seed in range(30)}
    assert masters == {0, 1, 2}
    assert len({RULES.new_match(seed).hands for seed in range(10)}) == 10


# ---------------------------------------------------------------------------------------------
# §2.1, §2.3: the cards and the deal.


def test_36_cards_suit_order_and_canonical_order() -> None:
    assert len(CARDS) == 36 and CARDS[0] == "C1" and CARDS[-1] == "T9"
    assert [c[0] for c in CARDS[::9]] == ["C", "S", "M", "T"]  # Coins < Strings < Myriads < Tens
    assert {"C9", "S9", "M9", "T9", "C1", "T1"} == ANCIENT


def test_deck_card_i_goes_to_master_plus_i() -> None:
    deck = list(CARDS)
    random.Random(5).shuffle(deck)
    st = RULES.new_match(9, {"first_master": 1}, deck=deck)
    for i, card in enumerate(deck):
        assert card in RULES.hand(st, (1 + i) % 3)
    assert all(len(RULES.hand(st, p)) == 12 for p in range(3))
    assert RULES.hand(st, 0) == tuple(sorted(RULES.hand(st, 0), key=CARDS.index))


def test_deck_with_drawn_master_deals_from_that_master() -> None:
    deck = list(CARDS)
    st = RULES.new_match(11, {}, deck=deck)
    assert RULES.hand(st, st.master)[0] == "C1"  # card 0 to the Master


@pytest.mark.parametrize(
    "deck",
    [list(CARDS[:35]), [*CARDS[:35], "C1"], [*CARDS[:35], "X9"], [*CARDS, "C1"]],
)
def test_bad_deck_raises_value_error(deck: list[str]) -> None:
    with pytest.raises(ValueError):
        RULES.new_match(1, None, deck=deck)


def test_deck_accepts_lower_case_cards() -> None:
    st = RULES.new_match(1, {"first_master": 0}, deck=[c.lower() for c in CARDS])
    assert RULES.hand(st, 0)[:2] == ("C1", "C4")


# ---------------------------------------------------------------------------------------------
# §2.4: the call phase.


def test_master_speaks_first_and_first_call_ends_the_phase() -> None:
    st = start(EX_A, E)
    assert RULES.current_player(st) == E and RULES.legal_actions(st) == ("call", "pass")
    st = play(st, "pass")
    assert RULES.current_player(st) == W
    st = play(st, "call")  # W is the Caller; S is never asked (A5)
    obs = RULES.observation(st, S)
    assert obs.caller == W and obs.calls == ((E, "pass"), (W, "call")) and obs.phase == "play"
    assert RULES.current_player(st) == E  # the Master still leads (§2.4.5)


def test_master_calling_leads_as_caller() -> None:
    st = play(start(EX_A, E), "call")
    assert st.caller == E and RULES.current_player(st) == E


def test_three_passes_redeal_same_master_no_score_not_counted() -> None:
    st = RULES.new_match(7, {"first_master": 2, "deals": 1})
    before = st.hands
    st = play(st, "pass", "pass", "pass")
    assert st.phase == lf.PH_CALL and st.master == 2 and st.deal_number == 1
    assert st.hands != before and st.scores == (0, 0, 0) and not RULES.is_over(st)
    obs = RULES.observation(st, 0)
    assert obs.redeals == 1 and obs.calls == () and "redeal" in obs.events[0]
    assert RULES.current_player(st) == 2


# ---------------------------------------------------------------------------------------------
# §2.5: combinations; pure helpers classify / describe_play.


def test_193_plays() -> None:
    kinds = [p.kind for p in PLAYS]
    assert len(PLAYS) == 193
    assert (kinds.count(0), kinds.count(1), kinds.count(2)) == (36, 45, 112)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (["C3"], ("single", 1)),
        (["S6", "M6", "T6"], ("set", 3)),
        (["C6", "S6", "M6", "T6"], ("set", 4)),
        (["S4", "S5", "S6"], ("run", 3)),
        (["S6", "S4", "S5"], ("run", 3)),
        ([f"T{v}" for v in range(1, 10)], ("run", 9)),
        (["C1", "S1", "T1"], ("set", 3)),  # A13: 1s are ordinary in sets
        (["C1", "C2", "C3"], ("run", 3)),
        (["C3", "S3"], None),  # pairs are not plays
        (["C3", "C4"], None),  # nor 2-card runs
        (["C3", "S4", "M5"], None),  # nor mixed-suit runs
        (["C8", "C9", "C1"], None),  # no wrap from 9 to 1
        (["C3", "C5", "C6"], None),
        (["C3", "C3", "C3"], None),
        ([], None),
    ],
)
def test_classify(cards: list[str], expected: tuple[str, int] | None) -> None:
    assert classify(cards) == expected


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        (["C3"], "single C3"),
        (["C5", "S5", "T5"], "set of three fives"),
        (["C9", "S9", "M9", "T9"], "set of four nines"),
        (["S4", "S5", "S6"], "run of 3, Strings 4-6"),
        (["T5", "T6", "T7", "T8"], "run of 4, Tens 5-8"),
        (["C3", "S3"], "not a legal play"),
        (["Z9"], "not a legal play"),
    ],
)
def test_describe_play(cards: list[str], text: str) -> None:
    assert describe_play(cards) == text


# ---------------------------------------------------------------------------------------------
# §2.7: beats and legal_follows.


@pytest.mark.parametrize(
    ("play_cards", "best", "expected"),
    [
        ("M6", "M4", True),  # single: same suit, higher
        ("M4", "M6", False),
        ("T9", "M4", False),  # another suit never beats a single
        ("C2", "C1", False),  # Coins-1 led alone cannot be beaten (seed 44)
        ("T9", "T1", False),  # nor Tens-1
        ("S2", "S1", True),  # other 1s are ordinary
        ("M2", "M1", True),
        ("C5 S5 T5", "S4 M4 T4", True),  # set: same size, higher value
        ("C4 S4 T4", "S5 M5 T5", False),
        ("C9 S9 M9", "C1 S1 T1", True),  # a led set of 1s: only 9s beat it (A14)
        ("C8 S8 M8", "C1 S1 T1", False),
        ("C9 S9 M9 T9", "C1 S1 M1 T1", True),
        ("C8 S8 M8 T8", "C1 S1 M1 T1", False),
        ("C9 S9 M9 T9", "C1 S1 T1", False),  # size must match (A15)
        ("C5 S5 M5 T5", "C4 S4 T4", False),  # a quad never beats a triple
        ("C5 S5 M5", "C4 S4 M4 T4", False),
        ("S5 S6 S7", "C2 C3 C4", True),  # run: a higher suit, any values (A16)
        ("S1 S2 S3", "C7 C8 C9", True),
        ("C7 C8 C9", "S1 S2 S3", False),
        ("C6 C7 C8", "C2 C3 C4", True),  # same suit, higher top
        ("C1 C2 C3", "C4 C5 C6", False),
        ("M1 M2 M3 M4", "S5 S6 S7", False),  # lengths must match
        ("C3", "C3 C4 C5", False),
        ("C3 S3", "C2", False),  # not a play
    ],
)
def test_beats(play_cards: str, best: str, expected: bool) -> None:
    assert beats(play_cards.split(), best.split()) is expected


def test_beats_matches_the_precomputed_table() -> None:
    for b in PLAYS:
        for x in PLAYS:
            assert beats(x.text.split(), b.text.split()) == (x.index in lf.beaters_of(b.index))


def test_legal_follows() -> None:
    hand = ["M2", "M5", "M8", "C9", "S9", "T9", "S5", "S6", "S7"]
    assert legal_follows(hand, ["M4"]) == [frozenset({"M5"}), frozenset({"M8"})]
    assert legal_follows(hand, ["M6"]) == [frozenset({"M8"})]
    assert legal_follows(hand, ["M9"]) == []  # must discard
    assert legal_follows(hand, ["C1"]) == []
    assert legal_follows(hand, ["C1", "S1", "M1"]) == [frozenset({"C9", "S9", "T9"})]
    assert legal_follows(hand, ["C2", "C3", "C4"]) == [frozenset({"S5", "S6", "S7"})]
    with pytest.raises(ValueError):
        legal_follows(hand, ["C2", "C3"])


# ---------------------------------------------------------------------------------------------
# §2.9: Old cards.


def test_old_cards_ancients_and_unbroken_run_below_a_nine() -> None:
    assert old_cards(["C1", "T1", "M9", "C2"], []) == {"C1", "T1", "M9"}
    assert old_cards(["S9", "S8", "S7", "S5"], []) == {"S9", "S8", "S7"}  # seed 39
    assert old_cards(["S8"], []) == set()


def test_old_cards_proved_by_public_plays() -> None:
    # Example A: T8 public and T9 in hand make T7 Old; M5 (M7 unseen) and C7 (C8 unseen) are not.
    hand = ["C7", "C9", "S4", "S9", "M5", "M9", "T2", "T7", "T9"]
    assert old_cards(hand, ["S6", "M6", "T6", "S8", "M8", "T8"]) == {"C9", "S9", "M9", "T9", "T7"}
    assert old_cards(["M5"], ["M6", "M7", "M8", "M9"]) == {"M5"}
    assert old_cards(["M5"], ["M6", "M7", "M8"]) == set()


def test_face_down_discards_never_make_a_card_old() -> None:
    """A11: a seat that threw S9 face down does not get S8 as Old; a public S9 would."""
    st = position({S: "S9 S8 C2", E: "T5 C3 C4", W: "T6 M3 M4"}, caller=E, leader=E)
    st = play(st, "T5", "T6", "discard S9")  # E leads, W beats, S cannot
    obs = RULES.observation(st, S)
    assert obs.my_discards == ("S9",) and obs.old_cards == ()
    public = position({S: "S8 C2", E: "S9 C3", W: "M3 M4"}, caller=E, leader=E, public="S9")
    assert RULES.observation(public, S).old_cards == ("S8",)


# ---------------------------------------------------------------------------------------------
# §2.13 worked examples.


def test_example_a_full_opening_that_ends_in_a_claim() -> None:
    st = play(start(EX_A, E), "pass", "call")
    assert st.caller == W and st.master == E
    # R1 forbids the quad of 6s and C3-C6; R2 leaves T4 and T6 as singles.
    assert RULES.legal_actions(st) == (
        "T4",
        "T6",
        "C6 S6 M6",
        "C6 S6 T6",
        "C6 M6 T6",
        "S6 M6 T6",
        "C3 C4 C5",
        "C4 C5 C6",
    )
    st = play(st, "S6 M6 T6")
    assert RULES.current_player(st) == W
    assert set(RULES.legal_actions(st)) == {"S8 M8 T8", "S9 M9 T9", "C9 M9 T9", "C9 S9 T9", "C9 S9 M9"}
    st = play(st, "S8 M8 T8")
    assert RULES.current_player(st) == S
    assert all(a.startswith("discard ") for a in RULES.legal_actions(st))
    st = play(st, "discard C2", "discard S2", "discard M1")
    obs = RULES.observation(st, W)
    assert obs.fu == (0, 0, 3) and obs.leader == W and obs.current_player == W
    assert obs.old_cards == ("C9", "S9", "M9", "T7", "T9") and obs.claim_count == 8 and obs.can_claim
    assert obs.discards_down == (3, 0, 0)
    assert obs.tricks == (((E, ("S6", "M6", "T6")), (W, ("S8", "M8", "T8")), (S, ("down", "down", "down"))),)
    st = play(st, "claim")
    summary = st.last_deal
    assert summary is not None
    assert (summary.winner, summary.count, summary.value, summary.points) == (W, 8, 3, (-3, -3, 6))
    assert summary.old_cards == ("C9", "S9", "M9", "T7", "T9") and summary.how == "claim"
    assert RULES.match_scores(st) == (-3, -3, 6)


EX_B = {
    S: ["M4", "M1", "M3", "M7", "M9", "C1", "C2", "C3", "C4", "C5", "C6", "C7"],
    E: ["M6", "M2", "C8", "C9", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"],
    W: ["M5", "M8", "S9", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9"],
}


def test_example_b_beat_the_current_best_not_the_lead() -> None:
    st = play(start(EX_B, S), "call", "M4")
    assert RULES.legal_actions(st) == ("M6",)  # E must beat with M6
    st = play(st, "M6")
    assert RULES.legal_actions(st) == ("M8",)  # M5 beats M4 but not M6
    st = play(st, "M8")
    obs = RULES.observation(st, S)
    assert obs.fu == (0, 0, 1) and obs.leader == W
    assert obs.public_played == ("M4", "M6", "M8") and obs.won_cards == ((), (), ("M8",))


EX_C = {
    S: ["C2", "C3", "C4", "C1", "C6", "S2", "S4", "S8", "S9", "M4", "M6", "T1"],
    E: ["S5", "S6", "S7", "M7", "M8", "M9", "T3", "T5", "T6", "T7", "T8", "T9"],
    W: ["C7", "C8", "C9", "M1", "M2", "M3", "C5", "S1", "S3", "M5", "T2", "T4"],
}


def test_example_c_runs_and_suit_order() -> None:
    st = play(start(EX_C, S), "call", "C2 C3 C4")
    assert "S5 S6 S7" in RULES.legal_actions(st)
    st = play(st, "S5 S6 S7")
    assert RULES.legal_actions(st) == ("M1 M2 M3",)  # C7-C9 cannot beat a Strings run
    st = play(st, "M1 M2 M3")
    assert st.fu == (0, 0, 3) and st.leader == W


def test_example_d_a_non_caller_wins() -> None:
    st = position(
        {S: "C9 S9 T1 C2 S3 M4", E: "C3 C4 C5 C6 C7 C8", W: "M5 M6 M7 M8 S4 S5"}, caller=E, leader=S, fu=(4, 1, 1)
    )
    obs = RULES.observation(st, S)
    assert obs.claim_count == 7 and obs.legal_actions[0] == "claim"
    st = play(st, "claim")
    assert st.last_deal is not None and st.last_deal.points == (4, -4, 0) and st.last_deal.value == 2


def test_example_e_a_draw() -> None:
    st = position({S: "C2", E: "C3", W: "T9"}, caller=S, leader=W, fu=(5, 4, 2))
    st = play(st, "T9", "discard C2", "discard C3")
    summary = st.last_deal
    assert summary is not None and summary.drawn and summary.winner is None and summary.how == "draw"
    assert summary.fu == (5, 4, 3) and summary.points == (0, 0, 0) and st.scores == (0, 0, 0)


# ---------------------------------------------------------------------------------------------
# §2.6: leading, R1 and R2.


def test_r1_passed_master_whole_deal_by_default() -> None:
    hands = {S: "C6 S6 M6 T6 C1 C2 C3 C4", E: "S1 S2 M1 M2 M3 T2 T3 T4", W: "C5 C7 C8 C9 S3 S4 S5 S7"}
    st = position(hands, caller=E, master=S, leader=S, tricks=3)
    legal = RULES.legal_actions(st)
    assert "C6 S6 M6 T6" not in legal and "C1 C2 C3 C4" not in legal
    assert "C1 C2 C3" in legal and "C2 C3 C4" in legal and "S6 M6 T6" in legal
    with pytest.raises(IllegalAction, match=r"Master who passed.* or more in this deal"):
        RULES.apply(st, "C6 S6 M6 T6")


def test_r1_first_lead_scope_only_covers_the_opening_lead() -> None:
    hands = {S: "C6 S6 M6 T6 C1 C2 C3 C4", E: "S1 S2 M1 M2 M3 T2 T3 T4", W: "C5 C7 C8 C9 S3 S4 S5 S7"}
    first = position(hands, caller=E, master=S, leader=S, tricks=0, passed_master_scope="first-lead")
    later = position(hands, caller=E, master=S, leader=S, tricks=1, passed_master_scope="first-lead")
    assert "C6 S6 M6 T6" not in RULES.legal_actions(first)
    # The refusal says it is for the first lead only (a tester read it as for the whole deal).
    with pytest.raises(IllegalAction, match="at the deal's first lead"):
        RULES.apply(first, "C6 S6 M6 T6")
    assert "C6 S6 M6 T6" in RULES.legal_actions(later) and "C1 C2 C3 C4" in RULES.legal_actions(later)


def test_r1_does_not_bind_a_calling_master_or_another_player() -> None:
    hands = {S: "C6 S6 M6 T6 C1 C2 C3 C4", E: "S1 S2 M1 M2 M3 T2 T3 T4", W: "C5 C7 C8 C9 S3 S4 S5 S7"}
    assert "C6 S6 M6 T6" in RULES.legal_actions(position(hands, caller=S, master=S, leader=S))
    hands2 = {E: "C6 S6 M6 T6 C1 C2 C3 C4", S: "S1 S2 M1 M2 M3 T2 T3 T4", W: "C5 C7 C8 C9 S3 S4 S5 S7"}
    assert "C6 S6 M6 T6" in RULES.legal_actions(position(hands2, caller=W, master=S, leader=E))


def test_r2_non_caller_single_from_highest_suit_with_a_non_old_card() -> None:
    # T9 is Old; M5 and M3 are the non-Old cards of the highest such suit (A9: either).
    hands = {S: "C2 S4 M3 M5 T9", E: "C3 C4 C5 C6 C7", W: "S5 S6 S7 S8 M6"}
    st = position(hands, caller=E, leader=S)
    assert RULES.legal_actions(st) == ("M3", "M5")
    with pytest.raises(IllegalAction, match="M3 or M5"):
        RULES.apply(st, "C2")
    with pytest.raises(IllegalAction):
        RULES.apply(st, "T9")  # Old cards wait (seed 42)


def test_r2_all_old_hand_leads_any_single() -> None:
    hands = {S: "C9 T1 M8 M9", E: "C3 C4 C5 C6", W: "S5 S6 S7 S8"}
    st = position(hands, caller=E, leader=S)
    assert RULES.legal_actions(st) == ("C9", "M8", "M9", "T1")  # A10; N = 4 < 6


def test_r2_a_player_who_could_claim_leads_any_single() -> None:
    hands = {S: "C9 T1 C2 S3", E: "C3 C4 C5 C6", W: "S5 S6 S7 S8"}
    st = position(hands, caller=E, leader=S, fu=(4, 0, 0))
    assert RULES.legal_actions(st) == ("claim", "C2", "C9", "S3", "T1")  # A22


def test_r2_caller_leads_any_single_and_sets_and_runs_stay_free() -> None:
    hands = {S: "C2 S4 M3 T9 C5 S5 M5", E: "C3 C4 C6 C7 C8 S1 S2", W: "S6 S7 S8 M6 M7 M8 M9"}
    caller = position(hands, caller=S, leader=S)
    assert {"C2", "S4", "M3", "T9", "C5 S5 M5"} <= set(RULES.legal_actions(caller))
    other = position(hands, caller=E, leader=S)
    assert set(RULES.legal_actions(other)) == {"M3", "M5", "C5 S5 M5"}  # A8


def test_noncaller_singles_only_option() -> None:
    hands = {S: "C2 S4 M3 T9 C5 S5 M5", E: "C3 C4 C6 C7 C8 S1 S2", W: "S6 S7 S8 M6 M7 M8 M9"}
    other = position(hands, caller=E, leader=S, noncaller_singles_only=True)
    assert RULES.legal_actions(other) == ("M3", "M5")
    with pytest.raises(IllegalAction, match="Caller"):
        RULES.apply(other, "C5 S5 M5")
    caller = position(hands, caller=S, leader=S, noncaller_singles_only=True)
    assert "C5 S5 M5" in RULES.legal_actions(caller)


def test_lead_order_is_stable_singles_sets_runs() -> None:
    hands = {S: "C1 C2 C3 S3 M3", E: "C4 C5 C6 C7 C8", W: "S5 S6 S7 S8 M6"}
    st = position(hands, caller=S, leader=S)
    assert RULES.legal_actions(st) == ("C1", "C2", "C3", "S3", "M3", "C3 S3 M3", "C1 C2 C3")
    assert RULES.legal_actions(st) == RULES.legal_actions(st)


# ---------------------------------------------------------------------------------------------
# §2.7-2.8: following, discarding, resolving.


def test_follower_must_beat_if_able_any_beat_allowed() -> None:
    st = position({S: "M4 C1", E: "M6 M8", W: "M2 M3"}, caller=S, leader=S)
    st = play(st, "M4")
    assert RULES.legal_actions(st) == ("M6", "M8")  # A17: any beat, never a discard
    with pytest.raises(IllegalAction, match=r"must beat M4 if you can: play one of M6 or M8\.$"):
        RULES.apply(st, "discard M6")


def test_a_single_beat_of_several_cards_is_named_as_one_play() -> None:
    """Found by testers: "play one of T5 T6 T7" read as a choice of three cards, and "You must
    beat T1 T2 T3" stood beside a screen that names the run "Tens 1-3". Plays are named as the
    screen names them: runs by suit and values, sets by count and value."""
    st = position({S: "T1 T2 T3 C1", E: "T5 T6 T7 M8", W: "M2 M3 M4 C9"}, caller=S, leader=S)
    st = play(st, "T1 T2 T3")
    assert RULES.legal_actions(st) == ("T5 T6 T7",)
    with pytest.raises(IllegalAction, match=r"^You must beat Tens 1-3 if you can: play Tens 5-7\.$"):
        RULES.apply(st, "M8")
    sets = position({S: "C2 S2 M2 C1", E: "C7 S7 M7 M8", W: "M3 M4 T3 C9"}, caller=S, leader=S)
    sets = play(sets, "C2 S2 M2")
    with pytest.raises(IllegalAction, match=r"^You must beat three twos if you can: play three sevens\.$"):
        RULES.apply(sets, "M8")


def test_discard_one_card_per_action_as_many_as_led() -> None:
    st = position({S: "S5 S6 S7 C1", E: "C2 C3 C4 T9", W: "M2 M4 T2 T3"}, caller=S, leader=S)
    st = play(st, "S5 S6 S7")  # E: C2-C4 is a lower suit, cannot beat
    assert RULES.legal_actions(st) == ("discard C2", "discard C3", "discard C4", "discard T9")
    st = play(st, "discard T9")  # A18: Old cards may be discarded
    obs = RULES.observation(st, W)
    assert obs.current_player == E and obs.to_discard == 2 and obs.trick[-1] == (E, ("down",))
    st = play(st, "discard C2")
    assert RULES.current_player(st) == E and RULES.observation(st, S).trick[-1] == (E, ("down", "down"))
    st = play(st, "discard C3")
    assert RULES.current_player(st) == W
    assert RULES.observation(st, W).to_discard == 3  # W itself knows it cannot beat
    assert RULES.observation(st, S).to_discard == 0  # the others do not know yet
    st = play(st, "discard M2", "discard M4", "discard T2")
    assert st.fu == (3, 0, 0) and st.leader == S and RULES.current_player(st) == S
    assert RULES.observation(st, E).my_discards == ("C2", "C3", "T9")
    assert RULES.observation(st, E).my_discard_groups == ((1, ("C2", "C3", "T9")),)  # after one dummy trick
    assert RULES.observation(st, S).my_discard_groups == ()
    assert all(len(RULES.hand(st, p)) == 1 for p in range(3))  # hand sizes stay equal


def test_only_the_winning_play_counts_as_fu() -> None:
    st = play(start(EX_B, S), "call", "M4", "M6", "M8")
    assert st.fu == (0, 0, 1)  # the beaten M4 and M6 count for nobody (§2.8)


def test_coins_one_led_alone_cannot_be_beaten() -> None:
    st = position({S: "C1 C3", E: "C2 C9", W: "C5 C6"}, caller=S, leader=S)
    st = play(st, "C1")
    assert all(a.startswith("discard") for a in RULES.legal_actions(st))


# ---------------------------------------------------------------------------------------------
# §2.10: claiming and the end of the deal.


def test_claim_only_at_your_own_lead() -> None:
    st = position({S: "C2 C3", E: "C9 T1", W: "S4 S5"}, caller=E, leader=S, fu=(0, 5, 0))
    st = play(st, "C2")
    assert RULES.current_player(st) == E and "claim" not in RULES.legal_actions(st)  # A19
    with pytest.raises(IllegalAction):
        RULES.apply(st, "claim")


def test_claim_is_optional_and_playing_on_keeps_the_chance() -> None:
    st = position({S: "C9 T1 C2 S3", E: "C3 C4 C5 C6", W: "S5 S6 S7 S8"}, caller=S, leader=S, fu=(4, 0, 0))
    assert RULES.legal_actions(st)[0] == "claim" and len(RULES.legal_actions(st)) > 1  # A20
    st = play(st, "C9", "discard C3", "discard S5")
    assert RULES.legal_actions(st)[0] == "claim"  # N = 5 fu + 1 Old (T1)
    st = play(st, "claim")
    assert st.last_deal is not None and st.last_deal.count == 6 and st.last_deal.points == (2, -1, -1)


def test_cannot_claim_below_six() -> None:
    st = position({S: "C9 T1 C2 S3", E: "C3 C4 C5 C6", W: "S5 S6 S7 S8"}, caller=S, leader=S, fu=(3, 0, 0))
    with pytest.raises(IllegalAction, match="need six"):
        RULES.apply(st, "claim")


def test_master_may_claim_at_the_opening_lead_with_six_ancients() -> None:
    hands = {
        S: ["C1", "C9", "S9", "M9", "T9", "T1", "C2", "C3", "C4", "C5", "C6", "C7"],
        E: ["C8", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "M1", "M2", "M3"],
        W: ["M4", "M5", "M6", "M7", "M8", "T2", "T3", "T4", "T5", "T6", "T7", "T8"],
    }
    st = play(start(hands, S), "call")
    assert RULES.legal_actions(st)[0] == "claim"  # A19: N = 6 at the opening lead
    st = play(st, "claim")
    assert st.last_deal is not None and st.last_deal.points == (2, -1, -1)


def test_end_of_deal_rule_1_last_trick_winner_with_six() -> None:
    st = position({S: "T9", E: "C3", W: "C4"}, caller=E, leader=S, fu=(6, 3, 2))
    st = play(st, "T9", "discard C3", "discard C4")
    d = st.last_deal
    assert d is not None and (d.winner, d.how, d.count, d.points) == (S, "last-trick", 7, (4, -4, 0))


def test_end_of_deal_rule_2_another_player_at_six() -> None:
    st = position({S: "C2", E: "C3", W: "T9"}, caller=E, leader=W, fu=(6, 5, 0))
    st = play(st, "T9", "discard C2", "discard C3")
    d = st.last_deal
    assert d is not None and (d.winner, d.how, d.count, d.points) == (S, "six-fu", 6, (2, -2, 0))


def test_auto_claim_at_six_won_option() -> None:
    hands = {S: "T9 C2", E: "C3 C4", W: "C5 C6"}
    on = play(
        position(hands, caller=S, leader=S, fu=(5, 0, 0), auto_claim_at_six_won=True), "T9", "discard C3", "discard C5"
    )
    assert on.last_deal is not None and on.last_deal.how == "auto-claim" and on.last_deal.count == 6
    off = play(position(hands, caller=S, leader=S, fu=(5, 0, 0)), "T9", "discard C3", "discard C5")
    assert off.last_deal is None and RULES.legal_actions(off)[0] == "claim"


# ---------------------------------------------------------------------------------------------
# §2.11, A25, A29: scoring, several deals, the next Master.


def test_settlement_caller_wins_and_non_caller_wins() -> None:
    hands = {S: "C9 S9 M9 T9 T1 C2", E: "C3 C4 C5 C6 C7 C8", W: "M2 M3 M4 M5 M6 M7"}
    caller_wins = play(position(hands, caller=S, leader=S, fu=(2, 0, 0)), "claim")
    assert caller_wins.last_deal is not None and caller_wins.last_deal.points == (4, -2, -2)  # N=7, s=2
    non_caller = play(position(hands, caller=W, leader=S, fu=(2, 0, 0)), "claim")
    assert non_caller.last_deal is not None and non_caller.last_deal.points == (4, 0, -4)


def test_deal_summary_fields_and_session_totals() -> None:
    st = play(start(EX_A, E, deals=3), "pass", "call", "S6 M6 T6", "S8 M8 T8")
    st = play(st, "discard C2", "discard S2", "discard M1", "claim")
    d = RULES.observation(st, S).last_deal
    assert isinstance(d, DealSummary)
    assert d == DealSummary(
        deal_number=1,
        master=E,
        caller=W,
        winner=W,
        how="claim",
        fu=(0, 0, 3),
        old_cards=("C9", "S9", "M9", "T7", "T9"),
        count=8,
        value=3,
        points=(-3, -3, 6),
        totals=(-3, -3, 6),
    )
    # The next deal starts at once, with the winner as Master (A29).
    assert st.deal_number == 2 and st.master == W and st.phase == lf.PH_CALL and RULES.current_player(st) == W


def test_master_stays_after_a_draw() -> None:
    st = position({S: "C2", E: "C3", W: "T9"}, caller=S, master=E, leader=W, fu=(5, 4, 2), deals=2)
    st = play(st, "T9", "discard C2", "discard C3")
    assert st.deal_number == 2 and st.master == E


def test_match_ends_after_deals_and_winner_is_best_net() -> None:
    st = play(start(EX_A, E, deals=1), "pass", "call", "S6 M6 T6", "S8 M8 T8")
    st = play(st, "discard C2", "discard S2", "discard M1", "claim")
    assert RULES.is_over(st) and RULES.current_player(st) is None and RULES.legal_actions(st) == ()
    obs = RULES.observation(st, S)
    assert obs.phase == "over" and obs.winner == (W,) and obs.current_player is None
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(st, "call")


def test_tied_best_net_gives_several_winners() -> None:
    st = position({S: "C2", E: "C3", W: "T9"}, caller=S, leader=W, fu=(5, 4, 2), deals=1)
    st = play(st, "T9", "discard C2", "discard C3")
    assert RULES.observation(st, 1).winner == (0, 1, 2)


def test_redeals_do_not_count_as_deals() -> None:
    st = RULES.new_match(3, {"deals": 1})
    st = play(st, "pass", "pass", "pass", "pass", "pass", "pass")
    assert not RULES.is_over(st) and st.deal_number == 1 and st.redeals == 2


# ---------------------------------------------------------------------------------------------
# The replay option (API.md).


def _finish_example_a(**options: object) -> LukFuState:
    st = play(start(EX_A, E, **options), "pass", "call", "S6 M6 T6", "S8 M8 T8")
    return play(st, "discard C2", "discard S2", "discard M1", "claim")


def test_replay_choice_restarts_the_deal_drawing_nothing() -> None:
    st = _finish_example_a(deals=3, replay=True)
    obs = RULES.observation(st, 0)
    assert obs.phase == "replay" and obs.current_player == 0 and obs.legal_actions == ("continue", "replay")
    assert RULES.observation(st, 1).legal_actions == () and obs.scores == (-3, -3, 6)
    again = play(st, "replay")
    assert again.draws == st.draws and again.deal_number == 1 and again.master == E
    assert again.scores == (0, 0, 0) and again.phase == lf.PH_CALL
    assert all(RULES.hand(again, p) == tuple(sorted(EX_A[p], key=CARDS.index)) for p in range(3))
    # Exactly the state the deal started in: its line leaves the score sheet.
    assert again == start(EX_A, E, deals=3, replay=True)
    assert RULES.observation(again, 0).last_deal is None and RULES.observation(st, 0).deal_history == (st.last_deal,)
    # Replaying and playing the same way gives the same result.
    st2 = play(again, "pass", "call", "S6 M6 T6", "S8 M8 T8", "discard C2", "discard S2", "discard M1", "claim")
    assert st2.scores == (-3, -3, 6) and st2.phase == lf.PH_REPLAY


def test_replay_draws_nothing_so_the_next_deal_is_unchanged() -> None:
    plain = play(_finish_example_a(deals=3, replay=True), "continue")
    again = play(_finish_example_a(deals=3, replay=True), "replay", "pass", "call", "S6 M6 T6", "S8 M8 T8")
    again = play(again, "discard C2", "discard S2", "discard M1", "claim", "continue")
    assert again == plain


def test_deal_history_is_the_score_sheet() -> None:
    st = _finish_example_a(deals=3)
    rng = random.Random(2)
    while st.deal_number == 2:
        st = RULES.apply(st, rng.choice(RULES.legal_actions(st)))
    history = RULES.observation(st, S).deal_history
    assert [d.deal_number for d in history] == [1, 2] and history[-1] == RULES.observation(st, S).last_deal
    assert history[1].totals == tuple(a + b for a, b in zip(history[0].totals, history[1].points, strict=True))
    assert st.scores == history[1].totals


def test_continue_deals_the_next_deal_with_the_winner_as_master() -> None:
    st = play(_finish_example_a(deals=3, replay=True), "continue")
    assert st.deal_number == 2 and st.master == W and st.draws == 1 and st.phase == lf.PH_CALL
    assert st.scores == (-3, -3, 6)


def test_no_replay_choice_after_the_last_deal() -> None:
    st = _finish_example_a(deals=1, replay=True)
    assert RULES.is_over(st) and RULES.legal_actions(st) == ()


def test_set_option_replay_only() -> None:
    st = RULES.new_match(1)
    on = RULES.set_option(st, "replay", True)
    assert dict(RULES.observation(on, 0).options)["replay"] is True and dict(st.cfg.items)["replay"] is False
    with pytest.raises(ValueError, match="deals"):
        RULES.set_option(st, "deals", 3)
    with pytest.raises(ValueError, match="replay"):
        RULES.set_option(st, "replay", "yes")


def test_set_option_replay_on_mid_match_then_off_at_the_choice() -> None:
    assert _finish_example_a(deals=3).phase == lf.PH_CALL  # no choice without the option
    st = play(start(EX_A, E, deals=3), "pass", "call")
    st = RULES.set_option(st, "replay", True)  # F6 during the deal: the choice comes next deal
    st = play(st, "S6 M6 T6", "S8 M8 T8", "discard C2", "discard S2", "discard M1", "claim")
    assert st.phase == lf.PH_REPLAY
    off = RULES.set_option(st, "replay", False)  # turning it off at the choice goes on
    assert off.phase == lf.PH_CALL and off.deal_number == 2 and off.master == W


# ---------------------------------------------------------------------------------------------
# Notation, parse_action, IllegalAction.


def test_parse_action_accepts_loose_spellings() -> None:
    st = play(start(EX_A, E), "pass", "call")
    assert RULES.parse_action(st, "t6 m6 s6") == "S6 M6 T6"
    assert RULES.parse_action(st, "  6S, 6M ,6T ") == "S6 M6 T6"
    assert RULES.parse_action(st, "Tens-4") == "T4"
    assert RULES.parse_action(st, "c5 c3 c4") == "C3 C4 C5"
    st0 = start(EX_A, E)
    assert RULES.parse_action(st0, "PLAY") == "call" and RULES.parse_action(st0, "Pass") == "pass"
    st = play(st, "S6 M6 T6", "S8 M8 T8")
    assert RULES.parse_action(st, "discard c1") == "discard C1"


@pytest.mark.parametrize("text", ["", "C0", "X3", "C3 C3", "discard", "discard C1 C2", "hello", "C4"])
def test_parse_action_rejects_text_naming_no_legal_action(text: str) -> None:
    st = play(start(EX_A, E), "pass", "call")
    with pytest.raises(ValueError):
        RULES.parse_action(st, text)


def test_action_text_round_trip() -> None:
    st = play(start(EX_A, E), "pass", "call")
    for a in RULES.legal_actions(st):
        assert RULES.action_text(a) == a and RULES.parse_action(st, RULES.action_text(a)) == a


def test_illegal_actions_have_readable_messages() -> None:
    st = play(start(EX_A, E), "pass", "call")
    cases = {
        "C6 S6 M6 T6": "Master who passed",
        "C3 C4 C5 C6": "Master who passed",
        "C3": "T4 or T6",
        "C9": "do not hold",
        "C3 C4": "Two cards",
        "claim": "need six",
        "discard C3": "lead",
        "pass": "lead",
        "bogus": "not a Luk Fu action",
        "C3 S4 M5": "not a legal play",
    }
    for action, message in cases.items():
        with pytest.raises(IllegalAction, match=message):
            RULES.apply(st, action)
    with pytest.raises(IllegalAction):
        RULES.apply(st, 42)  # type: ignore[arg-type]
    call = start(EX_A, E)
    with pytest.raises(IllegalAction, match="call or pass"):
        RULES.apply(call, "T4")
    st = play(st, "S6 M6 T6", "S8 M8 T8")
    with pytest.raises(IllegalAction, match="cannot beat"):
        RULES.apply(st, "C1 S2 M3")
    with pytest.raises(IllegalAction, match="do not hold"):
        RULES.apply(st, "discard T9")
    st = play(st, "discard C2")
    with pytest.raises(IllegalAction, match="cannot beat"):
        RULES.apply(st, "C1")
    assert issubclass(IllegalAction, ValueError)


def test_refusals_are_sentences_for_the_player() -> None:
    """The table shows these as they are: no action notation, no option names, right in number."""
    st = play(start(EX_A, E), "pass", "call")
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(st, "pass")
    assert "'" not in str(refused.value)
    st = play(st, "S6 M6 T6", "S8 M8 T8")
    with pytest.raises(IllegalAction, match="claim only when you have the lead"):
        RULES.apply(st, "claim")
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(st, "C1 S2 M3")
    assert str(refused.value).endswith("throw 3 cards face down.") and "write" not in str(refused.value)
    st = play(st, "discard C2")
    with pytest.raises(IllegalAction, match="throw 2 more cards face down"):
        RULES.apply(st, "C1")
    call = start(EX_A, E)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(call, "T4")
    assert "'" not in str(refused.value) and "call or pass" in str(refused.value)


def test_apply_never_changes_its_input() -> None:
    st = play(start(EX_A, E), "pass", "call")
    snapshot = dataclasses.astuple(st)
    RULES.apply(st, "S6 M6 T6")
    assert dataclasses.astuple(st) == snapshot


# ---------------------------------------------------------------------------------------------
# Observations.


def test_observation_fields_and_hidden_cards() -> None:
    st = play(start(EX_A, E), "pass", "call", "S6 M6 T6")
    obs = RULES.observation(st, S)
    assert isinstance(obs, LukFuObservation) and hash(obs) == hash(RULES.observation(st, S))
    assert obs.seat == S and obs.master == E and obs.caller == W and obs.phase == "play"
    assert obs.hand == tuple(sorted(EX_A[S], key=CARDS.index)) and obs.hand_sizes == (12, 9, 12)
    assert obs.trick == ((E, ("S6", "M6", "T6")),) and obs.best == ("S6", "M6", "T6") and obs.best_seat == E
    assert obs.leader == E and obs.current_player == W and obs.legal_actions == ()
    assert obs.events == ("Deal 1: 1 is Master.", "1 passes.", "2 calls.", "1 leads S6 M6 T6.")
    assert obs.hands is None and obs.deal_number == 1 and obs.scores == (0, 0, 0) and obs.winner is None
    assert obs.old_cards == ("C1", "T1") and obs.claim_count == 2 and not obs.can_claim
    visible = {c for field in (obs.hand, obs.public_played, obs.best) for c in field}
    for other in (E, W):
        hidden = set(RULES.hand(st, other))
        assert not hidden & (visible - set(obs.public_played))
        assert not hidden & {c for e in obs.events for c in e.replace(".", "").split()}


def test_indistinguishable_states_give_equal_observations() -> None:
    st = play(start(EX_A, E), "pass", "call")
    h = list(st.hands)
    a, b = cards_to_mask(["C3"]), cards_to_mask(["C7"])
    h[E], h[W] = (h[E] & ~a) | b, (h[W] & ~b) | a  # swap a card between the two others
    other = dataclasses.replace(st, hands=tuple(h), stream=999)  # type: ignore[arg-type]
    assert RULES.observation(other, S) == RULES.observation(st, S)
    assert RULES.observation(other, E) != RULES.observation(st, E)


def test_open_hands_shows_every_hand() -> None:
    st = start(EX_A, E, open_hands=True)
    obs = RULES.observation(st, S)
    assert obs.hands == tuple(tuple(sorted(EX_A[p], key=CARDS.index)) for p in range(3))


def test_determinize_keeps_the_observation_and_the_known_cards() -> None:
    st = play(start(EX_B, S), "call", "M4", "M6", "M8", "M5", "M7")
    for seat in range(3):
        obs = RULES.observation(st, seat)
        for seed in range(10):
            world = RULES.determinize(obs, random.Random(seed))
            assert RULES.observation(world, seat) == obs
            assert RULES.hand(world, seat) == RULES.hand(st, seat)
            assert world.public == st.public and world.fu == st.fu


def _then(world: LukFuState, seat: int) -> list[str]:
    """Everything the seat held at the start of the deal in a world."""
    return list(mask_to_cards(world.hands[seat] | world.discards[seat] | world.played[seat]))


VOID_SINGLE = {
    S: ["C1", "C5", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "M1"],
    E: ["C2", "C3", "C4", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "T1"],
    W: ["C6", "C7", "C8", "C9", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9"],
}


def test_determinize_respects_a_single_void() -> None:
    """§6.2: E discarded against C5, so in every world E holds no Coins above 5."""
    st = play(start(VOID_SINGLE, S), "call", "C5", "discard M2", "C6")
    obs = RULES.observation(st, S)
    for seed in range(30):
        world = RULES.determinize(obs, random.Random(seed))
        assert RULES.observation(world, S) == obs
        assert not set(_then(world, E)) & {"C7", "C8", "C9"}


VOID_SET = {
    S: ["S6", "M6", "T6", "C1", "C2", "C3", "C4", "C5", "S1", "S2", "S3", "S4"],
    E: ["C7", "S7", "C8", "S8", "C9", "M1", "M2", "M3", "M4", "M5", "T2", "T3"],
    W: ["C6", "M7", "T7", "M8", "T8", "S9", "M9", "T9", "S5", "T1", "T4", "T5"],
}


def test_determinize_respects_a_set_void() -> None:
    """E cannot beat three 6s: in every world E held no three 7s, 8s or 9s."""
    st = play(start(VOID_SET, S), "call", "S6 M6 T6", "discard M1")
    obs = RULES.observation(st, S)
    for seed in range(30):
        world = RULES.determinize(obs, random.Random(seed))
        assert RULES.observation(world, S) == obs
        assert legal_follows(_then(world, E), ["S6", "M6", "T6"]) == []


LEAD_R2 = {
    E: ["T9", "M2", "M5", "M7", "C1", "C3", "C6", "C8", "S2", "S4", "S5", "S8"],
    S: ["T1", "T2", "T3", "C2", "C4", "C5", "C7", "C9", "S1", "S3", "S6", "S7"],
    W: ["M1", "M3", "M4", "M6", "M8", "M9", "S9", "T4", "T5", "T6", "T7", "T8"],
}


def test_determinize_respects_r2_of_a_non_caller_single_lead() -> None:
    """E (not the Caller) led M5: every Tens card E held then was Old (§2.6 R2)."""
    st = play(start(LEAD_R2, E), "pass", "pass", "call")
    assert RULES.legal_actions(st) == ("M2", "M5", "M7")
    st = play(st, "M5")
    obs = RULES.observation(st, S)
    for seed in range(40):
        world = RULES.determinize(obs, random.Random(seed))
        assert RULES.observation(world, S) == obs
        held = _then(world, E)
        tens = {c for c in held if c[0] == "T"}
        assert tens <= old_cards(held, [])


def test_the_passed_masters_restriction_needs_non_callers_free_to_lead_sets():
    """Found by a tester: the row stayed lit with non-callers leading singles only, where it
    changes nothing (a Master who passed is no Caller). Checked over random play: with that
    option on, both scopes allow the same leads."""
    spec = lf.OPTION_SPECS["passed_master_scope"]
    assert spec.applies({"noncaller_singles_only": False}) and not spec.applies({"noncaller_singles_only": True})
    rules = get_rules("lukfu")

    def differing(singles: bool) -> int:
        """Positions of random play where the two scopes allow different actions."""
        count = 0
        for seed in range(400):
            rng = random.Random(seed)
            states = [rules.new_match(seed, {"noncaller_singles_only": singles, "passed_master_scope": scope})
                      for scope in ("deal", "first-lead")]
            while not rules.is_over(states[0]) and states[0].deal_number < 4:
                legal = [rules.legal_actions(state) for state in states]
                count += legal[0] != legal[1]
                action = rng.choice([a for a in legal[0] if a in legal[1]])
                states = [rules.apply(state, action) for state in states]
        return count

    assert differing(False) > 0, "the play reaches a Master who passed, holding four of a kind or a run"
    assert differing(True) == 0


def test_the_replay_offers_answers_and_the_call_in_the_play_are_refused_in_words():
    """A key for them pressed mid-deal is refused in the rules' words (R had been told to beat
    the trick)."""
    from game.app.match import Match

    match = Match("lukfu", 3, {})
    while match.observation(match.current_player).phase == "call":
        match.apply("call" if "call" in match.observation(match.current_player).legal_actions else "pass")
    for action, words in (("replay", "No replay offer now: it comes between deals, with the replay option on."),
                          ("continue", "No replay offer now"),
                          ("call", "The call is over: it is the play.")):
        with pytest.raises(IllegalAction, match=words):
            match.apply(action)
