"""30JK in the players' language: German order words and the provinces' other names, read as the English.

The words live in ``variants/dreissigjaehriger_krieg/data/words.yaml`` (named by the map's ``words:``); the
rules' own notation is German ("F xxx T A (Flotte in Armee)", section 7; "F xxx - yyy - zzz", section 4).
"""

from __future__ import annotations

import dataclasses

import pytest
import yaml

from adjudicator.kit import gamedata
from adjudicator.rulesets.diplomacy import RULESET
from adjudicator.rulesets.diplomacy.notation import Order, OrderError, parse_order, read_order
from adjudicator.rulesets.diplomacy.tables import (
    MapDataError,
    _build,
    _parsed,
    drawing_file,
    load_map,
    map_data_files,
    map_file,
    name_key,
    shipped,
)
from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.religion import parse_action

from .dk_game import KEY, funded_game, play, position

WORDS = "variants/dreissigjaehriger_krieg/data/words.yaml"
MESSAGES = "variants/dreissigjaehriger_krieg/data/messages.yaml"
PACKAGE = "adjudicator.rulesets.diplomacy"


@pytest.fixture(scope="module")
def m():
    return load_map("dreissigjaehriger-krieg", shipped())


def same(order: Order) -> Order:
    return dataclasses.replace(order, text="")


# Every order kind of 30JK, as a German player writes it and in the judges' English notation.
CORPUS = [
    # move, hold (standard rules)
    ("A Meißen - Leipzig", "A Mei - Lei"),
    ("Armee Meissen zieht nach Leipzig", "A Mei - Lei"),
    ("A Mei nach Lei", "A Mei - Lei"),
    ("A Mei hält", "A Mei H"),
    ("A Mei H", "A Mei Hold"),
    ("Flotte Linz hält die Stellung", "F Lin H"),
    # support of a move and of a hold
    ("A Mei U A Lei - Tor", "A Mei S A Lei - Tor"),
    ("A Mei unterstützt A Lei - Tor", "A Mei S A Lei - Tor"),
    ("A Mei unterstuetzt Armee Leipzig nach Torgau", "A Mei S A Lei - Tor"),
    ("A Mei U A Lei", "A Mei S A Lei"),
    ("A Mei U A Lei hält", "A Mei S A Lei H"),
    # convoy, also from a coastal (river) province, and the army's move via convoy (section 6)
    ("F Tor K A Lei - Brg", "F Tor C A Lei - Brg"),
    ("Flotte Torgau Konvoi Armee Leipzig nach Brandenburg an der Havel", "F Tor C A Lei - Brg"),
    ("F Tor konvoiert A Lei - Brg", "F Tor C A Lei - Brg"),
    ("A Lei - Brg via Konvoi", "A Lei - Brg via convoy"),
    ("A Lei zieht nach Brg per Konvoi", "A Lei - Brg via convoy"),
    # river double move downstream (section 4)
    ("F Lüneburg - Hamburg - Elbmündung", "F Lun - Ham - ElbM"),
    ("Flotte Lun zieht nach Ham nach ElbM", "F Lun - Ham - ElbM"),
    # transformations (section 7), with the coast of a two-coast province
    ("A FAns T F(nc)", "A FAns T F/nc"),
    ("Armee Ansbach wird Flotte (Nordküste)", "A FAns T F/nc"),
    ("A FAns transformiert zu Flotte / Ostkueste", "A FAns T F/ec"),
    ("F Lin wird Armee", "F Lin T A"),
    ("F Lin T A", "F Lin transform army"),
    # coasts of a move
    ("F HSle (Westküste) - NWat", "F HSle/wc - NWat"),
    ("F Sin (Südküste) - Lun", "F Sin/sc - Lun"),
    # retreat and disband (retreat phase)
    ("A Mei Rückzug nach Lei", "A Mei R Lei"),
    ("A Mei zieht sich zurück nach Lei", "A Mei retreat Lei"),
    ("A Mei auflösen", "A Mei disband"),
    ("A Mei wird aufgelöst", "A Mei D"),
    ("Auflösung A Mei", "Disband A Mei"),
    # build and remove (adjustment phase), waive
    ("Aufbau A Mei", "Build A Mei"),
    ("Aufbau Flotte Tor", "Build F Tor"),
    ("Abbau F Lin", "Remove F Lin"),
    ("Verzicht", "Waive"),
    # place names: umlauts written out, the rules' names (section 5), towns of the provinces, a power's prefix
    ("A Lüttich - Herzogtum Jülich", "A BLut - HJul"),
    ("A Luettich - Juelich", "A BLut - HJul"),
    ("A Bistum Lüttich - Aachen", "A BLut - HJul"),
    ("F Bistum Würzburg - Frankfurt", "F BWur - Fra"),
    ("F Aero - Ærø", "F Aero - Aero"),
    ("A Dresden - Bautzen", "A Mei - MOla"),
    ("A München - Salzburg", "A BFre - EbSa"),
    ("A Köln U A Trier - Koblenz", "A EbKo S A EbTr - EbTr"),
    ("A Franche-Comté - Besancon", "A FGBu - FGBu"),
    ("Sachsen: A MEISSEN - LEIPZIG", "sachsen: A Mei - Lei"),
]


