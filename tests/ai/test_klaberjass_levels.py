"""The searching Klaberjass players (normal, hard), the baselines and the arena.

Fast by design: the searches run with small budgets through ``choose_strong`` (the very code path
of the levels, only with fewer worlds), and nothing here measures the clock.
"""

from __future__ import annotations

import io
import itertools
import random
from dataclasses import replace

import pytest

from game.ai import choose_action
from game.ai import klaberjass as kjai
from game.ai.baselines import RULE_PLAYERS, choose_baseline, klaberjass_rule
from game.ai.klaberjass_search import (
    BID_COEF,
    BID_FEATURES,
    Budget,
    Solver,
    Tables,
    bid_value,
    legal_mask,
    mask_of,
    search_play,
    settle_utility,
    tables,
)
from game.rules import klaberjass as kj
from game.rules.klaberjass import CARD_ID, CARDS, RULES, card_points, legal_plays, trick_winner
from game.tools import arena
from tests.ai.positions import klaberjass_new as new
from tests.ai.positions import klaberjass_options as random_options
from tests.ai.positions import klaberjass_play as play

SMALL = replace(kjai.LEVEL_SETTINGS["hard"], budget=Budget(worlds=6, min_worlds=2, nodes=600, cap=4_000))
TINY = replace(kjai.LEVEL_SETTINGS["normal"], budget=Budget(worlds=3, min_worlds=1, nodes=200, cap=1_500))
RANKS = "789TJQKA"
SUITS = "SHDC"


def strong(state: kj.State, level: kjai.Level = SMALL, seed: int = 0) -> str:
    seat = RULES.current_player(state)
    assert seat is not None
    return kjai.choose_strong(RULES, RULES.observation(state, seat), random.Random(seed), level)


# ---------------------------------------------------------------------------------------
# The solver's tables agree with the engine; the solver agrees with plain minimax
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["S", "H", "D", "C", "NT", "AT"])
@pytest.mark.parametrize("cross", [True, False])
def test_tables_match_the_engine(contract: str, cross: bool) -> None:
    if contract != "AT" and not cross:
        return
    options = {"all_trump_cross_suit": cross}
    t = tables(kj.CONTRACTS.index(contract), cross)
    rng = random.Random(len(contract) + cross)
    for led in CARDS:
        assert t.points[CARD_ID[led]] == card_points(led, contract)
        for fol in CARDS:
            if fol != led:
                assert (t.beats[CARD_ID[led]] >> CARD_ID[fol] & 1) == trick_winner(led, fol, contract, options)
    for _ in range(300):
        hand = rng.sample(CARDS, rng.randint(1, 9))
        led = rng.choice([c for c in CARDS if c not in hand])
        mine = legal_mask(mask_of(hand), CARD_ID[led], t.variant)
        assert {CARDS[c] for c in range(32) if mine >> c & 1} == legal_plays(hand, led, contract, options)


def _minimax(t: Tables, hl: int, hf: int) -> int:
    """Plain minimax: the leader's points minus the follower's over the remaining tricks."""
    points, beats, v = t.points, t.beats, t.variant
    if not hl:
        return 0
    best = None
    for lead in range(32):
        if not hl >> lead & 1:
            continue
        worst = None
        for f in range(32):
            if not legal_mask(hf, lead, v) >> f & 1:
                continue
            hl2, hf2 = hl & ~(1 << lead), hf & ~(1 << f)
            pts = points[lead] + points[f] + (10 if not hl2 else 0)
            val = -pts - _minimax(t, hf2, hl2) if beats[lead] >> f & 1 else pts + _minimax(t, hl2, hf2)
            worst = val if worst is None else min(worst, val)
        assert worst is not None
        best = worst if best is None else max(best, worst)
    assert best is not None
    return best


def test_alpha_beta_equals_plain_minimax() -> None:
    rng = random.Random(11)
    for i in range(120):
        code = i % 6
        cross = i % 12 < 6
        t = tables(code, cross)
        n = rng.randint(1, 4)
        cards = rng.sample(range(32), 2 * n)
        hl = sum(1 << c for c in cards[:n])
        hf = sum(1 << c for c in cards[n:])
        solver = Solver(t)
        assert solver.value(hl, hf) == _minimax(t, hl, hf)
        # Every root move's value, leading and following, as well.
        for c, val in solver.lead_values(hl, hf).items():
            worst = min(
                (
                    (-1 if t.beats[c] >> f & 1 else 1) * (t.points[c] + t.points[f] + (10 if n == 1 else 0))
                    + (
                        -_minimax(t, hf & ~(1 << f), hl & ~(1 << c))
                        if t.beats[c] >> f & 1
                        else _minimax(t, hl & ~(1 << c), hf & ~(1 << f))
                    )
                )
                for f in range(32)
                if legal_mask(hf, c, t.variant) >> f & 1
            )
            assert val == worst


