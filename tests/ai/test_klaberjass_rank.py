"""Klaberjass ``rank``: the values behind the hint key and the deal review.

For a position of every kind of decision (bids of both rounds, Sans Tout and Tout Atout, the
overcall, a forced naming, schmeiss answers, the dix, declarations, card play and bella):
every legal action is ranked once, the first is what ``choose`` plays with the same rng and is
the best valued, the values mean what docs/ai-klaberjass.md says, ``worlds`` says how many
sampled deals stand behind each number, and worlds the seat cannot tell apart get the same
ranking.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai import choose_action, rank_actions
from game.ai import klaberjass as kjai
from game.ai.analysis import EXACT, FORCED, MODEL, PREFERENCE, RULE, SAMPLED, Ranking
from game.ai.klaberjass_search import (
    AT_COEF,
    AT_FEATURES,
    MATCH_BONUS,
    NT_COEF,
    NT_FEATURES,
    Budget,
    bid_value,
    contract_value,
    mask_of,
    search_play,
)
from game.rules import klaberjass as kj
from game.rules.klaberjass import AT, CARD_ID, NT, RULES
from tests.ai.positions import klaberjass_new as new
from tests.ai.positions import klaberjass_play as play

LEVELS = ("normal", "hard")
TAKE = {level: kjai.LEVEL_SETTINGS[level].take for level in LEVELS}


def obs_of(state: kj.State) -> kj.KlaberjassObservation:
    seat = RULES.current_player(state)
    assert seat is not None
    return RULES.observation(state, seat)


def ranked(o: kj.KlaberjassObservation, level: str, seed: int = 0) -> Ranking:
    """The ranking, checked against the promises every decision keeps: each legal action once,
    the level's own choice first and best valued, finite values, the same ranking again."""
    ranking = rank_actions(RULES, o, level, random.Random(seed))
    assert sorted(ranking.actions) == sorted(o.legal_actions)
    assert ranking.best.action == choose_action(RULES, o, level, random.Random(seed))
    assert ranking.best.action == kjai.choose(RULES, o, level, random.Random(seed))
    points = [e.points for e in ranking.estimates]
    assert all(p is not None for p in points)
    assert ranking.best.points is not None
    assert ranking.best.points >= max(p for p in points if p is not None) - 1e-6
    assert rank_actions(RULES, o, level, random.Random(seed)) == ranking
    return ranking


def points(ranking: Ranking, action: str) -> float:
    value = ranking.estimate(action).points
    assert value is not None
    return value


def blind(o: kj.KlaberjassObservation, level: str, seed: int = 0) -> None:
    """No cheating: every world the seat cannot tell from this one gets the same ranking."""
    expected = rank_actions(RULES, o, level, random.Random(seed))
    for k in range(3):
        world = RULES.determinize(o, random.Random(500 + k))
        seen = RULES.observation(world, o.seat)
        assert seen == o
        assert rank_actions(RULES, seen, level, random.Random(seed)) == expected


# ---------------------------------------------------------------------------------------
# Bids: the bidding model, the level's bar as the value of passing
# ---------------------------------------------------------------------------------------

STRONG = ("JH 9H AH AS TS AD 7C 8C 9D", "KS QS 7S 8S 8D 7D KC QC TH")
WEAK = ("7H 8S 9S 7D 8D QC TH KD 8C", "JH 9H AH AS TS AD KC QD 9C")


@pytest.mark.parametrize("level", LEVELS)
def test_round_one_take_is_the_models_margin_and_pass_the_bar(level: str) -> None:
    o = obs_of(new(*STRONG, turn_up="8H"))
    r = ranked(o, level)
    assert r.basis == MODEL and all(e.worlds == 0 for e in r.estimates)
    assert r.best.action == "take"
    v = bid_value(mask_of(o.hand), 1, True, CARD_ID["8H"], True)
    assert points(r, "take") == pytest.approx(v) and v > 40
    assert points(r, "pass") >= TAKE[level]
    assert points(r, "schmeiss") == 0.0  # he would throw a strong hand's schmeiss in
    weak = ranked(obs_of(new(*WEAK, turn_up="QH")), level)
    assert weak.best.action == "pass"
    assert points(weak, "pass") == TAKE[level]  # a weak hand has no round-2 prospect either
    assert points(weak, "take") < TAKE[level] - 30
    assert points(weak, "schmeiss") == points(weak, "take")  # he would make a weak schmeisser play
    blind(o, level)


