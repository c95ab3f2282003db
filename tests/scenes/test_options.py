"""The options screen built from the option specs: every page as it was before the options
became data, every spec walked (screen, settings file, engine), and F5's explanations."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game import registry
from game.app.settings import PROGRAM_OPTIONS, Settings
from game.options import OptionSpec
from game.rules import get_rules
from game.scenes.help import HelpScene
from game.scenes.options import FIRST_OPTION_ROW, PAGE_NAMES, PAGES, OptionsScene

ON_OFF = [(False, "Off"), (True, "On")]
LEVEL_ROW = [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]

# Every row of every page, as the hand-written screen had them: (section, key, label, and the
# values with their names, or (lo, hi, step) for a number). Jub Moo's target had a floor of
# -10000 on the screen only; the rules and the screen now share one of nine digits (a settings file's
# 61-digit target had run over the table's title).
BEFORE: dict[str, list[tuple[str, str, str, Any]]] = {
    "General": [
        ("display", "mono", "Monitor", [(False, "Colour"), (True, "Mono")]),
        ("display", "phosphor", "Mono phosphor", [("green", "Green"), ("amber", "Amber"), ("white", "White")]),
        ("display", "border", "Border colour", [(1, "Blue"), (0, "Black"), (2, "Green"), (3, "Cyan"), (4, "Red"),
                                                (5, "Magenta"), (6, "Brown"), (7, "Light Grey"), (8, "Dark Grey")]),
        ("display", "scale", "Window size (next start)", [(n, f"x{n}") for n in range(1, 7)]),
        ("play", "sound", "Sound effects", ON_OFF),
        ("play", "hand_sort", "Hand sort / auto-declare runs", ON_OFF),
        ("play", "replay", "Offer to replay each deal", ON_OFF),
        ("play", "delay", "Computer delay (seconds)", [(x / 2, f"{x / 2:.1f}") for x in range(20)]),
        ("play", "attract_seconds", "Demo after idle (seconds, 0 = never)", (0, 3600, 15)),
        ("play", "intro", "Startup show", ON_OFF),
    ],
    "Klaberjass": [
        ("klaberjass", "level", "Computer plays", LEVEL_ROW),
        ("klaberjass", "game_point", "Game point", (100, 9999, 50)),
        ("klaberjass", "no_tie", "No-Tie (a top-meld tie goes to elder)", ON_OFF),
        ("klaberjass", "clubs_preferred", "Clubs Preferred (no turn-up)", ON_OFF),
        ("klaberjass", "tout_atout", "Sans Tout / Tout Atout bids", ON_OFF),
        ("klaberjass", "tout_atout_direct", "Tout Atout may be bid directly", ON_OFF),
        ("klaberjass", "all_trump_cross_suit", "Tout Atout: any suit can win",
         [(False, "No (Coinche)"), (True, "Yes")]),
        ("klaberjass", "nt_melds", "Melds score in Sans Tout", ON_OFF),
        ("klaberjass", "open_hands", "Open hands (learning)", ON_OFF),
        ("klaberjass", "your_hand_on_top", "Your hand is drawn", [(False, "At the bottom"), (True, "On top")]),
    ],
    "Jub Moo": [
        ("jubmoo", "level", "Computer plays", LEVEL_ROW),
        ("jubmoo", "target", "Match ends at", (-999_999_999, -100, 100)),
        ("jubmoo", "ruleset", "Scoring", [("hearts", "Hearts"), ("all-suits", "All suits (literal)"),
                                          ("gongzhu", "Gong Zhu")]),
        ("jubmoo", "ten_clubs", "Ten of clubs", [("double", "Doubles"), ("add-and-double", "Adds and doubles")]),
        ("jubmoo", "first_lead", "First lead", [("random", "Random"), ("two-of-clubs", "Two of clubs")]),
        ("jubmoo", "later_leads", "Later leads", [("pig-taker", "Pig taker"), ("random", "Random")]),
        ("jubmoo", "big_chuan_others_minus_50", "Big Chuan: others -50", ON_OFF),
        ("jubmoo", "open_hands", "Open hands (learning)", ON_OFF),
        ("jubmoo", "humans", "Human players (hot seat)", [(n, str(n)) for n in range(1, 5)]),
        ("jubmoo", "clockwise", "Play clockwise", ON_OFF),
    ],
    "Mus": [
        ("mus", "level", "Computer plays", LEVEL_ROW),
        ("mus", "target", "Game to", [(40, "40"), (30, "30")]),
        ("mus", "games", "Match", [(1, "One game"), (3, "Best of three")]),
        ("mus", "kings", "Kings", [(8, "8 (3s and 2s)"), (4, "4 (natural)")]),
        ("mus", "ordago", "Órdago allowed", ON_OFF),
        ("mus", "senas", "Señas (signals)", ON_OFF),  # added with issue 17
        ("mus", "sena_catch", "Rival catches a seña (%)", (0, 100, 5)),
        ("mus", "open_hands", "Open hands (learning)", ON_OFF),
    ],
    "Luk Fu": [
        ("lukfu", "level", "Computer plays", LEVEL_ROW),
        ("lukfu", "deals", "Deals in a match", (1, 99, 1)),
        ("lukfu", "passed_master_scope", "Passed Master's restriction", [("deal", "Whole deal"),
                                                                         ("first-lead", "First lead only")]),
        ("lukfu", "noncaller_singles_only", "Non-callers lead singles only", ON_OFF),
        ("lukfu", "auto_claim_at_six_won", "Claim automatically at six fu", ON_OFF),
        ("lukfu", "open_hands", "Open hands (learning)", ON_OFF),
    ],
}


def test_every_page_has_the_rows_it_had():
    assert list(PAGE_NAMES) == list(BEFORE)
    for page, rows in BEFORE.items():
        got = []
        for option in PAGES[page]:
            if option.numeric:
                shape: Any = (option.spec.lo, option.spec.hi, option.spec.step)
            else:
                shape = list(zip(option.values, option.names, strict=True))
            got.append((option.section, option.key, option.label, shape))
        # A two-valued row cycles the same whichever value comes first.
        assert [r[:3] for r in got] == [r[:3] for r in rows], page
        for mine, old in zip(got, rows, strict=True):
            assert (sorted(mine[3], key=repr) if len(mine[3]) == 2 else mine[3]) == \
                (sorted(old[3], key=repr) if len(old[3]) == 2 else old[3]), mine[:2]


def bad_values(spec: OptionSpec) -> list[Any]:
    """Values the spec must refuse: the wrong type, and just outside its range or choices."""
    if spec.kind == "bool":
        return [1, "yes"]
    if spec.kind == "int":
        above = [spec.hi + 1] if spec.hi is not None else []
        below = [spec.lo - 1] if spec.lo is not None else []
        return ["7", True, *above, *below]
    if spec.kind == "seat":
        return [spec.hi + 1, -1, True]
    numbers = [c for c in spec.choices if isinstance(c, int)]
    return ["no-such-choice", *([max(numbers) + 1] if numbers else [])]


def every_rules_spec():
    for game in registry.GAME_NAMES:
        for key, spec in registry.rules_option_specs(game).items():
            yield game, key, spec


@pytest.mark.parametrize(("game", "key", "spec"), list(every_rules_spec()), ids=lambda x: getattr(x, "label", x))
def test_every_rules_option_is_on_the_screen_in_the_settings_and_checked_by_the_engine(home, game, key, spec):
    """Adding an option touches only its rules module: from its spec alone, the screen shows
    it, the settings file takes its default and refuses a bad value, and the engine refuses it."""
    rows = {(o.section, o.key): o for o in PAGES[registry.entry(game).short]}
    settings = Settings.load(home)
    rules = get_rules(game)
    assert spec.help and len(spec.help) <= 160 and spec.label
    assert rules.default_options()[key] == spec.default
    default = registry.table_defaults(game).get(key, spec.default)  # the table's default (Mus señas)
    if spec.shown:
        assert rows[(game, key)].label == spec.label
        assert settings.get(game, key) == default and settings.game_options(game)[key] == default
    else:
        assert (game, key) not in rows and key not in settings.values[game]
    for bad in bad_values(spec):
        assert not spec.valid(bad)
        with pytest.raises(ValueError, match=key):
            rules.new_match(1, {key: bad})
        if spec.shown:
            (home / "settings.toml").write_text(f"[{game}]\n{key} = {_toml(bad)}\n", encoding="utf-8")
            loaded = Settings.load(home)
            assert loaded.get(game, key) == default
            assert len(loaded.notices) == 1 and f"[{game}] {key} = " in loaded.notices[0]


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def test_the_programs_own_options_are_on_the_screen_and_never_reach_the_engine(home):
    settings = Settings.load(home)
    shown = {(o.section, o.key) for rows in PAGES.values() for o in rows}
    for section, specs in PROGRAM_OPTIONS.items():
        for key, spec in specs.items():
            assert ((section, key) in shown) == spec.shown and spec.help
    for game in registry.GAME_NAMES:
        own = registry.app_option_keys(game)
        assert own >= {"level"} and not own & set(get_rules(game).default_options())
        assert not own & set(settings.game_options(game))
        assert all((game, key) in shown for key in own)


def test_f5_explains_the_option_under_the_cursor(make_app):
    app = make_app("*")
    app.press("o", "TAB", "DOWN")  # Klaberjass: Game point
    scene = app.top_scene()
    assert isinstance(scene, OptionsScene)
    app.press("F5")
    assert app.top_scene() is scene  # not the instructions
    text = app.screen_text()
    assert "Game point" in text and "reach this score" in text
    assert "Values: from 100 to 9999, in steps of 50" in text
    app.press("DOWN")  # the explanation follows the cursor
    text = app.screen_text()
    assert "non-dealer's runs score" in text and "Values: Off or On" in text
    app.press("ESC")  # closes the explanation only
    assert app.top_scene() is scene and "non-dealer's runs score" not in app.screen_text()
    app.press("F5", "F5")  # F5 again closes it too
    assert "non-dealer's runs score" not in app.screen_text()
    app.press("F5", "RIGHT")  # another key closes it and does its work
    assert "non-dealer's runs score" not in app.screen_text() and app.settings.get("klaberjass", "no_tie") is True


def panel_text(app) -> str:
    """The words inside the explanation panel (between its double side lines)."""
    inside = [line.split("║")[1] for line in app.screen_text().splitlines() if line.count("║") == 2]
    return " ".join(" ".join(inside).split())


def every_option(app):
    """The options screen from the menu, then each option of each page in turn, highlighted
    (yields the scene and the option; the caller leaves the cursor on it)."""
    app.press("o")
    scene = app.top_scene()
    assert isinstance(scene, OptionsScene)
    for _ in PAGE_NAMES:
        for option in scene.options:
            yield scene, option
            app.press("DOWN")
        app.press("TAB")


def test_no_key_line_peeks_out_beside_an_explanation(make_app):
    """Found by a tester: beside the panel of a low row, "Up/Dow", "Tab/Pg", "Every" and "nu"
    were left of the key lines under the list."""
    app = make_app("*")
    for _scene, _option in every_option(app):
        app.press("F5")
        rows = app.screen_text().splitlines()[20:23]
        assert not any(word in row for row in rows for word in ("Up/Dow", "Tab/Pg", "Every", "menu")), rows
        app.press("F5")
    assert "Up/Down: choose" in app.screen_text()  # back once it closes


def test_f5_shows_every_help_line_in_the_panel(make_app):
    app = make_app("*")
    for _, option in every_option(app):
        app.press("F5")
        assert " ".join(option.spec.help.split()) in panel_text(app), option.label
        app.press("F5")


def test_f5_names_the_border_colours_once_by_number_and_breaks_none(make_app):
    """Found by a tester: the border's values were listed twice in two orders ("Blue, Black,
    ..." then "0 = Black, 1 = Blue"), and a row ended "7 =" with "Light Grey" below."""
    app = make_app("*")
    for _, option in every_option(app):
        app.press("F5")
        rows = [line.split("║")[1].rstrip() for line in app.screen_text().splitlines() if line.count("║") == 2]
        text = panel_text(app)
        app.press("F5")
        assert not any(re.search(r"\d =$", row) for row in rows) and "\u00a0" not in text, (option.label, rows)
        if option.label == "Border colour":
            assert "Values: 0 = Black, 1 = Blue, 2 = Green" in text and "Blue, Black" not in text


