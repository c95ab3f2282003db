"""The table kit: what every game's table has in common.

A table holds a ``Match`` and draws the observation of the seat at the keyboard (never the
state). The base class runs the match: computer seats ask the AI worker and wait the F8/F9
delay, a finished trick is held on screen, deal summaries and the match result are panels
drawn over the table, statistics are counted and the match is saved after every action.
It also owns what the player touches: the felt and its frame, the message line and the
prompt line (rows 21 and 22), the hand widget (``game.scenes.hand``), the labelled choices,
one refusal path and the input guard. See ``TableScene`` for the hooks a game writes, and
docs/tables.md for how to build a table.
"""

from __future__ import annotations

import dataclasses
import re
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

import pygame

from game import registry
from game.ai.analysis import EXACT, FORCED, PREFERENCE, RULE, SAMPLED, Estimate, Ranking
from game.app.keys import Key, key_at
from game.app.match import Match, deal_ended, decision_seed
from game.app.review import reviewable
from game.app.saves import carried_words
from game.app.scene import Scene
from game.rules import IllegalAction
from game.rules.common import Observation
from game.scenes.hand import NO_CURSOR, Hand, HandGeometry, HandInput, HandMode
from game.scenes.widgets import PLAY_ROWS, dialog, dialog_top, title_bar, wrap
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas
from game.screen.cards import french_face, key_index

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.review import Decision

ATTRACT_DELAY = 0.6  # the demo show's pace, as a share of the computer delay (F8/F9)
ATTRACT_DELAY_MIN = 0.3  # ... never faster than this a move
MIN_TRICK_HOLD = 1.0  # seconds a finished trick stays on screen, at least
ATTRACT_TRICK_HOLD = 0.8
PROMPT_GUARD = 0.3  # seconds a new prompt of the player's ignores keys (they were meant for what was before)
DEALT_ON_GUARD = 1.5  # ... the prompt of a deal F6 dealt at once, turned off at the replay offer
TABLE_BG = palette.GREEN
SUMMARY_MAX = 18  # lines a panel can hold on the 80x25 screen
PANEL_LINE = COLS - 8  # columns a panel's line can hold (its frame and margins take the rest)
#: A decision of the player's (``TableScene.decision_key``): moves so far, seat, phase.
DecisionKey = tuple[int, int, str]
KEY_CUE = "Any key: go on."  # a pause that waits for the player's key; a long message over his prompt
MESSAGE_ROW, PROMPT_ROW = 21, 22  # a message too long for its row covers the prompt until the next key
FRAME_TOP = 1  # the felt's frame: rows 1-23, under the title bar
PANEL_ROWS = PLAY_ROWS - 3  # the rows inside the frame (2-22): a panel, however tall, leaves its edges
HINT_LEVEL = "hard"  # the hint and the review give the strongest player's view


@dataclass(frozen=True)
class Choice:
    """One labelled key: its key, its words, its action.

    On the prompt line ``action`` is what the key does; in a table's ``KEYS`` it is the name of
    the binding (the engine action, or a word for a family of actions such as ``declare``).
    """

    key: str
    label: str
    action: str


@dataclass(frozen=True)
class Prompt:
    """What the player is asked now: the prompt line's text, its labelled choices, the hand.

    ``hand`` is None when the hand takes no keys; ``default`` is the choice Enter picks first.
    """

    text: str = ""
    choices: tuple[Choice, ...] = ()
    hand: HandMode | None = None
    default: int = 0


@dataclass
class Panel:
    """A box over the table: a deal summary, the match result, a question."""

    title: str
    lines: list[tuple[str, int]]
    prompt: str = "Press any key to continue"
    auto_seconds: float | None = None  # closes by itself after this long (demo)
    on_key: Callable[[Key], bool] | None = None  # returns True when the key closes the panel
    on_close: Callable[[], None] | None = None
    width: int = 0
    review: bool = False  # a deal's summary: R may open the review of it (``can_review``)
    result: bool = False  # the match result
    # Opened by the player over his own prompt to read something (Luk Fu's "O: why", Mus's
    # señas seen): his decision goes on after it as he left it, cards raised and all.
    aside: bool = False


def percent(estimate: Estimate) -> int:
    """An estimate's chance of winning as the screen writes it, in whole percents: 100 only
    when certain and 0 only when hopeless (a tester read "100% to win the match" while a loss
    was still possible). A chance from imagined deals (``worlds``) is never certain: every one
    of 30 won is not every deal there is (a tester lost a match Luk Fu's hint gave at 100%)."""
    chance = estimate.win_chance
    assert chance is not None
    shown = round(chance * 100)
    return min(99, max(1, shown)) if 0.0 < chance < 1.0 or estimate.worlds else shown


def points_text(estimate: Estimate, unit: bool = False, goal: str = "game") -> str:
    """``+6``, ``-2.5 points``, ``+0.8 points, 54% to win the game``: a value as the hint shows
    it (``goal``: what the chance is of winning, the table's ``WIN_GOAL``)."""
    points = estimate.points
    if points is None:
        return ""
    shown = shown_points(points)
    # Nothing is written 0, as the help's tables write it (a tester read "(+0)" as a gain).
    # Whole from 10, with thousands marked ("-1,117", as "1,000" is beside it: a tester).
    written = f"{shown:+,.0f}" if abs(shown) >= 10 else f"{shown:+g}"
    text = (written if shown else "0") + ((" point" if abs(shown) == 1 else " points") if unit else "")
    if estimate.win_chance is not None:
        text += f", {percent(estimate)}%" + (f" to win the {goal}" if unit else "")
    return text


#: The replay option's question before a new deal (F6), bound alike at every table.
REPLAY_KEYS = (Choice("R", "Replay it (same cards)", "replay"), Choice("C", "Continue", "continue"))
#: The choice after a deal when the replay option is on, in the words of every table's hint
#: and review: (short, long).
DEAL_CHOICE_WORDS = {"replay": ("replay", "replay the last deal"), "continue": ("go on", "go on to the next deal")}


def deal_choice_words(action: str, short: bool) -> str | None:
    """``action`` in words when it is the replay-or-continue choice, else None."""
    words = DEAL_CHOICE_WORDS.get(action)
    return None if words is None else words[0 if short else 1]


def shown_points(points: float) -> float:
    """Points as the screen writes them: whole from 10 up, else to the tenth (never "-0": a
    loss too small to show is none)."""
    return (round(points) if abs(points) >= 10 else round(points, 1)) or 0.0


#: The prompt of a panel that closes by itself while the demo plays (F2 hands the seat back).
DEMO_PANEL_PROMPT = "Demo: goes on by itself    F2: stop the demo"
#: F6 turned on under the last deal's summary: said, as the match has no next deal to offer it in,
#: on one row of the key bar (in two, its second half had stayed alone over the match's result).
NO_REPLAY_AFTER_MATCH = "F6: this match is over; the replay offer comes from the next match on."
#: The prompt of a deal's summary whose decisions can be reviewed.
REVIEW_PROMPT = "R: review your decisions    Any other key: go on"
#: The same in hot seat, where the review opens on the last to play and Tab goes to the others.
REVIEW_PROMPT_HOT_SEAT = "R: review each player's decisions    Any other key: go on"
#: Under the summary of the deal that ended the match, what the next key shows is said.
LAST_REVIEW_PROMPTS = {prompt: prompt.replace("go on", "the match result")
                       for prompt in (REVIEW_PROMPT, REVIEW_PROMPT_HOT_SEAT)}
LAST_PANEL_PROMPT = "Any key: the match result"  # the same where R is not offered (F2 played)
#: The prompt of a panel over the player's decision (Luk Fu's O, Mus's S), worded as the pauses are.
ASIDE_PROMPT = "Any key: back to the table"
#: The message line while the hint is worked out.
HINT_THINKING = "Hint: the computer is thinking (F4 again: never mind)..."

#: The hint's mark of the choices left out for want of room.
LEFT_OUT = "; ..."

#: How many steps back the table keeps the hand's order at a person's decisions (for the review).
ORDERS_KEPT = 400

#: What the statistics and the summary's R need to know of the match so far, saved with it (a
#: tester found a hinted or F2-played match counted as the player's own once resumed).
COUNTING = ("deal_counts", "deal_hinted", "human_decided", "computer_helped", "match_replayed", "deal_decided",
            "summary_decided")

#: Why a choice with the same chance of winning as written, but fewer points, was Hard's: its
#: chance is higher before rounding ("chance decides" beside 1% and 1% read as a contradiction).
CHANCE_DECIDES = "chance a bit higher"


def shows_more(estimate: Estimate, than: Estimate) -> bool:
    """``estimate`` shows a better number than ``than``, as both are written: a higher chance
    of winning where both give one, else more points (numbers written alike are equal). The
    same chance with more points reads as better too (a tester asked why it was not chosen)."""
    more_points = (estimate.points is not None and than.points is not None
                   and shown_points(estimate.points) > shown_points(than.points))
    if estimate.win_chance is not None and than.win_chance is not None:
        shown, other = percent(estimate), percent(than)
        return shown > other or (shown == other and more_points)
    return more_points


def listing_order(ranking: Ranking, others: Iterable[Estimate]) -> list[Estimate]:
    """The choices after Hard's in the order a row (the hint's, the review's values line) lists
    them: a better-looking number first, beside the reason that explains it; then the pass,
    where the note said first is about it (Klaberjass's "pass: Hard's bar": a tester found the
    pass cut off behind "; ..." while the bracket spoke of it); then by value."""
    best = ranking.best
    return sorted(others, key=lambda e: (not shows_more(e, best), not (ranking.note_first and e.action == "pass")))


def most_that_fit(row: Callable[[int, bool], str], most: int, least: int, width: int) -> tuple[int, str]:
    """How many values a row of values (the hint's, the review's) lists, and the row: as many as
    fit in ``width`` with the mark of those left out; else without the mark; at least ``least``
    (the values a reason or the player's own choice needs) whatever the width. ``row(count,
    marked)`` writes the row with its first ``count`` values."""
    for marked in (True, False):
        for count in range(most, least - 1, -1):
            text = row(count, marked)
            if len(text) <= width:
                return count, text
    return least, row(least, False)


def chance_decides(ranking: Ranking) -> bool:
    """A choice shows the same chance as the level's, more points, and a lower chance before
    rounding: the level chose by the chance, which the note must say."""
    best = ranking.best
    return best.win_chance is not None and any(
        shows_more(e, best) and e.win_chance is not None and e.win_chance < best.win_chance
        and percent(e) == percent(best) for e in ranking.estimates[1:])


def outranked(ranking: Ranking) -> bool:
    """Another choice shows a better number than the level's own: then the note's reasons for
    the choice (its last clauses) must be shown beside that number, or that number left out."""
    return any(shows_more(e, ranking.best) for e in ranking.estimates[1:])


def basis_first(view: Any, ranking: Ranking) -> bool:
    """What the numbers rest on (the note's first clause: "the true deal", "own cards only")
    goes before more numbers: with open hands a learner who sees every hand would otherwise
    read them wrong. So does a clause that changes what the numbers mean (``note_first``)."""
    return ranking.note_first or ranking.basis == EXACT or bool(dict(getattr(view, "options", ())).get("open_hands"))


def reason_note(view: Any, ranking: Ranking, room: int, shown: Estimate | None = None,
                basis_kept: bool = True) -> str:
    """The note beside a choice that a better-looking number (``shown``) outranks: the reason
    (its last clause, or its last clauses as room allows), after what the numbers rest on where
    that must come first (``basis_first``). ``CHANCE_DECIDES`` explains only a number with the
    same written chance as the choice's (a tester saw it beside a higher chance, in place of
    "it bets only 2 or 5"). Where the basis must come first and both do not fit, nothing: the
    better number is then left out, not the basis (with open hands a learner read a hint
    without "own cards only"), unless ``basis_kept`` is False (the review's own choice, which
    is always shown, must keep its reason)."""
    clauses = ranking.note.split("; ") if ranking.note else []
    reasons = dict(ranking.reasons)
    if shown is not None and shown.action in reasons:  # its own reason last, the others' left out
        clauses = [c for c in clauses if c not in reasons.values()] + [reasons[shown.action]]
    best = ranking.best
    same_chance = chance_decides(ranking) if shown is None else (
        shown.win_chance is not None and best.win_chance is not None and shown.win_chance < best.win_chance
        and percent(shown) == percent(best))
    if same_chance:
        clauses.append(CHANCE_DECIDES)
    if basis_first(view, ranking) and len(clauses) > 1:
        both = f" [{clauses[0]}; {clauses[-1]}]"
        if len(both) <= room:
            return both
        if basis_kept:
            return ""
    return note_text("; ".join(clauses), room, reasons_first=True)


