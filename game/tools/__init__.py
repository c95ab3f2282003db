"""Command-line helpers: screenshots, sound rendering, benchmarks."""