def test_settlement_transform() -> None:
    scores, gp = (0, 0), 500
    assert settle_utility(90, 60, True, scores, gp) == 30  # made
    assert settle_utility(70, 70, True, scores, gp) == -70  # tie: the maker scores nothing
    assert settle_utility(60, 90, True, scores, gp) == -150  # bete: the opponent takes both
    assert settle_utility(90, 60, False, scores, gp) == 150  # I defend: the maker is bete
    assert settle_utility(60, 90, False, scores, gp) == -30
    assert settle_utility(70, 70, False, scores, gp) == 70
    assert settle_utility(90, 60, True, (450, 100), gp) > 1000  # the deal wins the match


# ---------------------------------------------------------------------------------------
# Never illegal, in every phase, at every level; blind to hidden cards
# ---------------------------------------------------------------------------------------


def test_never_illegal_in_any_phase_at_any_level() -> None:
    rng = random.Random(5)
    phases: set[str] = set()
    decisions = 0
    players = ("easy", "normal", "hard", "random", "rule")
    for seed in range(36):
        state = RULES.new_match(seed, random_options(rng))
        steps = 0
        while not RULES.is_over(state) and steps < 160:
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            who = players[(seed + seat) % len(players)]
            r = random.Random(decisions)
            if who == "normal":
                action = kjai.choose_strong(RULES, o, r, TINY)
            elif who == "hard":
                action = kjai.choose_strong(RULES, o, r, SMALL)
            elif who == "easy":
                action = choose_action(RULES, o, "easy", r)
            else:
                action = choose_baseline(who, RULES, o, r)
            assert action in o.legal_actions, (who, o.phase, action)
            phases.add(o.phase)
            decisions += 1
            steps += 1
            state = RULES.apply(state, action if rng.random() < 0.8 else rng.choice(o.legal_actions))
    assert phases >= {"bid", "schmeiss", "dix", "declare", "play", "replay"}
    assert decisions > 1500


def test_real_levels_choose_legal_actions() -> None:
    """The shipped budgets, on a few whole deals (the code path the game uses)."""
    for seed in range(2):
        state = RULES.new_match(seed, {"first_dealer": seed})
        while RULES.observation(state, 0).last_deal is None:
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            action = choose_action(RULES, o, ("normal", "hard")[seat], random.Random(seed))
            assert action in o.legal_actions
            state = RULES.apply(state, action)


def test_choice_is_the_same_whatever_the_hidden_cards() -> None:
    """States that differ only in cards hidden from the AI give the same choice under a fixed rng,
    and every world determinize draws agrees with the public record."""
    rng = random.Random(8)
    checked = 0
    for seed in range(14):
        state = RULES.new_match(seed, {"game_point": 150, "tout_atout": seed % 3 == 0})
        while not RULES.is_over(state) and checked < 40 * (seed + 1):
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            level = SMALL if seed % 2 else TINY
            if len(o.legal_actions) > 1 and rng.random() < 0.35:
                expected = kjai.choose_strong(RULES, o, random.Random(seed), level)
                for world_seed in range(2):
                    world = RULES.determinize(o, random.Random(world_seed))
                    seen = RULES.observation(world, seat)
                    assert seen == o
                    _check_world_is_consistent(o, world)
                    assert kjai.choose_strong(RULES, seen, random.Random(seed), level) == expected
                    checked += 1
            state = RULES.apply(state, kjai.choose_strong(RULES, o, rng, TINY))
    assert checked >= 150


def _check_world_is_consistent(o: kj.KlaberjassObservation, world: kj.State) -> None:
    """The opponent's hand in a world respects voids, must-beat, shown melds and the dix."""
    opp = 1 - o.seat
    hand = set(RULES.hand(world, opp))
    assert tuple(sorted(RULES.hand(world, o.seat))) == tuple(sorted(o.hand))
    public = {c for trick in o.tricks for _, c in trick} | {c for _, c in o.trick}
    public |= {c for c in (o.bottom_card, o.turn_up) if c}
    assert not hand & public
    contract = o.contract or ""
    for trick in o.tricks:
        (_, led), (fseat, fol) = trick
        if fseat == opp and fol[1] != led[1]:
            assert not any(c[1] == led[1] for c in hand), "a void the world ignores"
            if len(contract) == 1 and fol[1] != contract:
                assert not any(c[1] == contract for c in hand), "a trump void the world ignores"
    shown = set(o.shown_melds[opp])
    played_by_opp = {c for trick in o.tricks for s, c in trick if s == opp} | {c for s, c in o.trick if s == opp}
    assert shown - played_by_opp <= hand
    if o.dix_by == opp and o.original_turn_up and o.original_turn_up not in played_by_opp:
        assert o.original_turn_up in hand