@pytest.mark.parametrize("level", LEVELS)
def test_round_one_pass_for_a_better_suit_in_round_two(level: str) -> None:
    # Hearts are offered, but the hand is made for spades: passing keeps the chance to name them.
    state = new("JS 9S AS TS 7H AD 8C 9D 7C", "KH QH 8S 7S 8D 7D KC QC TH", turn_up="8H")
    o = obs_of(state)
    r = ranked(o, level)
    assert r.best.action == "pass"
    assert points(r, "pass") > points(r, "take") > TAKE[level]


@pytest.mark.parametrize("level", LEVELS)
def test_round_two_names_by_the_model(level: str) -> None:
    state = play(new("JS 9S AS 7D 8D AC QD TD 9C", "8H 9H JH 8S KD 8C TH KC KS", turn_up="7H"), "pass", "pass")
    o = obs_of(state)
    r = ranked(o, level)
    assert r.actions[0] == "name S" and set(r.actions) == {"name S", "name D", "name C", "pass", "schmeiss"}
    hand = mask_of(o.hand)
    for suit in (0, 2, 3):
        assert points(r, f"name {'SHDC'[suit]}") == pytest.approx(bid_value(hand, suit, True, CARD_ID["7H"], False))
    assert points(r, "pass") == TAKE[level]
    # The bar is no estimate of the deal, and the note says so first ("pass (-12 points)" read
    # as a loss of 12: a tester).
    assert r.note.startswith(f"pass: {level.title()}'s bar ({TAKE[level]:+g});") and r.note_first
    assert points(r, "schmeiss") == min(0.0, points(r, "name S"))
    blind(o, level)


@pytest.mark.parametrize("level", LEVELS)
def test_the_dealers_round_two_pass_annuls_the_deal_and_is_worth_0(level: str) -> None:
    """Found by a tester: the hint priced that pass at the bar (-12), which reads as a loss,
    though an annulled deal scores nothing. Every value moves by the bar: the choice stays."""
    state = play(new("JS 9S AS 7D 8D AC QD TD 9C", "8H 9H JH 8S KD 8C TH KC KS", turn_up="7H"),
                 "pass", "pass", "pass")
    o = obs_of(state)
    assert o.seat == o.dealer and o.bid_round == 2 and "pass" in o.legal_actions
    r = ranked(o, level)
    assert points(r, "pass") == 0.0 and r.note_first
    assert r.note.startswith(f"bids from {level.title()}'s bar ({TAKE[level]:+g}); a pass annuls the deal: 0;")
    hand = mask_of(o.hand)
    for action in r.actions:
        if action.startswith("name "):
            suit = "SHDC".index(action[-1])
            model = bid_value(hand, suit, False, CARD_ID["7H"], False)
            assert points(r, action) == pytest.approx(model - TAKE[level]), "the margin over the bar"
    blind(o, level)


@pytest.mark.parametrize("level", LEVELS)
def test_the_dealers_round_two_schmeiss_is_never_worth_more_than_the_pass(level: str) -> None:
    """Thrown in, a schmeiss scores nothing, as the dealer's pass does (a tester saw "schmeiss
    +12; pass +0"); made to play, it is worth the best bid."""
    for dealer_hand, elder_hand in (("JS 9S AS 7D 8D AC QD TD 9C", "8H 9H JH 8S KD 8C TH KC KS"),
                                    ("8H 9H JH 8S KD 8C TH KC KS", "JS 9S AS 7D 8D AC QD TD 9C")):
        o = obs_of(play(new(elder_hand, dealer_hand, turn_up="7H"), "pass", "pass", "pass"))
        assert o.seat == o.dealer and o.bid_round == 2
        r = ranked(o, level)
        best_bid = max(points(r, a) for a in r.actions if a not in ("pass", "schmeiss"))
        assert points(r, "schmeiss") == min(0.0, best_bid) <= points(r, "pass") == 0.0


