"""No way of quitting loses a match: saved after every action, resumed exactly."""

import json

import pytest

from game.app.match import Match
from game.app.saves import SaveStore, restore
from game.scenes.dialogs import MessageScene, ResumeDialog
from game.scenes.klaberjass_table import KlaberjassTable
from game.tools.headless import advance
from tests.scenes.test_hint_and_review import hint_now
from tests.scenes.test_tables_common import TABLES, play


def _played_table(make_app, actions=12):
    app = make_app("--game", "klaberjass", "--seed", "17")
    table = app.top_scene()
    advance(app, actions)
    return app, table


def test_every_action_is_saved_and_restores_exactly(make_app, home):
    _, table = _played_table(make_app)
    saved = json.loads((home / "saves" / "klaberjass.json").read_text(encoding="utf-8"))
    assert saved["steps"] == table.match.steps and saved["seed"] == 17
    match, humans = restore(saved, "klaberjass")
    assert humans == (0,)
    assert match.state == table.match.state


def test_resume_after_closing_the_program(make_app, home):
    app, table = _played_table(make_app)
    steps = list(table.match.steps)
    app.quit()  # the window closed; nothing else is written
    again = make_app("*")
    assert "Unfinished match saved" in again.screen_text()
    again.press("1")
    assert isinstance(again.top_scene(), ResumeDialog)
    assert "Resume it" in again.screen_text()
    # It covers the menu's rows whole: no highlight bar or line ends peek out (a tester).
    rows = [row for row in again.screen_text().splitlines() if "unfinished" in row or "Resume it" in row]
    assert rows and all(row.count("║") == 2 and row.strip()[1:-1].strip()[:8] in ("You have", "Resume i")
                        for row in rows), rows
    # ...and the keys under it, which do not answer it ("N Notices" beside "N starts a new match").
    assert "Notices of this session" not in again.screen_text() and "O: options" not in again.screen_text()
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, KlaberjassTable)
    assert resumed.match.steps == steps
    assert resumed.obs == table.obs


def test_with_game_the_resume_question_comes_without_the_menus_notice(make_app, home):
    """Found by a tester: with --game the bottom row said "Choose it on the menu to resume"
    under the table's own question, and its tail stayed over the resumed table."""
    _played_table(make_app)
    again = make_app("*", "--game", "klaberjass")
    assert isinstance(again.top_scene(), ResumeDialog)
    assert "Unfinished match saved" not in again.screen_text()
    assert not any("Unfinished match saved" in page for page, _ in again.notices)


def test_with_game_the_menu_behind_the_question_has_that_games_row(make_app, home):
    """Found by a tester: --game jubmoo asked about the saved Jub Moo match over the menu with
    Klaberjass's row highlighted, where Esc then went back."""
    app = make_app("--game", "jubmoo", "--seed", "4")
    advance(app, 3)
    again = make_app("*", "--game", "jubmoo")
    assert isinstance(again.top_scene(), ResumeDialog)
    again.press("ESC")
    menu = again.top_scene()
    assert menu.items()[menu.cursor][2] == "game:jubmoo"


def test_a_save_in_a_folder_gone_read_only_is_still_offered_and_left_as_it_was(make_app, home, monkeypatch):
    """Found by a tester: with the user folder read-only, the saved match was not offered at
    all (the menu said nothing of it, and a new match began). It is read and resumed; what is
    played then stays in memory, and the file on disk is left as it was."""
    from game.app import storage

    app, table = _played_table(make_app)
    steps = list(table.match.steps)
    app.quit()
    path = home / "saves" / "klaberjass.json"
    before = path.read_bytes()
    monkeypatch.setattr(storage, "writable", lambda folder: False)
    again = make_app("*")
    assert "cannot be written to" in " ".join(again.notice_log)
    assert "(unfinished match saved)" in again.screen_text()
    again.press("1")
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, KlaberjassTable) and resumed.match.steps == steps
    again.press("F7")  # nothing new played: the save on disk is the match (a later tester)
    assert "The match is kept to resume." in again.screen_text()
    again.press("N")
    advance(again, 3)
    assert len(resumed.match.steps) > len(steps) and path.read_bytes() == before
    assert again.saves.unsaved == {"klaberjass"}  # its new moves, in memory only: said so
    resumed.save()
    again.saves.delete("klaberjass")  # as a finished match does: not offered again in this run
    assert not again.saves.exists("klaberjass") and path.read_bytes() == before