def test_single_legal_action_returns_at_once() -> None:
    state = play(new("JH 9H AH AS TS KS AD TD AC", "KH QH 7C 8C 9C 7D 8S 9S 8D"), "take")
    o = RULES.observation(state, 0)
    assert o.legal_actions == ("declare none",)
    rng = random.Random(1)
    before = rng.getstate()
    assert choose_action(RULES, o, "hard", rng) == "declare none"
    assert rng.getstate() == before


def test_same_rng_same_choice() -> None:
    state = play(new("JH 9H AH AS TS KS AD TD AC", "KH QH 7C 8C 9C 7D 8S 9S 8D"), "take", "declare none")
    state = play(state, "declare 7C 8C 9C")
    o = RULES.observation(state, 0)
    first = kjai.choose_strong(RULES, o, random.Random(4), SMALL)
    assert all(kjai.choose_strong(RULES, o, random.Random(4), SMALL) == first for _ in range(3))


# ---------------------------------------------------------------------------------------
# Key decisions named in the rules file (§5.1, §5.2)
# ---------------------------------------------------------------------------------------

ELDER = "JH 9H AH AS TS KS AD TD AC"
DEALER = "KH QH 7C 8C 9C 7D 8S 9S 8D"


def bella_late(bids: tuple[str, ...]) -> kj.State:
    """The dealer must play KH, the second of his pair, after elder has won 67 points."""
    state = play(new(ELDER, DEALER), *bids, "declare none", "declare 7C 8C 9C")
    return play(state, "AS", "8S", "TS", "9S", "AD", "7D", "TD", "8D", "AC", "7C", "AH", "QH", "9H")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_maker_stays_silent_on_bella_when_bete_anyway(level: str) -> None:
    state = bella_late(("pass", "take"))  # the dealer is maker, and bete whatever he does
    assert RULES.legal_actions(state) == ("KH", "KH bella")
    assert choose_action(RULES, RULES.observation(state, 1), level, random.Random(0)) == "KH"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_defender_always_announces_bella(level: str) -> None:
    state = bella_late(("take",))
    assert RULES.legal_actions(state) == ("KH", "KH bella")
    assert choose_action(RULES, RULES.observation(state, 1), level, random.Random(0)) == "KH bella"


def test_maker_announces_bella_when_it_helps() -> None:
    # Elder takes hearts with J 9 K Q of trumps and two aces: made, so the bella only adds 20.
    state = play(new("JH 9H KH QH AS TS AD TD AC", "8H 7S 7C 8C 9C 7D 8S 9S 8D"), "take")
    state = play(state, RULES.legal_actions(state)[0])
    state = play(state, RULES.legal_actions(state)[0], "KH", "8H")
    assert {"QH", "QH bella"} <= set(RULES.legal_actions(state))
    o = RULES.observation(state, 0)
    _, values, _ = search_play(RULES, o, random.Random(0), SMALL.budget)
    assert values["QH bella"] == pytest.approx(values["QH"] + 20)
    # And in the bete-anyway deal of the test above, the dealer as maker gains nothing by it.
    late = bella_late(("pass", "take"))
    _, values, _ = search_play(RULES, RULES.observation(late, 1), random.Random(0), SMALL.budget)
    assert values["KH"] > values["KH bella"]


# The maker (seat 1, spades trump) has four tricks left; only the Menel lead makes the contract:
# the opponent must answer it with his ten of trumps (rules §1.8), and every other lead is bete.
FORCED_WIN_ACTIONS = (
    *("pass", "pass", "pass", "name S", "declare none", "declare none"),
    *("AH", "7H", "AD", "9D", "7D", "8S", "JS", "7S", "TC", "7C"),
)


def _forced_win(open_hands: bool) -> kj.State:
    state = RULES.new_match(240, {"open_hands": open_hands, "first_dealer": 1})
    return play(state, *FORCED_WIN_ACTIONS)