# Elder's six cards: three aces, two of them with their tens; nothing to make trump.
NO_TRUMP = ("AS TS AD TD AC KC 7H 8H 7D", "JS 9S JH 9H JD 9D 8S QC 8C")


@pytest.mark.parametrize("level", LEVELS)
def test_sans_tout_by_the_no_trump_model(level: str) -> None:
    state = play(new(*NO_TRUMP, turn_up="QH", tout_atout=True), "pass", "pass")
    o = obs_of(state)
    assert "sans-tout" in o.legal_actions and "tout-atout" not in o.legal_actions
    r = ranked(o, level)
    assert r.best.action == "sans-tout"
    assert points(r, "sans-tout") == pytest.approx(contract_value(mask_of(o.hand), NT, True))
    assert points(r, "sans-tout") > max(points(r, a) for a in o.legal_actions if a.startswith("name ")) + 20
    # Without runs scoring in Sans Tout the same hand is worth its cards only (it has no run here).
    melds_off = obs_of(play(new(*NO_TRUMP, turn_up="QH", tout_atout=True, nt_melds=False), "pass", "pass"))
    assert points(ranked(melds_off, level), "sans-tout") == pytest.approx(points(r, "sans-tout"))
    blind(o, level)


@pytest.mark.parametrize("level", LEVELS)
def test_the_overcall_weighs_tout_atout_against_his_sans_tout(level: str) -> None:
    state = play(new(*NO_TRUMP, turn_up="QH", tout_atout=True), "pass", "pass", "sans-tout")
    o = obs_of(state)
    assert o.legal_actions == ("tout-atout", "pass")
    r = ranked(o, level)
    # The dealer holds three jacks and three nines: all trumps is his contract.
    assert r.best.action == "tout-atout"
    assert points(r, "tout-atout") == pytest.approx(contract_value(mask_of(o.hand), AT, False))
    assert r.estimate("pass").worlds == kjai.OVERCALL_WORLDS and r.estimate("tout-atout").worlds == 0
    assert points(r, "tout-atout") > points(r, "pass") + 50
    # A weak hand lets the Sans Tout stand.
    weak = obs_of(play(new(NO_TRUMP[0], "7S 8S 7C 8C 9C QD KD 9H JH", turn_up="QH", tout_atout=True),
                       "pass", "pass", "sans-tout"))
    wr = ranked(weak, level)
    assert wr.best.action == "pass" and points(wr, "tout-atout") < points(wr, "pass")
    blind(o, level)


@pytest.mark.parametrize("level", LEVELS)
def test_direct_tout_atout_by_the_all_trump_model(level: str) -> None:
    state = play(new("JS 9S JH 9H JD 8C 7D 8D 7C", "AS TS AD TD AC KC 7H 8H 8S", turn_up="QH",
                     tout_atout=True, tout_atout_direct=True), "pass", "pass")
    o = obs_of(state)
    r = ranked(o, level)
    assert r.best.action == "tout-atout"
    assert points(r, "tout-atout") > points(r, "sans-tout")
    assert points(r, "schmeiss") == min(0.0, points(r, "tout-atout"))


@pytest.mark.parametrize("level", LEVELS)
def test_a_forced_naming_has_no_pass(level: str) -> None:
    # Elder schmeisses in round 2 and the dealer makes him play: he must name a suit.
    state = play(new("JS 9S AS 7D 8D AC QD TD 9C", "8H 9H JH 8S KD 8C TH KC KS", turn_up="7H"),
                 "pass", "pass", "schmeiss", "make-play")
    o = obs_of(state)
    assert o.legal_actions == ("name S", "name D", "name C")
    r = ranked(o, level)
    assert r.best.action == "name S"
    blind(o, level)