def test_declining_starts_a_new_match(make_app, home):
    _played_table(make_app)
    again = make_app("*")
    again.press("1")
    again.press("N")
    assert isinstance(again.top_scene(), KlaberjassTable)
    assert again.top_scene().match.steps == []


def test_finished_match_leaves_no_save(make_app, home):
    app = make_app("--game", "klaberjass", "--seed", "4")
    table = app.top_scene()
    table.match = Match("klaberjass", 4, {"game_point": 100})
    table.obs = table.match.observation(0)
    advance(app, 100000)
    assert table.match.is_over
    assert not (home / "saves" / "klaberjass.json").exists()


def test_damaged_save_is_moved_aside_and_a_new_match_starts(make_app, home):
    (home / "saves").mkdir(parents=True)
    (home / "saves" / "klaberjass.json").write_text('{"format": "dos-card-games-save", "vers', encoding="utf-8")
    app = make_app("*")
    app.press("1")
    app.press("Y")
    # At once, in plain words: what went wrong, where the file went, what happens now.
    text = app.screen_text()
    words = " ".join(text.replace("║", " ").split())  # the box's lines read as one text
    assert isinstance(app.top_scene(), MessageScene)
    assert "could not be read: the file is damaged" in words
    assert "klaberjass.json.damaged-" in words and "new match starts" in words
    assert "Error" not in text
    assert not app.notices, "no stale notice is left to show on the bottom row"
    assert any("could not be read" in line for line in app.notice_log)
    app.press("SPACE")
    assert isinstance(app.top_scene(), KlaberjassTable)
    assert app.top_scene().match.steps == []
    assert list((home / "saves").glob("klaberjass.json.damaged-*"))


def test_a_refused_save_is_explained_in_the_options_screens_words(home):
    """Found by a tester: the notices named option keys ("option 'target' must be 40 or 30"),
    listed keys no screen shows, and seats as Python lists ("seats []")."""
    store = SaveStore(home / "saves")
    (home / "saves").mkdir()
    good = {"format": "dos-card-games-save", "version": 1, "game": "mus", "seed": 3, "options": {},
            "steps": [], "humans": [0]}
    for bad, words in (({**good, "options": {"target": 41}}, 'its option "Game to" must be 40 or 30, not 41'),
                       ({**good, "options": {"foo": 1}}, 'it has an option this game does not have ("foo")'),
                       ({**good, "humans": []}, "it has nobody at the keyboard"),
                       ({**good, "humans": [0, 1]},
                        "it has 2 people at the keyboard, and this game lets only one play"),
                       ({**good, "humans": [1]}, "it puts a person at the keyboard in a computer player's place"),
                       ({**good, "steps": [{"option": "target", "value": 30}]},
                        "its moves change an option other than turning the replay (F6) on or off"),
                       ({**good, "steps": [{"option": "replay", "value": "yes"}]},
                        "its moves change an option other than turning the replay (F6) on or off"),
                       ({**good, "steps": ["discard 1S"]}, 'one of its moves ("discard 1S") is no move of Mus'),
                       ({**good, "steps": ["paso"]}, "one of its moves cannot be played in its deal")):
        (home / "saves" / "mus.json").write_text(json.dumps(bad), encoding="utf-8")
        assert store.load("mus") is None
        assert len(store.notices) == 1 and f"Mus match could not be read: {words}." in store.notices[0], store.notices
        assert "target" not in store.notices[0] and "first_mano" not in store.notices[0]
        store.notices.clear()
        for moved in (home / "saves").glob("mus.json.damaged-*"):
            moved.unlink()


def test_foreign_version_and_bad_steps_are_refused(home):
    store = SaveStore(home / "saves")
    (home / "saves").mkdir()
    good = {"format": "dos-card-games-save", "version": 1, "game": "klaberjass", "seed": 3, "options": {},
            "steps": ["pass"], "humans": [0]}
    for bad in ({**good, "version": 99}, {**good, "steps": ["AS", "nonsense"]}, {**good, "options": {"x": 1}},
                {**good, "game": "mus"}, ["not", "a", "dict"], {**good, "humans": [2]}, {**good, "humans": [-1]},
                {**good, "humans": [0, 0]}):
        (home / "saves" / "klaberjass.json").write_text(json.dumps(bad), encoding="utf-8")
        assert store.load("klaberjass") is None
        assert len(store.notices) == 1 and "Klaberjass match could not be read: " in store.notices[0]
        assert "Error" not in store.notices[0] and "Traceback" not in store.notices[0]
        store.notices.clear()


