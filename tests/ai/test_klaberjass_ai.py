"""The Klaberjass computer player: always legal, blind to hidden cards, and the decisions of rules §5.1."""

from __future__ import annotations

import random

import pytest

from game.ai.klaberjass import choose, suit_count
from game.rules import klaberjass as kj
from game.rules.klaberjass import RULES
from tests.ai.positions import klaberjass_new as new
from tests.ai.positions import klaberjass_options as random_options
from tests.ai.positions import klaberjass_play as play

RANKS = "789TJQKA"
SUITS = "SHDC"
ALL = [r + s for s in SUITS for r in RANKS]


def decide(state: kj.State, seed: int = 0) -> str:
    seat = RULES.current_player(state)
    assert seat is not None
    return choose(RULES, RULES.observation(state, seat), "easy", random.Random(seed))


# The settlement deal of the rules tests: elder is strong, the dealer holds K+Q of hearts and 7-8-9 of clubs.
ELDER = "JH 9H AH AS TS KS AD TD AC"
DEALER = "KH QH 7C 8C 9C 7D 8S 9S 8D"


def bella_late(bids: tuple[str, ...]) -> kj.State:
    """The dealer must play KH, the second of his pair, after elder has won 67 points."""
    state = play(new(ELDER, DEALER), *bids, "declare none", "declare 7C 8C 9C")
    return play(state, "AS", "8S", "TS", "9S", "AD", "7D", "TD", "8D", "AC", "7C", "AH", "QH", "9H")


# ---------------------------------------------------------------------------------------
# Always legal, every phase; blind to hidden cards
# ---------------------------------------------------------------------------------------


def test_never_picks_an_illegal_action_in_any_phase() -> None:
    """The easy player over 10,000+ decisions; the searching levels have their own sweep in
    test_klaberjass_levels.py (at this count they would take minutes)."""
    rng = random.Random(2024)
    phases: set[str] = set()
    decisions = 0
    for seed in range(250):
        state = RULES.new_match(seed, random_options(rng))
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            action = choose(RULES, o, "easy", random.Random(decisions))
            assert action in o.legal_actions
            phases.add(o.phase)
            decisions += 1
            # Mix the AI's moves with random ones so that odd positions come up too.
            state = RULES.apply(state, action if rng.random() < 0.6 else rng.choice(o.legal_actions))
    assert phases == {"replay", "bid", "schmeiss", "dix", "declare", "play"}
    assert decisions > 10_000


def test_choice_does_not_change_when_hidden_cards_are_redealt() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(60):
        state = RULES.new_match(seed, random_options(rng))
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            if len(o.legal_actions) > 1 and rng.random() < 0.3:
                expected = choose(RULES, o, "easy", random.Random(seed))
                for world_seed in range(3):
                    world = RULES.determinize(o, random.Random(world_seed))
                    seen = RULES.observation(world, seat)
                    assert seen == o
                    assert choose(RULES, seen, "easy", random.Random(seed)) == expected
                    checked += 1
            state = RULES.apply(state, choose(RULES, o, "easy", rng))
    assert checked > 300


def test_single_legal_action_is_returned_at_once() -> None:
    state = play(new(ELDER, DEALER), "take")  # elder has no run: only "declare none"
    o = RULES.observation(state, 0)
    assert o.legal_actions == ("declare none",)
    rng = random.Random(1)
    before = rng.getstate()
    assert choose(RULES, o, "hard", rng) == "declare none"
    assert rng.getstate() == before


def test_levels_and_bad_calls() -> None:
    state = new(ELDER, DEALER)
    o = RULES.observation(state, 0)
    for level in ("easy", "normal", "hard"):
        assert choose(RULES, o, level, random.Random(0)) in o.legal_actions
    with pytest.raises(ValueError, match="level"):
        choose(RULES, o, "expert", random.Random(0))
    with pytest.raises(ValueError):
        choose(RULES, RULES.observation(state, 1), "easy", random.Random(0))  # not its turn


def test_replay_choice_is_continue() -> None:
    state = play(new(ELDER, DEALER, replay=True), "schmeiss", "throw-in")
    assert RULES.observation(state, 0).legal_actions == ("replay", "continue")
    assert decide(state) == "continue"


# ---------------------------------------------------------------------------------------
# Bidding and schmeiss (§5.1)
# ---------------------------------------------------------------------------------------


def test_manual_count_of_six_cards() -> None:
    # Menel 14 + two aces 22 + bella 20: 56 without the Jass.
    assert suit_count(("9H", "AS", "AD", "KH", "QH", "7C"), "H") == (False, 56)
    # A-T in one suit: 21 with four trumps, else 16 (the ten adds 10 or 5).
    assert suit_count(("AS", "TS", "7C", "8D", "9D", "QC"), "H")[1] == 16
    assert suit_count(("AS", "TS", "7H", "8H", "9H", "QH"), "H")[1] == 11 + 10 + 20 + 14
    assert suit_count(("JH", "TC", "7D", "8S", "9S", "QD"), "H") == (True, 0)  # a lone ten counts nothing