def test_exact_endgame_finds_the_forced_win() -> None:
    state = _forced_win(open_hands=True)
    o = RULES.observation(state, 1)
    assert o.maker == 1 and o.contract == "S" and len(o.tricks) == 5
    assert o.hand == ("9S", "QH", "8C", "JC")
    # The solver on the real hands: 9S makes it, every other lead is bete.
    best, values, _ = search_play(RULES, o, random.Random(0), Budget(1, 1, 10**9, 10**9))
    assert best == "9S"
    assert values["9S"] > 0 > max(v for a, v in values.items() if a != "9S")
    # The manual's heuristics miss it; the searching levels do not.
    assert choose_action(RULES, o, "easy", random.Random(0)) != "9S"
    for level in ("normal", "hard"):
        assert choose_action(RULES, o, level, random.Random(0)) == "9S"


def test_open_hands_uses_full_knowledge() -> None:
    """With open hands the choice is the exact solve of the real hands, whatever the rng."""
    state = _forced_win(open_hands=True)
    o = RULES.observation(state, 1)
    assert o.opponent_hand == ("TS", "KH", "QD", "QC")
    picks = {choose_action(RULES, o, "normal", random.Random(s)) for s in range(5)}
    assert picks == {"9S"}
    # Every open-hands play decision of a deal is one world, the real one.
    state = RULES.new_match(9, {"open_hands": True})
    while RULES.observation(state, 0).last_deal is None:
        seat = RULES.current_player(state)
        assert seat is not None
        o = RULES.observation(state, seat)
        if o.phase == "play" and len(o.legal_actions) > 1 and len(o.tricks) >= 4:
            _, _, used = search_play(RULES, o, random.Random(1), SMALL.budget)
            assert used == 1
        state = RULES.apply(state, kjai.choose_strong(RULES, o, random.Random(2), TINY))


def test_bidding_model_ranks_hands_sensibly() -> None:
    assert len(BID_COEF) == len(BID_FEATURES)
    strong_hand = mask_of(["JH", "9H", "AH", "AS", "TS", "AD"])
    weak_hand = mask_of(["7H", "8S", "9S", "7D", "8D", "QC"])
    assert bid_value(strong_hand, 1, True, CARD_ID["8H"], True) > 40
    assert bid_value(weak_hand, 1, True, CARD_ID["8H"], True) < -40
    # The Jass is worth more than the Menel, the Menel more than a plain ace.
    base = ["8H", "7S", "8D", "7C", "QC"]
    jass, menel = mask_of([*base, "JH"]), mask_of([*base, "9H"])
    ace = mask_of([*base, "AS"])
    values = [bid_value(h, 1, True, -1, False) for h in (jass, menel, ace)]
    assert values == sorted(values, reverse=True)


def test_takes_a_strong_hand_and_passes_a_weak_one() -> None:
    strong_state = new("JH 9H AH AS TS AD 7C 8C 9D", "KS QS 7S 8S 8D 7D KC QC TH", turn_up="8H")
    assert strong(strong_state) == "take"
    weak = new("7H 8S 9S 7D 8D QC TH KD 8C", "JH 9H AH AS TS AD KC QD 9C", turn_up="QH")
    assert strong(weak) == "pass"


def test_round_two_names_the_suit_of_a_strong_jack() -> None:
    state = play(new("JS 9S AS 7D 8D AC QD TD 9C", "8H 9H JH 8S KD 8C TH KC KS", turn_up="7H"), "pass", "pass")
    assert strong(state) == "name S"


def test_dix_taken_for_a_high_turn_up_and_kept_when_it_breaks_a_meld() -> None:
    state = play(new("AS TS KS AD TD AC 9H QC KD", "7H 8S 9S 7D 8D 7C KH AH 9C", turn_up="JH"), "take")
    assert RULES.current_player(state) == 1
    assert strong(state) == "exchange"
    state = play(new("AS TS KS AD TD AC QH QC KD", "7H 8H 9H 7D 8D 7C 8S AH 9C", turn_up="KH"), "take")
    assert strong(state) == "keep"  # 7-8-9 of hearts (20) would be lost for the king


def test_sinks_the_menel_run_when_the_taker_likely_holds_the_jass() -> None:
    # The dealer took hearts, so he very likely holds the Jass; elder holds 8-9-T of hearts: showing
    # the run would tell the Jass where the Menel is (the manual's T-9-8 note, §5.2 item 4).
    deal = ("8H 9H TH AS KD AD QC AC KS", "JH 7S 8S 7D 8D 9C AH 7C QH")
    state = play(new(*deal, turn_up="KH"), "pass", "take")
    assert RULES.legal_actions(state) == ("declare 8H 9H TH", "declare none")
    assert strong(state) == "declare none"  # hard weighs the worlds by the bids
    assert strong(state, TINY) == "declare 8H 9H TH"  # normal does not read the bids: the run earns more
    # The Jass is the turn-up, so nobody can hold it: declare.
    state = play(new("8H 9H TH AS KD AD QC AC KS", "7S 8S 7D 8D 9C 7C QH AH KH", turn_up="JH"), "pass", "take")
    assert strong(state) == "declare 8H 9H TH"