def test_people_are_resumed_only_in_the_seats_the_game_gives_them(home):
    """Found by a tester: a Luk Fu save edited to "humans": [1] (or [true], or [0, 1]) resumed
    without a word with him in another player's place."""
    store = SaveStore(home / "saves")
    (home / "saves").mkdir()
    for game, humans, fine in (("lukfu", [1], False), ("lukfu", [True], False), ("lukfu", [0, 1], False),
                               ("lukfu", [], False), ("lukfu", [0], True), ("jubmoo", [0, 1, 2], True),
                               ("jubmoo", [1, 2], False), ("jubmoo", [0, True], False)):
        record = {"format": "dos-card-games-save", "version": 1, "game": game, "seed": 3, "options": {},
                  "steps": [], "humans": humans}
        (home / "saves" / f"{game}.json").write_text(json.dumps(record), encoding="utf-8")
        loaded = store.load(game)
        assert (loaded is not None) == fine, humans
        if fine:
            assert loaded is not None and loaded[1] == tuple(humans)
        else:
            assert "puts the people at the keyboard in seats" in store.notices[-1] or "damaged" in store.notices[-1]
        store.notices.clear()
        for path in (home / "saves").iterdir():
            path.unlink()


def test_files_nested_past_reading_are_damaged_files(home):
    """Found by a tester: 100,000 '[' in a file raised RecursionError at every start."""
    from game.app.settings import Settings
    from game.app.stats import StatsStore

    deep = "[" * 100_000
    (home / "saves").mkdir()
    (home / "saves" / "mus.json").write_text(deep, encoding="utf-8")
    (home / "statistics.json").write_text(deep, encoding="utf-8")
    (home / "settings.toml").write_text("a = " + deep, encoding="utf-8")
    store = SaveStore(home / "saves")
    assert store.load("mus") is None and list((home / "saves").glob("mus.json.damaged-*"))
    assert StatsStore(home).notices and list(home.glob("statistics.json.damaged-*"))
    assert Settings.load().notices and list(home.glob("settings.toml.damaged-*"))


def test_unwritable_save_folder_keeps_the_match_in_memory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    store = SaveStore(blocker / "saves")
    match = Match("klaberjass", 1, {})
    match.apply(match.rules.legal_actions(match.state)[0])
    store.write(match, (0,))
    assert store.notices and "kept only until you close the program" in store.notices[0]
    assert "Errno" not in store.notices[0]
    loaded = store.load("klaberjass")
    assert loaded is not None and loaded[0].state == match.state


def test_attract_games_are_not_saved(make_app, home):
    app = make_app("--demo")
    for _ in range(200):
        app.tick(0.2)
    assert not (home / "saves").exists() or not list((home / "saves").iterdir())


def test_statistics_count_real_deals_and_matches(make_app, home):
    from game.app.stats import StatsStore
    from tests.scenes.test_klaberjass_table import play_by_keys

    app = make_app("--game", "klaberjass", "--seed", "3")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    table.match = Match("klaberjass", 3, {"game_point": 100})
    table.obs = table.match.observation(0)
    play_by_keys(app, table, lambda: table.result_shown, max_rounds=40000)
    stats = StatsStore(home).games["klaberjass"]
    assert stats["matches_played"] == 1
    assert stats["matches_won"] == int(table.human_won())
    assert stats["deals_played"] >= 1
    assert stats["makes"] + stats["betes"] <= stats["deals_played"]
    assert stats["best_score"] == stats["worst_score"] == table.human_score()


def test_a_match_left_at_its_last_summary_is_counted(make_app, home):
    """Found by a tester: the match was counted when its result box opened, so leaving at
    the last deal's summary lost it for good. It is counted with its last card, and once only:
    the save kept for the unread result resumes on it without counting it again."""
    from game.app.stats import StatsStore
    from tests.scenes.test_klaberjass_table import play_by_keys

    app = make_app("--game", "klaberjass", "--seed", "3")
    app.settings.values["play"]["delay"] = 0.0
    table = app.top_scene()
    table.match = Match("klaberjass", 3, {"game_point": 100})
    table.obs = table.match.observation(0)
    play_by_keys(app, table, lambda: table.match.is_over and table.panel is not None, max_rounds=40000)
    assert not table.result_shown and (home / "saves" / "klaberjass.json").exists()
    app.quit()
    assert StatsStore(home).games["klaberjass"]["matches_played"] == 1
    again = make_app("*", "--game", "klaberjass")
    again.press("Y")
    resumed = again.top_scene()
    play_by_keys(again, resumed, lambda: resumed.result_shown, max_rounds=400)
    again.quit()
    assert StatsStore(home).games["klaberjass"]["matches_played"] == 1
    assert not (home / "saves" / "klaberjass.json").exists()


