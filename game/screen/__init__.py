"""The 80x25 text-mode screen: palette, glyphs, the cell grid, card drawing and scaling."""
