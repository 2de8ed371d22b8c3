"""30JK is played in German (issue 23, "The game's language"): the order check and its hints, the order sheet, the
phase labels, the issue page and the commit of a new game say everything in German, with singular and plural
right; the words are in ``variants/dreissigjaehriger_krieg/data/messages.yaml``. The standard game stays English,
and a game whose pinned map names no messages file keeps the English it was played with."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.kit import gamedata
from adjudicator.rulesets.diplomacy import RULESET
from adjudicator.rulesets.diplomacy.tables import load_map, map_file, shipped

from ..conftest import git, new_repository, run
from ..test_wording import _plural_mistakes, prose
from .dk_game import KEY, PLAYERS, funded_game, new_game, play, position, set_points
from .test_dk_wording import DK_ENGLISH

PACKAGE = "adjudicator.rulesets.diplomacy"


def dk_league(root: Path) -> Path:
    (root / "games").mkdir(parents=True)
    new_repository(root)
    players = [a for p in PLAYERS for a in ("--player", f"{p.name}:{p.login}:{p.github_id}:{p.role}")]
    assert run(root, "new", "diplomacy", "dk", *players, "--option", "map=dreissigjaehriger-krieg",
               "--option", "orders=open") == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "new game dk")
    return root


def send(root: Path, player: str, lines: list[str]) -> Path:
    path = root / f"orders/dk/0001/{player}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"game: dk\nturn: 1\nplayer: {player}\norders:\n" + "".join(f"  - {x}\n" for x in lines))
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"orders of {player}")
    return path


def test_validate_says_every_message_and_hint_in_german(tmp_path: Path, capsys):
    """The cases issue 23 found English in a 30JK game: an unknown place (whose hint named places of the standard
    map), a second order for a unit, too few religion points."""
    root = dk_league(tmp_path / "league")
    path = send(root, "schw", ["A Ber zieht nach Xyzzy", "A Ros - Sin", "A Ros - Lub", "Ungehorsam A Pra 1 RP"])
    assert run(root, "validate", str(path)) == 1
    out = capsys.readouterr().out
    assert ("orders/dk/0001/schw.yaml:5:5: Fehler: kein Ort namens 'Xyzzy' in 'A Ber zieht nach Xyzzy' — schreiben "
            "Sie eine Provinz mit ihrer Abkürzung (Pra, Sin/sc) oder ihrem Namen (Prag, Meißen oder Meissen)") in out
    assert ("orders/dk/0001/schw.yaml:7:5: Fehler: A Ros - Lub: die Einheit hat schon einen Befehl; der erste gilt — "
            "streichen Sie einen der beiden Befehle der Einheit: zum Abgabeschluss wird der erste ausgeführt") in out
    assert ("orders/dk/0001/schw.yaml:8:5: Fehler: Ungehorsam stiften kostet mindestens 2 Religionspunkte — schreiben "
            "Sie z. B. 'Ungehorsam stiften A Aug 2 RP' für eine Einheit auf dem Brett") in out
    # the schema's check (the envelope's words are the league's, catalog/check.yaml; the hints the ruleset's schema)
    path = send(root, "schw", ["{unit: A Ros, mvoe: Sin}", "{unit: F Hpo, via: OdM}"])
    assert run(root, "validate", str(path)) == 1
    out = capsys.readouterr().out
    assert "schw.yaml:5:19: Fehler: unbekannter Schlüssel 'mvoe' in Eintrag 1 — meinten Sie move?" in out, out
    assert ("schw.yaml:6:5: Fehler: ein Doppelzug braucht sein Ziel — schreiben Sie z. B. `{unit: F Lun, via: Ham, "
            "move: ElbM}`") in out


def test_singular_and_plural():
    s = funded_game()
    set_points(s, "schweden", 1)
    [p] = RULESET.check(s, KEY["schweden"], ["Kirchenbau A Ber 2 RP"])
    assert p.message == "Kirchenbau: A Ber (2 RP): Sie haben 1 Religionspunkt, diese Aktionen brauchen 2"
    set_points(s, "schweden", 0)
    [p] = RULESET.check(s, KEY["schweden"], ["Kirchenbau A Ber 2 RP"])
    assert p.message == "Kirchenbau: A Ber (2 RP): Sie haben 0 Religionspunkte, diese Aktionen brauchen 2"
    # an adjustment: Austria takes Karlsbad and may build one unit; a second build is beyond it
    fall = play(new_game()).state
    moved = position(fall, {"oesterreich": ["A Pil", "A EbSa", "F Lin", "A MOla"], "rebellen": []})
    adjust = play(moved, {"oesterreich": ["A Pil - Kar"]}).state
    problems = RULESET.check(adjust, KEY["oesterreich"], ["Build A Pra", "Build A Pil"])
    assert [p.message for p in problems] == ["Build A Pil: mehr als 1 Aufbau steht Ihnen nicht zu"]
    assert "# Sie dürfen 1 Einheit bauen, in: Pra." in RULESET.template(adjust, KEY["oesterreich"])


def test_the_order_sheet_is_german():
    s = new_game()
    sheet = RULESET.template(s, KEY["schweden"])
    assert sheet.startswith(
        "# Frühling 1618: Züge: Befehle für Schweden. Ein Befehl je Zeile, in der üblichen Kurzschrift\n"
        "# ('A Kar - Pra', 'A Pil U A Kar - Pra', 'F RugS K A HHst - Vpo', 'A HHst - Vpo via Konvoi'); die "
        "englischen Befehlswörter gelten auch.\n")
    assert "# Jede Einheit steht hier haltend; ändern Sie ihre Zeile in das, was sie tun soll.\n" in sheet
    assert "# Eine Zeile 'Remis' schlägt allen Überlebenden ein Remis vor.\n" in sheet
    assert "- A Ber hält  # kann ziehen nach: Brg, Hpo, MNla, Per, Pre, Tor\n" in sheet
    for line in sheet.splitlines():
        said = re.sub(r"'[^']*'|\([^)]*\)", " ", line)
        assert not {w for w in re.findall(r"[A-Za-z]+", said) if w.lower() in DK_ENGLISH and w != w.upper()}, line
    # what the sheet pre-fills is read back as written: every line is an order of the player's units
    orders = yamlio.load(sheet.encode()).data
    assert RULESET.check(s, KEY["schweden"], orders) == []
    retreat = position(funded_game(), {"pfalz": ["A Mai"], "bayern": ["A Hei", "A BSpe"]})
    retreat = play(retreat, {"bayern": ["A Hei - Mai", "A BSpe S A Hei - Mai"]}).state
    sheet = RULESET.template(retreat, KEY["pfalz"])
    assert "- A Mai Auflösung  # Rückzug möglich nach: EbTr, FZwe, SGNa\n" in sheet
    assert RULESET.check(retreat, KEY["pfalz"], yamlio.load(sheet.encode()).data) == []


def test_a_new_turn_is_labelled_and_published_in_german(tmp_path: Path, capsys):
    """The report, the issue's title and text, the turn's commit and the dropped orders of a new 30JK game (whose
    faults the public issue does not name: the religion points are hidden, section 8)."""
    root = dk_league(tmp_path / "league")
    send(root, "schw", ["A Ber - Xyzzy", "A Ros - Sin", "A Ros - Lub", "F Hpo H"])
    assert run(root, "adjudicate", "dk", "--commit", "--early") == 0
    report = yamlio.read_data(root / "games/dk/turns/0001/report.yaml")
    assert report["label"] == "Frühling 1618: Züge"
    # A German game's commits are German (issue 31).
    assert git(root, "log", "-1", "--format=%s").strip() == "dk: Zug 1 (Frühling 1618: Züge)"
    page = (root / "site/news/dk/0001.md").read_text(encoding="utf-8")
    title = f"{yamlio.read_data(root / 'games/dk/game.yaml')['title']} — Frühling 1618: Züge"
    assert f'title: "{title}"' in page and f"\n# {title}\n" in page
    assert "## Frühling 1618: Züge\n" in page
    assert "Als Nächstes: **Herbst 1618: Züge** — Befehle erwartet von Bayern, " in page
    assert "- `A Ros - Sin` — zieht nach " in page, "the move made, its unit's second order dropped"
    assert "- `A Ber H` — kein Befehl: hält" in page or "`A Ber" in page
    assert "- Befehle von Schweden, die nicht ausgeführt werden konnten (die übrigen wurden es):\n" in page
    body = re.sub(r"<svg.*?</svg>", " ", page.split("\n---\n", 1)[1], flags=re.DOTALL)  # the map: its own test
    body = re.sub(r"<[^>]*>|\([^)]*\)|`[^`]*`", " ", body)
    english = {w for w in re.findall(r"[A-Za-z]+", prose(body)) if w.lower() in DK_ENGLISH and w != w.upper()}
    assert english == set()
    assert _plural_mistakes(body) == []
    capsys.readouterr()
    assert run(root, "verify", "dk") == 0


def test_the_standard_game_stays_english_and_an_old_30jk_game_keeps_its_english():
    standard = RULESET.setup({}, [p for p in PLAYERS[:0]] or _english_players(), None)
    assert RULESET.phase(standard).label == "Spring 1901 Movement"
    assert RULESET.template(standard, "eng").startswith("# Spring 1901 Movement: orders for England.")
    # a game set up before 30JK had a language pins a map that names no messages file: English, as it was played
    old_map = gamedata.packaged(PACKAGE, map_file("dreissigjaehriger-krieg"))
    old_map = re.sub(rb"\nlanguage: de\nmessages: [^\n]*", b"", old_map)
    pinned = gamedata.GameData(PACKAGE, {"maps/dreissigjaehriger-krieg.yaml": old_map})  # the name games pin
    m = load_map("dreissigjaehriger-krieg", pinned)
    assert m.texts == {} and m.say("no unit of yours in {place}", place="Prag") == "no unit of yours in Prag"
    rules = RULESET.with_data(pinned)
    old = rules.setup({"map": "dreissigjaehriger-krieg"}, PLAYERS, Dice(b"dk-setup"))
    assert "labels" not in old["rules"] and rules.phase(old).label == "Spring 1618 Movement"
    [p] = rules.check(old, KEY["schweden"], ["A Ber - Xyzzy"])
    assert p.message == "no place named 'Xyzzy' in 'A Ber - Xyzzy'"


def _english_players():
    from adjudicator.model import Player

    return [Player("eng", "England", "eng", 1, "england")]


def test_the_issue_names_a_dissolved_neutral_as_a_reader_knows_it():
    """Section 11: a neutral owner without units is dissolved; the issue named it by its key ('rebellen',
    'neutral-hgel-1618-fall'). It names it as the map does, or as the incited unit was named, and counts."""
    from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.presentation import dissolved_name, owner_name

    m = load_map("dreissigjaehriger-krieg", shipped())
    assert dissolved_name(m, "neutral-hgel-1618-fall") == "Abtrünnige (HGel, Herbst 1618)"
    s = position(new_game(), {"oesterreich": ["A Pra"], "rebellen": [], "luettich": ["A BLut"]})
    r = play(s, {"oesterreich": ["A Pra H"]})
    assert r.report["neutrals_dissolved"] == ["rebellen"]
    page = RULESET.newsletter(r.state, r.report, PLAYERS)
    assert "\n1 neutrale Partei aufgelöst: Böhmische Rebellen.\n" in page
    # a centre's owner gone by the end of the turn ('Karlsbad: rebellen → Österreich' in the issue)
    assert "rebellen" not in r.state["neutrals"] and owner_name(m, r.state, "rebellen") == "Böhmische Rebellen"


def test_the_issue_writes_the_orders_with_the_words_of_the_rules():
    """Section 6 and the Ludomaniac notation: 'U' supports, 'K' convoys; builds, removals and disbands by their
    German names. The report keeps the judges' notation (it replays byte for byte); a line the engine could not
    read is quoted as the player wrote it."""
    from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.presentation import notation

    m = load_map("dreissigjaehriger-krieg", shipped())
    assert [notation(m, o) for o in ("A Kar S A Pil - Pra", "F RugS C A HHst - Vpo", "A HHst - Vpo via convoy",
                                     "Build A Ber", "Remove F Lun", "A Mai Disband", "Waive", "Propose draw",
                                     "A Kar H", "A Ber S Xyz")] == [
        "A Kar U A Pil - Pra", "F RugS K A HHst - Vpo", "A HHst - Vpo via Konvoi", "Aufbau A Ber", "Abbau F Lun",
        "A Mai Auflösung", "Verzicht", "Remis", "A Kar H", "A Ber S Xyz"]
    s = position(funded_game(), {"sachsen": ["A Mei", "A Lei"], "schweden": ["A Tor"]})
    r = play(s, {"sachsen": ["A Mei - Tor", "A Lei S A Mei - Tor"]})
    page = RULESET.newsletter(r.state, r.report, PLAYERS)
    assert "- `A Lei U A Mei - Tor` — Unterstützung gegeben" in page
    assert any(row["order"] == "A Lei S A Mei - Tor" for row in r.report["results"])


def test_section_10_an_action_written_with_a_colon_is_told_to_be_quoted(tmp_path: Path, capsys):
    """Issue 32: the rules page allows points as ': 5'; unquoted, YAML reads 'Aufwiegeln F Lin: 5' as a mapping and
    the schema refuses its key. The hint says to quote the line (in German), and the quoted line is read."""
    root = dk_league(tmp_path / "league")
    path = send(root, "schw", ["Aufwiegeln F Lin: 5"])
    assert run(root, "validate", str(path)) == 1
    out = capsys.readouterr().out
    assert ("schw.yaml:5:5: Fehler: unbekannter Schlüssel 'Aufwiegeln F Lin' in Eintrag 1 — eine Zeile mit "
            "Doppelpunkt liest YAML als Schlüssel und Wert; setzen Sie die ganze Zeile in Anführungszeichen: "
            '- "Aufwiegeln F Lin: 5"') in out, out
    path = send(root, "schw", ['"Aufwiegeln F Lin: 5"'])
    run(root, "validate", str(path))
    assert "Schlüssel" not in capsys.readouterr().out


def test_an_old_games_sheet_keeps_german_with_the_players_own_build_sites():
    """A game pinned before the sheet's build examples took their places as values (issue 32) has only the fixed
    German sentence: its examples are replaced by the player's own free home centres, and it stays German."""
    path = "variants/dreissigjaehriger_krieg/data/messages.yaml"
    old = gamedata.packaged(PACKAGE, path)
    old = re.sub(rb"\n\"Replace a 'Waive' by e.g. \{examples\}.\":\n[^\n]*", b"", old)
    assert b"{examples}" not in old
    fall = play(new_game()).state
    moved = position(fall, {"oesterreich": ["A Pil", "A EbSa", "F Lin", "A MOla"], "rebellen": []})
    adjust = play(moved, {"oesterreich": ["A Pil - Kar"]}).state
    sheet = RULESET.with_data(gamedata.GameData(PACKAGE, {path: old})).template(adjust, KEY["oesterreich"])
    assert "# Ersetzen Sie ein 'Verzicht' z. B. durch 'Aufbau A Pra' oder 'Aufbau F Pra'." in sheet, sheet
