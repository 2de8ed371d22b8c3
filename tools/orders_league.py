"""The small league the orders page is measured and pictured on: a Diplomacy game at its first orders and an Auf
Achse game after its auction, the site built (``benchmarks/bench_orders_page.py`` times the page on it,
``tools/orders_pictures.py`` takes the guide's pictures of it)."""

from __future__ import annotations

from pathlib import Path


def make_league(root: Path) -> None:
    """Two games at their first orders (Auf Achse after its auction), the site built."""
    from tests.conftest import git, new_repository
    from tests.conftest import run as turnpress

    (root / "games").mkdir(parents=True)
    new_repository(root, ".secrets/\npublic/\n")
    powers = ["england", "france", "germany", "italy", "austria", "russia", "turkey"]
    logins = ["ann", "ben", "cai", "dee", "eve", "fay", "gus"]
    dip = [a for n, (lg, pw) in enumerate(zip(logins, powers, strict=True))
           for a in ("--player", f"{lg.capitalize()}:{lg}:{100 + n}:{pw}")]
    assert turnpress(root, "new", "diplomacy", "dip", "--option", "orders=open", *dip) == 0
    aa = ["new", "auf-achse", "aa", "--option", "orders=open", "--now", "2026-01-01T00:00Z",
          "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60"]
    for n, (lg, city) in enumerate(zip(logins, ["HH", "M", "K", "DO", "S"], strict=False)):
        aa += ["--player", f"{lg.capitalize()}:{lg}:{200 + n}:{city}"]
    assert turnpress(root, *aa) == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "games")
    assert turnpress(root, "adjudicate", "aa", "--now", "2026-01-05T21:00+01:00", "--commit") == 0
    assert turnpress(root, "site", "build") == 0