@pytest.mark.parametrize(("german", "english"), CORPUS)
def test_german_notation_reads_as_the_english(m, german, english):
    assert same(parse_order(m, german)) == same(parse_order(m, english))


# Section 10: religious actions; the mercenaries' order in German words is the neutral unit's same order.
ACTIONS = [
    ("Ungehorsam stiften: A Pra 3 RP", "disobedience A Pra 3 RP"),
    ("Einheit aufwiegeln: Flotte Linz (5 RP)", "incite F Lin 5 points"),
    ("Kirchenbau A Meißen 2 RP", "church A Mei 2 RP"),
    ("Söldner anheuern: A Karlsbad zieht nach Prag (4 RP)", "mercenaries A Kar - Pra 4 RP"),
    ("Soeldner A Kar U A Mei - Lei 3 RP", "hire A Kar S A Mei - Lei 3 RP"),
    ("Söldner A Kar hält 3 RP", "mercenaries A Kar H 3 RP"),
    ("Konfessionswechsel", "convert"),
    ("Konfession katholisch", "confession catholic"),
]


@pytest.mark.parametrize(("german", "english"), ACTIONS)
def test_religious_actions_in_german_read_as_in_english(m, german, english):
    de, en = parse_action(m, german), parse_action(m, english)
    assert dataclasses.replace(de, text="") == dataclasses.replace(en, text="")


def test_a_german_orders_file_is_adjudicated_as_the_english_one():
    """Section 10 before the moves, then every order of the turn: the same state and the same results."""
    start = position(funded_game(), {
        "sachsen": ["A Mei", "A Lei", "F Tor"], "braunschweig": ["F Lun"], "oesterreich": ["F Lin", "A Pra"],
        "bayern": ["A FAns"], "rebellen": ["A Kar"]})
    german = {
        "sachsen": ["A Meißen zieht nach Brandenburg an der Havel via Konvoi", "F Torgau K A Mei - Brg",
                    "A Leipzig unterstützt F Tor", "Kirchenbau A Leipzig 2 RP"],
        "braunschweig": ["Flotte Lüneburg - Hamburg - Elbmündung"],
        "oesterreich": ["Flotte Linz wird Armee", "Söldner anheuern: A Karlsbad zieht nach Zwickau (4 RP)",
                        "A Prag hält"],
        "bayern": ["Armee Ansbach wird Flotte (Nordküste)"],
    }
    english = {
        "sachsen": ["A Mei - Brg via convoy", "F Tor C A Mei - Brg", "A Lei S F Tor", "church A Lei 2 RP"],
        "braunschweig": ["F Lun - Ham - ElbM"],
        "oesterreich": ["F Lin T A", "mercenaries A Kar - Zwi 4 RP", "A Pra H"],
        "bayern": ["A FAns T F/nc"],
    }
    for power, lines in german.items():
        assert RULESET.check(start, KEY[power], lines) == RULESET.check(start, KEY[power], english[power])
        assert not [p for p in RULESET.check(start, KEY[power], lines) if p.severity == "error"]
    de, en = play(start, german), play(start, english)
    new_de, report_de, new_en, report_en = de.state, de.report, en.state, en.report
    assert new_de == new_en
    assert [(r["order"], r["result"]) for r in report_de["results"]] == \
        [(r["order"], r["result"]) for r in report_en["results"]]
    assert new_de["units"]["braunschweig"] == ["F ElbM"] and new_de["units"]["bayern"] == ["F FAns/nc"]
    assert "A Brg" in new_de["units"]["sachsen"] and new_de["units"]["rebellen"] == ["A Zwi"]