def test_a_deal_left_at_its_summary_hands_none_of_its_marks_to_the_next(make_app, home):
    """Found by a tester: the save written by a deal's last action kept that deal's hint mark,
    so the next deal, resumed, was counted as hinted too."""
    from tests.scenes.test_hint_and_review import play_a_deal_with_one_hint

    (home / "settings.toml").write_text("[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("S*", "--game", "jubmoo", "--seed", "5")
    table = app.top_scene()
    play_a_deal_with_one_hint(app, table, "jubmoo")
    assert app.stats.games["jubmoo"]["deals_hinted"] == 1
    saved = json.loads((home / "saves" / "jubmoo.json").read_text(encoding="utf-8"))
    assert saved["table"]["counting"]["deal_hinted"] is False
    assert saved["table"]["counting"]["deal_counts"] is True


def test_a_match_with_a_replayed_deal_is_not_counted(make_app, home):
    """Found by a tester: F6 let a lost deal be played again and the match still counted, its
    best score too; a replay undoes a result, so the match is not the player's record."""
    from game.app.stats import StatsStore
    from tests.scenes.test_klaberjass_table import play_by_keys

    app = make_app("--game", "klaberjass", "--seed", "3")
    app.settings.values["play"]["delay"] = 0.0
    app.settings.values["play"]["replay"] = True
    table = app.top_scene()
    table.match = Match("klaberjass", 3, {"game_point": 300, "replay": True})
    table.obs = table.match.observation(0)
    play_by_keys(app, table, lambda: "replay" in table.obs.legal_actions and table.human_to_act and not table.guarded,
                 max_rounds=40000)
    app.press("R")
    app.press("F6")  # no more offers
    assert table.match_replayed
    play_by_keys(app, table, lambda: table.result_shown, max_rounds=40000)
    stats = StatsStore(home).games["klaberjass"]
    assert stats["matches_played"] == 0 and stats["deals_played"] >= 1


def test_demo_and_attract_do_not_count(make_app, home):
    from game.app.stats import StatsStore

    app = make_app("--game", "klaberjass", "--seed", "3")
    app.press("F2")
    advance(app, 300)
    assert StatsStore(home).games["klaberjass"]["deals_played"] == 0


def test_statistics_screen_and_reset(make_app, home):
    from game.app.stats import StatsStore

    store = StatsStore(home)
    store.record_deal("jubmoo", True, {"pigs": 1})
    app = make_app("*")
    app.press("T")
    text = app.screen_text()
    assert "STATISTICS" in text and "Matches lost as the pig" in text and "Jub Moo" in text
    app.press("R")
    assert "Reset the statistics of which game?" in app.screen_text()
    app.press("A")
    assert "Reset every game's statistics? (Y/N)" in app.screen_text()
    app.press("Y")
    assert StatsStore(home).games["jubmoo"]["deals_played"] == 0


def test_damaged_statistics_are_moved_aside(home):
    from game.app.stats import StatsStore

    (home / "statistics.json").write_text('{"format": "dos-card-games-statistics", "version": 1, "games": 7}',
                                          encoding="utf-8")
    store = StatsStore(home)
    assert store.notices and list(home.glob("statistics.json.damaged-*"))
    assert store.games["mus"]["matches_played"] == 0


def test_a_hand_arranged_by_the_player_comes_back_as_arranged(make_app, home):
    import pygame

    from game.app.keys import Key

    (home / "settings.toml").write_text("[play]\nhand_sort = false\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("S*", "--game", "klaberjass", "--seed", "17")
    table = app.top_scene()
    case = next(case for case in TABLES if case.game == "klaberjass")

    def following() -> bool:  # the player's card to play, and not every card may be played
        prompt = table.prompt() if table.human_to_act and not table.guarded else None
        return prompt is not None and prompt.hand is not None and len(prompt.hand.playable) < len(table.hand.cards)

    play(app, table, case, following)
    before = list(table.hand.cards)
    playable = table.prompt().hand.playable
    at = next(i for i, c in enumerate(before[:-1]) if c not in playable)
    table.hand.cursor = at
    table.on_key(Key(pygame.K_RIGHT, "", shift=True))  # move a card that may not be played one place right
    arranged = list(table.hand.cards)
    assert arranged == [*before[:at], before[at + 1], before[at], *before[at + 2:]]
    app.quit()
    again = make_app("*")
    again.press("1")
    again.press("Y")
    resumed = again.top_scene()
    assert isinstance(resumed, KlaberjassTable)
    assert list(resumed.hand.cards) == arranged
    assert resumed.hand.current in resumed.prompt().hand.playable, "the highlight on a card that may be played"


def test_the_choices_f2_made_stay_out_of_the_review_after_a_resume(make_app, home):
    """The review leaves out what F2 played in the player's seat, also in a resumed match."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("S*", "--game", "jubmoo", "--seed", "4")
    table = app.top_scene()
    app.press("F2")
    while not table.computer_steps:
        app.tick(0.05)
    app.press("F2")
    played = set(table.computer_steps)
    app.quit()
    again = make_app("*")
    again.press("2")
    again.press("Y")
    resumed = again.top_scene()
    assert resumed.game_name == "jubmoo" and resumed.computer_steps == played


def test_a_bad_value_costs_only_its_own_games_statistics(home):
    """Found by a tester: one count written "3" in quotes wiped every game's statistics."""
    from game.app.stats import StatsStore

    store = StatsStore(home)
    store.record_deal("lukfu", True, {"claims": 1})
    store.record_match("mus", True, 40)
    data = json.loads((home / "statistics.json").read_text(encoding="utf-8"))
    data["games"]["mus"]["games_won"] = "3"
    (home / "statistics.json").write_text(json.dumps(data), encoding="utf-8")
    again = StatsStore(home)
    assert again.games["lukfu"]["deals_played"] == 1 and again.games["lukfu"]["claims"] == 1
    assert again.games["mus"]["matches_played"] == 0
    assert len(again.notices) == 1 and 'Mus (Games won is "3", not a count)' in again.notices[0]
    assert "other games' figures are kept" in again.notices[0]
    assert list(home.glob("statistics.json.damaged-*"))
    assert StatsStore(home).games["lukfu"]["deals_played"] == 1 and not StatsStore(home).notices  # written back


def test_counts_stop_at_the_largest_figure_the_file_may_hold(home):
    """Found by a tester: a count at the limit went one past it when a match was recorded, and
    the next start threw the game's figures away as damaged."""
    from game.app.stats import FIGURE_MAX, StatsStore

    store = StatsStore(home)
    for key in ("deals_played", "deals_won", "matches_played", "matches_won", "makes"):
        store.games["klaberjass"][key] = FIGURE_MAX
    store.record_deal("klaberjass", True, {"makes": 1})
    store.record_match("klaberjass", True, 10 * FIGURE_MAX)
    again = StatsStore(home)
    assert not again.notices and again.games["klaberjass"]["matches_played"] == FIGURE_MAX
    assert again.games["klaberjass"]["best_score"] == FIGURE_MAX and again.games["klaberjass"]["makes"] == FIGURE_MAX


def test_a_count_that_is_null_negative_or_past_its_whole_is_a_bad_value(home):
    """Found by a tester: a null count was shown as "-" and then crashed the end of every deal
    (the deal unsaved, so again after a resume); -7 matches won were shown beside 2 played."""
    from game.app.stats import StatsStore

    for game, bad, named in (("lukfu", {"deals_played": None}, "Deals played is null, not a count"),
                             ("jubmoo", {"deals_won": -3}, "Deals won is -3, not a count"),
                             ("mus", {"matches_won": 3, "matches_played": 2},
                              "Matches won 3, more than Matches played 2"),
                             # A second tester: a best score below the worst, scores with no
                             # match played, more contracts made or pigs than deals or matches.
                             ("klaberjass", {"best_score": -50, "worst_score": 600, "matches_played": 2},
                              "Best match score -50, below Worst match score 600"),
                             ("jubmoo", {"best_score": 400}, "match scores without the matches played"),
                             ("jubmoo", {"pigs": 7}, "Matches lost as the pig 7, more than Matches played 0"),
                             ("lukfu", {"claims": 5, "deals_played": 2}, "Winning claims 5, more than Deals played 2"),
                             # A third: 10**14 was taken, and shown cut as another number.
                             ("lukfu", {"worst_score": -10**14, "best_score": 0, "matches_played": 1},
                              f"Worst match score {-10**14}, too large")):
        for path in home.glob("statistics.json*"):
            path.unlink()
        store = StatsStore(home)
        kept = "mus" if game == "klaberjass" else "klaberjass"
        store.record_match(kept, True, 501)
        data = json.loads((home / "statistics.json").read_text(encoding="utf-8"))
        data["games"][game].update(bad)
        (home / "statistics.json").write_text(json.dumps(data), encoding="utf-8")
        again = StatsStore(home)
        assert len(again.notices) == 1 and named in again.notices[0], again.notices
        assert again.games[game] == StatsStore(None).games[game]  # that game counts afresh
        assert again.games[kept]["matches_won"] == 1
        again.record_deal(game, True)  # and the end of a deal counts, as it did not
        assert StatsStore(home).games[game]["deals_played"] == 1
    scores = StatsStore(home)  # a score may be below 0, and is None before a match ends
    scores.record_match("jubmoo", False, -120)
    assert StatsStore(home).games["jubmoo"]["worst_score"] == -120 and not StatsStore(home).notices


def test_a_hinted_or_f2_played_match_is_still_not_counted_after_a_resume(make_app, home):
    """Found by a tester: the statistics forgot a hint, F2 or a replay once the match was
    quit and resumed, and counted the deal and the match as the player's own."""
    (home / "settings.toml").write_text("[play]\ndelay = 0.0\n", encoding="utf-8")
    app = make_app("S*", "--game", "jubmoo", "--seed", "4")
    table = app.top_scene()
    table.deal_hinted = table.computer_helped = True  # as a hint that named a move leaves them
    table.deal_counts, table.human_decided = False, True
    table.save()
    app.quit()
    again = make_app("*")
    again.press("2")
    again.press("Y")
    resumed = again.top_scene()
    assert (resumed.deal_hinted, resumed.computer_helped, resumed.deal_counts, resumed.human_decided) == (
        True, True, False, True)


def test_a_hint_is_saved_at_once(make_app, home):
    """Quitting right after a hint, before any move, keeps the deal counted as hinted."""
    app = make_app("S*", "--game", "klaberjass", "--seed", "5")
    table = app.top_scene()
    while not table.human_to_act:
        app.tick(0.05)
    app.tick(1.0)
    hint_now(app, table)
    assert table.deal_hinted
    saved = json.loads((home / "saves" / "klaberjass.json").read_text(encoding="utf-8"))
    assert saved["table"]["counting"]["deal_hinted"] is True, saved.get("table")


def test_a_new_match_is_saved_before_its_first_move(make_app, home):
    """Found by a tester: F7 before the first card of a new match, then the game again, dealt
    other cards (and lost the pig's lead carried from the last match)."""
    app = make_app("S*", "--game", "jubmoo", "--seed", "21")
    table = app.top_scene()
    hand = table.obs.hand
    assert (home / "saves" / "jubmoo.json").exists()
    app.quit()
    again = make_app("*")
    again.press("2")
    again.press("Y")
    resumed = again.top_scene()
    assert resumed.game_name == "jubmoo" and resumed.obs.hand == hand


NOT_AN_OBJECT = ["null", "[]", "42", '"x"', "true", "1.5", "NaN", " null \n"]


@pytest.mark.parametrize("contents", NOT_AN_OBJECT)
def test_a_save_that_is_json_but_not_an_object_is_a_damaged_save(home, contents):
    """Found by a tester: a save holding only ``null`` was announced on the menu as an
    unfinished match, yet Y quietly started a new match: no box, and the file stayed where it
    was (json's None read as "no save"). Every JSON that is not an object is damaged alike,
    and what ``exists`` says agrees with what ``load`` finds."""
    (home / "saves").mkdir()
    (home / "saves" / "klaberjass.json").write_text(contents, encoding="utf-8")
    store = SaveStore(home / "saves")
    assert store.exists("klaberjass")
    assert store.load("klaberjass") is None
    assert store.notices == [store.notices[0]] and "could not be read: it is not a save file" in store.notices[0]
    assert "klaberjass.json.damaged-" in store.notices[0]
    assert not (home / "saves" / "klaberjass.json").exists() and not store.exists("klaberjass")
    assert list((home / "saves").glob("klaberjass.json.damaged-*"))


def test_a_null_save_answered_y_shows_the_box_and_starts_a_new_match(make_app, home):
    """Found by a tester: with ``null`` in saves/klaberjass.json the menu said "(unfinished
    match saved)" and Y started a new match with no word; now the box says what was wrong."""
    (home / "saves").mkdir(parents=True)
    (home / "saves" / "klaberjass.json").write_text("null", encoding="utf-8")
    app = make_app("*")
    assert "(unfinished match saved)" in app.screen_text()
    app.press("1")
    assert isinstance(app.top_scene(), ResumeDialog)
    app.press("Y")
    words = " ".join(app.screen_text().replace("║", " ").split())
    assert isinstance(app.top_scene(), MessageScene)
    assert "could not be read: it is not a save file of this program" in words
    assert "klaberjass.json.damaged-" in words and "new match starts" in words
    app.press("SPACE")
    assert isinstance(app.top_scene(), KlaberjassTable) and app.top_scene().match.steps == []
    assert list((home / "saves").glob("klaberjass.json.damaged-*"))


def test_a_resumed_match_follows_the_replay_setting_as_the_key_bar_shows_it(make_app, home):
    """Found by a tester: F6 switched on the menu after a match was saved left the resumed
    match doing the other thing (the key bar said one, the deal's end did the other)."""
    app = make_app("S*", "--game", "klaberjass", "--seed", "5")
    table = app.top_scene()
    assert not dict(table.obs.options).get("replay")
    app.press("F6")
    assert dict(table.obs.options)["replay"] is True
    app.quit()
    (home / "settings.toml").write_text("[play]\nreplay = false\n", encoding="utf-8")
    again = make_app("*")
    again.press("1")
    again.press("Y")
    resumed = again.top_scene()
    assert resumed.game_name == "klaberjass" and dict(resumed.obs.options)["replay"] is False


def test_f2_at_the_saved_match_question_switches_both_ways(make_app, home):
    """Found by a tester: with --demo --game, F2 at the saved-match question turned the demo off
    and then only said where F2 works."""
    app, _table = _played_table(make_app)
    app.quit()
    again = make_app("*", "--demo", "--game", "klaberjass")
    assert isinstance(again.top_scene(), ResumeDialog) and again.demo
    again.press("F2")
    assert not again.demo and "F2 DEMO" in again.screen_text().splitlines()[24]
    again.press("F2")
    assert again.demo and "F2 NODEMO" in again.screen_text().splitlines()[24]


@pytest.mark.parametrize("seed", ["true", "1.5", '"7"', "null"])
def test_a_save_whose_seed_is_no_whole_number_is_damaged_in_plain_words(home, seed):
    """Found by a tester: ``"seed": true`` was read as the seed 1 and refused as "its options
    are not valid (seed must be an integer, not True)": the seed is no option, and True is
    Python's word. It is a damaged file, said as such."""
    record = {"format": "dos-card-games-save", "version": 1, "game": "klaberjass", "seed": 7, "options": {},
              "steps": [], "humans": [0]}
    (home / "saves").mkdir()
    text = json.dumps(record).replace('"seed": 7', f'"seed": {seed}')
    (home / "saves" / "klaberjass.json").write_text(text, encoding="utf-8")
    store = SaveStore(home / "saves")
    assert store.load("klaberjass") is None
    assert "could not be read: the file is damaged" in store.notices[0] and "True" not in store.notices[0]


@pytest.mark.parametrize("game", ["klaberjass", "jubmoo", "mus", "lukfu"])
def test_an_option_switched_changes_no_computer_decision(game):
    """Found by testers: F6 pressed before the first move made the same seed play another way,
    first by the option's step, then from the second deal on by the answer to its offer
    ("continue"). A decision's seed counts neither."""
    import random

    from game.ai import choose_action
    from game.app.match import counts_for_seed
    from game.app.review import DealReplay

    plain, switched = Match(game, 11, {}), Match(game, 11, {})
    switched.set_option("replay", True)
    answered = 0
    while not plain.is_over and answered < 2:  # into the third deal
        if "continue" in switched.rules.legal_actions(switched.state):
            switched.apply("continue")  # the offer F6 makes before each deal, answered
            answered += 1
            continue
        assert plain.decision_seed() == switched.decision_seed()
        obs = plain.observation(plain.current_player)
        action = choose_action(plain.rules, obs, "easy", random.Random(plain.decision_seed()))
        plain.apply(action)
        switched.apply(action)
    assert answered == 2
    replay = DealReplay(game, 11, {}, list(switched.steps), 0)
    replay.advance(len(switched.steps))
    assert replay.done_actions == plain.actions == sum(map(counts_for_seed, plain.steps)) == len(plain.steps)


@pytest.mark.parametrize("case", TABLES, ids=lambda case: case.game)
def test_a_match_resumed_mid_deal_says_its_last_move_again(make_app, case):
    """Found by a tester: "Computer leads the J♠." was on the message line when he quit; the
    resumed table showed the card but no word of it."""
    app = make_app("--game", case.game, "--seed", "7")
    table = app.top_scene()
    app.settings.values["play"]["delay"] = 0.0
    play(app, table, case, lambda: len(table.match.steps) >= 6 and table.human_to_act
         and bool(table.message) and table.panel is None)
    said = table.message
    match = Match(case.game, table.match.seed, dict(table.match.options))
    for step in table.match.steps:
        match.replay_step(step)
    resumed = type(table).resume(app, match, tuple(table.humans))
    assert resumed.message == said, (resumed.message, said)


def test_a_second_window_of_the_program_writes_nothing_in_the_folder(home):
    """Found by a tester: a second copy of the program, started while the first played, offered
    to resume the first's match; both then wrote the same save, each over the other's moves. The
    running program holds the folder; a second one says so and keeps what it plays in memory,
    and leaves the folder as it found it, damaged files too (reviewers)."""
    import json
    import subprocess
    import sys

    from game.app import cli, storage
    from game.app.app import App
    from game.app.settings import Settings
    from game.app.stats import FORMAT as STATS_FORMAT
    from game.app.stats import VERSION as STATS_VERSION
    from game.scenes.shell import Shell
    from game.tools.headless import use_dummy_drivers

    held = storage.FolderClaim(home)
    try:
        assert held.fd is not None and not held.elsewhere
        # Another process sees the folder held (the lock is the operating system's, per process).
        probe = ("import sys; from pathlib import Path; from game.app.storage import FolderClaim; "
                 "sys.exit(3 if FolderClaim(Path(sys.argv[1])).elsewhere else 0)")
        assert subprocess.run([sys.executable, "-c", probe, str(home)], check=False).returncode == 3
        use_dummy_drivers()
        # Damaged files the first program has not dealt with: the second leaves them where they are
        # (a statistics file with one bad count had been moved aside and written anew).
        (home / "settings.toml").write_text("[play]\nsound = false\n[klab", encoding="utf-8")
        (home / "statistics.json").write_text(json.dumps({"format": STATS_FORMAT, "version": STATS_VERSION,
                                                          "games": {"klaberjass": {"deals_played": "3"}}}))
        before = {path.name: path.read_bytes() for path in home.rglob("*") if path.is_file()}
        claim = storage.FolderClaim(home)  # as the program takes it, before it reads a file there
        second = App(cli.parse(["*", "--game", "klaberjass"]), Settings.load(home), Shell(), inline_ai=True,
                     folder_claim=claim)
        second.start()
        try:
            assert claim.elsewhere and second.settings.get("play", "sound") is False
            assert any("already open in another window" in text for text, _ in second.notices), second.notices
            assert not second.saves.writing and second.settings.path is None and second.stats.path is None
            second.press("F1")  # a setting changed, a move played: nothing reaches the folder
            assert {path.name: path.read_bytes() for path in home.rglob("*") if path.is_file()} == before
            with pytest.raises(storage.FolderInUse):
                storage.atomic_write(home / "saves" / "klaberjass.json", "{}")  # every write is held back
            second.press("F7")
            assert storage.IN_USE in " ".join(second.screen_text().replace("║", " ").split())
        finally:
            second.shutdown()
        storage.atomic_write(home / "written.txt", "yes")  # the second window gone, writes are back
    finally:
        held.release()
    assert subprocess.run([sys.executable, "-c", probe, str(home)], check=False).returncode == 0  # given up


def test_a_folder_that_keeps_no_locks_is_no_other_window(home, monkeypatch):
    """A file system that refuses locks (some network mounts) is not another window: every start
    had been read-only there (a reviewer)."""
    import errno

    from game.app import storage

    def no_locks(fd: int) -> None:
        raise OSError(errno.ENOLCK, "no locks available")

    monkeypatch.setattr(storage, "_lock", no_locks)
    claim = storage.FolderClaim(home)
    assert not claim.elsewhere and claim.fd is None
    storage.atomic_write(home / "written.txt", "yes")


def test_a_second_windows_resume_offer_says_the_match_may_be_open_elsewhere(make_app):
    """Found by a reviewer: a second window offered to resume the match the first was playing,
    with no word of it."""
    from game.app import storage

    first = make_app("*", "--game", "klaberjass")  # its cards are dealt: a saved match
    first.quit()
    app = make_app("*")
    app.saves.writing, app.saves.why_unsaved = False, storage.IN_USE  # as in a second window
    app.press("1")
    said = " ".join(app.screen_text().replace("║", " ").split())
    assert "Another window of the program may be playing it: what you play here is kept until you close this " \
        "window. Resume it where you left it? (Y/N)" in said, said
