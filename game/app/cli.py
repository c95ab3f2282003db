"""The command line: the manual's letters (``S M C *``, together or apart) and long flags."""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass
from typing import NoReturn

from game.registry import GAME_NAMES, GAMES

LETTERS = {"S": "--no-sound", "M": "--mono", "C": "--color", "*": "--skip-intro"}


@dataclass(frozen=True)
class Args:
    sound: bool | None = None  # None: use the setting
    mono: bool | None = None
    skip_intro: bool = False
    demo: bool = False
    game: str | None = None
    seed: int | None = None
    scale: int | None = None


def program_name(argv0: str | None = None) -> str:
    """How the player started the program, for the usage text: ``python main.py`` from the
    source folder, else the installed command's own name (``dos-card-games``)."""
    name = os.path.basename(sys.argv[0] if argv0 is None else argv0)
    return f"python {name}" if name.endswith(".py") or not name else name


LETTERS_WORDS = "S sound off, M mono, C colour, * skip the startup show"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A word it does not know (a mistyped letter) is told which letters there are (a
        tester's X got only the long options' usage and "unrecognized arguments")."""
        if message.startswith("unrecognized arguments"):
            words = message.split(":", 1)[1].split()
            together = game_name("".join(words))  # "jub moo", typed as the menu writes it
            lines = [mistyped(" ".join(words), self)] if together in GAME_NAMES else [mistyped(w, self) for w in words]
            message += "".join(f"\n{line}" for line in lines if line)
            message += f"\nThe letters are {LETTERS_WORDS}; {self.prog} /? explains everything."
        super().error(message)


def letters_of(arg: str) -> str:
    """The letters an argument gives, written together, with slashes or after one dash."""
    return arg[1:] if arg.startswith("-") and not arg.startswith("--") else arg.replace("/", "")


def unknown_letters(arg: str) -> list[str]:
    """The letters of ``arg`` that are no command-line letter, where it reads as a group of
    them: one character alone ("Q"), written after "/" or "-" with some of the letters, or bare
    with one odd character among them ("SMX"). A long option, an argument longer than the four
    letters together, or a bare word with several odd characters ("mono", "moo") is a word."""
    letters = letters_of(arg)
    if arg.startswith("--") or len(letters) > len(LETTERS):
        return []
    odd = [ch for ch in dict.fromkeys(letters) if ch.upper() not in LETTERS and ch != "?"]
    if len(letters) == 1:
        return odd  # one character alone is a letter, known or not ("Q", "-x")
    odd_count = sum(1 for ch in letters if ch in odd)  # "moo" has two odd characters, not one
    if len(odd) == len(set(letters)) or (not arg.startswith(("/", "-")) and odd_count > 1):
        return []
    return odd


def mistyped(word: str, parser: argparse.ArgumentParser) -> str:
    """What a word the parser did not know was probably meant to be, in a line ("" if
    nothing): a game's name or a long option written without its dashes ("mus", "demo"),
    else the unknown letter of a group ("In SMX, X is no letter the program knows": a
    tester could not tell that S and M were fine)."""
    bare = word.lower().lstrip("-/")
    if game_name(bare) in GAME_NAMES:
        return f"{word} is a game: {parser.prog} --game {game_name(bare)} goes straight to its table."
    if not word.startswith("--") and re.search(rf"--{re.escape(bare)}(?![\w-])", parser.format_help()):
        return f"Did you mean --{bare}?"
    odd = unknown_letters(word)
    if not odd:
        return ""
    said = f"{' '.join(odd)} {'is no letter' if len(odd) == 1 else 'are no letters'} the program knows."
    return said if len(letters_of(word)) == 1 else f"In {word}, {said}"


def game_name(typed: str) -> str:
    """A game's name as --game takes it, however typed: "Jub Moo", "jub-moo", "MUS" (a tester's
    --game Mus was refused for its capital)."""
    return re.sub(r"[\s_-]", "", typed).lower()


def _parser(prog: str | None = None) -> argparse.ArgumentParser:
    prog = prog or program_name()
    parser = _Parser(
        prog=prog,
        description=f"{', '.join(g.short for g in GAMES[:-1])} and {GAMES[-1].short} "
        "in an early-1990s DOS text-mode style.",
        epilog=f"Letters as in the old manual, together or apart: {LETTERS_WORDS} "
        f"(quote it: {prog} 'MS*'); /? as -h.",
    )
    parser.add_argument("--no-sound", "--nosound", dest="no_sound", action="store_true",
                        help="start with sound off (S)")
    display = parser.add_mutually_exclusive_group()
    display.add_argument("--mono", action="store_true", help="force a mono display (M)")
    display.add_argument("--color", "--colour", dest="color", action="store_true",
                         help="force a colour display (C)")
    parser.add_argument("--skip-intro", action="store_true", help="skip the startup show (*)")
    parser.add_argument("--demo", action="store_true", help="start in demo mode (the computer plays)")
    parser.add_argument("--game", type=game_name, choices=GAME_NAMES, help="go straight to a game's table")
    parser.add_argument("--seed", type=int, help="seed of the first match (same seed, same deals)")
    parser.add_argument("--scale", type=int, choices=range(1, 7), metavar="1-6",
                        help="window size as a whole multiple of 672x432")
    return parser


def expand_letters(argv: list[str]) -> list[str]:
    """Turn ``MS`` or ``m s *`` into long flags, also written the DOS way (``/S``, and ``/M/S``
    with a slash before each, as a tester typed) or the Unix way (``-s``, ``-ms``); other
    arguments pass through unchanged."""
    out: list[str] = []
    for arg in argv:
        if arg in ("/h", "/H"):
            out.append("--help")
            continue
        letters = letters_of(arg)
        if letters and all(ch.upper() in LETTERS or ch == "?" for ch in letters):
            # "?" is DOS's own way of asking for the usage, alone or among letters ("/S/?").
            out.extend("--help" if ch == "?" else LETTERS[ch.upper()] for ch in letters)
        else:
            out.append(arg)
    return out


def usage(prog: str | None = None) -> str:
    return _parser(prog).format_help()


def parse(argv: list[str], prog: str | None = None) -> Args:
    """Parse the command line. Bad arguments print usage and exit with status 2 (argparse)."""
    parser, expanded = _parser(prog), expand_letters(argv)
    if "--mono" in expanded and {"--color", "--colour"} & set(expanded):
        # Said in the words typed: the letters M C had been refused as "--color/--colour: not
        # allowed with argument --mono" (a tester).
        typed_mono = "--mono" if "--mono" in argv else "M"
        typed_colour = next((word for word in argv if word in ("--color", "--colour")), "C")
        parser.error(f"{typed_mono} (mono) and {typed_colour} (colour) cannot both be asked for: choose one")
    ns = parser.parse_args(expanded)
    mono: bool | None = True if ns.mono else (False if ns.color else None)
    return Args(
        sound=False if ns.no_sound else None,
        mono=mono,
        skip_intro=ns.skip_intro,
        demo=ns.demo,
        game=ns.game,
        seed=ns.seed,
        scale=ns.scale,
    )
