"""How wide a label is written on a map, so that the maps can place names where no other is and the tests can
check that none overlaps another.

Widths are DejaVu Sans's and its bold's (the oblique has the regular's): "sans-serif" on most Linux systems, and
wider than Arial, Helvetica or Segoe UI, so a label that fits in these widths fits in theirs.

>>> round(text_width("Mun", bold=True), 2), round(text_width("Mun"), 2), round(text_width("HH-HB"), 2)
(2.42, 2.13, 3.3)
"""

from __future__ import annotations

from functools import lru_cache

# the characters maps write; any other counts as the widest (W)
GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzÄÖÜäöüß0123456789 /-().,:"
# advance widths in thousandths of the font size, in the order of GLYPHS
REGULAR = [int(w) for w in """
    684 686 698 770 632 575 775 752 295 295 656 557 863 748 787 603 787 695 635 611 732 684 989 685 611 685 613
    635 550 635 615 352 635 634 278 278 579 278 974 634 612 635 635 411 521 392 634 592 818 592 592 525 684 787
    732 613 612 634 630 636 636 636 636 636 636 636 636 636 636 318 337 361 390 390 318 318 337
""".split()]
BOLD = [int(w) for w in """
    774 762 734 830 683 683 821 837 372 372 775 637 995 837 850 733 850 770 720 682 812 774 1103 771 724 725 675
    716 593 716 678 435 716 712 343 343 665 343 1042 712 687 716 716 493 595 478 712 652 924 645 652 582 774 850
    812 675 687 712 719 696 696 696 696 696 696 696 696 696 696 348 365 415 457 457 380 380 400
""".split()]


_WIDTHS = {False: dict(zip(GLYPHS, REGULAR, strict=True)), True: dict(zip(GLYPHS, BOLD, strict=True))}


@lru_cache(maxsize=4096)  # a map measures the same few names thousands of times while it places them (issue 33)
def text_width(text: str, bold: bool = False) -> float:
    """How wide ``text`` is written, in font sizes."""
    widths = _WIDTHS[bold]
    widest = widths["W"]
    return sum(widths.get(c, widest) for c in text) / 1000
