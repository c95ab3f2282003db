"""The Klaberjass table's words, as a newcomer reads them (issue 14, item 8)."""

from __future__ import annotations

from game.rules.klaberjass import RULES
from tests.scenes.test_klaberjass_table import bella_to_follow, table_app  # noqa: F401 (fixture)
from tests.scenes.test_tables_common import TABLES, play

CASE = next(case for case in TABLES if case.game == "klaberjass")


def test_a_bella_call_reads_as_one_sentence(table_app):  # noqa: F811
    app, table = table_app(5)
    bella_to_follow(table)
    app.tick(0.5)
    app.press(str(table.hand.cards.index("KH") + 1))
    app.press("B")
    assert table.message.startswith("You play the K♥ and call Bella! ")
    assert "Bella!." not in table.message and table.message.endswith("the trick.")


def test_a_thrown_in_deal_names_the_score_columns(table_app):  # noqa: F811
    _, table = table_app(5)
    state = table.match.state
    for action in ("schmeiss", "throw-in"):  # the first bidder schmeisses, the other throws the deal in
        assert action in RULES.legal_actions(state)
        state = RULES.apply(state, action)
    last = RULES.observation(state, 0).last_deal
    assert last.outcome == "thrown-in"
    texts = [text for text, _ in table.summary_lines(last)]
    scores = next(i for i, text in enumerate(texts) if text.startswith("Scores"))
    assert "YOU" in texts[scores - 1] and "COMPUTER" in texts[scores - 1]
    assert texts[scores - 1].index("COMPUTER") + len("COMPUTER") == len(texts[scores].rstrip())


def test_the_replay_offer_marks_no_dealer(table_app):  # noqa: F811
    app, table = table_app(7)
    app.press("F6")  # offer to replay each deal
    play(app, table, CASE, lambda: table.panel is not None and "summary" in table.panel.title)
    app.press("ENTER")
    assert table.obs.phase == "replay"
    assert "(DEALER)" not in app.screen_text()
    app.tick(0.5)
    app.press("C")
    assert "(DEALER)" in app.screen_text()


def test_the_computers_declaration_says_nothing_the_announcement_does_not(table_app):  # noqa: F811
    """Found by testers: "The computer has declared its runs." beside "Dealer: none"; then "The
    computer declares no run." told what the spoken announcement keeps hidden (rules A10: a
    dealer's "good" may be a smaller run or none)."""
    _, table = table_app(5)
    obs = table.obs
    computer = 1 - table.viewer
    assert table.describe(computer, "declare none", obs, obs) == "The computer has declared."
    assert table.describe(computer, "declare JH QH KH", obs, obs) == "The computer has declared."
