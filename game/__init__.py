"""A retro DOS-style card game collection: Klaberjass, Jub Moo, Mus and Luk Fu."""

__version__ = "0.1.0"
