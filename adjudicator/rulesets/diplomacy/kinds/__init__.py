"""Diplomacy's kinds of order, one module each (issue 31): how a kind is read (``parse``, and ``structured`` for
a YAML mapping), what it checks against the position, how it meets the orders it names, what it decides on the
board, and how its result reads.

Movement: ``hold``, ``move`` (by land, by convoy, 30JK's double move downstream), ``support``, ``convoy`` and 30JK's
``transform`` (``resolver.Movement`` puts their ``check``, ``match``, ``decide`` and ``report`` together over
``board.Board``). Retreats: ``retreat``, ``disband``. Adjustments: ``build`` (build, remove, waive). ``votes``: a
draw proposed, votes withdrawn, a concession. ``notation.parse_order`` reads the words every kind shares (an
order's power, its opening word, the unit) and hands the rest to the kind (``reading.Reader``).
"""
