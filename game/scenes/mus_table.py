"""The Mus table: you at the bottom, your partner opposite, the two opponents left and right.

Built on the table kit (game.scenes.table): this file holds the layout, the narration and
the game's own keys. Each seat shows its cards (backs, or faces with open hands), its latest
call in a speech line ("Mus", "Envido 2", "Quiero", "Órdago!"), how many cards it took in
every mus round and its pares / juego declarations. The middle holds the four lances and how
each went; the lower right says what is on the table now. Everything drawn comes from seat
0's observation.

Discards are the hand's multi mode: the keys under your cards (or Left/Right and Space, Up,
Down) raise the cards to throw away, the prompt names them, Enter throws them. Every other
decision is a labelled key on the prompt line (``KEYS``); the amount of an envido or a raise
is picked with + and - (or Up/Down, or a digit) and shown on the key's label. An órdago asks
Y/N first, and a call that is not open now is refused with the rules' reason.

Señas (an option, on at this table): every seat has a small face beside its name. When a seña
is passed and your side sees it (your own, your partner's, a rival's that you or your partner
caught) the face makes it for a moment and the message line says what it means; a rival's seña
nobody on your side caught is never shown, and nothing else of it is said. S lists every seña
seen in this deal. On your turn the señas your hand allows are lettered toggles (all on at
first), P (or Enter) passes the marked ones and N passes none.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from game.app.keys import Key
from game.app.match import deal_ended
from game.rules.mus import (
    LANCE_TITLES,
    SENA_FACES,
    SENA_MEANINGS,
    SENA_WORDS,
    SENAS_NONE,
    DealSummary,
    LanceCount,
    LanceResult,
    MusObservation,
    SenaSeen,
    allowed_senas,
    card_role,
    juego_bonus,
    juego_total,
    pares_bonus,
)
from game.scenes.hand import CardLook, Hand, HandGeometry, HandMode
from game.scenes.table import (
    COUNTING,
    PANEL_LINE,
    REPLAY_KEYS,
    SUMMARY_MAX,
    TABLE_BG,
    Choice,
    DecisionKey,
    Panel,
    Prompt,
    TableScene,
    deal_of,
)
from game.scenes.widgets import wrap
from game.screen import glyphs, palette
from game.screen.canvas import COLS, TextCanvas
from game.screen.cards import CARD_BG, draw_back, draw_face, draw_slot, spanish_face

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.match import Match

CARD_W, CARD_H, CARD_STEP = 7, 5, 8  # your cards
SMALL_W, SMALL_H, SMALL_STEP = 5, 3, 6  # the other seats' cards
HAND_COL, HAND_ROW, KEYS_ROW = 24, 15, 20  # a card chosen for discard is raised to row 14
# Where each position's block starts: (column, name row). 0 is you (drawn apart), 1 right, 2 top, 3 left.
BLOCKS = {1: (55, 6), 2: (29, 2), 3: (2, 6)}  # name row; cards, speech, cards taken below
BLOCK_W = 24
# Blanks between a seat's two declarations, and before the partner's, which stand on his name
# row after MANO or POSTRE: with one blank "MANO  PARES SÍ JUEGO NO" read as one run (a tester).
MARKS_GAP, TOP_MARKS_GAP = 2, 3
BOARD_COL, BOARD_ROW, BOARD_W = 26, 8, 28  # the lances' box, rows 8-13
STATUS_W = BOARD_W - 11  # a lance's status, from 9 columns in, a blank short of the frame (a tester)
YOU_COL, STAKES_COL = 2, 57  # the blocks beside your hand, rows 15-20

SEAT_NAMES = {0: "You", 1: "East", 2: "Partner", 3: "West"}
# The lances' names as the board writes them, and the lance each name opens in the deal's public
# record (``MusObservation.events``: "Chica"), both from the rules' names.
BOARD_TITLES = {lance: title.upper() for lance, title in LANCE_TITLES.items()}
EVENT_LANCES = {title: lance for lance, title in LANCE_TITLES.items()}
TEAM_NAMES = ("US", "THEM")
# The count's LANCE, BETTING and WON BY columns; POINTS after them. Each leaves two blanks at
# least after its longest words: "Partner", the widest seat name, had run into the points with
# one ("Partner US +32, 2 not counted", a tester); BETTING's longest take 16 of its 21.
COUNT_COLUMNS = (8, 21, 9)
POINTS_COLUMN = sum(COUNT_COLUMNS)
# The suit colours for text on a dark background (card faces use the cards module's colours).
SUIT_TEXT_COLOUR = {glyphs.OROS: palette.YELLOW, glyphs.COPAS: palette.LIGHT_RED,
                    glyphs.ESPADAS: palette.LIGHT_CYAN, glyphs.BASTOS: palette.LIGHT_GREEN}
ROLE_NAMES8 = ("aces", "4s", "5s", "6s", "7s", "sotas", "caballos", "kings")
ROLE_NAMES4 = ("aces", "2s", "3s", "4s", "5s", "6s", "7s", "sotas", "caballos", "kings")
# The calls, one key each: pressed when the call is not open now, the rules say why.
CALLS = (
    Choice("M", "Mus (change cards)", "mus"),
    Choice("C", "Corto (cut: play)", "cut"),
    Choice("P", "Paso", "paso"),
    Choice("E", "Envido", "envido"),  # the amount is on the label: "envido 3"
    Choice("Q", "Quiero", "quiero"),
    Choice("N", "No quiero", "no-quiero"),
    Choice("R", "Raise", "raise"),
    Choice("O", "Órdago", "ordago"),
)
AMOUNT_CALLS = ("envido", "raise")

# ---- señas ----
FACES_AT = {0: (17, 14), 1: (70, 5), 2: (23, 2), 3: (17, 5)}  # each position's face: its top-left cell
FACE_SECONDS, ATTRACT_FACE_SECONDS = 2.0, 1.2  # how long a face shows a seña (a key ends it sooner)
FACE_REST, FACE_SHOWING = palette.GREY, palette.YELLOW  # mono: normal, bright
# How a seña is made, said of you and of another seat ("You wink", "East winks"); the rules'
# SENA_FACES say it of a seat being caught ("You catch East winking").
SENA_LOOKS = {
    "dos-reyes": ("bite the lower lip", "bites the lower lip"),
    "tres-reyes": ("bite the lip at one side", "bites the lip at one side"),
    "solomillo": ("blow a silent kiss", "blows a silent kiss"),
    "dos-ases": ("put the tongue out", "puts the tongue out"),
    "tres-ases": ("put the tongue out at one side", "puts the tongue out at one side"),
    "medias": ("twist the closed lips to one side", "twists the closed lips to one side"),
    "duples": ("raise the eyebrows", "raises the eyebrows"),
    "treinta-y-una": ("wink", "winks"),
    "treinta": ("shrug both shoulders", "shrugs both shoulders"),
    "veintinueve": ("shrug one shoulder", "shrugs one shoulder"),
    "ciego": ("close both eyes", "closes both eyes"),
}
# What each seña says, in a few words for the message line (the panel gives the rules' whole meaning).
SENA_GLOSS = {
    "dos-reyes": "two kings", "tres-reyes": "three kings", "solomillo": "three kings and an ace",
    "dos-ases": "two aces", "tres-ases": "three aces", "medias": "three of a kind", "duples": "two pairs",
    "treinta-y-una": "juego of 31", "treinta": "30 points", "veintinueve": "29 points", "ciego": "nothing to signal",
}
# The mouth each seña of the pares kind makes (duples raises the brows instead).
SENA_MOUTH = {"dos-reyes": "bite", "tres-reyes": "side-bite", "solomillo": "kiss", "dos-ases": "tongue",
              "tres-ases": "side-tongue", "medias": "twist"}
TICK_ON, TICK_OFF = "√", "·"  # a toggled seña on the prompt: to be passed, or held back
SENA_PANEL_W = 68  # the text of the S panel


def card_text(card: str) -> str:
    """``Ro`` -> ``12`` and the oros glyph: a Spanish card as the faces number it."""
    face = spanish_face(card)
    return face.label + face.suit


def settled_by_last_call(before: MusObservation, after: MusObservation) -> tuple[LanceResult, ...]:
    """How the lance the deal's last call ended went, as the lance board and the messages word a
    settled lance (the count's own record, ``after.last_deal``, in ``LanceResult`` terms)."""
    assert after.last_deal is not None
    return tuple(LanceResult(c.lance, c.outcome, c.winner_team if c.outcome == "rejected" else None,
                             c.stake if c.outcome in ("accepted", "rejected") else 0)
                 for c in after.last_deal.lances
                 if c.lance == before.lance and c.outcome in ("accepted", "rejected", "passed"))


def cards_text(cards: Any) -> str:
    return " ".join(card_text(c) for c in cards)


def speech_colour(word: str) -> int:
    if word.startswith(("Envido", "Órdago")) or word.endswith("más"):
        return palette.YELLOW
    if word == "Quiero":
        return palette.LIGHT_CYAN
    if word == "No quiero":
        return palette.LIGHT_RED
    if word == "Corto" or word.endswith(" sí"):
        return palette.LIGHT_CYAN
    return palette.WHITE


def amount_of(action: str) -> int:
    return int(action.split()[1])


def sena_name(sena: str) -> str:
    """``tres reyes``: a seña's name without its other name in brackets, for short lines."""
    return SENA_WORDS[sena].split(" (")[0]


def senas_text(senas: Any, joiner: str = " and ") -> str:
    return joiner.join(sena_name(s) for s in senas)


def face_cells(senas: Any) -> tuple[str, str]:
    """The face's two rows of three cells, making every seña in ``senas`` at once (none: at rest).

    A hand shows at most one seña of each kind: the pares kind moves the mouth (duples the
    brows), the juego kind an eye or the shoulders, ciego closes both eyes."""
    shown = set(senas)
    raised = "duples" in shown
    left = "closed" if "ciego" in shown else "raised" if raised else "open"
    if shown & {"ciego", "treinta-y-una"}:
        right = "raised-closed" if raised else "closed"
    else:
        right = "raised" if raised else "open"
    mouth = next((SENA_MOUTH[s] for s in SENA_MOUTH if s in shown), "rest")
    left_shoulder = "up" if "treinta" in shown else "down"
    right_shoulder = "up" if shown & {"treinta", "veintinueve"} else "down"
    top = glyphs.FACE_LEFT_EYE[left] + glyphs.FACE_FOREHEAD + glyphs.FACE_RIGHT_EYE[right]
    bottom = (glyphs.FACE_LEFT_SHOULDER[left_shoulder] + glyphs.FACE_MOUTH[mouth]
              + glyphs.FACE_RIGHT_SHOULDER[right_shoulder])
    return top, bottom


def mus_round(view: Any) -> int:
    """The mus round a view is in: one more than the discards made while the mus is asked,
    the last of them while the cards are thrown."""
    return len(view.discard_counts) + (1 if view.phase == "mus" else 0)


class MusTable(TableScene[MusObservation]):
    game_name = "mus"
    LIVE_PHASES = ("mus", "discard", "senas", "bet")  # a deal is being played (not between deals)
    REPLAY_KEEPS = "mano and scores"
    MOST_CARDS = 4
    RAISED_PLAYS = True
    counting = (*COUNTING, "game_counts")
    KEYS = (
        *CALLS,
        Choice("Y", "Yes", "yes-ordago"),  # the órdago asked first: Y bets it
        Choice("N", "No", "no-ordago"),
        *REPLAY_KEYS,
        Choice("A", "Toggle a seña", "sena"),  # your señas are lettered A, B
        Choice("P", "Pass the marked señas", "senas"),
        Choice("N", "None (pass no seña)", "senas-none"),
        Choice("S", "Señas seen in this deal", "senas-seen"),
    )
    OWN_ACTIONS = frozenset({"yes-ordago", "no-ordago", "sena", "senas", "senas-none", "senas-seen"})

    def __init__(self, app: App, match: Match, attract: bool = False, humans: tuple[int, ...] = (0,)) -> None:
        self.amount = 2  # the envido / raise amount on the key label
        self.asking_ordago = False  # Y/N before betting the whole game
        self.game_counts = True  # every deal of this game so far counts (the statistics count the game)
        self.faces: dict[int, tuple[tuple[str, ...], float]] = {}  # seat: the señas its face shows, seconds left
        self.withheld: tuple[DecisionKey | None, frozenset[str]] = (None, frozenset())  # toggled off, at a decision
        self.ended: MusObservation | None = None  # the deal that ended last, as it ended (S between deals)
        super().__init__(app, match, attract, humans)

    # ---- names and teams ----
    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[self.position(seat)]

    @property
    def my_team(self) -> int:
        return self.viewer & 1

    def team_name(self, team: int | None) -> str:
        return TEAM_NAMES[0 if team == self.my_team else 1]

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.view.options)

    @property
    def target(self) -> int:
        return int(self.options["target"])

    # ---- the hand ----
    def make_hand(self) -> Hand:
        return Hand(spanish_face, arrange=True, decorate=self.mark_out)

    def hand_geometry(self) -> HandGeometry:
        return HandGeometry(row=HAND_ROW, keys_row=KEYS_ROW, width=CARD_W, height=CARD_H, step=CARD_STEP,
                            col=HAND_COL, slots=4)

    def mark_out(self, canvas: TextCanvas, col: int, row: int, card: str, look: CardLook) -> None:
        """A card raised to be thrown away says OUT under it."""
        if look.picked:
            canvas.text(col, row + CARD_H, f"{glyphs.ARROW_UP}OUT{glyphs.ARROW_UP}".center(CARD_W),
                        palette.YELLOW, TABLE_BG)

    def sort_cards(self, cards: Any) -> list[str]:
        """F3 on: strongest first (``strongest_first``); off: by number."""
        return self.strongest_first(cards) if self.sorted_hand else list(cards)

    def strongest_first(self, cards: Any) -> list[str]:
        """Strongest first, as Grande counts them: the 3s with the kings (with 8 kings)."""
        options = self.options
        return sorted(cards, key=lambda c: -card_role(c, options))

    def hand_cards(self, view: MusObservation) -> list[str]:
        """Your cards (between deals: the last deal's, if they were shown)."""
        obs = view
        if not obs.hand and obs.phase in ("replay", "over") and obs.last_deal is not None and obs.last_deal.hands:
            return self.sort_cards(obs.last_deal.hands[self.viewer])
        return self.sort_cards(obs.hand)

    def open_cards(self, seat: int) -> list[str] | None:
        """Another seat's cards when they may be seen: open hands, or the last deal's showdown."""
        obs = self.view
        if obs.all_hands is not None and obs.all_hands[seat]:
            return self.sort_cards(obs.all_hands[seat])
        if obs.phase in ("replay", "over") and obs.last_deal is not None and obs.last_deal.hands:
            return self.sort_cards(obs.last_deal.hands[seat])
        return None

    # ---- decisions ----
    def amounts(self, verb: str) -> list[int]:
        """The envido or raise amounts open now."""
        return [amount_of(a) for a in self.obs.legal_actions if a.startswith(verb + " ")]

    def picked_amount(self, verb: str) -> int:
        amounts = self.amounts(verb)
        if not amounts:
            return self.amount
        return max(amounts[0], min(self.amount, amounts[-1]))

    def choices(self) -> tuple[Choice, ...]:
        """The labelled calls open now (none while discarding)."""
        legal = self.obs.legal_actions
        if self.asking_ordago:
            return self.offer("yes-ordago", "ordago", "Yes: Órdago!"), self.offer("no-ordago")
        names = [name for name in ("mus", "cut", "paso", "quiero", "no-quiero") if name in legal]
        out = [self.offer(name) for name in names]
        for verb in AMOUNT_CALLS:
            if self.amounts(verb):
                n = self.picked_amount(verb)
                more = " +/-" if len(self.amounts(verb)) > 1 else ""  # none at the cap
                out.append(self.offer(verb, f"{verb} {n}", f"{verb.capitalize()} {n}{more}"))
        if "ordago" in legal:
            out.append(self.offer("ordago", label="Órdago!"))
        return tuple(out)

    def decision(self) -> Prompt:
        obs = self.obs
        lance = (obs.lance or "").capitalize()
        if self.asking_ordago:
            return Prompt(f"Bet the whole game on {lance}? ", self.choices())
        if obs.phase == "senas":
            return self.senas_prompt()
        if obs.phase == "discard":
            # In the order the move, the hint and the thrown-away box name them (a tester).
            picked = self.cards_action(self.hand.picked_cards()).split()[1:]
            keys, arrows = f"1-{len(obs.hand)}", f"{glyphs.ARROW_LEFT}/{glyphs.ARROW_RIGHT}"
            if picked:
                what = f"{len(picked)} card{'s' if len(picked) > 1 else ''}, {cards_text(picked)}"
                # Each part "K: what it does", so a click on it presses that key (a tester's click
                # on "pick" had moved the highlight: the keys were read as arrows first).
                text = f"Enter: throw away {what}.  Space: pick ({keys}, {arrows})"
            else:
                text = f"Pick cards to throw away: {keys}, or {arrows} and Space."
            return Prompt(text, hand=HandMode(frozenset(obs.hand), multi=True))
        if obs.phase == "replay":
            return self.replay_offer()
        choices = self.choices()
        if obs.phase != "bet":
            return Prompt("", choices)
        # Enter (or a stray Space) alone refuses a bet: it costs the deje, where Quiero stakes
        # the bet (and at an órdago the game); Q accepts (a tester's highlight was on Quiero).
        actions = [c.action for c in choices]
        refuse = actions.index("no-quiero") if "no-quiero" in actions else 0
        if obs.ordago:
            return Prompt(f"Órdago on {lance}! ", choices, default=refuse)
        if obs.bettor_team is not None:
            return Prompt(f"{obs.stakes} on {lance}: ", choices, default=refuse)
        return Prompt(f"{lance}: ", choices)

    # ---- your señas ----
    @property
    def senas_on(self) -> bool:
        return bool(self.options.get("senas"))

    def allowed(self) -> tuple[str, ...]:
        """The señas your hand may pass now (``ciego`` alone when it has nothing to signal)."""
        return allowed_senas(self.obs.hand, self.options)

    def picked_senas(self) -> tuple[str, ...]:
        """The señas P (or Enter) passes: every one the hand allows, less those toggled off at
        this decision."""
        at, off = self.withheld
        if at != self.decision_key():
            off = frozenset()
        return tuple(s for s in self.allowed() if s not in off)

    def pass_action(self) -> str:
        picked = self.picked_senas()
        return " ".join(("senas", *picked)) if picked else SENAS_NONE

    def senas_prompt(self) -> Prompt:
        """``A √ dos reyes  B √ treinta y una  P Pass dos reyes + treinta y una  N None``: the
        señas the hand allows as toggles, the pass of the marked ones (Enter's default), none."""
        picked = self.picked_senas()
        allowed = self.allowed()
        choices = [self.offer("sena", f"toggle {s}", f"{TICK_ON if s in picked else TICK_OFF} {sena_name(s)}", nth=i)
                   for i, s in enumerate(allowed)]
        label = f"Pass {senas_text(picked, ' + ')}" if picked else "Pass (none marked)"  # as N: said why (a tester)
        choices.append(self.offer("senas", self.pass_action(), label))
        choices.append(self.offer("senas-none", SENAS_NONE, "None"))
        lead = "Señas: "
        # Whether the lead fits is judged with every seña marked, the widest the row gets, so the
        # choices stay put when one is toggled (a tester's second click landed on "Señas:").
        widest = f"Pass {senas_text(allowed, ' + ')}" if allowed else label
        width = sum(len(c.key) + len(c.label) + 3 for c in choices[:-2]) + len(widest) + len("N None") + 6 - 2
        return Prompt(lead if len(lead) + width <= COLS - 4 else "", tuple(choices), default=len(allowed))

    def refresh(self) -> None:
        """The match was changed from outside: what you toggled belonged to another decision."""
        self.withheld = None, frozenset()
        super().refresh()

    def sena_key(self, key: Key) -> bool:
        """A seña's letter (or Enter / Space on it) marks it to be passed or held back."""
        prompt = self.prompt()
        toggles = {c.key: c.action for c in prompt.choices if c.action.startswith("toggle ")}
        action = toggles.get(key.typed)
        if action is None and key.is_confirm:
            highlighted = self.highlighted(prompt)
            action = highlighted if highlighted in toggles.values() else None
        if action is None:
            return False
        sena = action.split()[1]
        at, off = self.withheld
        off = off if at == self.decision_key() else frozenset()
        self.withheld = self.decision_key(), off ^ {sena}
        self.take_back_refusal()  # a change accepted: a refusal above it no longer holds (a tester)
        self.app.sound("click")
        return True

    def cards_action(self, cards: tuple[str, ...]) -> str:
        """The picked cards thrown away, in the rules' card order (none picked: the rules say why)."""
        return " ".join(["discard", *(c for c in self.obs.hand if c in cards)])

    def table_key(self, key: Key) -> bool:
        """S (the señas seen), the órdago question, your señas' toggles, the amount on the
        envido / raise key, and a call that is not open now (the rules refuse it with their reason)."""
        if key.typed == "S":
            self.show_senas()
            return True
        if not self.human_to_act:
            return False
        if self.asking_ordago:
            self.ordago_key(key)
            return True
        if key.typed == "Y" and "ordago" in self.obs.legal_actions:
            # Y answers a question not asked: said so where O could ask it (it had been refused as
            # the table's own action, "'yes-ordago' is not a Mus action": a tester).
            self.refuse("Y bets your own órdago once O has asked whether to bet the whole game.")
            return True
        if self.obs.phase == "senas" and self.sena_key(key):
            return True
        prompt = self.prompt()
        if "ordago" in self.obs.legal_actions and (key.typed == "O" or (key.is_confirm and prompt.hand is None
                                                                       and self.highlighted(prompt) == "ordago")):
            self.asking_ordago = True  # every órdago of yours is asked about first
            # On No: a second Enter does not bet the whole game (only Y does, or Enter on Yes),
            # as Enter refuses an opponent's órdago; on Yes where the hint named it, so that
            # Enter, Enter does what the hint says (a tester's came back to "No órdago.").
            self.choice_cursor = 0 if "ordago" in self.hinted_move() else 1
            self.app.sound("select")
            return True
        if self.obs.phase == "bet" and self.amount_key(key):
            return True
        call = next((c.action for c in CALLS if c.key == key.typed), None)
        if call is None or any(c.key == key.typed for c in prompt.choices):
            return False
        self.human_act(f"{call} {self.amount}" if call in AMOUNT_CALLS else call)
        return True

    def highlighted(self, prompt: Prompt) -> str | None:
        """The action of the choice under the cursor (Enter picks it)."""
        if not prompt.choices:
            return None
        return prompt.choices[min(self.choice_cursor, len(prompt.choices) - 1)].action

    def ordago_key(self, key: Key) -> None:
        """Y (or Enter on Yes) bets the órdago; N, Esc, Enter on No or any other key takes it back."""
        if key.typed == "Y" or (key.is_confirm and self.choice_cursor == 0):
            self.asking_ordago = False
            self.human_act("ordago")
        elif key.typed == "N" or key.is_cancel or key.is_confirm:
            self.asking_ordago = False
            self.choice_cursor = self.prompt().default  # back on the bet's harmless choice
            self.message = "No órdago."
        elif key.is_left or key.is_right:
            self.choice_cursor = 1 - min(1, self.choice_cursor)
        else:  # any other key takes the question back and says so, as Klaberjass's bella question
            self.asking_ordago = False  # does (a stray Q or P had done nothing and said nothing: a reviewer)
            self.choice_cursor = self.prompt().default
            self.message = "No órdago: choose your call."

    def amount_key(self, key: Key) -> bool:
        """+ / - / Up / Down / a digit change the envido or raise amount on the label."""
        verb = "envido" if self.amounts("envido") else "raise"
        amounts = self.amounts(verb)
        if not amounts:
            return False
        lo, hi = amounts[0], amounts[-1]
        current = self.picked_amount(verb)
        asked = key.typed in ("+", "=", "-", "_") or key.is_up or key.is_down or key.typed.isdigit()
        cap = "no bet goes past what the team behind still needs to win"  # R2.8.5
        if lo == hi and asked:
            self.refuse(f"{verb.capitalize()} {lo} only: {cap}.")  # "from 2 to 2" told a tester nothing
            return True
        more, less = key.typed in ("+", "=") or key.is_up, key.typed in ("-", "_") or key.is_down
        if (more and current == hi) or (less and current == lo):
            # Said, not silently ignored (a tester's + at 10 did nothing).
            why = f"{lo} is the least" if less else f"{hi} is the most: " + (
                "one envido or raise is at most 10" if hi == 10 else cap)
            self.refuse(f"{verb.capitalize()} {why}.")
            return True
        if more:
            self.amount = current + 1
        elif less:
            self.amount = current - 1
        elif key.typed.isdigit():
            wanted = int(key.typed) or 10
            if not lo <= wanted <= hi:
                self.refuse(f"{verb.capitalize()} from {lo} to {hi}.")
                return True
            self.amount = wanted
        else:
            return False
        self.take_back_refusal()
        self.app.sound("click")
        return True

    # ---- after each action ----
    def deal_end_view(self, before: MusObservation, seat: int, action: str, after: MusObservation) -> MusObservation:
        """The deal as it ended, with the points its summary gives on the top row (the engine
        deals on at once, so the view before the last call is amended from the deal's summary)."""
        last = after.last_deal
        if last is None:  # (no deal has ended: nothing to amend)
            return before
        a, b = last.points_after
        ended = dataclasses.replace(before, team_points=(a, b), scores=(a, b, a, b), games_won=last.games_won_after)
        # As the last call left it, held before the count and kept under it: the call on its
        # caller's bubble, its lance settled on the board, nobody left to speak (the pause had
        # shown the bet still waiting for that answer: a tester).
        said = {"paso": "Paso", "quiero": "Quiero", "no-quiero": "No quiero"}.get(action.split()[0])
        if said is not None and before.lance is not None and before.speech:
            speech = list(before.speech)
            speech[seat] = said
            ended = dataclasses.replace(ended, speech=tuple(speech), to_speak=(), lance=None, current_player=None,
                                        legal_actions=(),
                                        lance_results=before.lance_results + settled_by_last_call(before, after))
        self.ended = ended
        return ended

    def held_view(self, end_view: MusObservation, before: MusObservation) -> MusObservation:
        """The points and games on the top row as they were, too, until the count explains them
        (they had jumped by the deal's points during the pause before it: a tester)."""
        return dataclasses.replace(super().held_view(end_view, before), team_points=before.team_points,
                                   games_won=before.games_won)

    def no_cards_now(self) -> str:
        if self.obs.phase == "mus":
            return "Say Mus (M) first: cards are changed once all four say mus."
        return super().no_cards_now()

    def result_keys(self) -> str:
        if not self.senas_on:
            return super().result_keys()
        return "Enter: new match   S: señas seen   Esc: back to the menu"

    def result_key(self, key: Key) -> bool:
        """S at the match result lists the señas of the deal that ended the match (a tester's S
        there did nothing, though the README promises it)."""
        if key.typed == "S":
            self.show_senas()
        return False

    def senas_view(self) -> MusObservation:
        """The deal whose señas S lists: between deals (the replay offer, the match's end) the
        one that ended, which the table shows; else the deal now (a tester's S at the replay
        offer listed the next deal's, none, under deal 1's cards)."""
        if self.obs.phase in ("replay", "over") and self.ended is not None:
            return self.ended
        return self.obs

    def after_action(self, seat: int, action: str, before: MusObservation, after: MusObservation) -> None:
        self.message = self.move_message(seat, action, before, after)
        if self.position(seat) == 0:
            self.amount = 2
            self.asking_ordago = False
        head = action.split()[0]
        new_deal = deal_ended(before, after, action)
        if head == "senas":
            self.show_face(seat, self.senas_shown(seat, before, after))
            return
        self.faces.clear()  # the moment of the señas is over once the betting goes on
        if new_deal:
            self.app.sound("trick")
        elif head == "discard":
            self.app.sound("deal")
        elif head in ("envido", "raise", "ordago", "cut"):
            self.app.sound("select")
        else:
            self.app.sound("click")

    def player_settings(self) -> tuple[Any, ...]:
        """The amount on the bet's key and the señas toggled are the player's settings too (a
        reviewer's typed 5 became the hint's 2)."""
        return *super().player_settings(), self.amount, self.withheld

    def prompt_state(self) -> dict[str, Any]:
        """The amount and the señas held back are saved with the rest of the prompt; under your
        own órdago's question its highlight is no highlight of the bets (No had come back as
        Envido 2, Enter betting it: a tester), so the bets start afresh."""
        state = super().prompt_state()
        if state and self.asking_ordago:
            del state["choice"]
        if state:
            at, off = self.withheld
            state.update(amount=self.amount, withheld=sorted(off) if at == self._decision else [])
        return state

    def restore_prompt(self, state: Any) -> bool:
        if not super().restore_prompt(state):
            return False
        amount = state.get("amount")
        if isinstance(amount, int) and not isinstance(amount, bool) and amount >= 1:
            self.amount = amount  # the prompt keeps it within the bets open (``picked_amount``)
        withheld = state.get("withheld")
        if isinstance(withheld, list) and withheld:
            allowed = set(self.allowed())
            self.withheld = self._decision, frozenset(s for s in withheld if s in allowed)
        return True

    def on_hint(self) -> bool:
        """F4 under "Bet the whole game?" drops the question, as N does: the hint is Hard's bet,
        so the bets must be back on the prompt for Enter to make it (a reviewer's Enter said
        "No órdago.", then Paso)."""
        if self.asking_ordago and self.human_to_act and self.hint_ticket is None:  # (F4 cancelling a hint
            self.asking_ordago = False  # leaves the question as it was: a reviewer)
            self.choice_cursor = self.prompt().default
        return super().on_hint()

    def hint_shown(self, action: str) -> None:
        """A hinted bet sets the amount on its key: "raise 5 more" above "R Raise 3" had the
        newcomer who pressed R raise 3 (a tester); hinted señas are the ones marked."""
        if not self.human_to_act:  # nothing to ready (the amount had been set under a panel: a reviewer)
            super().hint_shown(action)
            return
        verb, _, amount = action.partition(" ")
        if verb in AMOUNT_CALLS and amount.isdigit():
            self.amount = int(amount)
        if verb == "senas" and action != SENAS_NONE:  # exactly the hinted señas marked (a tester's
            named = set(action.split()[1:])  # Enter passed both where the hint named one)
            self.withheld = self.decision_key(), frozenset(s for s in self.allowed() if s not in named)
        super().hint_shown(action)  # with the amount or the señas set, the prompt's choice is the hint's
        if verb == "discard":  # Enter throws only cards raised, one too (a tester's was refused)
            self.hand.picked = {card for card in action.split()[1:] if card in self.hand.cards}

    def move_words(self, action: str, view: MusObservation, short: bool = False) -> str:
        words = action.split()
        head = words[0]
        if head == "senas":
            if words[1:] == ["none"]:
                return "none" if short else "pass no seña"
            return senas_text(words[1:], " + ") if short else f"pass {senas_text(words[1:])}"
        if head == "discard":
            return f"{'throw' if short else 'throw away'} {cards_text(words[1:])}"
        if head == "envido":
            return f"Envido {words[1]}"
        if head == "raise":
            return f"Raise {words[1]}" if short else f"raise {words[1]} more"  # short: as the prompt writes it
        short_words = {"mus": "Mus", "cut": "Corto", "paso": "Paso", "ordago": "Órdago", "quiero": "Quiero",
                       "no-quiero": "No quiero"}
        # Said as the prompt names them ("pass (Paso) (+0.1, 23%)" had two brackets in a row: a tester).
        long_words = {"mus": "say Mus", "cut": "say Corto", "paso": "say Paso"}
        return short_words.get(head, action) if short else long_words.get(head, short_words.get(head, action))

    def choice_words(self, action: str, view: MusObservation, short: bool = False) -> str:
        """A call is said, not chosen to: "you said No quiero" (a tester read "you chose to No
        quiero" and "you Órdago"); so are Mus, Corto and Paso (a later tester read "you chose to
        pass (Paso)" beside "you said Envido 5")."""
        if action.split()[0] in ("mus", "cut", "paso", "envido", "raise", "ordago", "quiero", "no-quiero"):
            return f"said {self.action_words(action, view, short=True)}"
        return super().choice_words(action, view, short)

    def decision_words(self, view: MusObservation) -> str:
        if view.phase == "bet":
            return str(view.lance or "bet").capitalize()
        # With its round, as the frame names it: two rows read "mus or cut" alike (a tester).
        if view.phase in ("mus", "discard"):
            return f"{view.phase}, round {mus_round(view)}"
        return {"senas": "señas"}.get(view.phase, str(view.phase))

    def describe(self, seat: int, action: str, before: MusObservation, after: MusObservation) -> str:
        words = action.split()
        head = words[0]
        lance = (before.lance or "").capitalize()
        if head == "senas":  # never from the action: a rival's turn says only what your side saw
            return self.senas_sentence(seat, self.senas_shown(seat, before, after))
        if head == "mus":
            text = self.verb(seat, "say", "says") + " Mus."
        elif head == "cut":
            text = self.verb(seat, "cut", "cuts") + ": no more mus (Corto)."
        elif head == "discard":
            n = len(words) - 1
            if self.position(seat) == 0:
                text = f"You throw away {cards_text(words[1:])}."
            else:
                text = self.verb(seat, "change", "changes") + f" {n} card{'s' if n != 1 else ''}."
        elif head == "paso":
            text = self.verb(seat, "pass", "passes") + " (Paso)."
        elif head == "envido":
            text = f"{self.seat_name(seat)}: Envido {words[1]} on {lance}!"
        elif head == "raise":
            stake = before.stakes + int(words[1])
            text = self.verb(seat, "raise", "raises") + f" {words[1]} more on {lance}: {stake}."
        elif head == "ordago":
            text = f"{self.seat_name(seat)}: ÓRDAGO on {lance}! The whole game is at stake."
        elif head == "quiero":
            if before.ordago:
                text = f"{self.seat_name(seat)}: Quiero! The órdago is accepted: the hands are shown."
            else:
                text = f"{self.seat_name(seat)}: Quiero."
        elif head == "no-quiero":
            text = f"{self.seat_name(seat)}: No quiero."
        else:
            text = f"{self.seat_name(seat)}: {action}."
        if deal_of(after) == deal_of(before):
            results = after.lance_results[len(before.lance_results):]
        else:  # the call ended the deal: how its lance went, held before the count (a tester missed it)
            results = settled_by_last_call(before, after)
        for result in results:
            sentence = self.result_sentence(result)
            if len(text) + 1 + len(sentence) <= COLS - 4:  # the rest is on the lance board
                text += " " + sentence
        return text

    def result_sentence(self, result: LanceResult) -> str:
        """A settled lance (one of ``lance_results``) in words."""
        title = result.lance.capitalize()
        if result.outcome == "passed":
            return f"{title} en paso."
        if result.outcome == "accepted":
            return f"{title}: {result.amount} accepted."
        if result.outcome == "rejected":
            return f"{title}: deje {result.amount} to {self.team_name(result.team)}."
        if result.outcome == "no-bet":
            return f"{title}: only {self.team_name(result.team)}, no bet."
        return f"Nobody has {result.lance}."

    # ---- señas seen ----
    def senas_shown(self, seat: int, before: MusObservation, after: MusObservation) -> tuple[SenaSeen, ...]:
        """What your side saw of ``seat``'s seña turn: the new entries of ``senas_seen``."""
        if deal_of(after) != deal_of(before):
            return ()
        return tuple(s for s in after.senas_seen[len(before.senas_seen):] if s.seat == seat)

    def looks(self, seat: int, senas: Any) -> str:
        """``bites the lower lip and winks``: the faces ``seat`` makes, its verbs agreeing with it."""
        form = 0 if self.position(seat) == 0 else 1
        return " and ".join(SENA_LOOKS[s][form] for s in senas)

    def senas_sentence(self, seat: int, seen: tuple[SenaSeen, ...]) -> str:
        """The message of a seña turn: "Partner bites the lower lip: dos reyes (two kings).",
        "You catch East winking: treinta y una (juego of 31).", "West's señas: nothing caught.".
        Without the glosses in brackets when they would not fit the two rows a message has."""
        text = self._senas_sentence(seat, seen, glossed=True)
        return text if len(wrap(text, COLS - 4)) <= 2 else self._senas_sentence(seat, seen, glossed=False)

    def _senas_sentence(self, seat: int, seen: tuple[SenaSeen, ...], glossed: bool) -> str:
        name = self.seat_name(seat)
        if self.position(seat) in (0, 2):
            if not seen:
                return f"{self.verb(seat, 'pass', 'passes')} no seña."
            names = [s.sena for s in seen]
            return f"{name} {self.looks(seat, names)}: {self.meanings(names, glossed)}."
        parts: list[str] = []
        for catcher in (self.viewer, self.viewer ^ 2):
            names = [s.sena for s in seen if s.caught_by == catcher]
            if names:
                who = "You catch" if catcher == self.viewer else ("y" if parts else "Y") + "our partner catches"
                faces = " and ".join(SENA_FACES[s] for s in names)
                parts.append(f"{who} {name} {faces}: {self.meanings(names, glossed)}")
        if parts:
            return "; ".join(parts) + "."
        return f"{self.verb(seat, 'pass', 'passes')} no seña." if self.every_sena_caught else \
            f"{name}'s señas: nothing caught."

    @property
    def every_sena_caught(self) -> bool:
        """With the rivals catching every seña (100%), nothing caught means none was passed, and
        the table says so (a tester read "nothing caught" as a seña perhaps missed)."""
        return int(dict(self.obs.options).get("sena_catch", 0)) >= 100

    @staticmethod
    def meanings(senas: list[str], glossed: bool = True) -> str:
        return " and ".join(f"{sena_name(s)} ({SENA_GLOSS[s]})" if glossed else sena_name(s) for s in senas)

    def show_face(self, seat: int, seen: tuple[SenaSeen, ...]) -> None:
        """The face makes the señas just seen for a moment; another seat's holds the table as
        long (a key ends both), so that the player reads it before the next seat moves. When
        the player is next, the table waits for his key ("Any key: go on."), so a key pressed
        late for the face never answers his own prompt."""
        if not seen:
            self.faces.pop(seat, None)
            self.app.sound("click")
            return
        seconds = ATTRACT_FACE_SECONDS if self.attract else FACE_SECONDS
        self.faces[seat] = tuple(s.sena for s in seen), seconds
        if self.position(seat) != 0:
            self.hold, self.hold_for_key = seconds, True  # "Any key: go on." waits for the player next
        self.app.sound("select")

    def update(self, dt: float) -> None:
        if self.faces:
            self.app.keep_active()
            self.faces = {seat: (senas, left - dt) for seat, (senas, left) in self.faces.items() if left > dt}
        super().update(dt)

    def on_key(self, key: Key) -> None:
        self.faces.clear()  # a face shows its seña until the next key at the latest
        super().on_key(key)

    def senas_lines(self) -> list[tuple[str, int]]:
        """The S panel: every seña your side saw in this deal, seat by seat from mano (who, the
        face, how it was seen, then the seña and what the hand holds), and the turns without one."""
        obs = self.senas_view()
        if not self.senas_on:
            return [("Señas are switched off (Options on the menu, the Mus page).", palette.WHITE)]
        if obs.phase in ("replay", "over"):  # the deal that ended was played before a resume
            return [("The señas of the deal that ended are not kept once the program is left.", palette.WHITE)]
        if not any(obs.senas_passed):
            before_cut = "No seña yet in this deal: they are passed once the mus is cut."
            now = "No seña yet: they are passed now, in turn from mano."
            text = {"mus": before_cut, "discard": before_cut, "senas": now}.get(obs.phase, "No seña in this deal.")
            return [(text, palette.WHITE)]
        lines: list[tuple[str, int]] = []
        for seat in ((obs.mano + i) % 4 for i in range(4)):
            ours = self.position(seat) in (0, 2)
            colour = palette.LIGHT_CYAN if ours else palette.WHITE
            name = self.seat_name(seat)
            seen = [s for s in obs.senas_seen if s.seat == seat]
            for s in seen:
                if s.caught_by is None:
                    how = "your own" if self.position(seat) == 0 else "your partner's"
                else:
                    how = "caught by you" if s.caught_by == self.viewer else "caught by your partner"
                lines.append((f"{name:<9}{SENA_FACES[s.sena]}".ljust(SENA_PANEL_W - len(how)) + how, colour))
                lines.append((f"{'':9}{sena_name(s.sena)}: {SENA_MEANINGS[s.sena]}", colour))
            if seen:
                continue
            if not obs.senas_passed[seat]:
                lines.append((f"{name:<9}still to pass", colour))
            elif ours or self.every_sena_caught:
                lines.append((f"{name:<9}passed no seña", colour))
            else:
                lines.append((f"{name:<9}nothing caught", colour))
        return lines

    def show_senas(self) -> None:
        """S: the panel of the señas seen in this deal (any key closes it)."""
        if not self.senas_on:
            self.refuse("Señas are switched off (Options on the menu, the Mus page).")
            return
        panel = Panel(f"Señas seen in deal {self.senas_view().deal_number}", self.senas_lines(),
                      width=SENA_PANEL_W + 6, aside=True)
        if self.panel is not None:
            self.show_panel_over(panel)  # over the match result, which comes back after it
        else:
            self.show_panel(panel)

    # ---- the lances in words ----
    def lance_status(self, lance: str) -> tuple[str, int]:
        """What the lance board says about ``lance``, and in which colour."""
        obs = self.view
        if obs.phase in ("replay", "over"):
            return self.last_lance_status(lance)
        for result in obs.lance_results:
            name = result.lance
            if name == lance or (lance == "juego" and name == "punto"):
                if result.outcome == "passed":
                    return "en paso", palette.WHITE
                if result.outcome == "accepted":
                    return f"{result.amount} accepted", palette.WHITE
                if result.outcome == "rejected":
                    return f"deje {result.amount} to {self.team_name(result.team)}", palette.WHITE
                if result.outcome == "no-bet":
                    return f"{self.team_name(result.team)} only, no bet", palette.WHITE
                return f"nobody has {name}", palette.WHITE
        current = obs.lance
        if current == lance or (lance == "juego" and current == "punto"):
            if obs.ordago:
                return f"{glyphs.ARROW_LEFT} ÓRDAGO! ({self.team_name(obs.bettor_team)})", palette.YELLOW
            if obs.bettor_team is not None:
                return f"{glyphs.ARROW_LEFT} {self.team_name(obs.bettor_team)} bet {obs.stakes}", palette.YELLOW
            return f"{glyphs.ARROW_LEFT} now", palette.YELLOW
        return "", palette.WHITE

    def last_lance_status(self, lance: str) -> tuple[str, int]:
        """Between deals: how ``lance`` went in the last deal and what it gave."""
        last = self.view.last_deal
        names = ("juego", "punto") if lance == "juego" else (lance,)
        counts = [c for c in (last.lances if last else ()) if c.lance in names]
        if not counts:
            return "", palette.WHITE
        count = counts[0]
        short = {"passed": "en paso", "accepted": f"{count.stake} accepted", "rejected": f"deje {count.stake}",
                 "no-bet": "no bet", "nobody": "nobody", "ordago": "ÓRDAGO!"}.get(count.outcome, count.outcome)
        if count.winner_team is None or count.outcome == "nobody":
            return short, palette.WHITE
        team = self.team_name(count.winner_team)
        gained = count.points + sum(count.bonuses) + (count.stake if count.outcome == "rejected" else 0)
        colour = palette.LIGHT_CYAN if count.winner_team == self.my_team else palette.WHITE
        if count.outcome == "ordago":
            return f"{short} {team} win", colour
        text = f"{short}: {team}+{gained}"
        return (text if len(text) <= STATUS_W else f"{team}+{gained}"), colour

    def juego_title(self) -> str:
        obs = self.view
        names = [result.lance for result in obs.lance_results]
        if obs.phase in ("replay", "over") and obs.last_deal is not None:
            names = [count.lance for count in obs.last_deal.lances]
        return "PUNTO" if obs.lance == "punto" or "punto" in names else "JUEGO"

    # ---- summary and result ----
    def hand_words(self, hand: tuple[str, ...]) -> str:
        """``pair of kings, juego 31``: what a shown hand holds (pares, then juego or its points)."""
        options = self.options
        bonus = pares_bonus(hand, options)
        roles = [card_role(c, options) for c in hand]
        names = ROLE_NAMES8 if options["kings"] == 8 else ROLE_NAMES4
        groups = sorted({r for r in roles if roles.count(r) >= 2}, reverse=True)
        if bonus == 0:
            pares = "no pares"
        elif bonus == 1:
            pares = f"pair of {names[groups[0]]}"
        elif bonus == 2:
            pares = f"medias of {names[groups[0]]}"
        elif len(groups) == 1:
            pares = f"duples: four {names[groups[0]]}"
        else:
            pares = f"duples: {names[groups[0]]}+{names[groups[1]]}"
        total = juego_total(hand, options)
        juego = f"juego {total}" if total >= 31 else f"{total} points"
        return f"{pares}, {juego}"

    def count_line(self, count: LanceCount, hands: tuple[tuple[str, ...], ...] | None = None,
                   bettor: int | None = None) -> tuple[str, int]:
        """One lance of the deal summary: how it went, who won it, what it scored (with the
        deal's ``hands``, shown at a count, the bonus a count that stopped left out). With the
        ``bettor`` of an órdago on this lance known (``ordagos``), its row says it was
        an órdago: "ÓRDAGO by Partner", whom ``accepted_by`` says took it on the line under it,
        or, refused, "refused: deje 1" under it as under a refused envido's (it had read as a
        refused envido's, with no word of an órdago nor of who bet it: newcomers)."""
        title = LANCE_TITLES[count.lance]
        outcome = {
            "passed": "en paso (no bet)",
            "accepted": f"{count.stake} accepted",
            "rejected": f"ÓRDAGO by {self.seat_name(bettor)}" if bettor is not None else f"refused: deje {count.stake}",
            "no-bet": "one team had it",  # so no betting (F5); with room left before WON BY
            "nobody": "nobody had pares",
            "ordago": f"ÓRDAGO by {self.seat_name(bettor)}" if bettor is not None else "ÓRDAGO accepted!",
        }.get(count.outcome, count.outcome)
        if count.winner_seat is not None:
            won = self.seat_name(count.winner_seat)
        elif count.winner_team is not None:
            won = self.team_name(count.winner_team)
        else:
            won = "-"
        bonus = sum(count.bonuses)
        if count.outcome == "ordago":
            points = f"{self.team_name(count.winner_team)} win the game"
        elif count.outcome == "nobody":
            points = ""
        elif not count.counted:
            if count.outcome == "rejected":
                points = f"{self.team_name(count.winner_team)} +{count.stake} deje, paid at once"
                # The bettors' bonuses wait for the count, which stopped before this lance: said,
                # as the rows after it say "not counted" (a tester missed THEM's 4 bonus).
                left_out = self.team_bonus(count, hands)
                if left_out:
                    points = f"{self.team_name(count.winner_team)} +{count.stake} deje, {left_out} bonus not counted"
            else:
                points = "not counted"
        else:
            parts = []
            if count.outcome == "rejected":
                parts.append(f"{count.stake} deje")
            if count.points and count.lance == "punto" and count.outcome in ("accepted", "rejected"):
                # The Punto point comes on top of the stake or the deje (R2.11.4, A-11), named: a
                # tester read "5 accepted ... +6" with nothing to say why.
                if count.points > 1:
                    parts.append(str(count.points - 1))
                parts.append("1 punto")
            elif count.points:
                parts.append(str(count.points))
            if bonus:
                parts.append(f"{bonus} bonus")
            points = f"{self.team_name(count.winner_team)} +" + " +".join(parts) if parts else "0"
            if count.uncounted:  # the count stopped inside this lance (R2.12.2)
                points += f", {count.uncounted} not counted"
        colour = palette.LIGHT_GREEN if count.winner_team == self.my_team else palette.WHITE
        lance, betting, won_by = COUNT_COLUMNS
        row = f"{title:<{lance}}{outcome:<{betting}}{won:<{won_by}}{points}"
        made = [(seat, b) for seat, b in enumerate(count.bonuses) if b]
        if count.counted and len(made) > 1:
            # Whose, where the room allows: "4 bonus (East 2 + West 2)", else "(2+2)" (a newcomer
            # could not tell how juego 37 and 33 made 4).
            named = " + ".join(f"{self.seat_name(seat)} {b}" for seat, b in made)
            for detail in (named, "+".join(str(b) for _, b in made)):
                detailed = row.replace(f"{bonus} bonus", f"{bonus} bonus ({detail})", 1)
                if len(detailed) <= PANEL_LINE:
                    row = detailed
                    break
        return row, colour

    def ordagos(self, last: DealSummary) -> dict[str, tuple[int, int | None]]:
        """Each lance of ``last`` on which an órdago was bet: the seat that bet it, and the seat
        whose Quiero took it (None: refused, or not known). The bets are read from the deal's
        public record (``events``: "Chica", then "2 ordago") in the deal as it ended (``ended``),
        as the count's own record does not say them; {} where that end is not known (a summary
        built from a record). An órdago is the last bet of its lance (it is only answered), so
        the lance went as the órdago went; one taken ends the deal, so its Quiero is no longer
        in the record (the view is the one before it) but on its caller's bubble, where the held
        view put it ("East: Quiero.")."""
        ended = self.ended
        if ended is None or ended.deal_number != last.deal_number:
            return {}
        found: dict[str, tuple[int, int | None]] = {}
        lance: str | None = None
        for event in ended.events:
            lance = EVENT_LANCES.get(event, lance)
            seat, _, call = event.partition(" ")
            if call == "ordago" and seat.isdigit() and lance is not None:
                found[lance] = (int(seat), None)
        if last.ended_by == "ordago" and lance in found:
            taker = next((seat for seat, word in enumerate(ended.speech) if word == "Quiero"), None)
            found[lance] = (found[lance][0], taker)
        return found

    def accepted_by(self, taker: int | None) -> str:
        """``accepted by East``: the line under the row "ÓRDAGO by Partner", in its BETTING
        column, naming the seat as WON BY does ("You"). The row had said "ÓRDAGO accepted!"
        only, and a newcomer wanted to know who took it; then "by East" under "ÓRDAGO
        accepted", and another, who had bet it (both names on one row are too wide)."""
        return " " * COUNT_COLUMNS[0] + ("accepted" if taker is None else f"accepted by {self.seat_name(taker)}")

    def team_bonus(self, count: LanceCount, hands: tuple[tuple[str, ...], ...] | None) -> int:
        """The Pares or Juego bonuses of the team that won ``count``'s lance, from the shown
        ``hands`` (0 for the other lances, or with the hands not shown)."""
        if hands is None or count.winner_team is None or count.lance not in ("pares", "juego"):
            return 0
        worth = pares_bonus if count.lance == "pares" else juego_bonus
        return sum(worth(hands[seat], self.options) for seat in range(4) if seat % 2 == count.winner_team)

    @staticmethod
    def points_past_target(last: DealSummary) -> int:
        """How many of the points the lance rows show went past the target, and so were not
        added: a row shows a lance's whole points, the total stops at the target (a tester's
        rows added up to +4 beside "37 + 3 = 40")."""
        if last.ended_by == "ordago":
            return 0
        shown = [0, 0]
        for count in last.lances:
            if count.winner_team is None:
                continue
            if count.outcome == "rejected":
                shown[count.winner_team] += count.stake
            if count.counted:
                shown[count.winner_team] += count.points + sum(count.bonuses)
        return max(shown[t] - (last.points_after[t] - last.points_before[t]) for t in (0, 1))

    def summary_lines(self, last: DealSummary) -> list[tuple[str, int]]:
        us, them = self.my_team, 1 - self.my_team
        ended = {"count": "The hands are shown for the count.",
                 "ordago": "An órdago was accepted: the hands are shown.",
                 "deje": f"A refused bet took a team to {self.target}: no count."}[last.ended_by]
        mano = self.verb(last.mano, "were", "was")
        lines: list[tuple[str, int]] = [(f"{mano} mano. {ended}", palette.WHITE)]
        if last.hands is not None:
            for seat in (self.viewer, (self.viewer + 2) % 4, (self.viewer + 1) % 4, (self.viewer + 3) % 4):
                # As Grande counts them, whatever F3 says: a pair of kings "3 ... 12" had been split.
                hand = self.strongest_first(last.hands[seat])
                lines.append((f"  {self.seat_name(seat):<9}{cards_text(hand):<17}{self.hand_words(tuple(hand))}",
                              palette.LIGHT_CYAN if seat & 1 == us else palette.WHITE))
        lines.append(("", palette.WHITE))
        lance, betting, won_by = COUNT_COLUMNS
        lines.append((f"{'LANCE':<{lance}}{'BETTING':<{betting}}{'WON BY':<{won_by}}POINTS", palette.YELLOW))
        ordagos = self.ordagos(last)
        for count in last.lances:
            bettor, taker = ordagos.get(count.lance, (None, None))
            row, colour = self.count_line(count, last.hands, bettor)
            if len(row) > PANEL_LINE and ", " in row:
                # What the stopped count left out goes under the points, not past the panel's
                # edge (a tester read "+3 bonus, 2 not count").
                points, left_out = row.rsplit(", ", 1)
                lines += [(f"{points},", colour), (" " * POINTS_COLUMN + left_out, colour)]
            else:
                lines.append((row, colour))
            if count.outcome == "ordago" and bettor is not None:
                lines.append((self.accepted_by(taker), colour))
            elif count.outcome == "rejected" and bettor is not None:
                lines.append((" " * COUNT_COLUMNS[0] + f"refused: deje {count.stake}", colour))
        lines.append(("", palette.WHITE))
        before, after = last.points_before, last.points_after
        lines.append((f"Points   US {before[us]} + {after[us] - before[us]} = {after[us]}      "
                      f"THEM {before[them]} + {after[them] - before[them]} = {after[them]}", palette.YELLOW))
        past = self.points_past_target(last)
        past_words = f"; {past} point{'s' if past > 1 else ''} past it not counted" if past else ""
        if last.stopped_at_target:
            lines.append((f"The count stopped when a team reached {self.target}{past_words}.", palette.WHITE))
        elif past:
            lines.append((f"{past} point{'s' if past > 1 else ''} past {self.target} not counted.", palette.WHITE))
        if last.game_winner is not None:
            won = last.game_winner == us
            games = last.games_won_after
            text = "YOU AND YOUR PARTNER WIN THE GAME!" if won else "East and West win the game."
            if int(self.options["games"]) > 1:
                text += f"  Games: US {games[us]}, THEM {games[them]}."
            lines.append((text, palette.LIGHT_GREEN if won else palette.LIGHT_RED))
        return lines[:SUMMARY_MAX]

    def summary_title(self, last_deal: DealSummary) -> str:
        what = {"count": "the count", "ordago": "órdago!"}.get(last_deal.ended_by, "summary")
        return f"Deal {last_deal.deal_number}: {what}"

    def deal_opening(self, view: MusObservation) -> str:
        """Who is mano, while the deal's mus talk goes on."""
        return self.deal_role(view, view.mano, "are mano", "is mano") if view.phase == "mus" else ""

    def result_lines(self) -> list[tuple[str, int]]:
        obs = self.obs
        us, them = self.my_team, 1 - self.my_team
        won = obs.winner == us
        head = ("YOU AND YOUR PARTNER WIN THE MATCH!", palette.LIGHT_GREEN) if won else \
            ("East and West win the match.", palette.LIGHT_RED)
        lines = [head, ("", palette.WHITE)]
        last = obs.last_deal
        if last is not None:
            pts = last.points_after
            lines.append((f"Last game: US {pts[us]}, THEM {pts[them]} (game to {self.target})", palette.WHITE))
        if int(self.options["games"]) > 1:
            lines.append((f"Games won: US {obs.games_won[us]}, THEM {obs.games_won[them]} (best of three)",
                          palette.WHITE))
        lines.append((f"Deals played: {obs.deal_number if last is None else last.deal_number}", palette.WHITE))
        return lines

    def human_won(self) -> bool:
        return self.obs.winner == self.my_team

    def count_deal(self, last_deal: DealSummary) -> None:
        """A game counts as a match does: only when every deal of it counted, none hinted (a
        tester's game with a hint in its first deal was counted won, one hinted only in its
        last was left out)."""
        if not (self.deal_counts and self.one_player and not self.deal_hinted):
            self.game_counts = False
        super().count_deal(last_deal)
        if last_deal.game_winner is not None:
            self.game_counts = True  # the next game starts afresh

    def deal_stats(self, last: DealSummary) -> tuple[bool, dict[str, int]] | None:
        """A deal is won by gaining more points than the other team; games are counted as they
        end, if the player played every deal of them himself (``count_deal``)."""
        us, them = self.my_team, 1 - self.my_team
        gained = [last.points_after[t] - last.points_before[t] for t in (0, 1)]
        ended = last.game_winner is not None and self.game_counts
        won_game = ended and last.game_winner == us
        return gained[us] > gained[them], {"games_played": int(ended), "games_won": int(won_game)}

    # ---- drawing ----
    def draw_panel(self, canvas: TextCanvas, panel: Panel) -> None:
        """Panels as usual, with the Spanish suits in their colours."""
        super().draw_panel(canvas, panel)
        for row in range(1, 23):
            for col in range(1, COLS - 1):
                colour = SUIT_TEXT_COLOUR.get(canvas.chars[row][col])
                if colour is not None and canvas.bgs[row][col] == palette.BLUE:
                    canvas.fgs[row][col] = colour


    def title(self) -> tuple[str, str, str]:
        obs = self.view
        us, them = self.my_team, 1 - self.my_team
        centre = f"GAME TO {self.target}"
        right = f"US {obs.team_points[us]}   THEM {obs.team_points[them]}"
        if int(self.options["games"]) > 1:
            centre += "  BEST OF 3"
            right += f"   GAMES {obs.games_won[us]}-{obs.games_won[them]}"
        return "MUS", centre, right

    def draw_layout(self, canvas: TextCanvas) -> None:
        obs = self.view
        col = 1
        if self.deal_on():  # between deals the number is the next deal's, beside "DEAL 1 AS IT ENDED"
            col = canvas.text(2, 1, f" DEAL {obs.deal_number} ", palette.WHITE, TABLE_BG)
        canvas.text(col + 1, 1, f" {self.phase_title()} ", palette.YELLOW, TABLE_BG)
        if self.deal_on():
            mano = f" MANO: {self.seat_name(obs.mano).upper()} "
            canvas.text(COLS - 2 - len(mano), 1, mano, palette.WHITE, TABLE_BG)
        self.draw_corners(canvas)
        for seat in range(4):
            if self.position(seat) != 0:
                self.draw_seat(canvas, seat)
        self.draw_board(canvas)
        self.draw_faces(canvas)
        self.draw_you(canvas)
        self.draw_stakes(canvas)
        self.draw_hand(canvas)

    def phase_title(self) -> str:
        obs = self.view
        if obs.phase == "mus":
            return f"MUS ROUND {mus_round(obs)}"
        if obs.phase == "discard":
            return f"DISCARDS, ROUND {mus_round(obs)}"
        if obs.phase == "senas":
            return "SEÑAS"
        if obs.phase == "bet" and obs.lance:
            return f"LANCE: {BOARD_TITLES[obs.lance]}"
        if obs.phase == "bet":  # the last lance settled, the deal held before its count
            return "THE COUNT"
        if obs.phase == "replay":
            return "REPLAY OR CONTINUE?"
        return "MATCH OVER" if obs.phase == "over" else ""

    def seat_tags(self, seat: int) -> list[tuple[str, int]]:
        """MANO, who speaks first, and POSTRE, who speaks last."""
        mano = self.view.mano
        role = "MANO" if seat == mano else "POSTRE" if seat == (mano + 3) % 4 else ""
        return [(role, palette.LIGHT_CYAN)] if role else []

    def _declarations(self, seat: int) -> list[tuple[str, int]]:
        pares, juego = self.view.declarations[seat]
        out = []
        for has, word in ((pares, "PARES"), (juego, "JUEGO")):
            if has is not None:
                out.append((f"{word} {'SÍ' if has else 'NO'}", palette.YELLOW if has else palette.WHITE))
        return out

    def _took(self, seat: int, width: int = BLOCK_W - 1) -> str:
        """``TOOK 3 1 2``: the cards a seat took in each mus round ("-" while still to discard);
        the latest rounds only when they do not all fit in ``width``."""
        obs = self.view
        counts = []
        for i, row in enumerate(obs.discard_counts):
            waiting = obs.phase == "discard" and i == len(obs.discard_counts) - 1 and row[seat] == 0
            counts.append("-" if waiting else str(row[seat]))
        if not counts:
            return ""
        text = " ".join(counts)
        if len(text) > width - 5:
            text = "…" + text[-(width - 6):].lstrip()
        return f"TOOK {text}"

    def _speech(self, canvas: TextCanvas, col: int, row: int, seat: int) -> None:
        word = self.view.speech[seat]
        if word:
            canvas.text(col, row, f"«{word}»", speech_colour(word), TABLE_BG)

    def _small_cards(self, canvas: TextCanvas, col: int, row: int, seat: int) -> None:
        """Four small cards: backs, or faces with open hands; an empty place for a discarded card."""
        obs = self.view
        open_cards = self.open_cards(seat)
        for i in range(4):
            c = col + i * SMALL_STEP
            if open_cards is not None and i < len(open_cards):
                draw_face(canvas, c, row, spanish_face(open_cards[i]), SMALL_W, SMALL_H)
            elif i < obs.hand_sizes[seat]:
                draw_back(canvas, c, row, SMALL_W, SMALL_H)
            else:
                draw_slot(canvas, c, row, SMALL_W, SMALL_H, bg=TABLE_BG)

    def draw_seat(self, canvas: TextCanvas, seat: int) -> None:
        """A seat's block: name, cards, speech, cards taken and declarations."""
        col, row = BLOCKS[self.position(seat)]
        end = self.draw_seat_label(canvas, col, row, seat)
        self._small_cards(canvas, col, row + 1, seat)
        self._speech(canvas, col + 1, row + SMALL_H + 1, seat)
        took = self._took(seat)
        line = row + SMALL_H + 2
        canvas.text(col + 1, line, took, palette.WHITE, TABLE_BG)
        if self.position(seat) == 2:  # the top seat: declarations beside its name (the board is below)
            self.draw_declarations(canvas, end + TOP_MARKS_GAP, row, seat)
        else:
            self.draw_declarations(canvas, col + 1, line + 1 if took else line, seat)

    def draw_declarations(self, canvas: TextCanvas, col: int, row: int, seat: int) -> None:
        """``PARES SÍ  JUEGO NO``: what ``seat`` declared, two blanks apart (one blank inside each)."""
        for text, colour in self._declarations(seat):
            col = canvas.text(col, row, text, colour, TABLE_BG) + MARKS_GAP

    def draw_corners(self, canvas: TextCanvas) -> None:
        """Top left: the stock. Top right: who plays with whom."""
        obs = self.view
        if self.deal_on():
            canvas.text(3, 2, f"STOCK {obs.stock_size} CARDS", palette.WHITE, TABLE_BG)
            if obs.reshuffles:  # short of the partner's face
                canvas.text(3, 3, "from old discards", palette.LIGHT_CYAN, TABLE_BG)
        elif obs.last_deal is not None:
            canvas.text(3, 2, f"DEAL {obs.last_deal.deal_number} AS IT ENDED", palette.YELLOW, TABLE_BG)
        canvas.text(56, 3, "US   = YOU + PARTNER", palette.LIGHT_CYAN, TABLE_BG)
        canvas.text(56, 4, "THEM = EAST + WEST", palette.WHITE, TABLE_BG)

    def draw_faces(self, canvas: TextCanvas) -> None:
        """With señas on, every seat's face beside its name: at rest, or making the seña just seen."""
        if not self.senas_on:
            return
        for seat in range(4):
            col, row = FACES_AT[self.position(seat)]
            showing = self.faces.get(seat)
            top, bottom = face_cells(showing[0] if showing else ())
            colour = FACE_SHOWING if showing else FACE_REST
            canvas.text(col, row, top, colour, TABLE_BG)
            canvas.text(col, row + 1, bottom, colour, TABLE_BG)

    def draw_board(self, canvas: TextCanvas) -> None:
        """The four lances in order: how each went, and the one being played."""
        obs = self.view
        canvas.box(BOARD_COL, BOARD_ROW, BOARD_W, 6, fg=palette.WHITE, bg=TABLE_BG)
        canvas.text(BOARD_COL + 2, BOARD_ROW, " LANCES ", palette.YELLOW, TABLE_BG)
        for i, lance in enumerate(("grande", "chica", "pares", "juego")):
            row = BOARD_ROW + 1 + i
            title = self.juego_title() if lance == "juego" else BOARD_TITLES[lance]
            current = obs.phase == "bet" and (obs.lance == lance or (lance == "juego" and obs.lance == "punto"))
            if current:
                canvas.text(BOARD_COL + 1, row, f" {title:<7}", palette.BLACK, palette.GREY)
            else:
                canvas.text(BOARD_COL + 2, row, title, palette.WHITE, TABLE_BG)
            status, colour = self.lance_status(lance)
            canvas.text(BOARD_COL + 9, row, status[:STATUS_W], colour, TABLE_BG)

    def draw_you(self, canvas: TextCanvas) -> None:
        """Your name, call, cards taken, declarations and the cards you threw away."""
        obs = self.view
        col = YOU_COL + 1
        self.draw_seat_label(canvas, col, HAND_ROW, self.viewer)
        self._speech(canvas, col + 1, HAND_ROW + 1, self.viewer)
        took = self._took(self.viewer, HAND_COL - col - 2)
        canvas.text(col + 1, HAND_ROW + 2, took, palette.WHITE, TABLE_BG)
        self.draw_declarations(canvas, col + 1, HAND_ROW + 3 if took else HAND_ROW + 2, self.viewer)
        if obs.my_discards:
            canvas.text(col + 1, HAND_ROW + 4, "THROWN AWAY", palette.YELLOW, TABLE_BG)
            cards = list(obs.my_discards)
            while cards and len(cards_text(cards)) > HAND_COL - col - 3:
                cards = cards[1:]
            c = col + 1
            for card in cards:  # small chips in the cards' own colours
                face = spanish_face(card)
                c = canvas.text(c, HAND_ROW + 5, face.label + face.suit, face.colour, CARD_BG) + 1

    def draw_stakes(self, canvas: TextCanvas) -> None:
        """What is bet in the lance being played, and who is to speak or answer."""
        obs = self.view
        if obs.phase != "bet" or obs.lance is None:
            return
        col, row = STAKES_COL, HAND_ROW
        lance = obs.lance.capitalize()
        # An órdago heads the block in place of its title: on Pares or Juego it has six lines
        # for the five rows above the message row (a tester saw "You, Partner" run into it).
        title = f"{lance.upper()}: ÓRDAGO!" if obs.ordago else "ON THE TABLE"
        canvas.text(col, row, title, palette.YELLOW, TABLE_BG)
        lines: list[tuple[str, int]] = []
        if obs.ordago:
            lines.append((f"by {self.team_name(obs.bettor_team)}: the game", palette.WHITE))
        elif obs.bettor_team is not None:
            lines.append((f"{lance}: {obs.stakes} by {self.team_name(obs.bettor_team)}", palette.WHITE))
        else:
            lines.append((f"{lance}: no bet yet", palette.WHITE))
        if obs.bettor_team is not None:
            lines.append((f"No quiero pays {max(1, obs.stake_seen)}", palette.WHITE))
            if obs.lance in ("pares", "juego"):
                # The bettors' own bonuses count at the count all the same (R2.11, A-9): a
                # tester read "pays 1" and lost 3.
                # Whose, as you would say it: "their" had read as the other side's (a tester).
                whose = "our" if obs.bettor_team == self.my_team else "their"
                lines.append((f"and {whose} bonuses", palette.WHITE))
            elif obs.lance == "punto":
                lines.append(("and the punto point", palette.WHITE))  # paid after a deje too
        if obs.to_speak:
            lines.append(("to answer:" if obs.bettor_team is not None else "to speak:", palette.LIGHT_CYAN))
            width = COLS - 2 - col
            for text in wrap(", ".join(self.seat_name(s) for s in obs.to_speak), width):
                lines.append((text, palette.LIGHT_CYAN))
        for i, (text, colour) in enumerate(lines):
            canvas.text(col, row + 1 + i, text[: COLS - 2 - col], colour, TABLE_BG)

