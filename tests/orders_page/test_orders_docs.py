"""The orders page in the docs (issue #16, "Show it"): screenshots of the page for two games, on a desktop and on a
phone, shown in this project's docs; the players' guide starts with the page and keeps the command line as the
second way; the guide copied into every new league shows no picture (a league has no images folder of ours)."""

from __future__ import annotations

import re
import struct
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "site"
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
COPIED = REPO / "adjudicator/pipeline/template/guide"


def png_width(path: Path) -> int:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is no PNG"
    return int(struct.unpack(">I", head[16:20])[0])


def test_every_picture_the_docs_show_is_there_and_says_what_it_shows():
    shown = 0
    for page in SITE.rglob("*.md"):
        for alt, target in IMAGE.findall(page.read_text(encoding="utf-8")):
            assert (page.parent / target).resolve().is_file(), f"{page}: {target} is missing"
            assert len(alt) > 20, f"{page}: {target} needs a text that says what it shows"
            shown += 1
    assert shown >= 4


def test_the_docs_show_the_page_of_two_games_on_a_desktop_and_a_phone():
    page = (SITE / "guide/orders-page.md").read_text(encoding="utf-8")
    pictures = {target.rsplit("/", 1)[-1]: SITE / "guide" / target for _, target in IMAGE.findall(page)}
    for game in ("diplomacy", "auf-achse"):
        desktop, phone = pictures[f"orders-{game}-desktop.png"], pictures[f"orders-{game}-phone.png"]
        assert png_width(desktop) >= 1280 and png_width(phone) <= 400, game
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    assert "  - guide/orders-page.md\n" in nav


def test_the_players_guide_starts_with_the_page_and_a_new_league_gets_it_without_pictures():
    guide = (SITE / "guide/players.md").read_text(encoding="utf-8")
    assert guide == (COPIED / "players.md").read_text(encoding="utf-8"), "the copy a new league gets"
    first = guide.split("\n\n")[1]
    assert first.startswith("Open your game's **orders page**, pick your name") and "second way" in first
    sections = re.findall(r"^## (.+)$", guide, re.MULTILINE)
    assert sections[0].startswith("The orders page") and sections[1] == "The command line: the second way"
    for copied in COPIED.glob("*.md"):
        text = copied.read_text(encoding="utf-8")
        assert IMAGE.findall(text) == [] and "orders-page.md" not in text, copied