def test_the_no_trump_and_all_trump_models_rank_hands_sensibly() -> None:
    assert len(NT_COEF) == len(NT_FEATURES) and len(AT_COEF) == len(AT_FEATURES)
    aces = mask_of(["AS", "TS", "AD", "TD", "AC", "KC"])
    rags = mask_of(["7S", "8S", "7D", "8D", "9C", "QH"])
    assert contract_value(aces, NT, True) > 20 > -40 > contract_value(rags, NT, True)
    jacks = mask_of(["JS", "9S", "JH", "9H", "JD", "8C"])
    assert contract_value(jacks, AT, True) > 40 > -60 > contract_value(rags, AT, True)


# ---------------------------------------------------------------------------------------
# Schmeiss answers and the dix
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_schmeiss_answers_throw_in_is_worth_nothing(level: str) -> None:
    # Round 1: the dealer holds the hearts the schmeisser would have to play.
    state = play(new("7S 8S 9S 7D 8D QC KD 8C 9D", "JH 9H AH TH AS AD KC QD 9C", turn_up="8H"), "schmeiss")
    o = obs_of(state)
    assert o.legal_actions == ("throw-in", "make-play") and o.bid_round == 1
    r = ranked(o, level)
    assert r.best.action == "make-play" and r.basis == MODEL
    assert points(r, "throw-in") == 0.0
    assert points(r, "make-play") == pytest.approx(
        bid_value(mask_of(o.hand), 1, False, CARD_ID["8H"], True) - kjai.MAKE_PLAY_THRESHOLD[1]
    )
    # A margin over the bar, said first (a tester read "make play -60" as the deal's worth).
    assert r.note_first and r.note.startswith(f"from {level.title()}'s bar (-15);")
    # Round 2, a hand with nothing: throw it in.
    state = play(new("JS 9S AS TS AD AC QD TD 9C", "8H 7H 7S 8S 7D 8C 9H KC QS", turn_up="KH"), "pass", "pass",
                 "schmeiss")
    o2 = obs_of(state)
    assert o2.bid_round == 2
    r2 = ranked(o2, level)
    assert r2.best.action == "throw-in" and points(r2, "make-play") < 0.0
    blind(o, level)


@pytest.mark.parametrize("level", LEVELS)
def test_dix_is_valued_by_the_hand_it_leaves(level: str) -> None:
    state = play(new("AS TS KS AD TD AC 9H QC KD", "7H 8S 9S 7D 8D 7C KH AH 9C", turn_up="JH"), "take")
    o = obs_of(state)
    r = ranked(o, level)
    assert r.best.action == "exchange"
    assert points(r, "exchange") - points(r, "keep") > 40  # the Jass for the 7 of trumps
    kept = obs_of(play(new("AS TS KS AD TD AC QH QC KD", "7H 8H 9H 7D 8D 7C 8S AH 9C", turn_up="KH"), "take"))
    kr = ranked(kept, level)
    assert kr.best.action == "keep"  # 7-8-9 of hearts would be lost for the king
    assert points(kr, "keep") > points(kr, "exchange")
    blind(o, level)


# ---------------------------------------------------------------------------------------
# Declarations: expected meld points, less the cost of showing the Menel
# ---------------------------------------------------------------------------------------

SINK = ("8H 9H TH AS KD AD QC AC KS", "JH 7S 8S 7D 8D 9C AH 7C QH")


@pytest.mark.parametrize("level", LEVELS)
def test_declaring_weighs_the_run_against_showing_the_menel(level: str) -> None:
    o = obs_of(play(new(*SINK, turn_up="KH"), "pass", "take"))
    assert o.legal_actions == ("declare 8H 9H TH", "declare none")
    r = ranked(o, level)
    assert r.basis == SAMPLED and all(e.worlds == kjai.DECLARE_WORLDS for e in r.estimates)
    # Hard reads the take as "he holds the Jass" and sinks; normal does not read bids.
    assert r.best.action == ("declare none" if level == "hard" else "declare 8H 9H TH")
    # With the Jass turned up nobody can hold it: nothing to fear, the run only adds.
    safe = obs_of(play(new("8H 9H TH AS KD AD QC AC KS", "7S 8S 7D 8D 9C 7C QH AH KH", turn_up="JH"),
                       "pass", "take"))
    sr = ranked(safe, level)
    assert sr.best.action == "declare 8H 9H TH"
    assert points(sr, "declare 8H 9H TH") > points(sr, "declare none")
    blind(o, level)


