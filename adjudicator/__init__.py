"""turnpress: a static-site turn publisher for play-by-mail games, driven by git."""

__version__ = "0.1.0"
