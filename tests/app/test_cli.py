import subprocess
import sys

import pytest

from game.app import cli


@pytest.mark.parametrize(
    ("argv", "sound", "mono", "skip"),
    [
        (["MS"], False, True, False),
        (["M", "S"], False, True, False),
        (["ms*"], False, True, True),
        (["*"], None, None, True),
        (["/S", "/m"], False, True, False),
        (["/M/S"], False, True, False),  # a slash before each, run together (a tester's DOS habit)
        (["/m/s/*"], False, True, True),
        (["-s"], False, None, False),
        (["-MS*"], False, True, True),
        (["C"], None, False, False),
        (["S", "C", "*"], False, False, True),
        (["--no-sound", "--mono", "--skip-intro"], False, True, True),
        (["--nosound", "--color"], False, False, False),
        ([], None, None, False),
    ],
)
def test_letters_and_long_flags(argv, sound, mono, skip):
    args = cli.parse(argv)
    assert (args.sound, args.mono, args.skip_intro) == (sound, mono, skip)


def test_demo_game_seed():
    args = cli.parse(["--demo", "--game", "klaberjass", "--seed", "42"])
    assert args.demo and args.game == "klaberjass" and args.seed == 42


@pytest.mark.parametrize(
    "argv", [["--bogus"], ["X"], ["-x"], ["--game", "chess"], ["--seed", "abc"], ["--mono", "--color"]]
)
def test_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.parse(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "usage" in err
    # A mistyped letter is told the letters there are (a tester's X got only the long options);
    # a wrong value of a long option is not (the letters have nothing to do with it).
    unknown = argv[0] not in ("--game", "--seed", "--mono")
    assert ("The letters are S sound off, M mono, C colour, * skip the startup show;" in err) == unknown, err


@pytest.mark.parametrize("argv, said", [(["SMX"], "In SMX, X is no letter the program knows."),
                                        (["/S/Q/Z"], "In /S/Q/Z, Q Z are no letters the program knows."),
                                        (["-sx"], "In -sx, x is no letter the program knows."),
                                        (["XY"], None), (["--bogus"], None), (["classic"], None),
                                        (["mus"], "mus is a game: "), (["mono"], "Did you mean --mono?"),
                                        (["demo"], "Did you mean --demo?"), (["max"], None),
                                        (["jub", "moo"], "jub moo is a game: "), (["Luk-Fu"], "--game lukfu"),
                                        (["colour"], "Did you mean --colour?"), (["help"], "Did you mean --help?"),
                                        (["Q"], "\nQ is no letter the program knows."),
                                        (["-x"], "\nx is no letter the program knows."), (["moo"], None)])
def test_a_group_of_letters_names_the_one_it_does_not_know(argv, said, capsys):
    """Found by a tester: "SMX" was refused whole, so he could not tell that S and M were fine.
    A word is a word: "mus" had been read as the letters M and S with a stray u, "jub moo" as
    such letters, and "colour" (an alias) got no help (reviewers)."""
    with pytest.raises(SystemExit):
        cli.parse(argv)
    err = capsys.readouterr().err
    if said is None:
        assert "is no letter" not in err and "are no letters" not in err, err  # a word, not a group of letters
    else:
        assert said in err, err


@pytest.mark.parametrize("argv, said", [(["M", "C"], "M (mono) and C (colour)"), (["MC"], "M (mono) and C (colour)"),
                                        (["--mono", "--color"], "--mono (mono) and --color (colour)"),
                                        (["m", "--colour"], "M (mono) and --colour (colour)")])
def test_mono_and_colour_together_are_refused_in_the_words_typed(argv, said, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.parse(argv)
    assert exc.value.code == 2
    assert f"{said} cannot both be asked for" in capsys.readouterr().err


@pytest.mark.parametrize("asked", ["--help", "-h", "/?", "-?", "/S/?", "/?S"])
def test_help_exits_0(asked, capsys):
    """``/?`` too, DOS's own way of asking (a tester got "unrecognized arguments: /?")."""
    with pytest.raises(SystemExit) as exc:
        cli.parse(asked.split())
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "--skip-intro" in out and "S sound off" in out


def test_main_py_unknown_flag_status_2():
    result = subprocess.run([sys.executable, "main.py", "--nope"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "usage: python main.py " in result.stderr


def test_the_usage_names_the_command_the_player_typed():
    """Found by a tester: the installed command's --help said "usage: python main.py"."""
    assert cli.program_name("/home/me/.local/bin/dos-card-games") == "dos-card-games"
    assert cli.program_name("main.py") == "python main.py"
    text = cli.usage("dos-card-games")
    assert text.startswith("usage: dos-card-games ") and "quote it: dos-card-games 'MS*'" in text


def test_main_py_without_display_exits_1(tmp_path):
    env = {"SDL_VIDEODRIVER": "offscreen-does-not-exist", "DOS_CARDS_HOME": str(tmp_path),
           "PATH": "/usr/bin:/bin", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "main.py", "*"], capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 1
    assert "No window can be opened" in result.stderr


def test_a_game_is_named_however_it_is_typed():
    """Found by a tester: --game Mus was refused for its capital, though the menu writes it so."""
    for typed, name in (("Mus", "mus"), ("Jub Moo", "jubmoo"), ("luk-fu", "lukfu"), ("KLABERJASS", "klaberjass")):
        assert cli.parse(["--game", typed]).game == name