def test_f5_stays_inside_the_frame_and_says_the_value_it_hides(make_app):
    """Found by testers: the boxes of low rows ran over the list frame's bottom edge. A box opens
    below its row, else above it, else over it inside the frame, saying the value it covers."""
    from game.scenes.options import LIST_BOTTOM

    app = make_app("*")
    over = []
    for scene, option in every_option(app):
        app.press("F5")
        lines = app.screen_text().splitlines()
        said = panel_text(app)
        app.press("F5")
        assert set(lines[LIST_BOTTOM].strip()) <= {"└", "─", "┘"}, (option.label, lines[LIST_BOTTOM])
        # Every box says the value now, the one over its row too (a tester found it in some only).
        assert f"Now: {scene.shown(option)}." in " ".join(said.split()), option.label
        if option.label not in lines[FIRST_OPTION_ROW + scene.cursor]:
            over.append(option.label)
    assert "Melds score in Sans Tout" in over and "Startup show" not in over  # the last fits above it


def test_f5_elsewhere_still_opens_the_instructions(make_app):
    app = make_app("*")
    app.press("F5")
    assert isinstance(app.top_scene(), HelpScene)


def test_a_number_can_be_typed_for_a_list_of_numbers(make_app):
    """Found by a tester: with Computer delay highlighted, a typed 9 or 3 showed nothing and
    said nothing, and Enter then moved the delay up one step (1.5 -> 2.0), though the footer
    says "digits: type a number". A choice of numbers takes a typed number that is one of its
    choices (2 for 2.0, 1.5 with its point); any other is refused naming the values allowed."""
    app = make_app("*")
    app.press("o", *["DOWN"] * 7)  # General: Computer delay
    scene = app.top_scene()
    assert isinstance(scene, OptionsScene) and scene.options[scene.cursor].key == "delay"
    app.press("9")
    assert scene.typing == "9" and "< 9_ >" in app.screen_text()
    assert "Enter (or moving on) keeps the number" in app.screen_text()
    app.press("ENTER")
    assert Settings.load().get("play", "delay") == 9.0 and isinstance(Settings.load().get("play", "delay"), float)
    assert "Computer delay (seconds): 9.0" in app.screen_text()
    app.press("3", ".", "5", "ENTER")
    assert Settings.load().get("play", "delay") == 3.5
    # F5 while typing opens the explanation; its "Esc: close" closes it and keeps the number
    # being typed (Esc had thrown the number away under a box that stayed: a tester).
    app.press("7", "F5")
    assert scene.explaining and scene.typing == "7"
    app.press("ESC")
    assert not scene.explaining and scene.typing == "7"
    app.press("ESC")  # now Esc leaves the number as it was
    assert scene.typing is None and Settings.load().get("play", "delay") == 3.5
    for typed in (["1", ".", "3"], ["1", "2"], ["-", "1"]):
        app.press(*typed, "ENTER")
        assert Settings.load().get("play", "delay") == 3.5, typed
        assert "Computer delay (seconds): it must be from 0.0 to 9.5 in steps of 0.5." in app.screen_text()
    app.press("UP", "UP", "UP", "UP", "UP")  # Border colour: its names hide the numbers
    app.press("4", "ENTER")
    assert Settings.load().get("display", "border") == 4 and "Border colour: Red" in app.screen_text()
    app.press("9", "ENTER")
    assert Settings.load().get("display", "border") == 4
    assert "Border colour: it must be from 0 to 8. F5 names each number." in app.screen_text()
    app.press("F5")
    assert "4 = Red" in panel_text(app)
    app.press("ESC", "TAB", "TAB", "TAB", "DOWN", "DOWN")  # Mus: Match, one game or best of three
    app.press("3", "ENTER")
    assert Settings.load().get("mus", "games") == 3
    app.press("2", "ENTER")
    assert "Match: it must be 1 or 3. F5 names each number." in app.screen_text()