def note_text(note: str, room: int, reasons_first: bool = False) -> str:
    """`` [60 imagined deals]``: a ranking's note in brackets, in whole clauses (``; ``) and
    at most ``room`` columns: its first clauses, or with ``reasons_first`` its last ones (the
    reasons a level's choice is not the top value are added last). Empty when none fits."""
    clauses = note.split("; ") if note else []
    for keep in range(len(clauses), 0, -1):
        kept = clauses[len(clauses) - keep:] if reasons_first else clauses[:keep]
        text = f" [{'; '.join(kept)}]"
        if len(text) <= room:
            return text
    return ""


def row_note(ranking: Ranking, shown: Iterable[Estimate]) -> str:
    """The ranking's note for the values ``shown`` on a row: without what sampled values rest
    on ("30 imagined deals") when none of them rests on a sample (Luk Fu's certain claim: a
    tester read the sample's size beside two certain values)."""
    # (Not where a clause that changes what the numbers mean comes first: Klaberjass's match.)
    if ranking.basis == SAMPLED and not ranking.note_first and not any(e.worlds for e in shown):
        return "; ".join(ranking.note.split("; ")[1:])
    return ranking.note


def bracket_for(bracket: str, ranking: Ranking, shown: Iterable[Estimate]) -> str:
    """A bracket made from the whole note (``reason_note``'s), as ``row_note`` would have it."""
    if not bracket or row_note(ranking, shown) == ranking.note:
        return bracket
    basis = ranking.note.split("; ")[0]
    kept = [c for c in bracket[2:-1].split("; ") if c != basis]
    return f" [{'; '.join(kept)}]" if kept else ""


def choice_spans(col: int, choices: list[Choice]) -> list[tuple[int, int]]:
    """Where ``K Label`` items drawn from ``col`` lie (first column, column after): two blanks
    apart, or one where two would overrun the frame. Drawing and clicks both read it."""
    width = sum(len(c.key) + 1 + len(c.label) for c in choices)
    gap = 2 if col + width + 2 * (len(choices) - 1) <= COLS - 2 else 1
    spans = []
    for choice in choices:
        end = col + len(choice.key) + 1 + len(choice.label)
        spans.append((col, end))
        col = end + gap
    return spans


def on_raise_clause(text: str, offset: int) -> bool:
    """``offset`` is on a clause of ``text`` (between commas, semicolons, stops) that tells
    the player to raise cards ("or raise cards (1-B)"), not what Enter plays."""
    starts = [0, *(m.end() for m in re.finditer(r"[,;.:]", text))]
    start = max(s for s in starts if s <= offset) if offset >= 0 else 0
    end = re.search(r"[,;.:]", text[start:])
    clause = text[start:start + end.start()] if end else text[start:]
    return "raise" in clause


def deal_of(view: Any) -> tuple[Any, Any]:
    """What tells one deal from the next in an observation (a replayed deal counts as new)."""
    return getattr(view, "deal_number", None), getattr(view, "last_deal", None)


#: A table's own observation class (``MusObservation``, ...): what ``obs`` and ``view`` are.
ObsT = TypeVar("ObsT", bound=Observation)


