"""The Luk Fu computer player: always legal, reads only the observation, makes the key
decisions of ../shared/rules/lukfu.md §6.3 (call strong hands, cash safe plays before
claiming, beat cheaply as the last player, beat out of reach in the middle, keep Old cards)
and beats a uniformly random player."""

from __future__ import annotations

import random

import pytest

from game.ai.lukfu import LEVELS, choose
from game.rules import lukfu as lf
from game.rules.lukfu import RULES, LukFuObservation
from tests.ai.positions import lukfu_start as start
from tests.ai.positions import lukfu_table as table
from tests.ai.positions import lukfu_to_act as to_act

S, E, W = 0, 1, 2


def pick(obs: LukFuObservation) -> str:
    """The easy player's choice; its noise only breaks exact ties, so eight rng seeds agree."""
    actions = {choose(RULES, obs, "easy", random.Random(seed)) for seed in range(8)}
    assert actions <= set(obs.legal_actions)
    assert len(actions) == 1, actions
    return actions.pop()


# --------------------------------------------------------------------------------------------
# The interface


def test_levels_are_all_accepted_and_unknown_levels_refused() -> None:
    obs = to_act(RULES.new_match(3))
    for level in LEVELS:
        assert choose(RULES, obs, level, random.Random(0)) in obs.legal_actions
    with pytest.raises(ValueError, match="level"):
        choose(RULES, obs, "expert", random.Random(0))


def test_a_seat_with_nothing_to_decide_is_refused() -> None:
    state = RULES.new_match(3)
    idle = next(p for p in range(3) if p != RULES.current_player(state))
    with pytest.raises(ValueError):
        choose(RULES, RULES.observation(state, idle), "easy", random.Random(0))


def test_single_legal_action_is_returned_at_once() -> None:
    hands = {
        S: "M4 M1 M3 M7 M9 C1 C2 C3 C4 C5 C6 C7",
        E: "M6 M2 C8 C9 S1 S2 S3 S4 S5 S6 S7 S8",
        W: "M5 M8 S9 T1 T2 T3 T4 T5 T6 T7 T8 T9",
    }
    obs = to_act(RULES.apply(RULES.apply(start(hands, S), "call"), "M4"))
    assert obs.legal_actions == ("M6",) and choose(RULES, obs, "hard", random.Random(1)) == "M6"


def test_replay_choice_is_continue() -> None:
    state = RULES.new_match(4, {"replay": True, "deals": 3})
    rng = random.Random(4)
    while state.phase != lf.PH_REPLAY:
        state = RULES.apply(state, choose(RULES, to_act(state), "easy", rng))
    obs = RULES.observation(state, 0)
    assert obs.legal_actions == ("continue", "replay") and pick(obs) == "continue"


def test_same_rng_same_choice() -> None:
    state = RULES.new_match(6)
    rng = random.Random(6)
    for _ in range(40):
        if RULES.is_over(state):
            break
        obs = to_act(state)
        a = choose(RULES, obs, "easy", random.Random(9))
        assert choose(RULES, obs, "easy", random.Random(9)) == a
        state = RULES.apply(state, choose(RULES, obs, "easy", rng))


# --------------------------------------------------------------------------------------------
# Legal everywhere, and blind to hidden cards


def test_never_picks_an_illegal_action_in_any_phase() -> None:
    phases: set[str] = set()
    kinds: set[str] = set()
    for seed in range(60):
        opts = {
            "deals": 2,
            "replay": seed % 3 == 0,
            "noncaller_singles_only": seed % 4 == 1,
            "open_hands": seed % 5 == 2,
        }
        state = RULES.new_match(seed, opts)
        rng = random.Random(seed)
        while not RULES.is_over(state):
            obs = to_act(state)
            if seed % 2 and rng.random() < 0.5:
                action = rng.choice(obs.legal_actions)  # random detours reach odd positions
            else:
                action = choose(RULES, obs, ("easy", "normal", "hard")[seed % 3], rng)
                assert action in obs.legal_actions
                phases.add(obs.phase)
                kinds.add(action.split()[0] if action.split()[0] in ("discard", "claim", "call", "pass") else "play")
            state = RULES.apply(state, action)
    assert phases == {"replay", "call", "play"}
    assert kinds == {"discard", "claim", "call", "pass", "play"}