def test_an_f_key_that_changes_a_row_says_its_new_value(make_app):
    """Found by a tester: F10 and F9 changed the Border colour and Computer delay rows, and the
    message line under them kept the value before ("Border colour: Brown" under Light Grey)."""
    app = make_app("*")
    app.press("o", *["DOWN"] * 7)  # General: Computer delay
    scene = app.top_scene()
    app.press("RIGHT")
    app.press("F9")
    assert f"Computer delay (seconds): {Settings.load().get('play', 'delay'):.1f}" in app.screen_text()
    app.press("F10")
    border = scene.options[[o.key for o in scene.options].index("border")]
    assert f"Border colour: {scene.shown(border)}" in app.screen_text()


def test_every_row_changed_says_its_new_value(make_app):
    """Found by a tester: Right on Monitor showed "< Colour >" over "Monitor: Mono", and on
    Sound effects "< Off >" over "Sound effects: On"; every row's message now names the row."""
    app = make_app("*")
    app.press("o")
    scene = app.top_scene()
    for index, option in enumerate(scene.options):
        scene.cursor = index
        app.press("RIGHT")
        assert scene.message.startswith(f"{option.label}: "), (option.key, scene.message)  # its own row's
        if not scene.message.endswith("goes back."):  # not at the end of a scale
            said = f"{option.label}: {scene.shown(option)}"
            assert scene.message == said or (not scene.applies(option) and scene.message.startswith(said)), option.key


