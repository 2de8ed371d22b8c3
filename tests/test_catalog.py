"""One catalog mechanism for every text a person reads (issue 31, "one way to speak the game's language";
site/guide/architecture.md, "One catalog"): a catalog maps a language to key -> template, English is the
source, German is complete, and the plural rule of each language is CLDR's."""

from __future__ import annotations

import pytest

from adjudicator.kit import catalog, ruleset, wording, words

CATALOGS = [catalog.COMMANDS, catalog.ORDERS_PAGE, catalog.SITE]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_plural_rule_is_cldr_s(lang: str):
    """The one-line rule (one for 1, other for the rest) says what CLDR says for English and German, checked
    against Babel's CLDR data where Babel is installed (it comes with the site extra: Material for MkDocs)."""
    babel = pytest.importorskip("babel", reason="Babel comes with the site extra; the rule is checked against it")
    cldr = babel.Locale(lang).plural_form
    assert [wording.plural_form(lang, n) for n in range(-30, 1001)] == [cldr(n) for n in range(-30, 1001)]


def test_a_plural_field_takes_the_form_its_language_s_rule_picks():
    assert catalog.COMMANDS.say("de", "verify.summary", game="g", turns=1, summary="s", mode="m") == \
        "g: 1 Zug nachgespielt, s (geprüft: m)"
    assert catalog.COMMANDS.say("de", "verify.summary", game="g", turns=0, summary="s", mode="m") == \
        "g: 0 Züge nachgespielt, s (geprüft: m)"


@pytest.mark.parametrize("book", CATALOGS, ids=lambda c: c.name)
def test_english_is_the_source_and_german_is_complete_with_the_same_placeholders(book: catalog.Catalog):
    table = book.table()
    assert set(table) == {"en", "de"}
    assert sorted(set(table["de"]) ^ set(table["en"])) == [], "a key missing in one language"
    differ = [k for k in table["en"] if wording.placeholders(table["en"][k]) != wording.placeholders(table["de"][k])
              and not (k.endswith(".one") and wording.placeholders(table["en"][k]) - {"n"}
                       == wording.placeholders(table["de"][k]))]  # a "one" form may leave its number out
    assert differ == []


def test_a_language_without_a_text_says_it_in_english_and_an_unknown_key_is_an_error():
    assert catalog.COMMANDS.say("fr", "status.nobody") == "nobody"
    with pytest.raises(wording.WordsError, match="no text 'nope' in the catalog commands"):
        catalog.COMMANDS.say("de", "nope")


def test_an_engine_s_english_reason_is_said_in_german_and_an_unknown_one_stays():
    said = catalog.COMMANDS.said_in("de", "in grace until 2099-01-11T20:30+01:00: the deadline has passed, and "
                                    "orders that come now still count (marked late)", "reason.")
    assert said == "in der Nachfrist bis 2099-01-11T20:30+01:00: der Abgabeschluss ist verstrichen, und jetzt " \
                   "eingehende Befehle zählen noch (als verspätet markiert)"
    assert catalog.COMMANDS.said_in("de", "something new", "reason.") == "something new"


def test_verify_s_notes_are_said_in_german_as_verify_writes_them():
    """The notes verify writes in English (engine/verify.py) are read back by the commands' catalog: the demo's
    30JK game says them in German."""
    note = ("set up again from its script in commit 2123f86e33da (a demo game, whose dice secret is public); its "
            "history is anchored there")
    assert catalog.COMMANDS.said_in("de", note, "verify.note.") == (
        "aus ihrem Skript neu aufgesetzt in Commit 2123f86e33da (eine Demo-Partie, deren Würfelgeheimnis "
        "öffentlich ist); ihre Geschichte ist dort verankert")


def test_the_site_s_words_take_the_plural_their_language_s_rule_picks():
    """The site's words are on the catalog (kit/catalog/site.yaml): the map history of a game with one map said
    "(1 maps)"."""
    assert catalog.SITE.say("en", "map_history_summary", count=1) == "The map after every turn (1 map)"
    assert catalog.SITE.say("de", "map_history_summary", count=1) == "Die Karte nach jedem Zug (1 Karte)"
    assert catalog.SITE.say("de", "map_history_summary", count=12) == "Die Karte nach jedem Zug (12 Karten)"


def test_no_module_outside_the_rulesets_keeps_a_table_of_words_per_language():
    """One mechanism: the site's words (newsletter/words.py WORDS, REASONS), the results' (newsletter/results.py)
    and the orders page's (orders-words.yaml) each had their own table and loader; every text is in a catalog of
    kit/catalog/ now. A ruleset's own words are its pinned data (wording.Words), not looked for here."""
    import ast
    from pathlib import Path

    package = Path(catalog.__file__).parents[2]
    tables = [f"{path.relative_to(package)}:{node.lineno}" for path in sorted(package.rglob("*.py"))
              if "rulesets" not in path.parts
              for node in ast.walk(ast.parse(path.read_text("utf-8"))) if isinstance(node, ast.Dict)
              and {"en", "de"} <= {k.value for k in node.keys if isinstance(k, ast.Constant)}
              and all(isinstance(v, ast.Dict) for v in node.values)]
    assert tables == []
    assert sorted(p.name for p in package.rglob("*words*.yaml") if "rulesets" not in p.parts) == []


