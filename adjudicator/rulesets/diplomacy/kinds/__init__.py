"""Diplomacy's kinds of order, one module each (issue 31): what a kind checks against the position, how it
meets the orders it names, what it decides on the board, and how its result reads.

``move`` (and the convoyed move, and 30JK's double move downstream), ``support``, ``convoy``, ``hold`` and 30JK's
``transform`` in the movement phase (``resolver.Movement`` puts them together over ``board.Board``).
"""