def test_each_word_of_the_words_file_is_read(m):
    """No dead entry: every German word of each kind makes an order of that kind."""
    data = yaml.safe_load(gamedata.packaged(PACKAGE, WORDS))
    after = {"hold": "A Mei {w}", "move": "A Mei {w} Lei", "support": "A Mei {w} A Lei - Tor",
             "convoy": "F Tor {w} A Lei - Brg", "retreat": "A Mei {w} Lei", "disband": "A Mei {w}",
             "transform": "A FAns {w} F/nc", "via_convoy": "A Lei - Brg {w}", "build": "{w} A Mei",
             "remove": "{w} F Lin", "waive": "{w}", "draw": "{w}", "nodraw": "{w}", "concede": "{w} Schweden"}
    kind_of = {"via_convoy": "move", "remove": "remove", "disband": "disband"}
    for kind, words in data["orders"].items():
        for w in words:
            o = parse_order(m, after[kind].format(w=w))
            assert o.kind == kind_of.get(kind, kind), (kind, w, o)
            if kind == "via_convoy":
                assert o.via_convoy
    for unit_type, words in data["unit_types"].items():
        for w in words:
            assert parse_order(m, f"{w} Mei H").unit_type == unit_type
    two_coasts = {"nc": "Sin", "sc": "Sin", "ec": "HSle", "wc": "HSle"}  # section 5
    for coast, words in data["coasts"].items():
        for w in words:
            assert parse_order(m, f"F {two_coasts[coast]} ({w}) H").region == f"{two_coasts[coast]}/{coast}", w
    for prov, names in data["places"].items():
        for n in names:
            if name_key(n) not in m.ambiguous:
                assert parse_order(m, f"A {n} H").province == prov, n


@pytest.mark.parametrize(("text", "message", "hint"), [
    ("A Ful - Hessen", "'Hessen' kann Nördliche Landgrafschaft Hessen (NLHe) oder Südliche Landgrafschaft Hessen "
     "(SLHe) sein, in 'A Ful - Hessen'", "schreiben Sie die Abkürzung: NLHe oder SLHe"),
    ("A Bra - Böhmen", "'Böhmen' kann Budweis (Bud), Karlsbad (Kar), Leitmeritz (Ltz), Pilsen (Pil) oder Prag "
     "(Pra) sein, in 'A Bra - Böhmen'", "schreiben Sie die Abkürzung: Bud oder Kar oder Ltz oder Pil oder Pra"),
    ("A Pfalz H", "'Pfalz' kann Fürstentum Pfalz-Neuburg (FNeu), Fürstentum Pfalz-Zweibrücken (FZwe) oder "
     "Heidelberg (Hei) sein, in 'A Pfalz H'", "schreiben Sie die Abkürzung: FNeu oder FZwe oder Hei"),
    ("F Tor K A Lei - Brandenburg", "'Brandenburg' kann Berlin (Ber) oder Brandenburg an der Havel (Brg) sein, in "
     "'F Tor K A Lei - Brandenburg'", "schreiben Sie die Abkürzung: Ber oder Brg"),
])
def test_a_name_of_two_provinces_is_refused_with_the_candidates(m, text, message, hint):
    with pytest.raises(OrderError) as e:
        parse_order(m, text)
    assert (e.value.message, e.value.hint) == (message, hint)