def test_takes_with_the_jass_and_another_trump() -> None:
    state = new("JH 8H 7S 8D 9C QD AC TD KS", "KC QH 7C 8C AS 7D 8S 9S AD", turn_up="TH")
    assert decide(state) == "take"


def test_takes_without_the_jass_only_from_forty() -> None:
    strong = new("9H AS AD KH QH 7C JC TD KS", "8S 9S 7D 8D 9D 8C TH AC JS", turn_up="8H")
    assert decide(strong) == "take"  # 56 points
    weak = new("9H AS 7D 8S QH 7C JC TD KS", "AD 9S 8D KD 9D 8C TH AC JS", turn_up="8H")
    assert decide(weak) == "pass"  # 25 points


def test_elder_never_schmeisses_in_round_one() -> None:
    for seed in range(300):
        state = RULES.new_match(seed)
        assert decide(state, seed) in ("take", "pass")


def test_round_two_names_the_suit_of_its_jack() -> None:
    state = play(new("JS 9S 8S 7D 8D 9C QD AC TD", "8H 9H JH AS KD 8C TH KC KS", turn_up="7H"), "pass", "pass")
    assert decide(state) == "name S"


def test_made_to_play_names_its_best_suit() -> None:
    state = play(
        new("JS 9S 8S 7D 8D 9C QD AC TD", "KH QH 7C 8C 7S AS KS 9D TC", turn_up="7H"),
        "pass",
        "pass",
        "schmeiss",
        "make-play",
    )
    assert RULES.legal_actions(state) == ("name S", "name D", "name C")
    assert decide(state) == "name S"


def test_answers_a_schmeiss_by_strength() -> None:
    # Elder schmeisses; the dealer holds the Jass of the proposed suit: he makes him play.
    strong = play(new("7S 8D 9C QD AC TD KS 8S 7D", "JH 9H AH AS TS 7C KD AD 8C", turn_up="8H"), "schmeiss")
    assert decide(strong) == "make-play"
    weak = play(new("JH 9H AH AS TS KS AD TD AC", "7S 8S 7D 8D 7C 8C QS QD 9C", turn_up="8H"), "schmeiss")
    assert decide(weak) == "throw-in"


def test_tout_atout_overcall_with_three_jacks() -> None:
    state = play(
        new("7S 8S 7D 8D 7C 8C 9C QS QD", "JS JD JC 9S AS AD TD AC KS", tout_atout=True),
        "pass",
        "pass",
        "sans-tout",
    )
    assert decide(state) == "tout-atout"


# ---------------------------------------------------------------------------------------
# Dix, declaring (§5.1, §5.2 item 4)
# ---------------------------------------------------------------------------------------


def test_dix_exchange_when_it_breaks_no_meld() -> None:
    state = play(new("AS TS KS AD TD AC 9H QC KD", "7H 8S 9S 7D 8D 7C KH AH 9C", turn_up="JH"), "take")
    assert RULES.current_player(state) == 1
    assert decide(state) == "exchange"


def test_dix_kept_when_the_exchange_breaks_a_meld() -> None:
    state = play(new("AS TS KS AD TD AC QH QC KD", "7H 8H 9H 7D 8D 7C 8S AH 9C", turn_up="JH"), "take")
    assert RULES.current_player(state) == 1
    assert decide(state) == "keep"  # 7-8-9 of hearts would become 8-9-J


def test_declares_every_run() -> None:
    state = play(new("7S 8S 9S TS JS AH QC KC AC", "KD QH 7C 8C 9C 7D 8H 9H 8D", turn_up="TH"), "take")
    assert decide(state) == "declare 7S 8S 9S TS JS QC KC AC"


def test_sinks_a_trump_run_that_would_expose_the_menel() -> None:
    # Hearts trump, elder holds 8-9-T of hearts, the Jass is unseen: sink it (the manual's T-9-8 note).
    state = play(new("8H 9H TH AS KD AD QC AC KS", "7S 8S 7D 8D 9C 7C QH AH JS", turn_up="KH"), "take")
    assert RULES.legal_actions(state) == ("declare 8H 9H TH", "declare none")
    assert decide(state) == "declare none"
    # The Jass is the turn-up, so it is not unseen: declare.
    state = play(new("8H 9H TH AS KD AD QC AC KS", "7S 8S 7D 8D 9C 7C QH AH KH", turn_up="JH"), "take")
    assert decide(state) == "declare 8H 9H TH"


# ---------------------------------------------------------------------------------------
# Bella (§1.9, §5.1 item 5) and card play
# ---------------------------------------------------------------------------------------


