import itertools

import pytest

from game.screen import palette
from game.screen.canvas import COLS, ROWS, TextCanvas
from game.screen.font import CELL_H, font_table, glyph, parse_glyph_file
from game.screen.glyphs import CHINESE_NUMERAL, FRENCH_SUIT_GLYPH, LUKFU_SUIT_GLYPH, SPANISH_SUIT_GLYPH


def test_canvas_is_80_by_25_and_clips():
    canvas = TextCanvas()
    assert (canvas.cols, canvas.rows) == (80, 25) == (COLS, ROWS)
    canvas.text(78, 0, "abcd")  # runs off the right edge
    canvas.put(-1, 30, "x")
    assert canvas.row_text(0).endswith("ab")
    assert canvas.find("ab") == (78, 0)


def test_box_and_shadow():
    canvas = TextCanvas()
    canvas.box(2, 2, 5, 3, double=True, fill=True)
    assert canvas.row_text(2)[2:7] == "╔═══╗"
    assert canvas.row_text(4)[2:7] == "╚═══╝"
    canvas.shadow(2, 2, 5, 3)
    assert canvas.cell(7, 3).bg == palette.BLACK


def test_every_glyph_the_program_names_exists():
    names = [*FRENCH_SUIT_GLYPH.values(), *SPANISH_SUIT_GLYPH.values(), *CHINESE_NUMERAL.values(),
             *LUKFU_SUIT_GLYPH.values(), *"┌┐└┘─│╔╗╚╝═║░▒▓█←→"]
    table = font_table()
    for char in names:
        assert ord(char) in table, repr(char)
        assert any(glyph(char)), f"{char!r} is blank"


def test_own_glyphs_are_distinct():
    own = [*SPANISH_SUIT_GLYPH.values(), *CHINESE_NUMERAL.values(), *LUKFU_SUIT_GLYPH.values()]
    bitmaps = [glyph(c) for c in own]
    assert len(set(bitmaps)) == len(bitmaps)


def test_glyph_file_format_is_checked():
    with pytest.raises(ValueError):
        parse_glyph_file("U+E000 short\n........\n")
    good = "U+E0FF test\n" + "\n".join(["#......."] * CELL_H) + "\n"
    assert parse_glyph_file(good)[0xE0FF][0] == 0x80


def test_mono_keeps_text_readable():
    for fg, bg in itertools.product(range(16), range(8)):
        f, b = palette.mono_pair(fg, bg)
        if fg != bg:
            assert f != b, (fg, bg)


def test_mono_tells_a_dimmed_card_from_a_playable_one():
    """Found by a tester: on a mono screen a card that may not be played looked like the others."""
    from game.screen.cards import CARD_BG

    dimmed = palette.mono_pair(palette.DARK_GREY, CARD_BG)
    assert all(palette.mono_pair(ink, CARD_BG) != dimmed for ink in (palette.BLACK, palette.RED, palette.LIGHT_RED))


def test_a_dimmed_card_is_unlit_on_a_mono_monitor():
    """Found by a tester: a card that may not be played showed its rank and suit as lit blocks
    on a lit card (read as a glitch). Now every cell of it is unlit with lit ink: an outline
    card; a playable card stays lit all over."""
    from game.screen.canvas import TextCanvas
    from game.screen.cards import draw_face, french_face

    for dim, highlight, card_lit in ((True, False, 0), (True, True, 0), (False, False, 1), (False, True, 1)):
        canvas = TextCanvas(10, 6)
        draw_face(canvas, 0, 0, french_face("QS"), dim=dim, highlight=highlight)
        looks = {palette.mono_pair(canvas.fgs[r][c], canvas.bgs[r][c]) for r in range(5) for c in range(7)}
        assert {bg for _, bg in looks} == {card_lit}, (dim, looks)


def test_layout_scales_by_whole_multiples():
    from game.screen.render import FRAME_H, FRAME_W, SCREEN_H, SCREEN_W, layout

    scale, rect = layout((FRAME_W * 2, FRAME_H * 2))
    assert scale == 2 and rect.size == (SCREEN_W * 2, SCREEN_H * 2)
    scale, rect = layout((1920, 1080))
    assert scale == 2 and rect.size == (1280, 800) and rect.center == (960, 540)
    scale, rect = layout((3840, 2160))
    assert scale == 5
    scale, rect = layout((100, 60))  # tiny: shrinks to fit, never crashes
    assert scale == 0 and rect.width <= 100 and rect.height <= 60
    scale, rect = layout((0, 0))
    assert rect.width >= 1


