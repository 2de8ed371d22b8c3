"""The league's files and what stands behind them: the store (store.py: every path, the game as read, writes all or
nothing), the one git layer (history.py), where keys and dice secrets come from (secrets.py), the hidden dice chain
(hidden.py), a game master's rulings (rulings.py), absences (absence.py) and when orders arrived (arrivals.py).
Below the engine, above the rulesets and sealed/ (issue 31: folders that are the layers)."""