@pytest.mark.parametrize("level", LEVELS)
def test_every_declaration_is_ranked_and_more_runs_never_rank_lower(level: str) -> None:
    # Two runs besides the trumps: four declarations, all of them valued.
    o = obs_of(play(new("7S 8S 9S 7D 8D 9D AC TC KH", "JH 9H AH QS KS QD KD 7C 8C", turn_up="QH"), "pass", "take"))
    assert o.legal_actions == ("declare 7S 8S 9S 7D 8D 9D", "declare 7D 8D 9D", "declare 7S 8S 9S", "declare none")
    r = ranked(o, level)
    assert r.best.action == "declare 7S 8S 9S 7D 8D 9D"
    assert points(r, "declare 7D 8D 9D") >= points(r, "declare none")
    assert points(r, "declare 7S 8S 9S") >= points(r, "declare none")


# ---------------------------------------------------------------------------------------
# Card play and bella: the search's own averages
# ---------------------------------------------------------------------------------------

# The maker (seat 1, spades trump) has four tricks left; only the Menel lead makes the contract.
FORCED_WIN = (
    *("pass", "pass", "pass", "name S", "declare none", "declare none"),
    *("AH", "7H", "AD", "9D", "7D", "8S", "JS", "7S", "TC", "7C"),
)


@pytest.mark.parametrize("level", LEVELS)
def test_open_hands_play_is_exact(level: str) -> None:
    o = obs_of(play(RULES.new_match(240, {"open_hands": True, "first_dealer": 1}), *FORCED_WIN))
    r = ranked(o, level)
    assert r.basis == EXACT and all(e.worlds == 0 for e in r.estimates)
    assert r.best.action == "9S"
    assert points(r, "9S") > 0 > max(points(r, a) for a in o.legal_actions if a != "9S")
    # The exact solve's own numbers (one world, the real one).
    _, values, used = search_play(RULES, o, random.Random(0), kjai.LEVEL_SETTINGS[level].budget)
    assert used == 1 and {e.action: e.points for e in r.estimates} == values


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_hands_play_is_averaged_over_the_worlds(level: str) -> None:
    o = obs_of(play(RULES.new_match(240, {"first_dealer": 1}), *FORCED_WIN))
    r = ranked(o, level, seed=3)
    assert r.basis == SAMPLED
    weight = kjai._bid_weight(o) if kjai.LEVEL_SETTINGS[level].infer else None
    best, values, used = search_play(RULES, o, random.Random(3), kjai.LEVEL_SETTINGS[level].budget, weight)
    assert r.best.action == best
    assert used > 1 and all(e.worlds == used for e in r.estimates)
    assert {e.action: e.points for e in r.estimates} == values
    assert r.note == f"{used} imagined deals"
    blind(o, level, seed=3)


ELDER = "JH 9H AH AS TS KS AD TD AC"
DEALER = "KH QH 7C 8C 9C 7D 8S 9S 8D"


def bella_late(bids: tuple[str, ...]) -> kj.State:
    """The dealer must play KH, the second of his pair, after elder has won 67 points."""
    state = play(new(ELDER, DEALER), *bids, "declare none", "declare 7C 8C 9C")
    return play(state, "AS", "8S", "TS", "9S", "AD", "7D", "TD", "8D", "AC", "7C", "AH", "QH", "9H")


