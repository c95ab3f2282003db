"""The Card Parlour: Klaberjass, Jub Moo, Mus and Luk Fu in an early-1990s DOS style.

Run ``python main.py --help`` for the command line.
"""

from game.main import main

if __name__ == "__main__":
    raise SystemExit(main())