def test_choice_does_not_change_when_hidden_cards_are_redealt() -> None:
    for seed in range(25):
        state = RULES.new_match(seed, {"deals": 1})
        rng = random.Random(seed)
        while not RULES.is_over(state):
            obs = to_act(state)
            if len(obs.legal_actions) > 1 and rng.random() < 0.3:
                for k in range(3):
                    world = RULES.determinize(obs, random.Random(k))
                    again = RULES.observation(world, obs.seat)
                    assert again == obs
                    assert choose(RULES, again, "easy", random.Random(seed)) == choose(
                        RULES, obs, "easy", random.Random(seed)
                    )
            state = RULES.apply(state, choose(RULES, obs, "easy", rng))


def test_two_deals_differing_only_in_hidden_cards_get_the_same_choice() -> None:
    hands = {
        E: "C3 C4 C5 C6 C8 S1 S6 M2 M6 M7 T4 T6",
        W: "C7 C9 S4 S8 S9 M5 M8 M9 T2 T7 T8 T9",
        S: "C1 C2 S2 S3 S5 S7 M1 M3 M4 T1 T3 T5",
    }
    swapped = dict(hands)
    swapped[E] = hands[E].replace("C3", "C7")
    swapped[W] = hands[W].replace("C7", "C3")
    a = RULES.apply(RULES.apply(start(hands, E), "pass"), "call")
    b = RULES.apply(RULES.apply(start(swapped, E), "pass"), "call")
    assert RULES.observation(a, S) == RULES.observation(b, S)
    a2 = RULES.apply(a, "S6 M6 T6")
    b2 = RULES.apply(b, "S6 M6 T6")
    oa, ob = to_act(RULES.apply(a2, "S8 M8 T8")), to_act(RULES.apply(b2, "S8 M8 T8"))
    assert oa == ob
    assert choose(RULES, oa, "easy", random.Random(3)) == choose(RULES, ob, "easy", random.Random(3))


# --------------------------------------------------------------------------------------------
# Key decisions (§6.3)


def test_calls_a_strong_hand_and_passes_a_weak_one() -> None:  # §6.3.1
    strong = {
        S: "C1 C9 S9 M9 T9 T8 T7 C2 C3 C4 S2 S3",
        E: "C5 C6 C7 C8 S1 S4 S5 S6 S7 S8 M1 M2",
        W: "M3 M4 M5 M6 M7 M8 T1 T2 T3 T4 T5 T6",
    }
    assert pick(to_act(start(strong, S))) == "call"
    weak = {
        S: "C2 C4 C6 S3 S5 M2 M4 M6 T2 T3 T5 S7",
        E: "C1 C3 C5 C7 C8 C9 S1 S2 S4 S6 S8 S9",
        W: "M1 M3 M5 M7 M8 M9 T1 T4 T6 T7 T8 T9",
    }
    assert pick(to_act(start(weak, S))) == "pass"


CASH = {
    "hands": {S: "C1 C8 S8 M8 T1 T9", E: "S9 C2 C3 C4 C5 C6", W: "M9 M2 M3 M4 M5 M6"},
    "played": {S: "C9 C7 S1 S2 S3 S4", E: "S5 S6 S7 M1 M7 T2", W: "T3 T4 T5 T6 T7 T8"},
}


def test_cashes_a_safe_play_before_claiming() -> None:  # §6.3.2
    """N = 3 fu + 4 Old (C1 C8 T1 T9) = 7. The 8s cannot be beaten (C9 is public, T9 is
    ours), and S8 and M8 are not Old: leading them first makes the claim worth 9."""
    state = table(CASH["hands"], CASH["played"], caller=S, leader=S, fu=(3, 2, 1))
    obs = to_act(state)
    assert obs.can_claim and obs.claim_count == 7
    assert pick(obs) == "C8 S8 M8"
    state = RULES.apply(state, "C8 S8 M8")
    while RULES.current_player(state) != S:
        state = RULES.apply(state, choose(RULES, to_act(state), "easy", random.Random(0)))
    obs = to_act(state)
    assert obs.claim_count == 9 and pick(obs) == "claim"
    state = RULES.apply(state, "claim")
    assert state.last_deal is not None and state.last_deal.count == 9


def test_claims_at_once_when_no_safe_play_adds_to_the_count() -> None:  # §6.3.2
    hands = {S: "C1 C8 S8 M2 T1 T9", E: "S9 C2 C3 C4 C5 C6", W: "M9 M8 M3 M4 M5 M6"}
    state = table(hands, CASH["played"], caller=S, leader=S, fu=(3, 2, 1))
    obs = to_act(state)
    assert obs.can_claim and pick(obs) == "claim"