def test_leads_the_menel_against_a_known_ten() -> None:
    """Hidden hands too: the same endgame as the forced win, seen without open hands."""
    state = _forced_win(open_hands=False)
    o = RULES.observation(state, 1)
    picks = [choose_action(RULES, o, "hard", random.Random(s)) for s in range(2)]
    assert picks == ["9S", "9S"]


# ---------------------------------------------------------------------------------------
# Baselines
# ---------------------------------------------------------------------------------------


def test_rule_bot_is_deterministic_and_registered() -> None:
    assert RULE_PLAYERS["klaberjass"] is klaberjass_rule
    state = new(ELDER, DEALER)
    o = RULES.observation(state, 0)
    assert choose_baseline("rule", RULES, o, random.Random(1)) == "take"  # the Jass and two more trumps
    assert {choose_baseline("rule", RULES, o, random.Random(s)) for s in range(5)} == {"take"}
    picks = {choose_baseline("random", RULES, o, random.Random(s)) for s in range(40)}
    assert picks == set(o.legal_actions)
    with pytest.raises(ValueError, match="baseline"):
        choose_baseline("perfect", RULES, o, random.Random(0))


# ---------------------------------------------------------------------------------------
# The arena
# ---------------------------------------------------------------------------------------


def test_arena_plays_a_tiny_duplicate_match_and_prints_the_figures() -> None:
    out = io.StringIO()
    summary = arena.run("klaberjass", "easy", "random", 2, seed=4, options={"game_point": 150}, jobs=1, out=out)
    text = out.getvalue()
    assert "games 2 (1 seeds x 2 rotations, duplicate deals)" in text
    assert "matches: A won" in text and "deals: A won" in text and "points margin per deal" in text
    assert "95% CI" in text
    assert summary.games == 2 and summary.deals > 0
    records = arena.run_task(arena.Task("klaberjass", (("game_point", 150),), 4, "rule", "rule", True))
    assert [r.rotation for r in records] == [0, 1]
    # Same seeds, same figures.
    again = io.StringIO()
    arena.run("klaberjass", "easy", "random", 2, seed=4, options={"game_point": 150}, jobs=1, out=again)
    assert again.getvalue().splitlines()[:5] == text.splitlines()[:5]


def test_arena_duplicate_deals_swap_the_hands() -> None:
    a = arena.play_game("klaberjass", {}, 7, 0, "rule", "rule", deals_only=True)
    b = arena.play_game("klaberjass", {}, 7, 1, "rule", "rule", deals_only=True)
    # The rule bot against itself: swapping the seats swaps the result exactly.
    assert [(n, 1 - s, -m) for n, s, m in a.deals] == b.deals


@pytest.mark.parametrize("game", ["jubmoo", "mus", "lukfu"])
def test_arena_runs_every_game(game: str) -> None:
    out = io.StringIO()
    summary = arena.run(game, "easy", "random", arena.rotations(game), seed=1, deals_only=True, jobs=1, out=out)
    assert summary.games == arena.rotations(game)
    assert f"{game}: A = easy against B = random" in out.getvalue()


def test_arena_sprt_and_latency() -> None:
    sprt = arena.SPRT(0.5, 0.55)
    verdicts = [sprt.add(x) for x in itertools.repeat(1.0, 19)] + [sprt.add(0.9)]
    assert verdicts[-1] == "H1"
    sprt = arena.SPRT(0.5, 0.55)
    assert [sprt.add(x) for x in [0.0, 0.1] * 20][-1] == "H0"
    out = io.StringIO()
    times = arena.latency("klaberjass", {}, ["easy"], 30, seed=0, out=out)
    assert len(times["easy"]) >= 30
    assert "p95" in out.getvalue() and "forced" in out.getvalue()


def test_arena_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    arena.main(["--a", "rule", "--b", "random", "--matches", "2", "--seed", "3", "--deals-only", "--jobs", "1"])
    printed = capsys.readouterr().out
    assert "klaberjass: A = rule against B = random" in printed
    assert "deals: A won" in printed