def _cell_pixels(surface, col: int, row: int) -> list[list[tuple[int, int, int]]]:
    from game.screen.font import CELL_W

    return [[tuple(surface.get_at((col * CELL_W + x, row * CELL_H + y)))[:3] for x in range(CELL_W)]
            for y in range(CELL_H)]


def _expected_pixels(char: str, fg, bg) -> list[list[tuple[int, int, int]]]:
    from game.screen.font import CELL_W

    return [[fg if bits & (0x80 >> x) else bg for x in range(CELL_W)] for bits in glyph(char)]


def test_renderer_draws_each_cell_from_the_font_in_its_colours_and_redraws_only_changes():
    pytest.importorskip("pygame")
    from game.screen.render import DisplayMode, Renderer

    canvas = TextCanvas()
    canvas.put(3, 2, "♠", palette.BLACK, palette.WHITE)
    canvas.put(4, 2, "A", palette.LIGHT_RED, palette.BLUE)
    renderer, colour = Renderer(), DisplayMode()
    assert renderer.draw(canvas, colour) == COLS * ROWS  # the first draw is whole
    assert _cell_pixels(renderer.surface, 3, 2) == _expected_pixels("♠", palette.CGA[palette.BLACK],
                                                                    palette.CGA[palette.WHITE])
    assert _cell_pixels(renderer.surface, 4, 2) == _expected_pixels("A", palette.CGA[palette.LIGHT_RED],
                                                                    palette.CGA[palette.BLUE])
    assert renderer.draw(canvas, colour) == 0  # nothing changed, nothing drawn
    canvas.put(4, 2, "B", palette.YELLOW, palette.BLUE)
    assert renderer.draw(canvas, colour) == 1
    assert _cell_pixels(renderer.surface, 4, 2) == _expected_pixels("B", palette.CGA[palette.YELLOW],
                                                                    palette.CGA[palette.BLUE])
    mono = DisplayMode(mono=True)
    assert renderer.draw(canvas, mono) == COLS * ROWS  # another mode redraws every cell in its colours
    assert _cell_pixels(renderer.surface, 4, 2) == _expected_pixels("B", *mono.pair(palette.YELLOW, palette.BLUE))


def test_present_scales_whole_pixels_and_fills_the_rest_with_the_border():
    pygame = pytest.importorskip("pygame")
    from game.screen.render import FRAME_H, FRAME_W, DisplayMode, Renderer, layout, present

    canvas = TextCanvas()
    canvas.put(0, 0, "█", palette.WHITE, palette.BLACK)
    renderer = Renderer()
    renderer.draw(canvas, DisplayMode())
    window = pygame.Surface((FRAME_W * 2 + 10, FRAME_H * 2))
    present(window, renderer.surface, (1, 2, 3))
    scale, rect = layout(window.get_size())
    assert scale == 2
    assert tuple(window.get_at((0, 0)))[:3] == (1, 2, 3)
    for dx, dy in ((0, 0), (1, 1), (15, 31)):  # the full block's 8x16 pixels become 16x32
        assert tuple(window.get_at((rect.x + dx, rect.y + dy)))[:3] == palette.CGA[palette.WHITE]
    assert tuple(window.get_at((rect.x + 16, rect.y)))[:3] == palette.CGA[palette.BLACK]


def test_a_window_under_x1_shrinks_the_screen_by_averaging_not_dropping_pixels():
    """Found by a tester: a window forced below its minimum (no window manager to keep it)
    shrank the screen by dropping whole rows and columns of pixels, so a 2 read as a 7. It is
    averaged: a fine pattern of white and black comes out grey, not one or the other."""
    pygame = pytest.importorskip("pygame")
    from game.screen.render import DisplayMode, Renderer, layout, present

    canvas = TextCanvas()
    for col in range(80):
        for row in range(25):
            canvas.put(col, row, "▒", palette.WHITE, palette.BLACK)  # every other pixel lit
    renderer = Renderer()
    renderer.draw(canvas, DisplayMode())
    window = pygame.Surface((400, 260), 0, 32)
    present(window, renderer.surface, (1, 2, 3))
    scale, rect = layout(window.get_size())
    assert scale == 0
    red = [window.get_at((rect.x + x, rect.y + y))[0] for x in range(10, 60, 7) for y in range(10, 60, 7)]
    white, black = palette.CGA[palette.WHITE][0], palette.CGA[palette.BLACK][0]
    assert any(black < value < white for value in red), red