def test_a_scale_stops_at_its_ends_and_a_list_of_names_goes_round(make_app):
    """Found by a tester: Left on a Computer delay of 0.0 gave 9.5 s, the slowest, and Right on
    a window of x6 gave x1. A scale (delay, window size, human players) stops at its ends, as
    the numbers do; a list of names (the border colour, the scoring) still goes round."""
    app = make_app("*")
    seen = set()
    for scene, option in every_option(app):
        if not option.values or len(option.values) < 3:
            continue
        first, last = option.values[0], option.values[-1]
        for step, end, other in (("LEFT", first, last), ("RIGHT", last, first)):
            scene.store(option, end)
            app.press(step)
            assert scene.value(option) == (end if option.spec.ordered else other), option.key
            if option.spec.ordered:  # and says so (a tester's Enter at 4 clicked and did nothing)
                assert scene.message.endswith(f"is the {'least' if step == 'LEFT' else 'most'}; "
                                              f"{'Right' if step == 'LEFT' else 'Left'} goes back."), scene.message
        seen.add((option.key, option.spec.ordered))
    assert {("delay", True), ("scale", True), ("humans", True), ("border", False)} <= seen


def test_no_typed_key_is_ignored_without_a_word(make_app):
    """Found by a tester: a digit typed on a row that took no typed number did nothing at all.
    On every row of every page a digit starts a number or says why it cannot, and so does a
    letter; a character that cannot go in a number being typed is refused with a word."""
    app = make_app("*")
    for scene, option in every_option(app):
        for char in ("7", "X", "."):
            scene.message = ""
            app.press(char)
            assert scene.typing is not None or scene.message, (option.label, char)
            if scene.typing is not None:
                scene.message = ""
                app.press("Q")
                assert scene.typing is not None and "'Q' cannot go in the number" in scene.message
                app.press("ESC")
                assert scene.typing is None and "left at" in scene.message
        assert scene.options[scene.cursor] is option
    app.press("TAB", "DOWN", "1", "2", "3", "4", "5", "6", "7")  # Klaberjass: Game point; six at most
    assert scene.typing == "123456" and "Six characters at most" in scene.message