def test_a_province_name_written_in_full_is_no_ambiguity(m):
    """The longest name wins: 'Brandenburg an der Havel' is Brg, 'Brandenburg-Ansbach' FAns."""
    assert parse_order(m, "A Brandenburg an der Havel H").province == "Brg"
    assert parse_order(m, "A Brandenburg-Ansbach H").province == "FAns"
    assert parse_order(m, "A Nördliche Landgrafschaft Hessen - Kassel").target == "NLHe"


def test_an_unknown_place_is_named_as_written(m):
    with pytest.raises(OrderError) as e:
        parse_order(m, "A Meißen - Großenhain")
    assert e.value.message == "kein Ort namens 'Großenhain' in 'A Meißen - Großenhain'"
    assert e.value.hint == ("meinten Sie Herrschaft Groningen? schreiben Sie eine Provinz mit ihrer Abkürzung (Pra, "
                            "Sin/sc) oder ihrem Namen (Prag, Meißen oder Meissen)")


def test_the_standard_map_keeps_the_judges_words_only():
    m = load_map("standard", shipped())
    assert str(parse_order(m, "A Mun S A Bur - Par")) == "A Mun S A Bur - Par"
    with pytest.raises(OrderError):
        parse_order(m, "A Mun U A Bur - Par")
    with pytest.raises(OrderError):
        parse_order(m, "Armee Mun - Ber")


def _words(**data):
    return ({"unit_types": {}, "orders": {}, "coasts": {}, "places": {}, **data},)


def test_contradicting_words_are_refused_when_the_map_is_read():
    data = _parsed(gamedata.packaged(PACKAGE, map_file("dreissigjaehriger-krieg")))
    with pytest.raises(MapDataError, match="'nach' is an order word \\(move\\) and a place name"):
        _build("x", data, (yaml.safe_load(gamedata.packaged(PACKAGE, WORDS)), *_words(places={"Mei": ["Nach"]})))
    with pytest.raises(MapDataError, match="'Leipzig' is given to Mei, but it is the name of Lei"):
        _build("x", data, _words(places={"Mei": ["Leipzig"]}))
    with pytest.raises(MapDataError, match="names a province 'Xyz'"):
        _build("x", data, _words(places={"Xyz": ["Irgendwo"]}))
    with pytest.raises(MapDataError, match="unknown order kind 'marsch'"):
        _build("x", data, _words(orders={"marsch": ["marschiert"]}))


def test_a_game_pins_the_words_with_its_map():
    files = map_data_files("dreissigjaehriger-krieg", shipped())
    assert files == [map_file("dreissigjaehriger-krieg"), WORDS, MESSAGES]
    # and beside them the drawing the issue pages are rendered from (pinned too, issue 22)
    assert RULESET.data_files({"map": "dreissigjaehriger-krieg"}) == [
        *map_data_files("dreissigjaehriger-krieg", shipped()), drawing_file("dreissigjaehriger-krieg")]
    assert RULESET.data_files({"map": "standard"}) == [map_file("standard"), "maps/words/standard.yaml",
                                                       drawing_file("standard")]
    # the game reads its pinned copy: one where 'marschiert' moves reads it, the package's does not
    pinned = {"maps/dreissigjaehriger-krieg.yaml": gamedata.packaged(PACKAGE, map_file("dreissigjaehriger-krieg")),
              WORDS: gamedata.packaged(PACKAGE, WORDS).replace(b"move: [", b"move: [marschiert, ")}
    game = gamedata.GameData(PACKAGE, pinned)
    assert str(read_order(load_map("dreissigjaehriger-krieg", game), "A Mei marschiert Lei")) == "A Mei - Lei"
    with pytest.raises(OrderError):
        read_order(load_map("dreissigjaehriger-krieg", shipped()), "A Mei marschiert Lei")
