"""The engine: one turn (turn.py), the checks of an orders file (check.py), the replay of history (verify.py) and
the pinning of an older game's data (pin.py). It reads and writes the league through league-layer modules below it
and is driven by the pipeline and the command line above it (issue 31: folders that are the layers)."""