def test_a_positive_target_is_told_of_the_minus_sign(make_app):
    """Found by a tester: 300 typed for "to 300" was refused with only the range."""
    app = make_app("*")
    scene = options_at(app, "target")
    app.press("3", "0", "0", "ENTER")
    assert scene.message == "Match ends at: it must be from -999999999 to -100; type the minus sign: -300."
    assert app.settings.get("jubmoo", "target") == -1000


def test_jub_moos_floor_can_be_typed(make_app):
    """Found in review: F5 named -999999999 as the lowest target, and typing stopped at six
    characters."""
    app = make_app("*")
    scene = options_at(app, "target")
    app.press("-", *"999999999", "ENTER")
    assert app.settings.get("jubmoo", "target") == -999_999_999, scene.message


def options_at(app, key: str) -> OptionsScene:
    """The options screen opened from the menu, on the page and row of the option ``key``."""
    app.press("o")
    scene = app.top_scene()
    while not any(o.key == key for o in scene.options):
        app.press("TAB")
    scene.cursor = [o.key for o in scene.options].index(key)
    return scene


def test_f5_on_an_option_says_what_it_needs_to_have_an_effect(make_app):
    """The seña catch does nothing with señas off; its explanation says so, from the same fact
    (``OptionSpec.needs``) that keeps it off a table's list of its options."""
    app = make_app("*")
    options_at(app, "sena_catch")
    app.press("F5")
    assert 'It has an effect only with "Señas (signals)" On.' in app.screen_text()


