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