@pytest.mark.parametrize("level", LEVELS)
def test_bella_is_one_more_action_of_the_search(level: str) -> None:
    defender = obs_of(bella_late(("take",)))
    assert defender.legal_actions == ("KH", "KH bella")
    r = ranked(defender, level)
    assert r.best.action == "KH bella"
    assert points(r, "KH bella") >= points(r, "KH") + 20 - 1e-9  # the 20 go to his side, or bete the maker
    maker = obs_of(bella_late(("pass", "take")))  # the dealer is maker, and bete whatever he does
    mr = ranked(maker, level)
    assert mr.best.action == "KH"
    assert points(mr, "KH") - points(mr, "KH bella") == pytest.approx(20)  # a bete maker's 20 go to him
    blind(defender, level)


def test_a_deal_that_wins_the_match_counts_the_match_bonus() -> None:
    """The defender's bella decision of the test above, 40 short of the game point (the
    observation's scores set by hand): only the bella takes him there, so the two plays differ by
    the match (``MATCH_BONUS``) and 20 points, not by 20 points alone."""
    base = obs_of(bella_late(("take",)))
    assert base.seat == 1 and base.scores == (0, 0)
    r = ranked(base, "normal")
    assert points(r, "KH bella") - points(r, "KH") == pytest.approx(20)
    close = ranked(replace(base, scores=(0, 460)), "normal")
    assert points(close, "KH bella") - points(close, "KH") == pytest.approx(MATCH_BONUS + 20)
    # Nearer still, he wins the match either way: the bonus is on both sides and cancels.
    won = ranked(replace(base, scores=(0, 490)), "normal")
    assert points(won, "KH bella") - points(won, "KH") == pytest.approx(20)


def test_a_search_that_solves_no_world_plays_by_the_rules_of_thumb_with_no_values() -> None:
    o = obs_of(play(new(ELDER, DEALER), "take", "declare none", "declare 7C 8C 9C"))
    starved = replace(kjai.LEVEL_SETTINGS["normal"], budget=Budget(worlds=4, min_worlds=1, nodes=10, cap=5))
    r = kjai.rank_strong(RULES, o, random.Random(0), starved)
    assert sorted(r.actions) == sorted(o.legal_actions)
    assert r.basis == RULE and all(e.points is None and e.worlds == 0 for e in r.estimates)
    assert r.best.action == kjai._play(o) == kjai.choose_strong(RULES, o, random.Random(0), starved)
    assert r.cost(r.estimates[-1].action) == 0.0


# ---------------------------------------------------------------------------------------
# Forced choices, the replay choice, easy
# ---------------------------------------------------------------------------------------


def test_forced_replay_and_easy() -> None:
    o = obs_of(play(new(ELDER, DEALER), "take"))
    assert o.legal_actions == ("declare none",)
    assert kjai.rank(RULES, o, "hard", random.Random(0)).basis == FORCED
    state = RULES.new_match(2, {"replay": True, "game_point": 100})
    while RULES.observation(state, 0).phase != "replay":
        state = RULES.apply(state, choose_action(RULES, obs_of(state), "easy", random.Random(0)))
    replay = obs_of(state)
    r = kjai.rank(RULES, replay, "hard", random.Random(0))
    assert r.basis == PREFERENCE and r.best.action == "continue"
    with pytest.raises(ValueError, match="easy"):
        kjai.rank(RULES, obs_of(new(*STRONG)), "easy", random.Random(0))


def test_a_deal_that_may_decide_the_match_says_its_numbers_weigh_the_match() -> None:
    """Found by a tester: near the game point a Bella "cost 363 points" with no word why: the
    search counts 1,000 for winning the match, and the note now says so."""
    import random as _random

    from game.ai import rank_actions
    from game.ai.klaberjass import MATCH_NOTE
    from game.rules import get_rules

    rules = get_rules("klaberjass")
    # From 0, with no runs in this deal, it adds at most 176 (cards 156, a bella 20).
    for game_point, said in ((170, True), (250, False), (1000, False)):
        state = rules.new_match(3, {"game_point": game_point})
        rng = _random.Random(3)
        while rules.observation(state, rules.current_player(state)).phase != "play":
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        while len(rules.legal_actions(state)) < 2:
            state = rules.apply(state, rules.legal_actions(state)[0])
        obs = rules.observation(state, rules.current_player(state))
        ranking = rank_actions(rules, obs, "hard", _random.Random(1))
        assert (MATCH_NOTE in ranking.note) == said, ranking.note


