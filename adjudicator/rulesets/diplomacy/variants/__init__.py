"""Variants of Diplomacy whose rules are more than map data: each is a :class:`..rulebook.Rulebook`."""
