"""Key presses as small values, so scenes and tests share one input type.

``Key.from_event`` wraps a pygame KEYDOWN event; tests build keys with ``Key.named``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import pygame

NAMED: dict[str, int] = {
    **{f"F{n}": getattr(pygame, f"K_F{n}") for n in range(1, 13)},
    "ENTER": pygame.K_RETURN,
    "KP_ENTER": pygame.K_KP_ENTER,
    "ESC": pygame.K_ESCAPE,
    "SPACE": pygame.K_SPACE,
    "LEFT": pygame.K_LEFT,
    "RIGHT": pygame.K_RIGHT,
    "UP": pygame.K_UP,
    "DOWN": pygame.K_DOWN,
    "PAGEUP": pygame.K_PAGEUP,
    "PAGEDOWN": pygame.K_PAGEDOWN,
    "HOME": pygame.K_HOME,
    "END": pygame.K_END,
    "TAB": pygame.K_TAB,
    "BACKSPACE": pygame.K_BACKSPACE,
    "KP4": pygame.K_KP4,
    "KP6": pygame.K_KP6,
    "KP8": pygame.K_KP8,
    "KP2": pygame.K_KP2,
}


@dataclass(frozen=True, slots=True)
class Key:
    code: int  # pygame key constant
    char: str = ""  # the text the key types ("" for function keys)
    ctrl: bool = False
    alt: bool = False
    shift: bool = False
    repeat: bool = False  # the key held down, repeating: it moves a cursor, never "any key"

    @classmethod
    def from_event(cls, event: pygame.event.Event, repeat: bool = False) -> Key:
        mods = getattr(event, "mod", 0)
        return cls(
            code=event.key,
            char=getattr(event, "unicode", "") or "",
            ctrl=bool(mods & pygame.KMOD_CTRL),
            alt=bool(mods & pygame.KMOD_ALT),
            shift=bool(mods & pygame.KMOD_SHIFT),
            repeat=repeat,
        )

    @classmethod
    def named(cls, name: str, ctrl: bool = False, alt: bool = False) -> Key:
        """``Key.named("F5")``, ``Key.named("ENTER")``, ``Key.named("a")``, ``Key.named("1", ctrl=True)``,
        ``Key.named("SHIFT+TAB")``."""
        upper = name.upper()
        if upper.startswith("SHIFT+") and upper[6:] in NAMED:
            return replace(cls.named(name[6:], ctrl, alt), shift=True)
        if upper in NAMED:
            char = {"ENTER": "\r", "KP_ENTER": "\r", "SPACE": " ", "ESC": "\x1b", "TAB": "\t"}.get(upper, "")
            return cls(NAMED[upper], "" if ctrl else char, ctrl, alt)
        if len(name) == 1:
            code = ord(name.lower())  # SDL key codes of printable keys are their characters
            return cls(code, "" if ctrl else name, ctrl, alt, name.isupper())
        raise ValueError(f"no key named {name!r}")

    @property
    def is_unbound_combination(self) -> bool:
        """Ctrl or Alt with a key no binding gives them (Ctrl+R, Alt+1): taken as the plain key,
        they had closed an unread summary or played a card unasked. (A character typed with
        AltGr, "/" or "+" on some keyboards, is still the character.)"""
        if self.ctrl:
            return not self.is_enter
        return self.alt and (not self.char or (self.char.isascii() and self.char.isalnum()))

    @property
    def is_modifier(self) -> bool:
        """Ctrl, Alt, Shift and the like pressed on their own: the first half of Ctrl+6 or
        Alt+F4, never a key by itself (they had gone on as "any key", closing an unread summary
        before Alt+F4 closed the window, and ending the demo before Ctrl+9 reached it)."""
        return self.code in MODIFIER_CODES

    # ---- what the key means, whatever produced it ----
    @property
    def is_enter(self) -> bool:
        """Enter itself (either one), not Space, which ``is_confirm`` counts too."""
        return self.code in (pygame.K_RETURN, pygame.K_KP_ENTER)

    @property
    def is_confirm(self) -> bool:
        return self.code in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

    @property
    def is_cancel(self) -> bool:
        return self.code == pygame.K_ESCAPE

    @property
    def is_left(self) -> bool:
        return self.code in (pygame.K_LEFT, pygame.K_KP4) and not self.char.isdigit()

    @property
    def is_right(self) -> bool:
        return self.code in (pygame.K_RIGHT, pygame.K_KP6) and not self.char.isdigit()

    @property
    def is_up(self) -> bool:
        return self.code in (pygame.K_UP, pygame.K_KP8) and not self.char.isdigit()

    @property
    def is_down(self) -> bool:
        return self.code in (pygame.K_DOWN, pygame.K_KP2) and not self.char.isdigit()

    @property
    def typed(self) -> str:
        """The printable character typed, upper-cased ("" for none)."""
        return self.char.upper() if self.char and self.char.isprintable() and not self.ctrl else ""


def function_number(key: Key) -> int | None:
    """1-10 for F1-F10 (with Ctrl, Alt or Shift too: Alt+F5 had ended a pause as "any key"),
    or for the second bindings Ctrl+1 .. Ctrl+9 and Ctrl+0 (= F10). (Alt+F4 closes the window
    before this is asked.)"""
    for n in range(1, 11):
        if key.code == getattr(pygame, f"K_F{n}"):
            return n
    if key.ctrl and not key.alt and pygame.K_0 <= key.code <= pygame.K_9:
        digit = key.code - pygame.K_0
        return 10 if digit == 0 else digit
    return None


#: Keys that only modify others.
MODIFIER_CODES = frozenset({
    pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT, pygame.K_LSHIFT, pygame.K_RSHIFT,
    pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI, pygame.K_MODE, pygame.K_CAPSLOCK,
    pygame.K_NUMLOCKCLEAR, pygame.K_SCROLLOCK,
})

#: A part of a key line: "K: what it does", the parts two blanks or more apart; the keys before
#: the colon may be several ("N/Esc: no", "Up/Down, PgUp/PgDn: scroll").
KEY_PART = re.compile(r"(?:^|(?<=  ))(\S(?:(?!  )[^:])*?): [^ ]+(?: [^ ]+)*")
#: Words among a part's keys that name no one key: "or", "arrows", a range such as "1-4".
KEYISH = re.compile(r"or|arrows|\w-\w")
#: How key lines write keys, as ``Key.named`` names them.
WRITTEN = {"Enter": "ENTER", "Esc": "ESC", "Space": "SPACE", "Tab": "TAB", "Shift+Tab": "SHIFT+TAB",
           "PgUp": "PAGEUP", "PgDn": "PAGEDOWN",
           "Up": "UP", "Down": "DOWN", "Left": "LEFT", "Right": "RIGHT", "Home": "HOME", "End": "END",
           "←": "LEFT", "→": "RIGHT", "Bksp": "BACKSPACE"}


def key_at(line: str, offset: int) -> str | None:
    """The key (a ``Key.named`` name) a click ``offset`` characters into a key line stands for:
    the key written under it ("PgUp" of "PgDn/PgUp: turn"; None on a word that names no key,
    "or", "1-4"), or on a part's words its first key; any key ("SPACE") for "Any key: ...";
    None off every part. Every screen's key line takes clicks through this one reading, so a
    mouse player can answer what the keys answer."""
    text = line.lstrip(" ")  # " F5 or Esc: close " is a part too
    offset -= len(line) - len(text)
    for part in KEY_PART.finditer(text):
        if not part.start() <= offset < part.end():
            continue
        if part.group(1).lower().startswith("any"):
            return "SPACE"
        if len(part.group(1)) == 1:  # "/: find a card", "?: the 10♣"
            return written_key(part.group(1))
        words = list(re.finditer(r"[^/, ]+", part.group(1)))
        if any(written_key(w.group()) is None and not KEYISH.fullmatch(w.group()) for w in words):
            return None  # a label ("Player 1: press Enter", "Raised: a set"), not keys
        names = [(part.start() + w.start(), part.start() + w.end(), written_key(w.group())) for w in words]
        if offset < part.start() + len(part.group(1)):  # on the keys' names: the one clicked
            return next((name for start, end, name in names if start <= offset < end), None)
        return next((name for _, _, name in names if name is not None), None)
    return None


def written_key(word: str) -> str | None:
    """``Key.named``'s name of a key as a key line writes it ("Esc", "PgDn", "F5", "Y"), or None
    for a word that names no key ("or", "arrows")."""
    if word in WRITTEN:
        return WRITTEN[word]
    if len(word) == 1 and word.isprintable():
        return word
    if re.fullmatch(r"F(?:[1-9]|1[0-2])", word):
        return word
    return None
