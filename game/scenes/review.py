"""The deal review: the player's decisions in the deal just finished, beside Hard's.

Opened with R from a deal summary. It replays the match record to find the decisions
(``game.app.review``), a slice per frame, then asks the AI worker for Hard's ranking of each,
one at a time (leaving the review mid-way wastes at most one), while a progress bar moves.

Two views:
- the list: every decision, costliest first, with what you played, what Hard preferred and
  what Hard reckons your choice cost (points of the deal); Up/Down choose, Enter opens;
- the table as it was at a decision, with Hard's values of each choice on the message rows;
  Left/Right step through the deal in its order, Esc goes back to the list.
Esc on the list goes back to the summary. The rankings stay with the table, so a second look
costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ai.analysis import Estimate, Ranking
from game.app.keys import Key
from game.app.review import DealReplay, Decision
from game.app.scene import Scene
from game.registry import entry
from game.scenes.table import (
    HINT_LEVEL,
    MESSAGE_ROW,
    PROMPT_ROW,
    TABLE_BG,
    basis_first,
    bracket_for,
    listing_order,
    most_that_fit,
    note_text,
    outranked,
    percent,
    points_text,
    reason_note,
    row_note,
    shown_points,
    shows_more,
)
from game.scenes.widgets import title_bar, wrap
from game.screen import palette
from game.screen.canvas import COLS, TextCanvas

if TYPE_CHECKING:
    from game.app.app import App
    from game.scenes.table import TableScene

REPLAY_SLICE = 25  # record steps replayed per frame (a few milliseconds at most)
LIST_TOP, LIST_ROWS = 5, 14  # the list's first row and how many decisions it shows at once
BAR_WIDTH = 40
# The list's columns: each as wide as its longest text (at most these), two blanks apart, in
# the frame's COLS - 4; Hard's choice takes the rest.
COST_WIDTH, DECISION_MAX, YOU_MAX = 6, 16, 20
# The column of how much less likely your choice made winning the game, shown only where Hard
# reckons in that chance (Mus, and Luk Fu at times); its legend starts with the same words.
WIN_CHANCE = "Chance lost"  # the chance of winning a choice lost ("Win chance" read as the chance itself)
WIN_CHANCE_LEGEND = WIN_CHANCE + ": what your choice cost of your chance to win the {goal}, by Hard."
NO_CHANCE = "n/a"  # the Chance lost of a choice Hard values in points only (a Mus mus or discard)
#: The legend when some row reads n/a (a blank cell had gone unexplained).
NO_CHANCE_LEGEND = WIN_CHANCE + ": what your choice cost of your chance to win; n/a: points only."
#: Said on the rule above the list where a row is red (a newcomer took the colour for an error).
RED_LEGEND = " red: not as good as Hard's choice "
#: The same on a mono monitor, where red is no colour: such rows are marked ``!`` at their left.
MONO_LEGEND = " !: not as good as Hard's choice "
#: Marks a cost whose values count a bonus besides the deal's points (``Ranking.bonus``).
BONUS_MARK = "†"
MORE = "..."  # the values line's mark for values left out


def fitted(text: str, width: int) -> str:
    """``text`` in ``width`` columns, "…" ending it where it is cut (a tester read "treinta y
    una" cut to "treinta", the name of another seña)."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def cost_text(points: float) -> str:
    """A cost as the values it is the difference of are written: a whole number from 10 up
    (a tester compared "123.0" with the hint's "+163" and "+40"), else to the tenth (so also a
    total of costs below 10 each, 16.8)."""
    tenths = round(points, 1)  # a sum of tenths carries float noise (26.000000000000004)
    # Thousands marked, as "1,000" is beside them (a reviewer read "1220†" and "1,220 more").
    return f"{tenths:,.0f}" if tenths >= 10 and tenths == int(tenths) else f"{tenths:,.1f}"


class ReviewScene(Scene):
    def __init__(self, app: App, table: TableScene[Any], seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.game_name = table.game_name  # F5 here shows its instructions
        self.rankings = table.reviews  # by step of the record; shared with the table for a second look
        self.ticket: int | None = None
        self.review_seat(seat)

    def review_seat(self, seat: int) -> None:
        """Review ``seat``'s decisions in the deal, from the start (in hot seat Tab goes from one
        person's to the next's; the analysis already done is kept, by step)."""
        if self.ticket is not None:
            self.app.ai.cancel(self.ticket)
            self.ticket = None
        match = self.table.match
        self.seat = seat
        self.replay = DealReplay(match.game, match.seed, dict(match.options), list(match.steps), seat)
        self.decisions: list[Decision] = []
        self.asked: Decision | None = None
        self.error = ""
        self.showing: Decision | None = None  # the table view's decision; None: the list
        self.cursor = 0  # in the list's order
        self.picked = False  # the player moved the highlight: it stays on his decision as the list sorts
        self.scroll = 0
        self._widths: tuple[int, int, int] | None = None  # (decisions measured, Decision, You)
        self.by_computer = 0  # decisions of the deal that F2 took for the player, left out
        self.by_table = 0  # ... and that the table took for him (F3's declarations in Klaberjass)

    @property
    def people(self) -> list[int]:
        """The seats of the people at the keyboard: more than one in hot seat."""
        return sorted(self.table.humans)

    # ---- the work ----
    @property
    def ready(self) -> bool:
        """The decisions are known (the record is replayed)."""
        return self.replay.done

    @property
    def analysed(self) -> int:
        return sum(1 for d in self.decisions if d.step in self.rankings)

    def update(self, dt: float) -> None:
        if not self.replay.done:
            self.app.keep_active()
            self.replay.advance(REPLAY_SLICE)
            if self.replay.done:
                # The decisions F2 took for the player are the computer's, not his to review.
                computer, table = self.table.computer_steps, self.table.auto_steps
                self.decisions = [d for d in self.replay.decisions if d.step not in computer | table]
                self.by_computer = sum(1 for d in self.replay.decisions if d.step in computer)
                self.by_table = sum(1 for d in self.replay.decisions if d.step in table and d.step not in computer)
            return
        if self.ticket is None:
            pending = next((d for d in self.decisions if d.step not in self.rankings), None)
            if pending is None or self.error:
                return
            self.asked = pending
            self.ticket = self.app.ai.request(self.table.game_name, pending.observation, HINT_LEVEL, pending.seed,
                                              job="rank")
        self.app.keep_active()
        ranking, error = self.app.ai.poll(self.ticket)
        if ranking is None and error is None:
            return
        self.ticket = None
        if error is not None or not isinstance(ranking, Ranking) or self.asked is None:
            self.error = f"The analysis stopped: {error}"
            return
        # A decision the player highlighted stays highlighted as the analyses come in and the
        # list sorts itself (a tester's Enter opened another decision than the one he chose).
        items = self.ordered()
        chosen = items[min(self.cursor, len(items) - 1)] if self.picked and items else None
        self.rankings[self.asked.step] = ranking
        if chosen is not None:
            self.cursor = self.ordered().index(chosen)

    def leave(self) -> None:
        if self.ticket is not None:
            self.app.ai.cancel(self.ticket)
            self.ticket = None
        if self in self.app.stack.scenes:
            self.app.stack.remove(self)

    def agrees(self, decision: Decision) -> bool:
        """Hard's choice is the player's: the same action, or one the player took in the same
        move (Luk Fu throws several cards face down one action at a time, in any order)."""
        ranking = self.rankings.get(decision.step)
        return ranking is not None and (ranking.best.action == decision.action
                                        or ranking.best.action in self.table.same_move(decision, self.decisions))

    def cost(self, decision: Decision) -> float | None:
        """What Hard reckons the choice cost: the difference of the two values as the values
        line writes them (whole from 10 up), to the tenth of a point the list shows. A choice
        shown at 0.0 counts as good, and the total is the sum of the costs on screen (a tester
        was charged 0.2 beside "J♠ +113; ... *8♥ +113")."""
        ranking = self.rankings.get(decision.step)
        if ranking is None:
            return None
        if self.agrees(decision) or not ranking.cost(decision.action):
            return 0.0
        chosen = ranking.estimate(decision.action)
        if shows_more(chosen, ranking.best):
            # A higher chance of winning as written, which is what Hard decides by there, costs
            # no points (a tester's Envido at 60% was charged 0.9 beside Hard's órdago at 58%).
            return 0.0
        best, mine = ranking.best.points, chosen.points
        assert best is not None and mine is not None  # a cost comes from two values
        return round(max(0.0, shown_points(best) - shown_points(mine)), 1)

    def chance_lost(self, decision: Decision) -> float:
        """The chance of winning your choice gave away, to the whole percent the list shows (0
        where Hard does not reckon in it, or has not analysed the decision yet): the difference
        of the two chances as the values line writes them (a tester read "1% of the game" beside
        two choices both at 19%); so also where a sample's 99% stands beside a certain 100%
        (a tester's review said 0% there, and "as good as Hard's")."""
        if self.chance_cost(decision) is None or self.agrees(decision):
            return 0.0
        ranking = self.rankings[decision.step]
        return max(0, percent(ranking.best) - percent(ranking.estimate(decision.action))) / 100

    def as_good(self, decision: Decision) -> bool:
        """Hard values the choice as highly as its own, in the numbers shown: no points and no
        chance of winning lost (a choice that keeps the points but lowers the chance is not)."""
        return not self.cost(decision) and not self.chance_lost(decision)

    def ordered(self) -> list[Decision]:
        """The list's order: analysed decisions costliest first (the chance of winning lost,
        then the points; then in the deal's order), then those still waiting, in the deal's
        order."""
        done = [d for d in self.decisions if d.step in self.rankings]
        done.sort(key=lambda d: (-self.chance_lost(d), -(self.cost(d) or 0.0), d.step))
        return done + [d for d in self.decisions if d.step not in self.rankings]

    # ---- keys ----
    def on_key(self, key: Key) -> None:
        if self.showing is not None:
            self._table_key(key)
        else:
            self._list_key(key)

    def _list_key(self, key: Key) -> None:
        items = self.ordered()
        if key.is_cancel:
            self.leave()
        elif key.code == pygame.K_TAB and len(self.people) > 1:
            self.review_seat(self.people[(self.people.index(self.seat) + 1) % len(self.people)])
        elif not items:
            return
        elif key.is_up:
            self.cursor, self.picked = (self.cursor - 1) % len(items), True
        elif key.is_down:
            self.cursor, self.picked = (self.cursor + 1) % len(items), True
        elif key.is_confirm or key.is_right:
            self.showing = items[min(self.cursor, len(items) - 1)]

    def on_click(self, col: int, row: int) -> None:
        """A click on a decision of the list highlights it, and on the highlighted one shows
        the table as it was (as Enter does); on a line of keys, the key clicked (a tester who
        opened the review by a click could not leave it by one)."""
        items = self.ordered()
        index = self.scroll + row - LIST_TOP
        if self.showing is None and LIST_TOP <= row < LIST_TOP + LIST_ROWS and 0 <= index < len(items):
            if index == self.cursor:
                self.showing = items[index]
            else:
                self.cursor, self.picked = index, True
            return
        super().on_click(col, row)

    def _table_key(self, key: Key) -> None:
        assert self.showing is not None
        at = self.decisions.index(self.showing)
        if key.is_left and at > 0:
            self.showing = self.decisions[at - 1]
        elif key.is_right and at < len(self.decisions) - 1:
            self.showing = self.decisions[at + 1]
        elif key.is_cancel or key.is_confirm:
            self.cursor, self.picked = self.ordered().index(self.showing), True
            self.showing = None

    # ---- drawing ----
    def progress(self) -> str:
        """``[████░░░░] 5 of 12 analysed``, or the total once every decision is analysed."""
        if not self.ready:
            return "Reading the deal back..."
        total = len(self.decisions)
        done = self.analysed
        if self.error:
            return self.error
        if done < total:
            filled = BAR_WIDTH * done // max(1, total)
            return f"Hard is analysing [{'█' * filled}{'░' * (BAR_WIDTH - filled)}] {done} of {total}"
        lost = sum(self.cost(d) or 0.0 for d in self.decisions if not self.bonus(d))
        # Chances lost at different moments do not add up (a tester's deal summed to 126%): one
        # is given, several are left to the list's column ("at worst 4%" read as a bound).
        chances = [c for c in (self.chance_lost(d) for d in self.decisions) if c]
        # A choice Hard values as highly as its own counts as good, though Hard chose another
        # card: telling the player "agrees with 0" beside "cost 0.0 points" contradicted itself.
        good = sum(1 for d in self.decisions if self.as_good(d))
        if not total:
            return "Done: nothing to analyse."
        whose = "your" if self.who() == "you" else self.whose()  # hot seat: "Player 2's"
        if good == total:
            if total == 1:
                return f"Done: {whose} one choice is as good as Hard's."
            every = "both" if total == 2 else f"all {total}"  # not "all 2" (a tester)
            return f"Done: {every} of {whose} choices are as good as Hard's."
        goal = self.table.WIN_GOAL
        of = f", {chances[0]:.0%} of the {goal}" if len(chances) == 1 else ""
        extra = bool(self.bonus_cost()[0])  # costs that count more than points (said under the list)
        # Not "cost 0.0 points" beside "not as good" where chances alone were lost (a reviewer).
        zero = cost_text(lost) == cost_text(0.0)
        points, apart = "no points" if zero else f"{cost_text(lost)} points", f", {BONUS_MARK} apart" if extra else ""
        rest, short = f"the rest cost {points}{apart}", f"{points} lost{apart}"
        if zero and len(chances) > 1:  # chances lost at several moments: the list gives each
            rest = short = f"the rest lost chances of winning{apart}"
        # "choices" kept where the room allows: "5 of 11 as good" alone beside "5 of Player 3's 9
        # choices" in the next player's review read as two counts (a tester).
        heads: tuple[str, ...] = (f"{good} of {whose} {total} choices as good as Hard's",
                                  f"{good} of {total} choices as good as Hard's",
                                  f"{good} of {total} as good as Hard's")
        if total == 1:  # not "0 of your 1 choices"
            rest = short = f"it cost {points}"
        if extra and not lost:
            rest = short = f"{'it is' if total == 1 else 'the rest are'} marked {BONUS_MARK}"
        # Short of room, the words go, then the chance (the list's column has it): "25% to win"
        # had read as the chance itself (a tester).
        wordings = [f"Done: {heads[0]}; {rest}{of}.", f"Done: {heads[1]}; {rest}{of}.",
                    f"Done: {heads[1]}; {short}{of}.", f"Done: {heads[-1]}; {short}{of}.",
                    f"Done: {heads[-1]}; {rest}.", f"Done: {heads[-1]}; {short}."]
        if total == 1:  # its subject kept ("Done: not as good as Hard's" had lost it: a tester), and
            # its chance where a shorter wording has room for it (it had been dropped: another), a
            # chance alone said first, as the table view says it
            one = f"{whose} one choice is not as good as Hard's"
            cost = (f"{whose} one choice cost {chances[0]:.0%} of the {goal}, no points" if zero and of
                    else f"{whose} one choice cost {points}{apart}{of}")
            wordings = [f"Done: {one}; {rest}{of}.", *([f"Done: {cost}."] if lost or not extra else []),
                        f"Done: {one}; {rest}."]
        return next((w for w in wordings if len(w) <= COLS - 4), wordings[-1])  # whole, on its row

    def bonus(self, decision: Decision) -> str:
        """What the decision's values count besides the deal's points ("winning the match
        counts 1,000"; ``Ranking.bonus``), or ""."""
        ranking = self.rankings.get(decision.step)
        return ranking.bonus if ranking is not None else ""

    def cost_mark(self, decision: Decision, cost: float) -> str:
        """† after a cost that counts a bonus besides the deal's points, else ""."""
        return BONUS_MARK if cost and self.bonus(decision) else ""

    def bonus_cost(self) -> tuple[float, str]:
        """The costs of the decisions whose values count a bonus (marked, kept out of the
        total of points), and the bonus in words."""
        costly = [d for d in self.decisions if self.bonus(d) and self.cost(d)]
        return sum(self.cost(d) or 0.0 for d in costly), (self.bonus(costly[0]) if costly else "")

    def draw(self, canvas: TextCanvas) -> None:
        if self.showing is not None:
            self._draw_table(canvas, self.showing)
        else:
            self._draw_list(canvas)

    def _words(self, decision: Decision, action: str, short: bool = True) -> str:
        return self.table.action_words(action, decision.observation, short=short)

    def _draw_list(self, canvas: TextCanvas) -> None:
        bg = palette.BLUE
        canvas.fill(0, 1, COLS, 23, " ", palette.WHITE, bg)
        # Named once the record is read: while it is, the number ran through the deals before
        # (a tester read "Deal 1", "Deal 2"... under the summary of deal 4).
        deal = self.replay.deal_number if self.ready else None
        centre = f"Deal {deal}" if deal is not None else ""
        title_bar(canvas, f"{entry(self.table.game_name).title.upper()}: REVIEW", centre, "Esc: back", bg=palette.CYAN,
                  fg=palette.BLACK, keys_of=self)
        # The list's order (``ordered``): a lost chance of winning outweighs points (a tester read
        # 0.2 above 0.3 as a sorting fault when the heading said only "costliest first").
        heading = (f"{self.whose()} decisions, costliest first: chance to win lost, then points" if self.chance_shown()
                   else f"{self.whose()} decisions in this deal, costliest first, as Hard reckons them")
        canvas.text(2, 2, heading, palette.WHITE, bg)
        chance = self.chance_shown()
        canvas.text(2, 3, self._row("Cost", WIN_CHANCE if chance else None, "Decision", self.you_header(),
                                    "Hard's choice"), palette.YELLOW, bg)
        canvas.text(2, 4, "─" * (COLS - 4), palette.LIGHT_CYAN, bg)
        items = self.ordered()
        left = self.left_out()
        if self.ready and not items:
            taken = left[:-1] if self.forced else left  # by F2 or F3, the forced moves apart
            none = ", ".join(left) if taken else "every move was forced"
            name = self.table.seat_name(self.seat)
            # Wrapped, not cut: "Player 1" made it run past the edge (a tester).
            for i, line in enumerate(wrap(f"{name} made no choice in this deal: {none}.", COLS - 6)):
                canvas.text(4, LIST_TOP + i, line, palette.WHITE, bg)
        elif left:
            canvas.text(2, 21, f"Not counted: {', '.join(left)}."[: COLS - 4], palette.LIGHT_CYAN, bg)
        self.cursor = min(self.cursor, max(0, len(items) - 1))
        if self.cursor < self.scroll:
            self.scroll = self.cursor
        elif self.cursor >= self.scroll + LIST_ROWS:
            self.scroll = self.cursor - LIST_ROWS + 1
        for row, decision in enumerate(items[self.scroll : self.scroll + LIST_ROWS]):
            line = self._list_line(decision, chance)
            selected = self.scroll + row == self.cursor
            fg, back = (palette.BLACK, palette.GREY) if selected else (palette.WHITE, bg)
            worse = decision.step in self.rankings and not self.as_good(decision)
            if worse:  # red under the highlight too (a newcomer asked why only the second row was red)
                fg = palette.RED if selected else palette.LIGHT_RED
            canvas.fill(2, LIST_TOP + row, COLS - 4, 1, " ", fg, back)
            canvas.text(2, LIST_TOP + row, line[: COLS - 4], fg, back)
            if worse and self.app.mode.mono:
                canvas.text(2, LIST_TOP + row, "!", fg, back)  # (red is no colour there: a reviewer)
        if any(d.step in self.rankings and not self.as_good(d) for d in items):  # on the rule, as the count of rows is
            canvas.text(4, 4, MONO_LEGEND if self.app.mode.mono else RED_LEGEND, palette.LIGHT_RED, bg)
        if len(items) > LIST_ROWS:  # on the rule above the list: row 19 is the legend's (they had met)
            shown = f" {self.scroll + 1}-{min(len(items), self.scroll + LIST_ROWS)} of {len(items)} "
            canvas.text(COLS - 3 - len(shown), 4, shown, palette.LIGHT_CYAN, bg)
        extra, bonus = self.bonus_cost()
        if chance:
            canvas.text(2, 19, self.chance_legend(), palette.LIGHT_CYAN, bg)
        elif extra:
            legend = f"{BONUS_MARK} where {bonus}: {cost_text(extra)} more, not in the total"
            canvas.text(2, 19, legend[: COLS - 4], palette.LIGHT_CYAN, bg)
        canvas.text(2, 20, self.progress()[: COLS - 4], palette.LIGHT_GREEN, bg)
        keys = "Up/Down: choose   Enter: the table as it was   Esc: back to the summary"
        if self.ready and not items:
            keys = "Esc: back to the summary"  # nothing to choose or show
        if len(self.people) > 1:
            following = self.people[(self.people.index(self.seat) + 1) % len(self.people)]
            tab = f"Tab: {self.table.seat_name(following)}'s   Esc: the summary"
            keys = tab if self.ready and not items else f"Up/Down, Enter: the table   {tab}"
        self.key_line(canvas, 2, 22, keys, palette.LIGHT_CYAN, bg)

    def left_out(self) -> list[str]:
        """The moves of the deal left out of the list, in words short enough for one row with
        all three (a tester's were cut mid-word): those F2 took for the player, those the table
        took for him by a setting (Klaberjass declares every run with F3 on: not his choice to
        be charged for, as a tester noticed), and those that had no choice."""
        def counted(n: int, what: str) -> str:
            return f"{n} {what}{'s' if n > 1 else ''}"

        left = []
        if self.by_computer:
            left.append(counted(self.by_computer, "choice") + " by F2")  # the computer playing for him
        if self.by_table:
            left.append(counted(self.by_table, "declaration") + " by F3")
        if self.forced:  # said, so that no move seems lost between the decisions (a tester)
            left.append(counted(self.forced, "forced move"))
        return left

    @property
    def forced(self) -> int:
        """The player's moves of the deal that had no choice and that he made himself: not one
        F2 or the table made for him (a Klaberjass "no run" F3 declared silently had been counted
        as his forced move: a tester)."""
        return sum(1 for step in self.replay.forced if step not in self.table.computer_steps | self.table.auto_steps)

    def who(self) -> str:
        """The reviewed player in a sentence: "you", or in hot seat his name ("Player 2")."""
        name = self.table.seat_name(self.seat)
        return "you" if name == "You" else name

    def whose(self) -> str:
        """Whose decisions these are: "Your", or in hot seat the player's name ("Player 2's")."""
        return "Your" if self.who() == "you" else f"{self.who()}'s"

    def chance_cost(self, decision: Decision) -> float | None:
        """How much less likely Hard reckons your choice made winning the game (None where it
        does not reckon in that chance, or has not analysed the decision yet)."""
        ranking = self.rankings.get(decision.step)
        if ranking is None:
            return None
        lost = ranking.chance_cost(decision.action)
        return 0.0 if lost is not None and self.agrees(decision) else lost

    def chance_shown(self) -> bool:
        """The list has its win chance column (and legend): some decision has a value for it."""
        return any(self.chance_cost(d) is not None for d in self.decisions)

    def chance_legend(self) -> str:
        """The Chance lost column's legend, saying what n/a means when a row reads it."""
        if any(d.step in self.rankings and self.chance_cost(d) is None for d in self.decisions):
            return NO_CHANCE_LEGEND
        return WIN_CHANCE_LEGEND.format(goal=self.table.WIN_GOAL)

    def you_header(self) -> str:
        """The column of the reviewed player's choices: "You", or in hot seat his name (a tester
        read "You" over Player 2's choices)."""
        return self.table.seat_name(self.seat)

    def _column_widths(self) -> tuple[int, int]:
        """The Decision and You columns' widths: their longest words (measured once the
        decisions are known), at least their headers and at most ``DECISION_MAX``/``YOU_MAX``."""
        if self._widths is None or self._widths[0] != len(self.decisions):
            where = max((len(self.table.decision_words(d.observation)) for d in self.decisions), default=0)
            you = max((len(self._words(d, d.action)) for d in self.decisions), default=0)
            self._widths = (len(self.decisions), min(DECISION_MAX, max(len("Decision"), where)),
                            min(YOU_MAX, max(len(self.you_header()), you)))
        return self._widths[1], self._widths[2]

    def _row(self, cost: str, game: str | None, where: str, you: str, hard: str) -> str:
        """One row of the list in its columns (``game`` None: no win chance column), Hard's
        choice in the room left."""
        where_width, you_width = self._column_widths()
        cells = [cost.rjust(COST_WIDTH)] + ([] if game is None else [game.rjust(len(WIN_CHANCE))])
        cells += [fitted(where, where_width).ljust(where_width), fitted(you, you_width).ljust(you_width)]
        head = "  ".join(cells) + "  "
        return head + fitted(hard, COLS - 4 - len(head))

    def _list_line(self, decision: Decision, chance: bool = False) -> str:
        """``  Cost  [Win chance]  Decision  You  Hard's choice``: the cost in points and, where
        Hard reckons it (Mus, Luk Fu), in the chance of winning the game."""
        where = self.table.decision_words(decision.observation)
        you = self._words(decision, decision.action)
        ranking = self.rankings.get(decision.step)
        if ranking is None:
            return self._row("...", "" if chance else None, where, you, "(being analysed)")
        best = ranking.best
        if self.agrees(decision):
            hard = "the same"
        else:
            hard = self._words(decision, best.action)
            value = points_text(best)
            width = len(self._row("", "" if chance else None, "", "", ""))
            if value and width + len(hard) + len(value) + 3 <= COLS - 4:
                hard += f" ({value})"  # whole, or not at all: the table view shows every value
        lost = self.chance_lost(decision)
        game = NO_CHANCE if ranking.chance_cost(decision.action) is None else f"{lost:.0%}"
        cost = self.cost(decision) or 0.0
        return self._row(cost_text(cost) + self.cost_mark(decision, cost), game if chance else None, where, you, hard)

    def _draw_table(self, canvas: TextCanvas, decision: Decision) -> None:
        # A move of several actions (a Luk Fu throw, one action a card) shows every card of it
        # still in hand raised, this decision's framed: a tester had raised three and saw one.
        move = sorted(self.table.same_move(decision, self.decisions) - {decision.action})
        with self.table.showing(decision.observation, " ".join([decision.action, *move]), decision.step):
            self.table.draw_table(canvas)
            scores = len(self.table.title()[2]) + 1  # the scores drawn then give way to the label, all of them
        at = self.decisions.index(decision) + 1
        label = f" DECISION {at} of {len(self.decisions)} "  # in the deal's order, as Left/Right step
        canvas.fill(COLS - max(scores, len(label)), 0, max(scores, len(label)), 1, " ", palette.WHITE, palette.BLUE)
        canvas.text(COLS - len(label), 0, label, palette.BLACK, palette.CYAN)
        canvas.fill(1, MESSAGE_ROW, COLS - 2, 2, " ", palette.WHITE, TABLE_BG)
        ranking = self.rankings.get(decision.step)
        where = self.table.decision_words(decision.observation)
        you = self.table.choice_words(decision.action, decision.observation)
        who = self.who()  # "you", or in hot seat the player reviewed ("Player 1 chose...")
        if ranking is None:
            canvas.text(2, MESSAGE_ROW, f"{where.capitalize()}: {who} {you}."[: COLS - 4], palette.YELLOW,
                        TABLE_BG)
            canvas.text(2, PROMPT_ROW, self.progress()[: COLS - 4], palette.WHITE, TABLE_BG)
        else:
            best = ranking.best
            cost = self.cost(decision) or 0.0
            chance = self.chance_lost(decision)
            hard = self._words(decision, best.action)
            mine = self.table.choice_words(decision.action, decision.observation, short=True)
            if best.action == decision.action and move:
                # One card of a throw of several: Hard's choice for this card only, the others
                # are their own decisions ("then 3 more, as Hard would" read as the whole throw
                # approved, beside red rows for its next cards: a tester).
                verdict = f"{where.capitalize()}: {who} {mine}, as Hard would for this card of the move."
            elif best.action == decision.action:
                verdict = f"{where.capitalize()}: {who} {you}, as Hard would."
            elif self.agrees(decision):  # Hard's choice is another action of the same move
                agreed = (f"{where.capitalize()}: {who} {you}; Hard: {hard}, which {who} did too in this move.",
                          f"{where.capitalize()}: {who} {mine}; Hard: {hard}, "
                          f"as {who} did in this move.")
                verdict = next((w for w in agreed if len(w) <= COLS - 4), agreed[-1])
            elif self.as_good(decision):  # valued as Hard's own, as the list says ("Cost 0.0" had read as a cost)
                good = (f"{where.capitalize()}: {who} {you}, as good as Hard's {hard}.",
                        f"{where.capitalize()}: {who} {mine}, as good as Hard's {hard}.")
                verdict = next((w for w in good if len(w) <= COLS - 4), good[-1])
            else:
                # The longest wording that fits the row: full words, short words, then without
                # the chance (the values line below still gives it).
                # A cost that counts a bonus is not points: marked as in the list, the values line
                # below saying what it counts (a tester read "Cost 258 points" under "258†").
                lost = f" Cost {cost_text(cost)}{self.cost_mark(decision, cost) or ' points'}"
                of = f", {chance:.0%} of the {self.table.WIN_GOAL}." if chance else "."
                if chance and cost_text(cost) == cost_text(0.0):  # chance alone: not "Cost 0.0 points" (a reviewer)
                    lost, of = f" Cost {chance:.0%} of the {self.table.WIN_GOAL}", ", no points."
                wordings = [f"{where.capitalize()}: {who} {you}; Hard: {hard}.{lost}{of}",
                            f"{where.capitalize()}: {who} {mine}; Hard: {hard}.{lost}{of}",
                            f"{where.capitalize()}: {who} {mine}; Hard: {hard}.{lost}."]
                verdict = next((w for w in wordings if len(w) <= COLS - 4), wordings[-1])
            canvas.text(2, MESSAGE_ROW, verdict[: COLS - 4], palette.YELLOW, TABLE_BG)
            canvas.text(2, PROMPT_ROW, self._values_line(decision, ranking)[: COLS - 4], palette.WHITE, TABLE_BG)
        keys = " Left/Right: step through the deal   Esc: the list "
        self.key_line(canvas, (COLS - len(keys)) // 2, 23, keys, palette.LIGHT_CYAN, TABLE_BG)

    def _values_line(self, decision: Decision, ranking: Ranking) -> str:
        """Hard's value of each choice, best first, as many whole ones as fit, yours always and
        marked, ``...`` where some are left out: "Values: J♠ +6; K♥ +2; ...; *7♣ -3"."""
        def part(e: Estimate) -> str:
            mark = "*" if e.action == decision.action else ""
            return f"{mark}{self._words(decision, e.action)} {points_text(e)}".rstrip()

        yours = part(ranking.estimate(decision.action))
        head = "Values: "
        width = COLS - 4
        note = ""
        mine_best = ranking.best.action == decision.action
        needed = len(head) + len(part(ranking.best)) + (0 if mine_best else len(yours) + 2)
        more = len(MORE) + 2 if len(ranking.estimates) > (1 if mine_best else 2) else 0
        # The better-looking values come next to Hard's choice, where the reason explains them.
        best, *others = ranking.estimates
        estimates = [best, *listing_order(ranking, others)]
        yours_better = shows_more(ranking.estimate(decision.action), best)
        pass_noted = ranking.note_first and len(estimates) > 1 and estimates[1].action == "pass" != decision.action
        if outranked(ranking):
            # Why Hard did not choose a better-looking value (its note's last clauses) comes
            # before the values that do not fit: keep room for it beside Hard's choice, yours and
            # the first better value, and the mark of those left out if the reason fits too.
            # (Your own choice, when it is the better-looking one, is what the reason explains.)
            if not yours_better and estimates[1].action != decision.action:
                needed += len(part(estimates[1])) + 2
            explained = ranking.estimate(decision.action) if yours_better else estimates[1]
            note = (reason_note(decision.observation, ranking, width - needed - more, explained, not yours_better)
                    or reason_note(decision.observation, ranking, width - needed, explained, not yours_better))
        elif basis_first(decision.observation, ranking):
            if pass_noted:  # the pass the note speaks of stays beside it ("pass: Hard's bar")
                needed += len(part(estimates[1])) + 2
            first = ranking.note.split("; ")[0]  # what the numbers rest on, with open hands
            note = note_text(first, width - needed - more) or note_text(first, width - needed)
        width -= len(note)
        # A better value than Hard's without its reason would read as a mistake: left out.
        shown = [e for i, e in enumerate(estimates)
                 if not (i and e.action != decision.action and shows_more(e, best) and not note)]

        def line(count: int, more: bool = True) -> str:
            """The first ``count`` values, ``...`` for the others but yours, then yours."""
            pieces = [part(e) for e in shown[:count]]
            if more and any(e.action != decision.action for e in shown[count:]):
                pieces.append(MORE)
            if all(e.action != decision.action for e in shown[:count]):
                pieces.append(yours)
            return head + "; ".join(pieces)

        # Hard's choice and yours always, and the better value a reason explains; the mark only
        # where it fits.
        explains_second = note and outranked(ranking) and estimates[1].action != decision.action and not yours_better
        least = 2 if explains_second or (note and pass_noted) else 1
        count, text = most_that_fit(line, len(shown), least, width)
        on_row = [*shown[:count], ranking.estimate(decision.action)]
        if note:
            return text + bracket_for(note, ranking, on_row)
        return text + note_text(row_note(ranking, on_row), width - len(text))
