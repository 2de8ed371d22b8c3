"""What a checkout runs beside the package and never ships (issue 31): the DATC runner (``datc.py``) and the
scripts that made the committed map data and drawings (the rulesets' ``data/maps/``). Nothing in ``adjudicator``
imports them."""