def test_maker_stays_silent_on_bella_when_bete_anyway() -> None:
    state = bella_late(("pass", "take"))  # the dealer is maker: 20 (meld) + 20 < 67
    assert RULES.legal_actions(state) == ("KH", "KH bella")
    assert decide(state) == "KH"


def test_defender_always_announces_bella() -> None:
    state = bella_late(("take",))  # the same cards, elder is maker
    assert RULES.legal_actions(state) == ("KH", "KH bella")
    assert decide(state) == "KH bella"


def test_maker_announces_bella_when_not_bete_anyway() -> None:
    state = play(new(ELDER, DEALER), "pass", "take", "declare none", "declare 7C 8C 9C", "JH", "QH", "9H")
    assert RULES.legal_actions(state) == ("KH", "KH bella")
    assert decide(state) == "KH bella"  # 20 + 20 against 23


def test_leads_the_jass_first() -> None:
    state = play(new(ELDER, DEALER), "take", "declare none", "declare 7C 8C 9C")
    assert decide(state) == "JH"


def test_follows_cheaply_when_it_cannot_win() -> None:
    state = play(new(ELDER, DEALER), "take", "declare none", "declare 7C 8C 9C", "AS")
    assert RULES.legal_actions(state) == ("8S", "9S")
    assert decide(state) == "8S"


def test_wins_a_valuable_trick_with_the_cheapest_winner() -> None:
    # Elder leads KS; the dealer holds AS TS 7S: T wins it as well as A and is the cheaper winner.
    state = play(
        new("KS 8D 9C QD AC TD 8S 7D JC", "AS TS 7S 7C 8C KD AD JH 9H", turn_up="7H"),
        "take",
        "declare none",
        "declare none",
        "KS",
    )
    assert decide(state) == "TS"


def test_trumps_a_valuable_lead_with_the_lowest_trump() -> None:
    state = play(
        new("AS KS 9C QD AC TD 8S 7D JC", "JH 8H 9H 7C 8C KD AD QC 9D", turn_up="7H"),
        "take",
        "declare none",
        "declare none",
        "AS",
    )
    assert RULES.legal_actions(state) == ("8H", "9H", "JH")
    assert decide(state) == "8H"


def test_does_not_lead_trumps_with_fewer_than_four() -> None:
    # Elder holds 9H AH (no Jass): he leads a side suit, not a trump.
    state = play(
        new("9H AH 8S 7D 8D 9C QD KC TD", "KH 7C 8C 7S AS KS 9D TC JC", turn_up="QH"),
        "take",
        "declare none",
        "declare none",
    )
    assert decide(state)[1] != "H"


def test_does_not_lead_from_a_tenace_a22() -> None:
    # Diamonds K-J-8 is the longest suit but K-J has a gap (Q) in trick order: lead elsewhere.
    state = play(
        new("KD JD 8D 7C 8C 9S QH 8H 7S", "AS TS AD TD AC TC KH 9D JC", turn_up="7H"),
        "take",
        "declare none",
        "declare none",
    )
    assert decide(state)[1] in "SC"


# ---------------------------------------------------------------------------------------
# Headless benchmark: easy beats uniform random (seeded, not timed)
# ---------------------------------------------------------------------------------------


def test_easy_beats_uniform_random() -> None:
    wins = 0
    matches = 40
    for seed in range(matches):
        ai_seat = seed % 2
        rng = random.Random(seed)
        state = RULES.new_match(seed, {"game_point": 300})
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            action = choose(RULES, o, "easy", rng) if seat == ai_seat else rng.choice(o.legal_actions)
            state = RULES.apply(state, action)
        wins += state.winner == ai_seat
    assert wins >= 0.8 * matches, f"easy won only {wins} of {matches}"


def test_the_solver_frees_its_table_once_the_decision_is_made(monkeypatch) -> None:
    """Found by a tester: a hard player's process had grown to 115 MB over two matches, each
    decision's table kept alive by a reference cycle until the garbage collector came round."""
    import gc
    import weakref

    from game.ai import klaberjass_search

    made: list[weakref.ref] = []
    plain = klaberjass_search.Solver

    class Watched(plain):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    monkeypatch.setattr(klaberjass_search, "Solver", Watched)
    state = RULES.new_match(3, {})
    rng = random.Random(3)
    while RULES.observation(state, RULES.current_player(state)).phase != "play":
        seat = RULES.current_player(state)
        state = RULES.apply(state, choose(RULES, RULES.observation(state, seat), "hard", rng))
    gc.disable()  # whatever a collection would free, the tables must be empty without one
    try:
        choose(RULES, RULES.observation(state, RULES.current_player(state)), "hard", rng)
        solvers = [ref() for ref in made]
        assert solvers and all(s is None or (not s.tt and not any(s.caches)) for s in solvers)
    finally:
        gc.enable()
