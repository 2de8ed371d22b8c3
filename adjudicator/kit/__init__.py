"""What a ruleset may use: the protocol, the orders' reading and words, the sheet, the pinned data and
the drawing helpers (the kit layer; site/guide/architecture.md)."""