@pytest.mark.parametrize("book", [*CATALOGS, catalog.CHECK], ids=lambda c: c.name)
def test_german_writes_no_pseudo_plural(book: catalog.Catalog):
    """A German count is a real plural ({n|Datei|Dateien}) or a word that needs none; the orders page said
    ", mit 2 Warnung(en)" and "3 Zeile(n)"."""
    import re
    pseudo = {k: v for k, v in book.table()["de"].items() if re.search(r"[a-zäöü]\((?:e|en|n|s|er|nen)\)", v)}
    assert pseudo == {}


@pytest.mark.parametrize("book", [*CATALOGS, catalog.CHECK], ids=lambda c: c.name)
def test_english_writes_no_pseudo_plural(book: catalog.Catalog):
    """An English count is a real plural too ({n|file|files}, or a sentence per plural form: ``Catalog.counted``):
    the commands said "Wrote 3 changed file(s) for 1 game(s)", "2 turn(s) replayed, 1 discrepancy(ies)", "Pinned
    4 file(s)" (issue 31: real plural rules, English as the source)."""
    import re
    pseudo = {k: v for k, v in book.table()["en"].items() if re.search(r"[a-z]\((?:s|es|ies)\)", v)}
    assert pseudo == {}


def test_the_orders_page_counts_in_real_plurals_by_python_s_rule(tmp_path):
    """The orders page said "1 error(s)", "2 warning(s)", "3 line(s)": its script filled {count} and had no plural
    rule (issue 30, item 7; #31). Its words now write {count|one|other}, and the script picks the form by the
    numbers Python's rule calls "one", handed to it with the words (the page's data, not a rule copied in JS)."""
    import json
    import re
    import shutil
    import subprocess
    from pathlib import Path

    from adjudicator.newsletter import orders_page

    pseudo = {k: v for k, v in catalog.ORDERS_PAGE.table()["en"].items() if re.search(r"[a-z]\(s\)", v)}
    assert pseudo == {}
    assert "{count|error|errors}" in catalog.ORDERS_PAGE.table()["en"]["errors"]
    assert orders_page.plural_one("de") == [n for n in range(1000) if wording.plural_form("de", n) == "one"]
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the script's fill is run by node")
    script = (Path(orders_page.__file__).parent / "assets" / "orders.js").read_text(encoding="utf-8")
    fill = re.search(r"\n  function fill\(text, values\) \{\n.*?\n  \}\n", script, re.S)
    assert fill, "orders.js has its fill"
    words = catalog.ORDERS_PAGE.table()
    probe = tmp_path / "fill.js"
    probe.write_text(f"var PLURAL_ONE = {orders_page.plural_one('en')};{fill.group(0)}\n" + "".join(
        f"console.log(fill({json.dumps(words[lang]['errors'])}, {{count: {n}}}));\n" for lang in ("en", "de")
        for n in (1, 2)),
        encoding="utf-8")
    said = subprocess.run(["node", str(probe)], capture_output=True, text=True, check=True).stdout.splitlines()
    assert [s.split(":")[0] for s in said] == ["1 error", "2 errors", "1 Fehler", "2 Fehler"], said


def test_the_site_s_scripts_hold_no_words_the_catalogs_give_them():
    """The map dialog's words were a table of English and German in turnpress.js; the site build writes the site
    catalog's (zoom.*) into the script, every language of it, and the page picks its own. No script the site ships
    spells a text of the catalogs in any language (words come from Python into the page, never literals in JS):
    the player picker's " — not awaited" was one."""
    import re
    from pathlib import Path

    from adjudicator.newsletter import orders_page, pages

    assets = Path(pages.__file__).parent / "assets"
    texts = {t for book in CATALOGS for table in book.table().values() for t in table.values()
             if len(t) > 6 and not re.fullmatch(r"[a-z_]+", t)}  # one lower-case word (a metavar) is also a name
    code = {p.name: re.sub(r"/\*.*?\*/|//[^\n]*", " ", p.read_text(encoding="utf-8"), flags=re.S)  # no comments
            for p in sorted(assets.glob("*.js")) if p.name in {"turnpress.js", *orders_page.SCRIPT_FILES}}
    spelled = {name: sorted(t for t in texts if t in script) for name, script in code.items()}
    assert spelled and all(found == [] for found in spelled.values()), spelled
    built = pages.script()
    for lang in ("en", "de"):
        assert all(catalog.SITE.say(lang, f"zoom.{key}") in built for key in pages.ZOOM_WORDS)


def test_every_kind_of_phase_of_every_ruleset_has_a_name_in_each_language():
    """An issue page and 'turnpress reschedule' say a schedule's period of a kind of phase in the game's words
    ("36 Stunden für jede Rückzugsphase", not "für jede Phase der Art retreat"): each kind the rules have is named
    in the site's catalog (kit/words.phase_kind_said), in English as game.yaml's schedule writes it."""
    kinds = {kind for name in ruleset.available() if isinstance(rules := ruleset.load(name), ruleset.HasPhaseKinds)
             for kind in rules.phase_kinds()}
    assert {"movement", "retreat", "adjustment", "move", "reaction", "answer", "year_end"} <= kinds
    for kind in sorted(kinds):
        assert words.phase_kind_said(kind, "en") == kind
        assert words.phase_kind_said(kind, "de").endswith("phase"), kind
    assert words.schedule_said({"phases": {"retreat": "36 hours", "adjustment": "none"}}, "de") == \
        "36 Stunden für jede Rückzugsphase, jede Aufbauphase im Abstand der Züge"