def test_only_the_card_play_says_its_numbers_weigh_the_match() -> None:
    """Found by a tester: a declaration's hint read "+36 ... [winning the match counts 1,000]" at
    0-0 of 300; its numbers are meld margins, and the bids' come from the bidding model: neither
    counts the match, so neither says it does, however near the game point."""
    from game.ai import rank_actions
    from game.ai.klaberjass import MATCH_NOTE

    rules, seen = RULES, set()
    for seed in range(60):
        state = rules.new_match(seed, {"game_point": 100})
        rng = random.Random(seed)
        while not rules.is_over(state) and len(seen) < 3:
            obs = rules.observation(state, rules.current_player(state))
            if obs.phase in ("bid", "declare", "dix") and len(obs.legal_actions) > 1 and obs.phase not in seen:
                ranking = rank_actions(rules, obs, "hard", random.Random(1))
                assert MATCH_NOTE not in ranking.note, (obs.phase, ranking.note)
                seen.add(obs.phase)
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        if len(seen) == 3:
            break
    assert seen == {"bid", "declare", "dix"}


def test_a_maker_who_lost_the_top_meld_reaches_less_than_the_deal() -> None:
    """Found by a tester: "[winning the match counts 1,000]" at 0 and 114 of 300, the computer
    maker having lost the top meld to his 50: it could add at most its cards and bella (to
    296), he at most everything if it went bete (to 276 before his runs are shown)."""
    import dataclasses

    from game.ai.klaberjass import match_in_reach

    state = RULES.new_match(3, {"game_point": 300})
    rng = random.Random(3)
    while RULES.observation(state, RULES.current_player(state)).phase != "play":
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    obs = RULES.observation(state, RULES.current_player(state))
    maker = obs.maker
    assert maker is not None and not obs.tricks and obs.contract not in ("NT", "AT")
    scores = [0, 0]
    scores[maker] = 114
    lost = dataclasses.replace(obs, scores=tuple(scores), top_meld=1 - maker, meld_value=50)
    assert not match_in_reach(lost)
    scores[maker] = 130  # 130 + 156 + 20 = 306: the maker can reach 300
    assert match_in_reach(dataclasses.replace(lost, scores=tuple(scores)))
    assert match_in_reach(dataclasses.replace(lost, top_meld=maker))  # its own runs could take it there


def test_no_deal_adds_more_than_the_reach_that_decides_the_match_note() -> None:
    """``match_in_reach`` says when the search's numbers may count the match bonus: what a deal
    adds to a score never passes the reach (``deal_reach``) reckoned at any moment of its play,
    in random deals of every contract."""
    from game.ai.klaberjass import CARD_REACH, deal_reach

    rules = RULES
    checked = set()
    for seed in range(300):
        state = rules.new_match(seed, {"game_point": 9999, "tout_atout": seed % 2 == 0})
        rng = random.Random(seed)
        reach: list[int] | None = None
        before = None
        while not rules.is_over(state):
            obs = rules.observation(state, rules.current_player(state))
            if obs.phase == "play" and obs.contract is not None:
                now = [deal_reach(obs, side) for side in (0, 1)]
                assert max(now) <= deal_reach(obs)  # each side's reach within the deal's
                reach = now if reach is None else [min(a, b) for a, b in zip(reach, now, strict=True)]
                before = before or obs.scores
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
            after = rules.observation(state, 0)
            if before is not None and after.deal_number != obs.deal_number:
                assert reach is not None
                for side in (0, 1):
                    gained = after.scores[side] - before[side]
                    assert gained <= reach[side], (seed, obs.contract, side, gained, reach)
                checked.add(obs.contract if obs.contract in CARD_REACH else "suit")
                break
    assert checked == {"NT", "AT", "suit"}