def test_beats_cheaply_as_the_last_player() -> None:  # §6.3.4
    hands = {S: "M3 C2 C3", E: "M4 C4 C5", W: "M6 M9 C6"}
    played = {S: "C1 C7 C8 C9 S1 S2 S3 S4 S5", E: "S6 S7 S8 S9 M1 M2 M5 M7 M8", W: "T1 T2 T3 T4 T5 T6 T7 T8 T9"}
    state = RULES.apply(RULES.apply(table(hands, played, caller=S, leader=S, fu=(3, 3, 3)), "M3"), "M4")
    obs = to_act(state)
    assert obs.seat == W and obs.legal_actions == ("M6", "M9")
    assert pick(obs) == "M6"  # W wins whatever it plays: keep the Ancient M9


def test_middle_player_beats_out_of_reach() -> None:  # §6.3.4
    hands = {S: "M3 C2 C3 C4", E: "M5 M9 C5 C6", W: "M6 M7 M8 C7"}
    played = {S: "C1 C8 C9 S1 S2 S3 S4 S5", E: "S6 S7 S8 S9 M1 M2 M4 T9", W: "T1 T2 T3 T4 T5 T6 T7 T8"}
    state = RULES.apply(table(hands, played, caller=S, leader=S, fu=(2, 3, 3)), "M3")
    obs = to_act(state)
    assert obs.seat == E and obs.legal_actions == ("M5", "M9")
    assert pick(obs) == "M9"  # M5 could be topped by W; M9 cannot


def test_keeps_old_cards_when_discarding() -> None:  # §6.3.5
    hands = {S: "S4 S5 S6 C4", E: "T9 C1 C2 M3", W: "S7 S8 M4 M5"}
    played = {S: "C3 C5 C6 C7 C8 C9 S1 S2", E: "S3 S9 M1 M2 M6 M7 M8 M9", W: "T1 T2 T3 T4 T5 T6 T7 T8"}
    state = RULES.apply(table(hands, played, caller=S, leader=S, fu=(2, 3, 3)), "S4 S5 S6")
    thrown = []
    while RULES.current_player(state) == E:
        obs = to_act(state)
        assert all(a.startswith("discard ") for a in obs.legal_actions)
        action = pick(obs)
        thrown.append(action.split()[1])
        state = RULES.apply(state, action)
    # The two cards that are not Old go first; of the Ancients, C1 (a useless follower) goes
    # before T9, which still beats any Tens card.
    assert set(thrown[:2]) == {"C2", "M3"} and thrown[2] == "C1"
    assert RULES.hand(state, E) == ("T9",)


def test_leads_a_safe_big_play_rather_than_a_losing_single() -> None:  # §6.3.3
    """T5-T7 cannot be beaten (its only beaters hold T6 or T7) and none of it is Old yet."""
    hands = {S: "T5 T6 T7 C2 C3 M4", E: "C4 C5 C6 C7 S2 T8", W: "M5 M6 M7 M8 S4 T9"}
    played = {S: "C1 C8 C9 S1 S3 S5", E: "S6 S7 S8 S9 M1 M2", W: "M3 M9 T1 T2 T3 T4"}
    obs = to_act(table(hands, played, caller=S, leader=S, fu=(2, 2, 2)))
    assert "T5 T6 T7" in obs.legal_actions and obs.old_cards == ()
    assert pick(obs) == "T5 T6 T7"


# --------------------------------------------------------------------------------------------
# Strength: a small headless benchmark (seeded and deterministic, not timed)


def test_easy_beats_uniform_random() -> None:
    easy_total = 0
    random_totals = 0
    for seed in range(45):
        me = seed % 3
        state = RULES.new_match(seed, {"deals": 4})
        rng = random.Random(seed)
        while not RULES.is_over(state):
            obs = to_act(state)
            action = choose(RULES, obs, "easy", rng) if obs.seat == me else rng.choice(obs.legal_actions)
            state = RULES.apply(state, action)
        easy_total += state.scores[me]
        random_totals += sum(state.scores) - state.scores[me]
    deals = 45 * 4
    # Zero-sum: what the easy player wins, the random players lose. Measured: about +1.9 a deal.
    assert easy_total == -random_totals
    assert easy_total / deals > 0.8, easy_total