class TableScene(Scene, Generic[ObsT], metaclass=ABCMeta):
    """The base of the four tables. A table declares, as class attributes:

    - ``game_name``, and ``KEYS``: its labelled keys as ``Choice(key, label, action)``, the
      label being the word its F5 instructions use (a test checks them against the help
      text). Choices on the prompt line are made from them with ``offer``.

    and writes these hooks (each one is called by the base at the moment said):

    - ``title()``: the title bar's (left, centre, right) texts; every draw.
    - ``draw_layout(canvas)``: the table inside the frame, from ``self.view``, calling
      ``draw_hand(canvas)`` where the hand goes; every draw, after the frame and before the
      message and prompt lines. Drawing changes nothing.
    - ``make_hand()``: the ``Hand`` widget (its face function, arrangement, marks); once, by
      ``__init__``. ``hand_geometry()``: where it is drawn and clicked. ``hand_cards(view)``:
      the hand in F3's order (default ``view.hand``); whenever the view changes.
    - ``decision()``: the ``Prompt`` while the player is to act (text, choices, hand mode);
      read by the drawing, the keys, the mouse and the start of each decision, so it must
      not change anything. ``waiting_text(seat)``: the prompt line while others act.
    - ``table_key(key) -> bool``: the game's own keys (a question of its own, a key that
      shows something); called once for every key that no panel, trick hold or input
      guard took, before the prompt's choices and hand; True when it used the key.
    - ``cards_action(cards)``: the action for cards the player chose with the hand (one card
      in pick mode, the picked cards in multi mode), or None when the table asked a
      question of its own instead (or played several actions itself with ``human_act``);
      the base then plays it (the rules refuse it, if need be).
    - ``auto_action()``: an action the table takes for the player without asking (None: ask);
      called by ``update`` when the player is to act.
    - ``after_action(seat, action, before, after)``: after every action; sets the message
      (``move_message``: the replay offer's answers in the kit's words, with ``REPLAY_KEEPS``
      and ``deal_opening(view)``, who deals or leads a deal not yet played; every other
      move ``describe``), sounds and ``hold_trick()`` (``until_key=True``: the trick waits
      for the key of a person who is next). ``seat_name(seat)``.
    - ``deal_end_view(before, seat, action, after)``: the finished deal's last view, kept
      under its summary (default: the view before the deal's last action). A table whose
      ``after_action`` holds the deal's last trick (``hold_trick``) gets the summary after it.
    - ``summary_lines(last_deal)``, ``summary_title(last_deal)``, ``result_lines()``,
      ``human_won()``, ``deal_stats(last_deal)``, ``human_score()``, ``match_extra()``: the
      panels and the statistics, when a deal or the match ends.
    - ``move_words(action, view, short)`` and ``decision_words(view)``: moves and
      decisions in the game's own words, for the hint (F4) and the deal review
      (``action_words`` adds the replay-or-continue choice, worded alike everywhere).
    - ``on_setting_changed(section, key)`` (call super), ``draw_panel(canvas, panel)``.
    - ``table_state()`` and ``restore_state(state)``: what the table keeps of its own in the
      save beside the match record (the player's order of his hand), written after every
      action and every rearrangement, given back on resume; a table with per-player state
      (hot seat) extends both. ``prompt_state()`` and ``restore_prompt(state)`` do the same
      for what the player set at his prompt (``player_settings``); a table with settings
      of its own (Mus's amount) extends them.
    - Hot seat: ``hand_over(seat)`` when another person is to act (default: ``set_viewer``;
      a table may first hide the hands behind a panel, ``guard_keys()`` making it ignore
      keys for a moment), and ``set_viewer(seat)`` (extend it to keep per-player state
      such as ``hand.arrangement``).
    - ``prompt()`` itself only to put a state of the table's own in place of the whole
      line (Jub Moo's last-trick view), calling super otherwise.

    ``make_hand``, ``hand_cards`` and ``decision`` are first called from ``__init__``: set what
    they read before calling ``super().__init__()``.

    The base does the rest: a key goes to an open panel, else ends a trick hold, else is
    dropped while the input guard is up (a prompt that appeared less than ``PROMPT_GUARD``
    seconds of scene time ago), else brings back a prompt that a long message covers (and
    does nothing else), else goes to ``table_key`` and then, while the player is to
    act, to the prompt's choices (hot keys; Left/Right/Enter when the hand takes no keys)
    and to the hand. Every action of the player goes through ``human_act``, which plays
    only while his own prompt is up; an illegal one is refused with the rules' sentence and
    a buzz (``refuse``). The message line is cleared when the view moves to a new deal.
    """

    is_table = True
    # Held, only the cursor's keys repeat: Up and Down play or raise a card here.
    repeating_keys = frozenset((pygame.K_LEFT, pygame.K_RIGHT))
    WIN_GOAL = "game"  # what Hard's chance of winning is of (Mus: the game; Luk Fu: the match)
    #: F3's words on the key bar, naming the order it switches to: (while sorted, while not).
    SORT_WORDS = ("NOSORT", "SORT")
    RAISED_PLAYS = False  # cards are played by raising them, then Enter (Mus, Luk Fu): one card too
    counting: tuple[str, ...] = COUNTING  # the flags the statistics need, saved with the match
    game_name = ""
    KEYS: tuple[Choice, ...] = ()
    #: The actions of ``KEYS`` that are the table's own (a panel, a question), no moves of the game.
    OWN_ACTIONS: frozenset[str] = frozenset()
    #: The most cards a hand holds: their keys are cards' keys, whatever else ``KEYS`` binds them to.
    MOST_CARDS = 13

    @classmethod
    def fresh_match(cls, app: App, attract: bool, carried: dict[str, Any] | None) -> Match:
        """A new match, its options from the settings (and ``carried``: what the last match
        hands on to the next, ``next_match_options``)."""
        options = app.settings.game_options(cls.game_name)
        options["replay"] = False if attract else bool(app.settings.get("play", "replay"))
        seed = app.new_seed(attract)
        if carried:
            try:
                return Match(cls.game_name, seed, options | cls.carried_options(app, options, carried))
            except ValueError:  # a value these options refuse (a record edited by hand): said (a tester)
                app.notice(f"{carried_words(cls.game_name)} does not fit this match, so it starts without it.")
        return Match(cls.game_name, seed, options)

    @classmethod
    def carried_options(cls, app: App, options: dict[str, Any], carried: dict[str, Any]) -> dict[str, Any]:
        """What of ``carried`` (``next_match_options`` of the last match) the new match takes,
        its options being ``options`` and its table's settings ``app``'s (they may have changed
        on the menu since)."""
        return carried

    @classmethod
    def new(cls, app: App, attract: bool = False, carried: dict[str, Any] | None = None) -> TableScene[Any]:
        """A table with a fresh match, saved at once: its cards are dealt, so quitting before
        the first move comes back to them (and to what a finished match carried on, such as
        Jub Moo's pig leading), not to a new deal (found by a tester)."""
        if not attract:
            kept = app.saves.take_carried(cls.game_name)  # taken by this match, whichever way it starts
            carried = kept if carried is None else carried
        table = cls(app, cls.fresh_match(app, attract, carried), attract=attract, humans=cls.people(app, attract))
        table.save()
        return table

    def table_options(self) -> dict[str, Any]:
        """The game's own options (the program's, not the rules') in effect at this table, for
        F5's page of the options in play; a table that keeps one with its match says so."""
        return {key: self.app.settings.get(self.game_name, key) for key, _ in registry.entry(self.game_name).options}

    @classmethod
    def people(cls, app: App, attract: bool) -> tuple[int, ...]:
        """The seats of the people at a new match's table (a game with hot seat reads its option)."""
        return (0,)

    @classmethod
    def resume(cls, app: App, match: Match, humans: tuple[int, ...],
               table_state: dict[str, Any] | None = None) -> TableScene[Any]:
        """A table for a saved match, exactly where it was left (the hand in the player's own
        order too: ``table_state`` is what ``save`` kept of the table)."""
        table = cls(app, match, humans=humans)
        table.restore_state(table_state or {})
        # Taken back at its decision: now, or (hot seat) once the keyboard reaches its person.
        table.saved_prompt = (table_state or {}).get("prompt")
        if table.restore_prompt(table.saved_prompt):
            table.saved_prompt = None
        for name in ("computer_steps", "auto_steps"):  # the choices not the player's to review
            steps = (table_state or {}).get(name)
            if isinstance(steps, list) and all(isinstance(i, int) and not isinstance(i, bool) for i in steps):
                setattr(table, name, set(steps))
        counting = (table_state or {}).get("counting")
        if isinstance(counting, dict):
            for name in table.counting:
                if isinstance(counting.get(name), bool):
                    setattr(table, name, counting[name])
        if not isinstance(counting, dict) or "deal_decided" not in counting:
            table.deal_decided = True  # a save from before it was kept: R offered, as it was then
        last = getattr(table.obs, "last_deal", None)
        ended = table.ended_view() if (table_state or {}).get("summary_up") is True and last is not None else None
        if ended is None:
            table.message = table.last_words() or table.message
            if table.panel is not None:  # hot seat's "pass the keyboard": the words come back after it (a tester)
                table._message_under_panel = table.message
            # The hint's words are not kept: why the deal counts apart is (a tester); not in hot
            # seat, where nothing is counted (another tester).
            if table.deal_hinted and table.one_player:
                app.notice("This deal counts as hinted: you took a hint in it before you left.", log=False)
        else:
            # Left at a deal's end (its last trick held, or its summary up): the summary first,
            # over the deal as it ended (a tester's resumed totals had jumped with no word of why).
            table.frozen_obs = ended
            table.deal_end_steps = len(match.steps)
            table._view_changed()  # the hand as it ended too (the next deal's had peeked out)
            under, table.panel = table.panel, None  # a hot seat's "pass the keyboard", back after it
            table.show_summary(last)
            table._panel_under = under
        # F6 may have been switched since the match was saved (the menu, the options): the match
        # follows the setting, as the key bar shows it (found by a tester); under a resumed
        # summary as if F6 were pressed there. Not before the summary is found: the option's
        # step, last in the record, had hidden the deal's end (a tester's last summary was
        # skipped); nor once the match is over, where there is no deal to offer again.
        options = dict(table.obs.options)
        if "replay" in options and bool(options["replay"]) != bool(app.settings.get("play", "replay")) \
                and not match.is_over:
            table.on_setting_changed("play", "replay")
        return table

    def _last_action(self) -> tuple[int, Any, str, Any] | None:
        """Who took the record's last step, the player's view just before it, that action and
        the view after it (the match rebuilt to that moment: the rules are pure); None when it
        is no action. Both views come from the one rebuilt match, as at the table: a deal's end
        is told by its summary object (``deal_ended``), and the resumed match's own was another
        object, so a lead resumed in deal 2 had read "Computer takes the last trick" (a tester).
        An option changed since (F6 mid-deal) is no action: the action before it is the last
        (a tester's resumed line was empty after F6)."""
        steps = self.match.steps
        last = next((i for i in range(len(steps) - 1, -1, -1) if isinstance(steps[i], str)), None)
        if last is None:
            return None
        rebuilt = Match(self.match.game, self.match.seed, self.match.options)
        for step in steps[:last]:
            rebuilt.replay_step(step)
        seat = rebuilt.current_player
        if seat is None:
            return None
        before = rebuilt.observation(self.viewer)
        action = rebuilt.rules.parse_action(rebuilt.state, str(steps[last]))
        rebuilt.replay_step(steps[last])
        return seat, before, action, rebuilt.observation(self.viewer)

    def last_words(self) -> str:
        """The message of the record's last action, for a match resumed in the middle of a deal
        (the line had been empty: a tester's "Computer leads the J♠." was gone); "" when the
        last step is no action of this deal."""
        last = self._last_action()
        if last is None or deal_of(last[1]) != deal_of(self.obs):
            return ""
        seat, before, action, after = last
        return self.move_message(seat, action, before, after)

    def ended_view(self) -> Any:
        """The view under the summary of the deal the match's last step ended, for a match
        resumed there; None if that step is no action or ended no deal (a save edited by hand
        had put deal 1's summary over deal 2's play)."""
        last = self._last_action()
        if last is None or getattr(last[1], "last_deal", None) == self.obs.last_deal:
            return None
        seat, before, action, after = last
        return self.deal_end_view(before, seat, action, after)

    def table_state(self) -> dict[str, Any]:
        """What is saved with the match besides the rules' record: the player's order of his hand."""
        return {"arrangement": list(self.hand.arrangement)}

    def restore_state(self, state: dict[str, Any]) -> None:
        """Take back ``table_state`` from a save; anything odd in it is ignored (the hand is
        then simply sorted)."""
        arrangement = state.get("arrangement")
        if isinstance(arrangement, list) and all(isinstance(card, str) for card in arrangement):
            self.hand.arrangement = list(arrangement)
            self.hand.show(self.hand_cards(self.view), self.sorted_hand)
            if self.human_to_act:  # the decision starts again in the order restored
                self.hand.begin(self.prompt().hand)

    def __init__(self, app: App, match: Match, attract: bool = False, humans: tuple[int, ...] = (0,)) -> None:
        super().__init__(app)
        self.match = match
        self.attract = attract
        self.humans = frozenset(humans)
        self.viewer = min(self.humans) if self.humans else 0
        self.obs: ObsT = self.observe(self.viewer)
        self.ticket: int | None = None
        self.ticket_seat: int | None = None
        self.wait = 0.0
        self.hold = 0.0
        self.hold_for_key = False  # the held trick waits for a key while a person at the keyboard is next
        self.panel: Panel | None = None
        self._panel_under: Panel | None = None  # the panel a ``show_panel_over`` covers, back when it closes
        self.message = ""
        self._refusal = ""  # the last refusal said (``refuse``), and the message line it replaced
        self._before_refusal = ""
        self._message_under_panel = ""  # the message line as it was when the panel came up
        self.choice_cursor = 0  # the highlighted labelled choice
        # A choice the hint named on a prompt that also takes cards (Luk Fu's Claim): Enter takes
        # it, and it is drawn highlighted, until a key turns to the cards (``hint_shown``).
        self.hinted_choice: str | None = None
        self.hint_settings: tuple[Any, ...] = ()  # ``player_settings`` at F4
        self.last_move_message = ""  # the message the last move gave (``perform``)
        self.finished = False  # the match is over and its result was dismissed
        self.deals_seen = 0
        self.result_shown = False
        self.frozen_obs: ObsT | None = None  # the finished deal's last view, kept under its summary
        self.showing_decision = False  # the review shows the table at a decision (``showing``)
        self.summary_due: Any = None  # a finished deal whose summary waits for its last trick's pause
        self._summary_view: Any = None  # ... and the view to show under it (``held_view`` until then)
        self.deal_end_steps = -1  # the match's steps when the last deal ended (nothing played since: F6)
        self.deal_counts = not attract  # False once the deal is replayed or the computer played for you
        self.human_decided = False  # the human made a decision in this match (statistics)
        self.deal_decided = False  # ... one the review goes over, in this deal, himself (not F2, not F3's)
        self.summary_decided = True  # ... in the deal whose summary is up: R has something to review
        self.computer_helped = False  # F2 played a decision of the human's: the match is not his (statistics)
        self.match_counted = False  # the finished match is in the statistics
        self.match_replayed = False  # a deal was played again (F6): its first result undone, the match is not counted
        self.computer_steps: set[int] = set()  # the match's steps F2 played for a person (the review leaves them out)
        self.auto_steps: set[int] = set()  # ... and those the table took for him (``auto_action``: F3's declarations)
        self.hint_ticket: int | None = None  # F4's ranking being worked out
        self.hint_for: DecisionKey | None = None  # ... for this decision of the player's
        self.hint_chain: list[Ranking] = []  # a move of several actions: the rankings of those before
        self.hint_obs: Any = None  # the observation of the ranking being worked out
        self.hint_named: tuple[DecisionKey | None, tuple[str, ...]] = (None, ())  # (decision, Hard's move)
        self.deal_hinted = False  # a hint was shown in this deal (statistics count it apart)
        self.reviews: dict[int, Ranking] = {}  # the review's rankings, by step of the record (kept for a second look)
        self.hand_orders: dict[int, list[str]] = {}  # the hand's order at the person's decisions, by step
        self._shown_mode: HandMode | None = None  # the hand's look under ``showing`` (the review)
        self.hand: Hand = self.make_hand()
        self._deal = deal_of(self.obs)
        self._decision: DecisionKey | None = None  # the decision whose prompt is up
        self.saved_prompt: Any = None  # a resumed save's ``prompt_state``, until its decision comes up
        self.hand_over_due = False  # hot seat: the next person to act is handed the keyboard, the viewer too
        self._guard = 0.0
        self._view_changed()
        self.message = self.deal_opening(self.view)
        self._sync(guard=False)

    def observe(self, seat: int) -> ObsT:
        """The match now as ``seat`` sees it, in this table's own observation class."""
        return cast(ObsT, self.match.observation(seat))

    @property
    def view(self) -> ObsT:
        """The observation to draw: the current one, or the finished deal under its summary."""
        return self.frozen_obs if self.frozen_obs is not None else self.obs

    # ---- who decides ----
    def computer_plays(self, seat: int) -> bool:
        return self.attract or self.app.demo or seat not in self.humans

    @property
    def level(self) -> str:
        return str(self.app.settings.get(self.game_name, "level"))

    def move_delay(self) -> float:
        # The demo show keeps its own brisk pace at the usual delay, and follows F8/F9 from it
        # (the bar showed 9.5 s over a show that did not slow down: a tester).
        return max(ATTRACT_DELAY_MIN, ATTRACT_DELAY * self.app.delay) if self.attract else self.app.delay

    @property
    def human_to_act(self) -> bool:
        """The player at the keyboard (the viewer) is to act, and nothing is in the way."""
        seat = self.match.current_player
        return (seat is not None and seat == self.viewer and not self.computer_plays(seat) and self.panel is None
                and self.hold <= 0)

    @property
    def guarded(self) -> bool:
        """The player's prompt has just appeared: keys are ignored for a moment."""
        return self._guard > 0

    @property
    def sorted_hand(self) -> bool:
        """F3: the hand in the game's sorted order (off: the player's own order, where the hand allows)."""
        return bool(self.app.settings.get("play", "hand_sort"))

    # ---- time ----
    def update(self, dt: float) -> None:
        self._guard = max(0.0, self._guard - dt)
        self._advance(dt)
        self._sync()
        self._poll_hint()

    def paused(self) -> bool:
        """The play waits for the player (Jub Moo's last trick recalled with L, until a key)."""
        return False

    def _advance(self, dt: float) -> None:
        if self.paused():
            return
        if self.panel is not None:
            if self.panel.auto_seconds is not None:
                self.app.keep_active()
                self.panel.auto_seconds -= dt
                if self.panel.auto_seconds <= 0:
                    self.close_panel()
            return
        if self.hold > 0:
            if self.holding_for_key:
                return  # "Any key: go on." waits for its key
            self.app.keep_active()
            self.hold -= dt
            if self.hold > 0:
                return
        if self._summary_if_due():
            return
        if self.match.is_over:
            if not self.result_shown:
                self.show_result()
            return
        seat = self.match.current_player
        if seat is None:
            return
        if not self.computer_plays(seat):
            self._cancel_ticket()
            if seat != self.viewer or self.hand_over_due:
                self.hand_over_due = False
                self.hand_over(seat)
                return
            auto = self.auto_action() if self.human_to_act else None
            if auto is not None:
                self.auto_steps.add(len(self.match.steps))  # not his choice: the review leaves it out
                before, said = self.message, self.last_move_message
                self.perform(seat, auto)
                # Taken at once, its words follow the last move's rather than replace them (a
                # tester never read "Computer names clubs." before "You declare no run."); not
                # other words on the row (a hint ran into them: a reviewer).
                if before and before == said and self.message and before != self.message:
                    self.message = f"{before} {self.message}"
            return
        self.app.keep_active()
        if self.ticket is None or self.ticket_seat != seat:
            self._cancel_ticket()
            obs = self.match.observation(seat)
            self.ticket = self.app.ai.request(self.game_name, obs, self.level, self.match.decision_seed())
            self.ticket_seat = seat
            self.wait = self.move_delay()
        self.wait -= dt
        if self.wait > 0:
            return
        action, error = self.app.ai.poll(self.ticket)
        if action is None and error is None:
            return
        self.ticket = None
        if error or action is None:
            self.app.notice(f"Computer player error ({error}); it plays its first legal move.")
            action = self.match.observation(seat).legal_actions[0]
        self.perform(seat, action)

    def _summary_if_due(self) -> bool:
        """Bring up the summary of the deal that just ended, if one waits (its last trick's
        pause is over); True if it came. Called in the same update that ends the pause, so no
        picture of the next deal's prompt over an empty table comes between (a tester's frame)."""
        if self.summary_due is None:
            return False
        last, self.summary_due = self.summary_due, None
        if self._summary_view is not None and self.frozen_obs is not None:
            self.frozen_obs = self._summary_view  # the new totals come with the summary that explains them
        self._summary_view = None
        self.summary_up(last)
        return True

    def _cancel_ticket(self) -> None:
        if self.ticket is not None:
            self.app.ai.cancel(self.ticket)
            self.ticket = None
            self.ticket_seat = None

    @property
    def holding_for_key(self) -> bool:
        """The pause on screen waits for a key: its table asked so, and a person at the keyboard
        is next (never in the demo show or with F2, where the computer is)."""
        seat = self.match.current_player
        return self.hold > 0 and self.hold_for_key and seat is not None and not self.computer_plays(seat)

    def hold_trick(self, until_key: bool = False) -> None:
        """Keep a finished trick on screen long enough to read (any key goes on, and does nothing else).

        ``until_key``: while the next to act is a person at the keyboard, the trick waits for
        his key (his own prompt would otherwise come up under a key meant to go on); never in
        demo or attract mode, where the computer is next.
        """
        self.hold = ATTRACT_TRICK_HOLD if self.attract else max(MIN_TRICK_HOLD, self.app.delay)
        self.hold_for_key = until_key

    def guard_keys(self, seconds: float = PROMPT_GUARD) -> None:
        """Ignore keys for ``seconds`` from now: for a panel that comes up by itself under the
        player's fingers (a deal's summary, the match result, the hot seat's "pass the
        keyboard", whose ``on_key`` reads ``guarded``)."""
        self._guard = seconds

    def prompt_state(self) -> dict[str, Any]:
        """What the player has set at his prompt now (``player_settings``: the cards raised,
        the highlighted card, the highlighted choice) and at which decision, saved so that a
        closed window or Esc does not lower a raised throw (a tester's resumed throw was lost)."""
        if self._decision is None:
            return {}
        # The move a hint readied too: what Enter then does (a hinted claim had become a lead,
        # a hinted órdago's question opened on No, after a resume: a tester).
        return {"decision": list(self._decision), "picked": list(self.hand.picked_cards()),
                "highlight": self.hand.current, "choice": self.choice_cursor,
                "hinted": list(self.hinted_move()), "hinted_choice": self.hinted_choice}

    def restore_prompt(self, state: Any) -> bool:
        """Take back ``prompt_state`` if it was saved at the decision now up (True); cards no
        longer in the hand or not playable, and anything else odd in it, are left as the
        prompt starts."""
        if not isinstance(state, dict) or self._decision is None or state.get("decision") != list(self._decision):
            return False
        prompt, hand = self.prompt(), self.hand
        picked = state.get("picked")
        if prompt.hand is not None and prompt.hand.multi and isinstance(picked, list):
            hand.picked = {card for card in hand.cards if card in picked and card in prompt.hand.playable}
        highlight = state.get("highlight")  # on a card that may be played, as a decision starts
        playable = hand.cards if prompt.hand is None else prompt.hand.playable
        if isinstance(highlight, str) and highlight in hand.cards and highlight in playable:
            hand.cursor = hand.cards.index(highlight)
        choice = state.get("choice")
        if isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < len(prompt.choices):
            self.choice_cursor = choice
        hinted = state.get("hinted")
        if isinstance(hinted, list) and hinted and all(isinstance(action, str) for action in hinted):
            self.hint_named = (self._decision, tuple(hinted))
        hinted_choice = state.get("hinted_choice")
        if prompt.hand is not None and any(c.action == hinted_choice for c in prompt.choices):
            self.hinted_choice = hinted_choice
        return True

    def decision_key(self) -> DecisionKey:
        """What tells the player's decision now from the next: the moves so far, the seat and
        the phase. F6's option is no move, so pressed at a decision it keeps what the player
        (or the hint) set there (a reviewer's readied throw was lowered by F6); the phase still
        tells the replay offer from the deal F6 turned off there deals at once."""
        return sum(isinstance(step, str) for step in self.match.steps), self.viewer, self.obs.phase

    def _sync(self, guard: bool = True) -> None:
        """After every input and every update: when a new decision of the player's starts, the
        choice cursor goes to the prompt's default, the hand drops its picks and puts its
        cursor on a playable card, and (``guard``) keys are ignored for ``PROMPT_GUARD`` s."""
        decision = self.decision_key() if self.human_to_act else None
        if decision is None and self.panel is not None and self.panel.aside:
            return  # the same decision goes on after it (a tester's raised set was lowered by O)
        if decision == self._decision:
            return
        self._decision = decision
        self.hinted_choice = None  # (left after a claim, it had hidden the review's frame: a reviewer)
        if decision is None:
            return
        prompt = self.prompt()
        self.choice_cursor = prompt.default
        self.hand.begin(prompt.hand)
        if self.saved_prompt is not None and self.restore_prompt(self.saved_prompt):
            self.saved_prompt = None  # (a hot-seat player's highlight had been lost on resume: a tester)
        if guard:
            self._guard = max(self._guard, PROMPT_GUARD)  # a longer guard already running stays

    # ---- the view ----
    def _note_deal(self) -> None:
        """The view shows a new deal: the last deal's message goes, the hand starts again (even
        when the new cards share some with what was left of the last deal's)."""
        deal = deal_of(self.view)
        if deal != self._deal:
            self._deal = deal
            self.message = self.deal_opening(self.view) if self.frozen_obs is None else ""
            self.hand.restart()

    def deal_opening(self, view: ObsT) -> str:
        """The message a new deal opens with, while none of it is played (who deals it, or
        leads it, and why), however it comes: a first deal, C at the replay offer, F6 off
        there, a summary closed; none by default."""
        return ""

    def _view_changed(self) -> None:
        self._note_deal()
        self.hand.show(self.hand_cards(self.view), self.sorted_hand)

    def hand_over(self, seat: int) -> None:
        """Another person at the keyboard is to act (hot seat): turn the table to him. A table
        may first hide the hands behind a panel (called by ``update``)."""
        self.set_viewer(seat)

    def refresh(self) -> None:
        """Read the match again after it was changed from outside (tests and tools set a state)."""
        self.obs = self.observe(self.viewer)
        self._view_changed()
        self._sync(guard=False)

    def set_viewer(self, seat: int) -> None:
        """Turn the table to ``seat``'s view (hot seat); extend it to keep per-player state."""
        self.viewer = seat
        self.obs = self.observe(seat)
        self._view_changed()

    # ---- acting ----
    def perform(self, seat: int, action: str) -> bool:
        """Apply ``action`` for ``seat``; False (with a buzz and the rules' reason) if it is illegal."""
        before = self.obs
        # A choice of a person's own that the review goes over (not the table's F3 declaration).
        chose = (seat in self.humans and len(self.match.steps) not in self.auto_steps
                 and reviewable(self.match.observation(seat), action))
        try:
            self.match.apply(action)
        except IllegalAction as exc:
            self.refuse(str(exc))
            return False
        if seat in self.humans and not self.attract:
            if self.app.demo:
                self.deal_counts = False
                self.computer_helped = True
                self.computer_steps.add(len(self.match.steps) - 1)
            else:
                self.human_decided = True
                self.deal_decided = self.deal_decided or chose
        if action == "replay":
            self.deal_counts = False
            self.match_replayed = not self.attract  # a lost deal undone: the match is not the player's record
        self.obs = self.observe(self.viewer)
        last = getattr(self.obs, "last_deal", None)
        ended = deal_ended(before, self.obs, action)
        end_view = self.deal_end_view(before, seat, action, self.obs) if ended else None
        if end_view is not None:
            self.frozen_obs = end_view
            self.deal_end_steps = len(self.match.steps)
        self._note_deal()
        opening = self.deal_opening(before)
        opened = bool(opening) and opening in self.message and deal_of(before) == deal_of(self.obs)
        self.after_action(seat, action, before, self.obs)
        if opened and self.computer_plays(seat) and opening not in self.message \
                and len(f"{opening} {self.message}") <= COLS - 4:
            # The computers' moves before yours follow the deal's opening rather than replace it:
            # "Deal 3: you deal." had gone after one delay, unread (a newcomer).
            self.message = f"{opening} {self.message}".rstrip()
        self.last_move_message = self.message  # what the move said (a declaration made for you follows it)
        if ended:
            self.deals_seen += 1
            self.summary_decided, self.deal_decided = self.deal_decided, False
            self.count_deal(last)
        if self.match.is_over:
            self.count_match()  # now, not when its box opens: a player may leave at the summary
        # Saved after the deal is counted, so a match left at a summary and resumed does not
        # carry the finished deal's marks (a hint, a replay) into the next one.
        self.save()
        if ended and self.hold <= 0 and self.computer_plays(seat):
            # A computer's move that ends the deal (a call, a claim) is read before the summary
            # covers it, as a deal's last trick is (testers never saw East's Quiero, nor the
            # computer throw a Klaberjass deal in).
            self.hold_trick()
        if end_view is not None:
            if self.hold > 0:
                self.summary_due = last  # the deal's last trick first, then its summary
                self._summary_view, self.frozen_obs = end_view, self.held_view(end_view, before)
            else:
                self.summary_up(last)
        self._view_changed()
        return True

    def summary_up(self, last: Any) -> None:
        """The deal's summary, which comes up by itself: keys wait a moment, so a second quick
        key meant for the last trick never closes it unread."""
        self.show_summary(last)
        self.guard_keys()

    def deal_end_view(self, before: ObsT, seat: int, action: str, after: ObsT) -> ObsT:
        """What stays under the summary of the deal that ``action`` ended. The engines that
        deal on at once have no view of the ended deal, so by default it is the one before
        its last action; a table can show that action too."""
        return before

    def held_view(self, end_view: ObsT, before: ObsT) -> ObsT:
        """The ended deal's view while its last trick is held, before the summary comes up: the
        match totals (``scores``) as they were (``before``) until the summary explains them (a
        tester saw the header jump by 97 beside a trick panel that did not add up to it; Jub
        Moo's TOTAL had taken the -50 of an empty pile beside DEAL 0)."""
        if not dataclasses.is_dataclass(end_view):  # the observations are dataclasses; ``scores`` the totals
            return end_view
        return cast(ObsT, dataclasses.replace(end_view, scores=before.scores))

    def refuse(self, reason: str) -> None:
        """The one way a table says no: the reason on the message line, and a buzz."""
        if self.message != self._refusal:
            self._before_refusal = self.message
        self._refusal = reason
        self.message = reason
        self.app.sound("buzz")

    def take_back_refusal(self) -> None:
        """A change the player then made was accepted (an amount, a card raised): the refusal
        still on the message line no longer holds, so the line says again what it said before.
        A tester read "Raise 10 is the most" beside "R Raise 9 +/-"."""
        if self._refusal and self.message == self._refusal:
            self.message = self._before_refusal
        self._refusal = ""

    def save(self) -> None:
        """Keep the match on disk after every action. A finished match leaves no save once its
        result has been shown: until then a match left at its last deal's end resumes on that
        deal's summary and the result (a tester left at the last trick and never saw either)."""
        if self.attract:
            return
        if self.match.is_over:
            self.app.saves.carry(self.game_name, self.next_match_options())  # a new match takes it
        if self.match.is_over and self.result_shown:
            self.app.saves.delete(self.game_name)
        else:
            state = {**self.table_state(), "computer_steps": sorted(self.computer_steps),  # for the review
                     "auto_steps": sorted(self.auto_steps), "prompt": self.prompt_state(),
                     # A deal just ended, its summary not yet read: a resumed table shows it.
                     "summary_up": self.frozen_obs is not None and len(self.match.steps) == self.deal_end_steps,
                     "counting": {name: getattr(self, name) for name in self.counting}}  # for the statistics
            self.app.saves.write(self.match, tuple(sorted(self.humans)), state)
        self.app.flush_notices()

    def human_act(self, action: str) -> bool:
        """The player at the keyboard chose ``action``: played only while his prompt is up."""
        if not self.human_to_act or self.guarded:
            return False
        seat = self.match.current_player
        assert seat is not None
        # The hand as the player had it, for the review's table at this decision (his own order
        # with F3 off: the keys he pressed); a few deals' worth are kept.
        step = len(self.match.steps)
        self.hand_orders = {s: cards for s, cards in self.hand_orders.items() if s > step - ORDERS_KEPT}
        self.hand_orders[step] = list(self.hand.cards)
        return self.perform(seat, action)

    def after_action(self, seat: int, action: str, before: ObsT, after: ObsT) -> None:
        """Messages, sounds and the trick hold after an action (games refine it)."""
        self.message = self.move_message(seat, action, before, after)

    #: What a replayed deal keeps besides its cards, in the table's words ("dealer and scores").
    REPLAY_KEEPS = "scores"

    def move_message(self, seat: int, action: str, before: ObsT, after: ObsT) -> str:
        """The message line after ``seat``'s ``action``: the replay offer's answer in the same
        words at every table, a new deal opening as it does however it is dealt (C had said
        only "Deal 2 is dealt." where the deal dealt at once said who leads it, a reviewer),
        every other move in the table's own (``describe``)."""
        if action == "replay":
            return f"Replaying the last deal: the same cards, {self.REPLAY_KEEPS}."
        if action == "continue":
            return self.deal_opening(after) or f"Deal {after.deal_number} is dealt."
        return self.describe(seat, action, before, after)

    @abstractmethod
    def describe(self, seat: int, action: str, before: ObsT, after: ObsT) -> str:
        """The message line after ``seat``'s ``action``, in the table's words (every table;
        the replay offer's answers are the kit's, ``move_message``)."""

    def seat_name(self, seat: int) -> str:
        return "You" if seat == self.viewer else f"Player {seat + 1}"

    def position(self, seat: int) -> int:
        """Where ``seat`` sits on screen, counted in play order from the viewer's place (0)."""
        return (seat - self.viewer) % self.match.rules.num_players

    def deal_role(self, view: ObsT, seat: int, you: str, other: str) -> str:
        """A deal's opening that names a seat's part in it: "Deal 2: East is mano.", "Deal 2:
        you deal." (``deal_opening``)."""
        return self.deal_says(view, self.verb(seat, you, other) + ".")

    @staticmethod
    def deal_says(view: Any, sentence: str) -> str:
        """``sentence`` as a deal's opening, after its number: "Deal 2: you lead."."""
        return f"Deal {view.deal_number}: {'you' + sentence[3:] if sentence.startswith('You ') else sentence}"

    def verb(self, seat: int, you: str, other: str) -> str:
        """``seat``'s name with its verb agreeing with it: "You pass", "East passes"."""
        name = self.seat_name(seat)
        return f"{name} {you if name == 'You' else other}"

    #: The phases in which a deal is being played, when a seat's name is lit on its turn.
    LIVE_PHASES: tuple[str, ...] = ("play",)

    def deal_on(self) -> bool:
        """A deal is being played on screen (its phase is one of ``LIVE_PHASES``). Between deals
        (the replay offer) and after the match none is, and none of a deal's marks is drawn: no
        dealer, trump, mano or trick number (testers read them under "Match over")."""
        return self.view.phase in self.LIVE_PHASES

    def to_act_now(self, seat: int) -> bool:
        """``seat`` is to act in the deal on screen, and nothing holds the table (a trick's or a
        face's pause, a panel, a finished deal under its summary): its name is lit."""
        view = self.view
        return (view.current_player == seat and view.phase in self.LIVE_PHASES and self.hold <= 0
                and self.panel is None and self.frozen_obs is None)

    def draw_seat_name(self, canvas: TextCanvas, col: int, row: int, seat: int, to_act: bool) -> int:
        """`` NAME `` in yellow, or in reverse video while the seat is to act (and at a decision
        the review shows, the seat that decided: a tester found no name lit there); the next column."""
        to_act = self.view.current_player == seat if self.showing_decision else to_act
        fg, bg = (palette.BLACK, palette.GREY) if to_act else (palette.YELLOW, TABLE_BG)
        return canvas.text(col, row, f" {self.seat_name(seat).upper()} ", fg, bg)

    def seat_tags(self, seat: int) -> list[tuple[str, int]]:
        """The marks beside ``seat``'s name while a deal is on (MANO, MASTER, LEAD), with their
        colours; none by default."""
        return []

    def draw_seat_label(self, canvas: TextCanvas, col: int, row: int, seat: int) -> int:
        """``seat``'s name (lit while it is to act), then its marks (``seat_tags``), each after a
        space, only while a deal is on (Luk Fu's MASTER and CALLER had stayed at the replay
        offer, a reviewer); the next column."""
        col = self.draw_seat_name(canvas, col, row, seat, self.to_act_now(seat))
        if self.deal_on():
            for text, colour in self.seat_tags(seat):
                col = canvas.text(col + 1, row, text, colour, TABLE_BG)
        return col

    def auto_action(self) -> str | None:
        """An action taken for the player without asking him (None: ask him)."""
        return None

    # ---- the hint (F4) ----
    def on_hint(self) -> bool:
        """F4: ask Hard what it would do here (worked out by the AI worker, so the table keeps
        moving); F4 again while it thinks never minds. Only at the player's own turn, for the
        person at the keyboard: it names his own choices only."""
        if self.attract:
            return False
        if self.hint_ticket is not None:
            self._cancel_hint()
            self.message = "Hint cancelled."
            return True
        if self.hold > 0 and self.panel is None:
            # A pause on screen: F4 ends it, as any key does, and asks at the player's turn (a
            # tester was told it was not his turn; another's tip had covered the deal-ending move
            # the pause is for). In hot seat before another person's turn the keyboard is passed
            # first, and that is said (a tester's F4 did nothing).
            self.hold = 0.0
            if self._summary_if_due():  # the deal's last move: its summary first
                return True
            self._sync()
            seat = self.match.current_player
            if seat != self.viewer:
                if seat in self.humans and not self.computer_plays(seat):
                    self.app.notice(f"F4: {self.seat_name(seat)} takes the keyboard first; then F4 gives a hint.",
                                    replaces="F4:", log=False)
                return True
        panel = self.panel
        if (panel is not None and panel.aside and self.match.current_player == self.viewer
                and not self.computer_plays(self.viewer) and self.hold <= 0):
            self.close_panel()  # over an aside (O, S) at your turn: back to the table, and asked (a reviewer
            self._sync()  # was told it was not his turn), as over Jub Moo's recalled trick
        if not self.human_to_act:
            self.say("F4 gives a hint when it is your turn to decide.")
            return True
        obs = self.match.observation(self.viewer)
        if len(obs.legal_actions) == 1:
            self.message = self.hint_text(Ranking.forced(obs.legal_actions[0]))
            self.hint_shown(obs.legal_actions[0])  # Enter plays it, wherever the highlight was (a reviewer)
            self.save()  # its cards raised, kept if the player leaves now (a tester's were lowered)
            return True
        self.hint_chain, self.hint_obs = [], obs
        self.hint_settings = self.player_settings()
        self.hint_ticket = self.app.ai.request(self.game_name, obs, HINT_LEVEL, self.match.decision_seed(), job="rank")
        self.hint_for = self._decision
        self.message = HINT_THINKING
        self._poll_hint()
        return True

    def _cancel_hint(self) -> None:
        if self.hint_ticket is not None:
            self.app.ai.cancel(self.hint_ticket)
        self.hint_ticket = None

    def _poll_hint(self) -> None:
        """Show the hint once worked out; drop it when the player acted (or the view moved on) first."""
        if self.hint_ticket is None:
            return
        if self._decision != self.hint_for or self._decision is None:
            self._cancel_hint()
            if self.message == HINT_THINKING:
                self.message = ""  # its words go with it (a tester saw them stay after F2 on and off)
            return
        self.app.keep_active()
        if self.panel is not None or self.paused():
            return  # an aside over the same decision (O, S, Jub Moo's L): taken when it closes (it had been lost)
        ranking, error = self.app.ai.poll(self.hint_ticket)
        if ranking is None and error is None:
            return
        self.hint_ticket = None
        if error is not None or not isinstance(ranking, Ranking):
            self.message = f"No hint this time: the computer player failed ({error})."
            return
        # A move of several actions (a Luk Fu throw): Hard chooses each of them in turn, at the
        # seed it will have then, so the hint names what Hard would play and the review agrees.
        self.hint_chain.append(ranking)
        follow = self.hint_follow(ranking, self.hint_obs)
        while follow is not None and len(follow.legal_actions) == 1:
            self.hint_chain.append(Ranking.forced(follow.legal_actions[0]))
            follow = self.hint_follow(self.hint_chain[-1], follow)
        if follow is not None:
            self.hint_obs = follow
            seed = decision_seed(self.match.seed, self.match.actions + len(self.hint_chain))
            self.hint_ticket = self.app.ai.request(self.game_name, follow, HINT_LEVEL, seed, job="rank")
            return
        ranking, *then = self.hint_chain
        self.hint_named = (self.hint_for, (ranking.best.action, *(r.best.action for r in then)))
        self.message = self.hint_text(ranking, tuple(r.best.action for r in then))
        if self.player_settings() == self.hint_settings:  # what the player set while it thought is his (a reviewer)
            self.hint_shown(ranking.best.action)
        if ranking.basis not in (FORCED, PREFERENCE):  # a hint that named a move (a rule's too)
            self.deal_hinted = True
            self.computer_helped = True  # a hinted match is not the player's unaided either
        self.save()  # kept if the player quits now: the move readied, and a deal hinted counts as hinted

    def player_settings(self) -> tuple[Any, ...]:
        """What the player has set at his prompt: the cards raised, the highlighted card (not its
        place: F3 moves it, and is no choice, a tester found), the prompt's highlight (a table
        adds its prompt's own settings): changed while the hint thinks, they stay his."""
        return frozenset(self.hand.picked), self.hand.current, self.choice_cursor

    def hint_shown(self, action: str) -> None:
        """The hint named ``action``: Enter then does what it says (testers pressed it and
        played the card under a highlight left elsewhere, a single for a hinted run, Pass for a
        hinted suit). The highlight goes to its card, where cards are raised before Enter every
        card of Hard's move is raised, and on a prompt of choices the highlight goes to it. A
        table whose prompt holds a setting for it (Mus's amount) sets that too."""
        self.hinted_choice = None
        if not self.human_to_act:
            return
        self.hand.picked.clear()  # the hint's move, not cards raised before it (Enter had played those)
        prompt = self.prompt()
        index = next((i for i, choice in enumerate(prompt.choices) if choice.action == action), None)
        if index is not None:
            self.choice_cursor = index
            if prompt.hand is not None:  # Enter would play the highlighted card (a tester's hinted claim)
                self.hinted_choice = action
                return
        mode = prompt.hand
        if mode is None:
            return
        words = [word for move in (self.hinted_move() or (action,)) for word in move.split()]
        cards = [word for word in words if word in self.hand.cards and word in mode.playable]  # the hint's order
        if not cards:
            return
        self.hand.cursor = self.hand.cards.index(cards[0])
        if mode.multi and len(cards) > 1:  # one card Enter plays as highlighted (a table may raise it)
            self.hand.picked.update(cards)

    def hinted_move(self) -> tuple[str, ...]:
        """The actions of Hard's move that the hint named at the decision now up (none if no
        hint was shown for it)."""
        decision, actions = self.hint_named
        return actions if decision is not None and decision == self._decision else ()

    def hint_follow(self, ranking: Ranking, observation: ObsT) -> ObsT | None:
        """The player's own observation after Hard's choice in ``ranking``, when that choice is
        one action of a move of several and the player acts next (a Luk Fu throw); else None.
        It is the player's own view: no hidden card is read."""
        return None

    def hint_text(self, ranking: Ranking, then: tuple[str, ...] = ()) -> str:
        """The hint on one row: "Hint: lead the J♠ (+6 points); K♥ +2; 7♣ -3", as many of the
        alternatives as fit, then what the numbers rest on when there is room; ``then``: the
        actions Hard would take next in the same move (``hint_follow``)."""
        view = self.view
        best = ranking.best
        words, move = self.hint_move(ranking, view, then)
        if ranking.basis == FORCED:
            return f"Hint: {words}: it is your only choice."
        if ranking.basis == PREFERENCE:
            return f"Hint: {words} (a matter of taste, not of points)."  # one row: the prompt stays
        if ranking.basis == RULE:
            # Why there are no values, where the row has room for it: never cut mid-word (a
            # reviewer's read "no imagined deal s").
            head = f"Hint: {words}, by rule of thumb: no values this time"
            return head + note_text(ranking.note, COLS - 4 - len(head) - 1) + "."
        width = COLS - 4
        text = f"Hint: {words} ({points_text(best, unit=True, goal=self.WIN_GOAL)})"
        note = note_text(ranking.note.split("; ")[0], width - len(text)) if basis_first(view, ranking) else ""
        if ranking.note_first and not note:
            # What changes every number's meaning is said, Hard's own numbers written short to
            # make room (a tester's "+1086 points" for a bella had no word of the match).
            text = f"Hint: {words} ({points_text(best)})"
            note = note_text(ranking.note.split("; ")[0], width - len(text))
        # The better-looking numbers first, beside the reason that explains them.
        others = listing_order(ranking, (e for e in ranking.estimates[1:] if e.action not in move))

        def part(e: Estimate) -> str:
            return f"; {self.action_words(e.action, view, short=True)} {points_text(e)}"

        reason = ""
        if others and shows_more(others[0], best):
            # Why a better-looking number was not chosen, beside that number, the choice's own
            # written shorter if need be; when they do not fit the row, neither is shown (a
            # tester found the reason without the number it explains).
            heads = (text, text.replace(f" to win the {self.WIN_GOAL})", " to win)"),
                     f"Hint: {words} ({points_text(best)})")
            for head in heads:
                reason = reason_note(view, ranking, width - len(head) - len(part(others[0])), others[0])
                if reason:
                    text, note = head, reason
                    break
        # A better number without its reason would read as a mistake: left out. Those that do
        # not fit are marked "; ..." (a tester could not tell that choices were left out); what
        # the numbers rest on follows where there is room.
        listed = [e for e in others if reason or not shows_more(e, best)]
        parts = [part(e) for e in listed]
        least = 1 if reason else 0  # the better number the reason explains always stays

        def fitting(head: str) -> tuple[int, str]:
            def row(count: int, marked: bool) -> str:
                return head + "".join(parts[:count]) + (LEFT_OUT if marked and count < len(others) else "")
            return most_that_fit(row, len(parts), least, width - len(note))

        count, row = fitting(text)
        if parts and not count:
            # One other choice at least, for comparison, Hard's own numbers written shorter to
            # make room: a tester's call-or-pass hint showed none where "to win" left room for
            # the pass, and Klaberjass's last deals none beside "winning the match counts 1,000".
            for short in (text.replace(f" to win the {self.WIN_GOAL})", " to win)"),
                          f"Hint: {words} ({points_text(best)})"):
                if fitting(short)[0]:
                    text = short
                    count, row = fitting(short)
                    break
        if count < len(others) and not row.endswith(LEFT_OUT):
            # Room for the mark, Hard's own numbers written shorter.
            short = text.replace(f" to win the {self.WIN_GOAL})", " to win)") + "".join(parts[:count])
            row = short + LEFT_OUT if len(short + LEFT_OUT + note) <= width else short
        text = row
        hidden = bool(others) and shows_more(others[0], best) and not reason
        on_row = [best, *listed[:count]]
        if note:
            return text + bracket_for(note, ranking, on_row)
        rest = row_note(ranking, on_row)
        if hidden:  # no reason for a number left out: what the numbers rest on at most
            rest = rest.split("; ")[0] if rest == ranking.note else ""
        return text + note_text(rest, width - len(text))

    def hint_move(self, ranking: Ranking, view: ObsT, then: tuple[str, ...] = ()) -> tuple[str, tuple[str, ...]]:
        """The hint's words for Hard's move and the actions it takes ("lead the J♠"); a table
        whose move takes several actions names them all (Luk Fu's throw of several cards:
        ``then``, Hard's next choices in it)."""
        return self.action_words(ranking.best.action, view), (ranking.best.action, *then)

    def same_move(self, decision: Decision, decisions: list[Decision]) -> frozenset[str]:
        """The actions of the one move ``decision`` is part of, as the player sees it (a game
        that takes a move in several actions says so: Luk Fu's throw of several cards face
        down). The review counts Hard's choice among them as the player's."""
        return frozenset()

    def action_words(self, action: str, view: ObsT, short: bool = False) -> str:
        """An action in the game's own words for the hint and the review ("lead the J♠", "Envido
        2"); ``short``: as few as tell it from the other choices ("J♠"). The replay-or-continue
        choice is worded alike at every table; the rest by the table's ``move_words``."""
        choice = deal_choice_words(action, short)
        return choice if choice is not None else self.move_words(action, view, short)

    def move_words(self, action: str, view: ObsT, short: bool = False) -> str:
        """A move of the game in its own words (``action_words``): each table writes its own."""
        return self.match.rules.action_text(action)

    def choice_words(self, action: str, view: ObsT, short: bool = False) -> str:
        """What a player did, as the review writes it after "you": "chose to lead the J♠", or
        ``short`` "chose J♠" (a verb always: a tester read "you M8"). A game whose choices are
        calls says so ("said No quiero")."""
        if short:
            return f"chose {self.action_words(action, view, short=True)}"
        return f"chose to {self.action_words(action, view)}"

    def decision_words(self, view: ObsT) -> str:
        """Which decision of the deal ``view`` is at, in a few words ("trick 3", "bidding")."""
        phase = str(getattr(view, "phase", ""))
        tricks = getattr(view, "tricks", None)
        if phase == "play" and tricks is not None:
            return f"trick {len(tricks) + 1}"
        return phase

    # ---- the deal review ----
    @property
    def reviewed(self) -> bool:
        """The table is drawn as it was at a past decision (``showing``): its keys are not live."""
        return self._shown_mode is not None

    def can_review(self) -> bool:
        """The deal summary offers R: a person made a choice of his own in this deal at this
        table (a tester's R, offered after F2 had made every one, opened an empty review)."""
        return not self.attract and not self.app.demo and self.summary_decided

    @contextmanager
    def showing(self, view: ObsT, played: str | None = None, step: int | None = None) -> Iterator[None]:
        """Draw the table as ``view`` shows it (the review's table as it was at a decision):
        the hand in the order the player had it at that ``step`` of the record (sorted if not
        known), the cards that were playable then undimmed and, when ``played`` played cards,
        the first of them framed and, when they were several, all of them raised (at a decision
        of no card, the hand as it looked then); then put back what the table showed."""
        hand = self.hand
        saved = (self.frozen_obs, self.message, list(hand.cards), list(hand.arrangement), hand.cursor,
                 set(hand.picked), self._shown_mode, self.viewer, self.showing_decision)
        # Turned to the seat that decided (hot seat: perhaps not the one at the keyboard now).
        self.frozen_obs, self.message, self.viewer = view, "", getattr(view, "seat", self.viewer)
        self.showing_decision = True
        cards = self.hand_cards(view)
        order = self.hand_orders.get(step if step is not None else -1)
        if order is not None and sorted(order) == sorted(cards):
            hand.cards = hand.arrangement = list(order)  # as he had them (a tester's keys matched no more)
        else:
            hand.show(cards, True)
        words = {w for action in getattr(view, "legal_actions", ()) for w in action.split()}
        chosen = [c for c in (played or "").split() if c in hand.cards]
        # A set, a run, a discard: raised as the player raised them (a tester's Mus discard of
        # one card was shown only framed, as no play of his was).
        several = len(chosen) > 1 or (bool(chosen) and self.RAISED_PLAYS)
        # A decision of no card (a bid, a bet) shows the hand as it looked then: nothing dimmed.
        playable = frozenset(c for c in hand.cards if c in words) or frozenset(hand.cards)
        self._shown_mode = HandMode(playable, multi=several)
        hand.cursor = hand.cards.index(chosen[0]) if chosen else NO_CURSOR  # a bet, a call: no card framed
        hand.picked = set(chosen) if several else set()
        try:
            yield
        finally:
            (self.frozen_obs, self.message, hand.cards, hand.arrangement, hand.cursor, hand.picked,
             self._shown_mode, self.viewer, self.showing_decision) = saved

    def open_review(self) -> None:
        from game.scenes.review import ReviewScene

        self.app.stack.push(ReviewScene(self.app, self, self.viewer))

    # ---- keys and the mouse ----
    def on_key(self, key: Key) -> None:
        before = self._set_by_player()
        self._on_key(key)
        self._save_if_set(before)

    def _set_by_player(self) -> tuple[Any, ...]:
        """The player's own order of his hand and what he set at his prompt (a hinted choice he
        turned away from too: a resume had readied it again, a reviewer)."""
        return tuple(self.hand.arrangement), self.player_settings(), self.hinted_choice

    def _save_if_set(self, before: tuple[Any, ...]) -> None:
        """A key or a click changed what the player set: saved, so it survives a closed window too
        (cards raised with the mouse had come back lowered: a reviewer)."""
        if self._set_by_player() != before and not self.match.is_over:
            self.save()

    def _on_key(self, key: Key) -> None:
        if key.repeat and (self.panel is not None or self.hold > 0 or self.guarded or self.message_covers_prompt
                           or self.waits_for_any_key()):
            return  # a held arrow moves the highlight; it is no "any key" (it closed a summary unread)
        if self.panel is not None:
            if not self.guarded:  # a deal's summary or the result that has just come up waits a moment
                self._panel_key(key)
        elif self.hold > 0:
            for_key = self.holding_for_key  # a person is next (in hot seat, maybe another)
            self.hold = 0.0  # any key ends the pause after a trick, and does nothing else
            if not self._summary_if_due() and for_key and self.message_covers_prompt:
                self.message = ""  # read during the pause: one key brings the prompt (it took two: a tester)
        elif not self.guarded:
            if self.message_covers_prompt:
                self.message = ""  # a long message covered the prompt: the key brings it back, and does nothing else
            elif not self.table_key(key):
                if key.is_cancel:
                    self.app.hotkey(7)  # leave, asked first, as F7 does (a tester's Esc did nothing)
                elif self.human_to_act:
                    self._prompt_key(key, self.prompt())
        self._sync()

    def table_key(self, key: Key) -> bool:
        """The game's own keys, before the prompt's choices and hand; True if the key was used."""
        return False

    def _prompt_key(self, key: Key, prompt: Prompt) -> None:
        """A key for the prompt on screen: a choice's key, else the hand (or the choice cursor)."""
        if prompt.hand is None:
            used = self.choice_key(key, list(prompt.choices))
            if not used and prompt.choices and key.typed and key_index(key.typed, len(self.hand.cards)) is not None:
                self.refuse(self.no_cards_now())  # a card's key is said no to, not dropped (a tester)
            elif not used and key.typed and not self.closed_key(key):
                # A key that means nothing here leaves no refusal of another key above the prompt,
                # where it read as this key's (a tester's T under "You cannot name hearts").
                self.take_back_refusal()
            return
        for choice in prompt.choices:
            if key.typed and key.typed == choice.key:
                self.human_act(choice.action)
                return
        hinted = self.hinted_choice  # Enter's alone: Space still raises a card (a reviewer)
        if key.is_enter and hinted is not None and any(choice.action == hinted for choice in prompt.choices):
            self.human_act(hinted)
            return
        result = self.hand.key(key, prompt.hand)
        if not result.used and key.typed and not self.closed_key(key):
            self.take_back_refusal()  # as at a prompt of choices: a refusal of another key goes
        self._hand_input(result)

    def closed_key(self, key: Key) -> bool:
        """A key the table gives a move of the game (``KEYS``, less ``OWN_ACTIONS``) that is
        not open now: the rules say why, as for a move tried (a Klaberjass E or M at a bid had
        done nothing and said nothing, where Mus explained its calls); a key of several moves
        (T: Take or Throw in) with the first one's reason. True if refused."""
        actions = [c.action for c in self.KEYS if key.typed and c.key == key.typed and c.action not in self.OWN_ACTIONS]
        if not actions or not self.human_to_act or key_index(key.typed, self.MOST_CARDS) is not None:
            return False  # (Jub Moo's C, the 13th card's key, had been refused as "continue": a reviewer)
        reasons = []
        for action in dict.fromkeys(actions):
            try:
                self.match.rules.parse_action(self.match.state, action)
            except IllegalAction as exc:
                reasons.append(str(exc))
            except ValueError:  # a move that needs more words (Klaberjass's runs): not this key's alone
                continue
            else:
                return False  # open after all: the prompt offers it under another key
        if not reasons:
            return False
        self.refuse(reasons[0])
        return True

    def _hand_input(self, result: HandInput) -> None:
        if result.used:
            self.hinted_choice = None  # the player turned to his cards (a key, a click): Enter is theirs again
        if result.toggled:
            self.take_back_refusal()
            self.app.sound("click")
        if result.chosen is not None:
            action = self.cards_action(result.chosen)
            if action is not None:
                self.human_act(action)

    def no_cards_now(self) -> str:
        """Why a card's key does nothing at a decision of labelled choices (a bid, a call)."""
        return "No card is played now: choose one of the keys on the prompt line."

    def cards_action(self, cards: tuple[str, ...]) -> str | None:
        """The action that plays ``cards`` (None: the table asked something first)."""
        return " ".join(cards) if cards else None

    def on_click(self, col: int, row: int) -> None:
        before = self._set_by_player()
        self._on_click(col, row)
        self._save_if_set(before)

    def _on_click(self, col: int, row: int) -> None:
        """A click on a card of the hand or a choice of the prompt: as its key; on a box, the key
        its key line names there (``panel_click_key``). Where any key goes on (a trick's pause,
        a summary), a click goes on too (a tester who played by the mouse was stuck at every
        "Any key: go on.")."""
        if self.panel is not None:
            key = self.panel_click_key(self.panel, col, row)
            if key is not None:
                self.app.handle_key(Key.named(key))  # as typed: "F2: stop the demo" is the hotkey
            return
        if self.waits_for_any_key():
            self.on_key(Key.named("SPACE"))
            return
        name = self.key_line_at(col, row)  # a key the table names in its own lines (Luk Fu's "O: why")
        if name is not None:
            self.app.handle_key(Key.named(name))
            return
        if self.guarded or not self.human_to_act:
            return
        if self.message_covers_prompt:
            # As a key does: the click brings the prompt back, and does nothing else (a tester's
            # click on a card also raised it).
            self.message = ""
            return
        hit = self._choice_hit(col, row)
        prompt = self.prompt()
        if hit is not None:
            choice, first = hit
            # A label's "+/-" changes the amount, not bets it (a tester's click on + bet Envido 2).
            start = first + len(choice.key) + 1
            at = choice.label.find("+/-")
            if at >= 0 and start + at <= col < start + at + 3:
                self.on_key(Key.named("-" if col == start + at + 2 else "+"))
            else:
                self.on_key(Key.named(choice.key))
            return
        if self.on_prompt_words(col, row):
            # A key the prompt names where it is clicked ("Space: pick" picks; a tester's click
            # there had thrown the cards away); elsewhere on its words, a click plays what is raised.
            name = key_at(prompt.text, col - 2)
            if name is not None:
                self.on_key(Key.named(name))
                return
            if prompt.hand is not None and prompt.hand.multi:
                # With nothing raised, not on the clause that says to raise cards: a click on "or
                # raise cards (1-B)" had led a card never chosen (a tester).
                if self.hand.picked or not on_raise_clause(prompt.text, col - 2):
                    self.on_key(Key.named("ENTER"))
                return
        if prompt.hand is not None:
            self._hand_input(self.hand.click(col, row, self.hand_geometry(), prompt.hand))
        elif prompt.choices and self.hand.card_at(col, row, self.hand_geometry()) is not None:
            self.refuse(self.no_cards_now())  # as the card's key is (a mouse player's click said nothing)
        self._sync()

    @property
    def message_covers_prompt(self) -> bool:
        """The message is too long for its row and covers the prompt: the next key or click
        only brings the prompt back."""
        return len(wrap(self.message, COLS - 4)) > 1

    def waits_for_any_key(self) -> bool:
        """Any key goes on now (a panel that takes any key, a trick's pause), so a click does."""
        return (self.panel is not None and self.panel.on_key is None) or (self.panel is None and self.hold > 0)

    def choice_at(self, col: int, row: int) -> Choice | None:
        """The prompt's choice drawn at ``col``, ``row``, if any."""
        hit = self._choice_hit(col, row)
        return hit[0] if hit is not None else None

    def on_prompt_words(self, col: int, row: int) -> bool:
        """``col``, ``row`` is on the prompt's words as drawn (not the blank after them, where a
        tester's click had played a Luk Fu lead, nor under a message of two rows)."""
        words = self.prompt().text[: COLS - 4].rstrip()
        return row == PROMPT_ROW and 2 <= col < 2 + len(words) and not self.message_covers_prompt

    def _choice_hit(self, col: int, row: int) -> tuple[Choice, int] | None:
        """The prompt's choice drawn at ``col``, ``row`` and its first column, if any."""
        prompt = self.prompt()
        if row != PROMPT_ROW or not prompt.choices or self.message_covers_prompt:
            return None
        start = 2 + len(prompt.text[: COLS - 4])
        for choice, (first, end) in zip(prompt.choices, choice_spans(start, list(prompt.choices)), strict=True):
            if first <= col < end:
                return choice, first
        return None

    def _panel_key(self, key: Key) -> None:
        panel = self.panel
        assert panel is not None
        if panel.review and key.typed == "R" and self.can_review():
            self.open_review()  # the summary stays under the review
            return
        if panel.on_key is None or panel.on_key(key):
            self.close_panel()
        elif key.is_cancel and not panel.result:
            self.app.hotkey(7)  # a box that waits for its own key (hot seat's hand-over): Esc asks to leave

    # ---- the prompt and labelled choices (bids, answers, bets) ----
    def prompt(self) -> Prompt:
        """The prompt line now: nothing under a panel, the trick hold, whom we wait for, or
        the player's ``decision()``. Pure: drawing and keys both read it."""
        if self.panel is not None:
            return Prompt()
        if self.hold > 0:
            # "Any key: go on." only where the table waits for that key: a pause that ends by
            # itself invites no key, which would land on whatever prompt comes next (found by
            # testers: a late key led a card, or took an opponent's bet). A key still ends it.
            return Prompt(KEY_CUE) if self.holding_for_key else Prompt()
        seat = self.match.current_player
        if seat is None:
            return Prompt()
        if not self.human_to_act:
            return Prompt(self.waiting_text(seat))
        if self.auto_action() is not None:
            return Prompt()  # taken for the player at the next update: no question flashed first (a tester)
        return self.decision()

    def decision(self) -> Prompt:
        """The player's prompt while he is to act (games write it)."""
        return Prompt()

    def replay_offer(self) -> Prompt:
        """The replay option's question as a new deal is due, worded alike at every table: the
        deal just played once more, or on to the next (the default)."""
        last = self.obs.last_deal  # (never None at the replay offer: a deal has just ended)
        done = self.obs.deal_number if last is None else last.deal_number
        return Prompt(f"Deal {done} is over. ", (
            self.offer("replay"), self.offer("continue", label=f"Continue to deal {done + 1}")), default=1)

    def waiting_text(self, seat: int) -> str:
        """The prompt line while ``seat`` (a computer, or the demo) acts."""
        if self.app.demo or self.attract:
            return "Demo: the computer plays every seat."
        return f"{self.seat_name(seat)} is thinking..."

    def offer(self, name: str, action: str | None = None, label: str | None = None, nth: int = 0) -> Choice:
        """The choice ``KEYS`` binds as ``name``: its key (the ``nth`` letter on from it, for a
        lettered list), ``label`` or the binding's, ``action`` or ``name``."""
        binding = next(b for b in self.KEYS if b.action == name)
        return Choice(chr(ord(binding.key) + nth), label or binding.label, action or name)

    def choice_key(self, key: Key, choices: list[Choice]) -> bool:
        """Hot key, or Left/Right then Enter, picks a choice; True if the key was used."""
        if not choices:
            return False
        self.choice_cursor = min(self.choice_cursor, len(choices) - 1)
        for choice in choices:
            if key.typed and key.typed == choice.key:
                self.human_act(choice.action)
                self.choice_cursor = 0
                return True
        if key.is_left:
            self.choice_cursor = (self.choice_cursor - 1) % len(choices)
            return True
        if key.is_right:
            self.choice_cursor = (self.choice_cursor + 1) % len(choices)
            return True
        if key.is_confirm:
            action = choices[self.choice_cursor].action
            self.choice_cursor = 0
            self.human_act(action)
            return True
        return False

    def draw_choices(self, canvas: TextCanvas, col: int, row: int, choices: list[Choice],
                     fg: int = palette.WHITE, bg: int = palette.GREEN, highlight: bool = True) -> None:
        """Draw ``K Label`` items where ``choice_spans`` puts them; the one under the cursor in
        reverse video (``highlight``)."""
        cursor = min(self.choice_cursor, max(0, len(choices) - 1)) if highlight else -1
        mono = self.app.mode.mono
        for i, (choice, (first, _)) in enumerate(zip(choices, choice_spans(col, choices), strict=True)):
            selected = i == cursor
            key_fg, text_fg, back = (palette.RED, palette.BLACK, palette.GREY) if selected else (palette.YELLOW, fg, bg)
            # A mono monitor shows every reversed cell alike: the key letter stays in normal
            # video there, or it could not be told from its label.
            after = canvas.text(first, row, choice.key, palette.YELLOW if selected and mono else key_fg,
                                bg if selected and mono else back)
            canvas.text(after, row, " " + choice.label, text_fg, back)

    # ---- panels ----
    def show_panel(self, panel: Panel) -> None:
        """Show ``panel`` over the table. In the demo show every panel closes by itself; with
        F2 (the computer playing for you) so do the deal summaries, but a panel that asks for
        a key (the match result: a new match or the menu) waits for it."""
        # The summary of the deal that ended the match waits for a key too, as the result does
        # (with F2 it had closed unread: a tester never saw how the deciding deal scored).
        deciding = panel.review and self.match.is_over
        if self.attract or (self.app.demo and panel.auto_seconds is None and panel.on_key is None and not deciding):
            panel.auto_seconds = max(3.0, 2 * self.move_delay())
        if panel.prompt in (Panel.prompt, DEMO_PANEL_PROMPT, REVIEW_PROMPT, REVIEW_PROMPT_HOT_SEAT,
                            *LAST_REVIEW_PROMPTS.values(), LAST_PANEL_PROMPT, ASIDE_PROMPT):
            if panel.auto_seconds is not None:
                # It goes on by itself, so it asks for no key (a tester read "Press any key to
                # continue" under the demo, and it went on without one).
                panel.prompt = DEMO_PANEL_PROMPT
            elif panel.review and self.can_review():  # R is offered only while it works
                panel.prompt = REVIEW_PROMPT if len(self.humans) == 1 else REVIEW_PROMPT_HOT_SEAT
                if deciding:  # the next key brings the result, not a deal (a newcomer)
                    panel.prompt = LAST_REVIEW_PROMPTS[panel.prompt]
            elif panel.aside:  # ("Press any key to continue" there, "Any key: go on." elsewhere: a tester)
                panel.prompt = ASIDE_PROMPT
            else:
                panel.prompt = LAST_PANEL_PROMPT if deciding else Panel.prompt
        if self.panel is None:
            self._message_under_panel = self.message
        self.panel = panel

    def on_demo_changed(self) -> None:
        """F2 under a summary: turned off while it was closing by itself for the demo, the seat
        is the player's again, so it waits for his key (found by a tester: it closed unread);
        turned on while it waited, it closes by itself as the demo's do (found by a tester: it
        stayed up). A panel that asks for a key still waits for it. Either way its prompt is
        worked out again: R comes and goes with F2 (the match's last summary, which waits with F2
        on too, said "Press any key" with F2 off again, and R worked unoffered: a tester)."""
        panel = self.panel
        if panel is None or self.attract:
            return
        handed_back = not self.app.demo and panel.auto_seconds is not None
        if handed_back:
            panel.auto_seconds = None
        if handed_back or panel.on_key is None:
            self.show_panel(panel)

    def show_panel_over(self, panel: Panel) -> None:
        """Show ``panel`` over the one up (Mus's señas over the match result); closing it brings
        that one back as it was, the table under them unchanged."""
        if self.panel is not None and self._panel_under is None:
            self._panel_under = self.panel
        self.panel = panel

    def close_panel(self) -> None:
        """Close the panel. A message its keys brought (F4 refused behind a pass-the-keyboard
        panel) answered that panel: the message from before it comes back (found by a tester)."""
        if self._panel_under is not None:  # a panel shown over another: that one comes back
            panel, self.panel, self._panel_under = self.panel, self._panel_under, None
            if panel is not None and panel.review:  # a resumed summary, read: the deal goes on
                self.frozen_obs = None
                self._view_changed()
                if not self.attract:
                    self.save()
            if panel is not None and panel.on_close is not None:
                panel.on_close()
            return
        panel, self.panel = self.panel, None
        self.message = self._message_under_panel
        self.frozen_obs = None
        if panel is not None and panel.review and not self.attract:
            self.save()  # a resumed match no longer opens on it
        self._view_changed()
        if panel is not None and panel.review and self.deal_opening(self.view):
            self.message = self.deal_opening(self.view)  # the next deal's, once its summary goes
        if panel is not None and panel.on_close is not None:
            panel.on_close()

    def show_summary(self, last_deal: Any) -> None:
        self.show_panel(Panel(self.summary_title(last_deal), self.summary_lines(last_deal), review=True))

    def summary_title(self, last_deal: Any) -> str:
        """The deal's summary's title: "Deal 2 summary" (a table may say how the deal ended)."""
        return f"Deal {getattr(last_deal, 'deal_number', '')} summary"

    # ---- statistics ----
    def count_deal(self, last_deal: Any) -> None:
        """Add a finished deal to the statistics, if it was really played (not replayed, not
        played by the computer for you, nor in hot seat); a deal played with hints is counted
        apart, as hinted."""
        counted = self.deal_stats(last_deal) if self.deal_counts and self.one_player else None
        if counted is not None and self.deal_hinted:  # (a deal thrown in is no deal, hinted or not: a tester)
            self.app.stats.record_hinted_deal(self.game_name)
            self.app.flush_notices()
        elif counted is not None:
            won, extra = counted
            self.app.stats.record_deal(self.game_name, won, extra)
            self.app.flush_notices()
        self.deal_counts = not self.attract
        self.deal_hinted = False

    def count_match(self) -> None:
        """Add the finished match to the statistics (once), if the human played it himself."""
        if self.match_counted or self.attract or not self.human_decided or self.computer_helped \
                or self.match_replayed or not self.one_player:
            return
        self.match_counted = True
        self.app.stats.record_match(self.game_name, self.human_won(), self.human_score(), self.match_extra())
        self.app.flush_notices()

    @property
    def one_player(self) -> bool:
        """One person plays: the statistics are one player's record, so a hot-seat match is
        not counted (a tester found one match counted both won and the pig)."""
        return len(self.humans) == 1

    def deal_stats(self, last_deal: Any) -> tuple[bool, dict[str, int]] | None:
        """(did the human win this deal, game-specific counters); None: do not count."""
        return None

    def human_score(self) -> int:
        """The player's match score, for the statistics: from his observation, as all he sees."""
        return int(self.obs.scores[self.viewer])

    def match_extra(self) -> dict[str, int]:
        return {}

    def show_result(self) -> None:
        self.result_shown = True
        self.save()  # shown: the finished match leaves no save
        self.app.sound("won" if self.human_won() else "lost")

        def key(key: Key) -> bool:
            if key.is_cancel or key.typed == "M":
                self._leave()
                return True
            if key.is_enter or key.typed == "N":  # not Space: the box offers Enter, and Space had
                self._restart()  # started a new match for a tester clearing it
                return True
            return self.result_key(key)

        self.show_panel(Panel("Match over", self.result_lines(), self.result_keys(),
                              on_key=None if self.attract else key, on_close=self._finish, result=True))
        self.guard_keys()  # it comes up by itself: a quick second key never starts a new match unread

    def result_keys(self) -> str:
        """The match result's line of keys (Mus adds its S)."""
        return "Enter: new match    Esc: back to the menu"

    def result_key(self, key: Key) -> bool:
        """A key at the match result that is neither its Enter nor its Esc: a table's own (Mus's
        S lists the last deal's señas). True closes the result."""
        return False

    def _finish(self) -> None:
        self.finished = True

    def _leave(self) -> None:
        self.on_leave()
        self.app.stack.remove(self)

    def on_leave(self) -> None:
        """The player leaves this table's match (for the menu, by any key, or a new match): its
        notices go with it (a tester read F6's word on the finished match over the next one)."""
        self.app.withdraw_notice(NO_REPLAY_AFTER_MATCH)

    def next_match_options(self) -> dict[str, Any]:
        """Options the finished match hands on to the next one at this table (Jub Moo: who
        leads its first deal); none in most games."""
        return {}

    def _restart(self) -> None:
        self.on_leave()
        fresh = type(self).new(self.app, carried=self.next_match_options())
        if self in self.app.stack.scenes:
            index = self.app.stack.scenes.index(self)
            self.app.stack.scenes[index] = fresh

    @abstractmethod
    def human_won(self) -> bool:
        """The player (or his side) won the match just over (every table)."""

    @abstractmethod
    def summary_lines(self, last_deal: Any) -> list[tuple[str, int]]:
        """The deal summary's lines and their colours (every table)."""

    @abstractmethod
    def result_lines(self) -> list[tuple[str, int]]:
        """The match result's lines and their colours (every table)."""

    def _step_inserted(self, at: int) -> None:
        """A step went into the record at index ``at``: what this table keeps by step (the
        steps F2 or the table took, the hand's order at the player's decisions) moves one on
        from there, so that the review still finds each at its own decision."""
        self.computer_steps = {i + (i >= at) for i in self.computer_steps}
        self.auto_steps = {i + (i >= at) for i in self.auto_steps}
        self.hand_orders = {i + (i >= at): cards for i, cards in self.hand_orders.items()}

    # ---- settings ----
    def on_setting_changed(self, section: str, key: str) -> None:
        if (section, key) == ("play", "replay") and not self.attract:
            on = bool(self.app.settings.get("play", "replay"))
            offered = "replay" in self.obs.legal_actions  # turning it off answers the offer: go on
            try:
                if self.frozen_obs is not None and len(self.match.steps) == self.deal_end_steps \
                        and not self.match.is_over:
                    # Under the summary of a deal just ended (not the match's last): on, offer to
                    # replay it; off, as if it had been off (so on again offers it again: a
                    # tester's F6 on, off, on under a summary offered nothing).
                    self.match.set_option_before_last_step("replay", on)
                    self._step_inserted(self.deal_end_steps - 1)  # that step moved one on
                    self.deal_end_steps = len(self.match.steps)
                else:
                    self.match.set_option("replay", on)
                    if on and self.match.is_over:
                        # Said, not left silent (a tester's F6 under a match's last summary
                        # seemed to do nothing): the rules offer a replay only before a deal.
                        self.app.notice(NO_REPLAY_AFTER_MATCH)
                    elif not on:
                        self.app.withdraw_notice(NO_REPLAY_AFTER_MATCH)  # no longer so
            except ValueError as exc:
                self.app.notice(f"Replay option not changed: {exc}")
            self.obs = self.observe(self.viewer)
            self._view_changed()
            if offered and not on:
                # With the deal's opening words when it has some (Jub Moo: who leads and why).
                opening = self.deal_opening(self.view)
                self.message = f"No replay (F6 off). {opening}" if opening else \
                    "Replay option off, so no replay: the next deal is dealt."
                if self.panel is None:
                    # Its first prompt takes no key for a while: a tester's C, meant as Continue
                    # just after F6, was taken as Luk Fu's Call on a hand he had not seen. (Not
                    # under a summary, where the next deal is not up yet and R must work.)
                    self._sync()
                    self.guard_keys(DEALT_ON_GUARD)
            elif on and self.message.startswith("Replay option off"):
                self.message = ""  # it no longer holds
            if not self.match.is_over:
                self.save()
        if (section, key) == ("play", "delay") and not self.attract:
            # A wait already running is cut to the new delay: at 9.5 s a tester pressed F8 to
            # 0.0 and the computer still waited the 9.5 s under "thinking...".
            self.wait = min(self.wait, self.move_delay())
            self.hold = min(self.hold, max(MIN_TRICK_HOLD, self.move_delay()))
        if (section, key) == ("play", "hand_sort"):
            # The highlight stays on its card, a dimmed one too (it had jumped to the first card
            # that may be played, away from the raised card the prompt spoke of: a newcomer).
            before = self._set_by_player()
            self.hand.reorder(self.hand_cards(self.view), self.sorted_hand)
            # The new order is saved as a rearrangement is: a Luk Fu hand F3 had put in value
            # order came back by suit after a resume, under "F3 SUIT" (a tester).
            self._save_if_set(before)
        self._sync()

    # ---- the hand ----
    def make_hand(self) -> Hand:
        """The hand widget (called once, by ``__init__``)."""
        return Hand(french_face)

    def hand_geometry(self) -> HandGeometry:
        """Where the hand is drawn and clicked."""
        return HandGeometry(row=15, keys_row=20)

    def hand_cards(self, view: ObsT) -> Sequence[str]:
        """The cards of the hand on screen, in F3's order (``sorted_hand``)."""
        return tuple(getattr(view, "hand", ()))

    def draw_hand(self, canvas: TextCanvas) -> None:
        """The hand as the prompt asks: cursor, dims and picks only while the player chooses
        cards (or, under ``showing``, as they were at the decision shown)."""
        mode = self._shown_mode if self._shown_mode is not None else self.prompt().hand
        # One highlight: a hinted choice's on the prompt, or the hand's (two at once: a reviewer).
        self.hand.draw(canvas, self.hand_geometry(), mode, TABLE_BG, cursor=self.hinted_choice is None)

    # ---- drawing ----
    def draw(self, canvas: TextCanvas) -> None:
        self.draw_table(canvas)
        if self.panel is not None:
            self.draw_panel(canvas, self.panel)

    def draw_table(self, canvas: TextCanvas) -> None:
        """The title bar, the felt in its frame, the table's layout, the message and prompt lines."""
        title_bar(canvas, *self.title())
        canvas.fill(0, 1, COLS, 23, " ", palette.WHITE, TABLE_BG)
        canvas.box(0, 1, COLS, 23, fg=palette.WHITE, bg=TABLE_BG, double=True)
        self.draw_layout(canvas)
        self.draw_prompt(canvas)

    def title(self) -> tuple[str, str, str]:
        """The title bar: the game's name, the target, the scores."""
        return self.game_name.upper(), "", ""

    def draw_layout(self, canvas: TextCanvas) -> None:
        """The game's table inside the frame, from ``self.view`` only."""

    def draw_prompt(self, canvas: TextCanvas) -> None:
        """The message (two rows when it is long, over the prompt) and the prompt line."""
        lines = wrap(self.message, COLS - 4)[:2]
        for i, line in enumerate(lines):
            canvas.text(2, MESSAGE_ROW + i, line, palette.YELLOW, TABLE_BG)
        if len(lines) > 1:
            # The prompt comes back with the next key, which the frame's bottom edge asks for where
            # a key is awaited (a tester took the still screen under a long seña message for a
            # hang; the end of the second row had no room for it under the longest: a reviewer).
            if self.human_to_act or self.holding_for_key:
                cue = f" {KEY_CUE} "
                canvas.text((COLS - len(cue)) // 2, PROMPT_ROW + 1, cue, palette.WHITE, TABLE_BG)
            return
        prompt = self.prompt()
        col = canvas.text(2, PROMPT_ROW, prompt.text[: COLS - 4], palette.WHITE, TABLE_BG)
        if prompt.choices:
            self.draw_choices(canvas, col, PROMPT_ROW, list(prompt.choices),
                              highlight=prompt.hand is None or self.hinted_choice is not None)

    @staticmethod
    def panel_margins(panel: Panel) -> tuple[int, int]:
        """Blank rows above a panel's lines and above its prompt, one each where the frame has
        room: a tall panel drops them rather than cover the frame's edge (a tester saw its
        corners beside a tall Jub Moo summary, and the two bottom edges run into one)."""
        spare = PANEL_ROWS - (len(panel.lines) + 3)
        return int(spare >= 2), int(spare >= 1)

    @classmethod
    def panel_height(cls, panel: Panel) -> int:
        return min(len(panel.lines) + 3 + sum(cls.panel_margins(panel)), PANEL_ROWS)

    @classmethod
    def panel_top(cls, panel: Panel) -> int:
        """The panel's top row: inside the frame (rows 2-22) however tall it is."""
        return max(FRAME_TOP + 1, dialog_top(cls.panel_height(panel)))

    @classmethod
    def covers_message(cls, panel: Panel) -> bool:
        """The panel reaches the message row (its last row, or its shadow)."""
        return cls.panel_top(panel) + cls.panel_height(panel) >= MESSAGE_ROW

    def say(self, text: str) -> None:
        """A message for the player: on the message row, or as a notice on the bottom row when
        a panel covers the message row (F4 under a Mus or Jub Moo summary said nothing)."""
        if self.panel is not None and self.covers_message(self.panel):
            self.app.notice(text)
        else:
            self.message = text

    @classmethod
    def panel_width(cls, panel: Panel) -> int:
        width = panel.width or max([len(t) for t, _ in panel.lines] + [len(panel.prompt), len(panel.title) + 4]) + 6
        return min(width, COLS - 2)

    def panel_click_key(self, panel: Panel, col: int, row: int) -> str | None:
        """The key a click on ``panel`` stands for: on its prompt, the key of the part clicked
        ("R: review...", "Enter: new match", "Esc: back to the menu"); elsewhere any key where
        any key goes on, or Enter where the prompt asks only for it. (A tester's clicks on the
        match result did nothing, and "R: review" dealt the next hand.)"""
        width, (above, below) = self.panel_width(panel), self.panel_margins(panel)
        first = (COLS - width) // 2 + 3  # the prompt's column: inside the frame, one in
        prompt_row = self.panel_top(panel) + 1 + above + len(panel.lines) + below
        if row == prompt_row:
            name = key_at(panel.prompt, col - first)
            if name is not None:
                return name
        if panel.on_key is None:
            return "SPACE"
        return "ENTER" if "Enter" in panel.prompt and "Esc" not in panel.prompt else None

    def draw_panel(self, canvas: TextCanvas, panel: Panel) -> None:
        width = self.panel_width(panel)
        height = self.panel_height(panel)
        if self.covers_message(panel) or panel.review or panel.result:
            # A tall panel, a deal's summary or the match result stands for the table: the felt
            # inside the frame is cleared, so no words of the table peek out beside it ("East:
            # No╚════" under a Mus summary, East's scores cut beside a Jub Moo one, "COMP 31"
            # beside a Klaberjass summary whose total said 41: testers).
            canvas.fill(1, FRAME_TOP + 1, COLS - 2, PANEL_ROWS, " ", palette.WHITE, TABLE_BG)
        col, row = dialog(canvas, width, height, panel.title, row=self.panel_top(panel))
        above, below = self.panel_margins(panel)
        for i, (text, colour) in enumerate(panel.lines):
            canvas.text(col + 1, row + above + i, text[: width - 6], colour, palette.BLUE)
        prompt = panel.prompt if panel.auto_seconds is None or not self.attract else ""
        canvas.text(col + 1, row + above + len(panel.lines) + below, prompt, palette.LIGHT_CYAN, palette.BLUE)