def test_a_row_with_no_effect_now_is_dimmed_and_f5_says_so(make_app):
    """Found by a tester: with Sans Tout / Tout Atout bids off, the three options that need them
    looked as live as every other row."""
    from game.screen import palette

    app = make_app("*")
    app.press("o")
    scene = app.top_scene()
    while not any(o.key == "tout_atout_direct" for o in scene.options):
        app.press("TAB")
    keys = [o.key for o in scene.options]
    row = FIRST_OPTION_ROW + keys.index("tout_atout_direct")
    assert app.settings.get("klaberjass", "tout_atout") is False
    app.tick(0.05)
    assert app.canvas.cell(4, row).fg == palette.GREY and app.canvas.cell(4, FIRST_OPTION_ROW + 1).fg == palette.WHITE
    scene.cursor = keys.index("tout_atout_direct")
    app.press("F5")
    words = " ".join(app.screen_text().replace("║", " ").replace("│", " ").split())
    assert 'It has an effect only with "Sans Tout / Tout Atout bids" On (not now).' in words
    app.press("ESC")
    app.settings.set("klaberjass", "tout_atout", True)
    scene.cursor = 0
    app.tick(0.05)
    assert app.canvas.cell(4, row).fg == palette.WHITE


def test_a_dimmed_rows_change_says_it_has_no_effect_now(make_app):
    """Found by a tester: Right on the dimmed "Tout Atout may be bid directly" showed "On" and
    nothing said that it changes nothing while those bids are off."""
    app = make_app("*")
    scene = options_at(app, "tout_atout_direct")
    app.press("RIGHT")
    # The long one, with its need named shorter (it said only "F5 says why": a later tester)
    assert scene.message == 'Tout Atout may be bid directly: On (needs "Sans Tout / Tout Atout bids" On)'
    scene.cursor = [o.key for o in scene.options].index("all_trump_cross_suit")
    app.press("RIGHT")  # longer still: the row shows the value, the message the need (a tester)
    assert scene.message == 'Tout Atout: any suit can win (needs "Sans Tout / Tout Atout bids" On)'
    scene.page, scene.cursor = "General", 0
    scene.cursor = [o.key for o in scene.options].index("phosphor")
    app.press("RIGHT")
    said = f"Mono phosphor: {scene.shown(scene.options[scene.cursor])}, which has an effect only with \"Monitor\" Mono."
    assert scene.message == said and said in app.screen_text()


def test_sound_on_without_a_sound_device_says_so(make_app):
    """Found by a tester: with no sound device (the notice said so) the row read "On" and the
    player looked for a fault."""
    app = make_app("*")
    app.speaker.available = False
    app.press("o")
    row = [o.key for o in app.top_scene().options].index("sound")
    assert "On (no sound device)" in app.screen_text().splitlines()[FIRST_OPTION_ROW + row]
    app.top_scene().cursor = row
    app.press("F5")
    words = " ".join(app.screen_text().replace("║", " ").replace("│", " ").split())
    assert "No sound device was found, so nothing is heard whichever it is" in words
    app.press("ESC")
    app.speaker.available = True
    app.tick(0.05)
    line = app.screen_text().splitlines()[FIRST_OPTION_ROW + row]
    assert "On" in line and "no sound device" not in line


def test_a_command_line_letter_is_shown_as_this_runs_only(make_app):
    """Found by a tester: started with M and S, the rows read "Mono" and "Off" as if saved,
    while the settings kept Colour and On for the next start."""
    app = make_app("*MS")
    app.press("o")
    scene = app.top_scene()
    rows = {o.key: FIRST_OPTION_ROW + i for i, o in enumerate(scene.options)}
    lines = app.screen_text().splitlines()
    assert "Mono (this run: M)" in lines[rows["mono"]] and "Off (this run: S)" in lines[rows["sound"]]
    scene.cursor = rows["mono"] - FIRST_OPTION_ROW
    app.press("F5")
    said = panel_text(app)
    assert "The M letter on the command line set it for this run only; the settings keep Colour" in said
    assert said.count("F1") == 0 and "unless it is changed here." in said  # F1 is the sound's (a reviewer)
    app.press("ESC", "RIGHT")  # changed here: the setting and the screen agree again
    assert app.settings.get("display", "mono") is False and not app.mode.mono
    line = app.screen_text().splitlines()[rows["mono"]]
    assert "Colour" in line and "this run" not in line


def test_shift_tab_goes_back_a_page_and_a_new_page_drops_the_last_pages_message(make_app):
    """Found by a tester: Shift+Tab went on to the next page, and "Match ends at: -100" of the
    Jub Moo page stayed under the Mus page."""
    import pygame

    from game.app.keys import Key
    from game.scenes.options import WELCOME

    app = make_app("*")
    app.press("o")
    scene = app.top_scene()
    app.press("TAB")
    app.press("RIGHT")
    assert scene.message != WELCOME
    app.press("TAB")
    assert scene.page == PAGE_NAMES[2] and scene.message == WELCOME
    app.handle_key(Key(pygame.K_TAB, "\t", shift=True))
    assert scene.page == PAGE_NAMES[1]


def test_tab_after_a_typed_number_keeps_what_became_of_it_in_sight(make_app):
    """Found in review: 99999 typed on Border, then Tab, buzzed and switched the page, the
    reason ("it must be from 0 to 8") replaced at once by the page's welcome line."""
    app = make_app("*")
    app.press("o")
    scene = app.top_scene()
    scene.cursor = [o.key for o in scene.options].index("border")
    app.press("9", "9", "TAB")
    assert scene.page == PAGE_NAMES[0] and "Border colour: it must be" in scene.message  # refused: it stays
    app.press("5", "TAB")
    assert scene.page == PAGE_NAMES[1] and scene.message.startswith("General: Border colour: ")  # said, and where
    assert app.settings.get("display", "border") == 5


def test_the_mono_phosphor_is_dimmed_on_a_colour_monitor_and_live_with_m(make_app):
    """Found by a tester: "Mono phosphor" looked live with the monitor set to Colour, where it
    does nothing; the M letter, which makes the screen mono for the run, counts too."""
    from game.screen import palette

    for letters, live in (("*", False), ("*M", True)):
        app = make_app(letters)
        app.press("o")
        scene = app.top_scene()
        keys = [o.key for o in scene.options]
        phosphor, border = (FIRST_OPTION_ROW + keys.index(key) for key in ("phosphor", "border"))
        app.tick(0.05)
        assert (app.canvas.cell(4, phosphor).fg == palette.WHITE) is live, letters
        assert (app.canvas.cell(4, border).fg == palette.WHITE) is not live, letters  # a mono screen has none
        # Under the cursor a dimmed row stays dim in colour; a mono monitor, which would show
        # dark grey on grey as no bar at all, keeps the bar (a tester lost the cursor there).
        dimmed = "border" if live else "phosphor"
        scene.cursor = keys.index(dimmed)
        app.tick(0.05)
        colour = app.canvas.cell(4, FIRST_OPTION_ROW + keys.index(dimmed)).fg
        assert colour == (palette.BLACK if live else palette.DARK_GREY), letters
        app.press("ESC")


def test_a_long_message_line_wraps_onto_the_row_below(make_app):
    """Found by a tester: in a second window of the program, "Changes last until you close the
    program: another window of the program is using the folder." was cut at the edge."""
    from game.app import storage

    app = make_app("*")
    app.settings.path, app.settings.why_unsaved = None, storage.IN_USE
    app.press("o")
    said = " ".join(app.screen_text().replace("│", " ").replace("║", " ").split())
    assert "Changes last until you close the program: another window of the program is using the folder." in said
