"""The German games speak German (issue 23): every message of Auf Achse's and Bretton Woods' order check, every
note and reason of their reports and the counted lines of their issues come from the ruleset's words file, with
singular and plural right; no English word, no raw key of the orders file (``market.e.count``).

The check is built on the words files themselves: each text a ruleset gives a player must be one a template of
its file can make (``wording.pattern``), and a template makes only German and the right number's form.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from adjudicator.kit import gamedata
from adjudicator.kit.wording import Words, WordsError, fill, pattern, placeholders, plural
from adjudicator.rulesets.auf_achse import RULESET as AUF_ACHSE
from adjudicator.rulesets.bretton_woods import RULESET as BRETTON_WOODS

from .auf_achse.helpers import at_round, give, new_game, set_order
from .auf_achse.helpers import play as aa_play
from .bretton_woods.test_bw_rules import WORK, start
from .bretton_woods.test_bw_rules import play as bw_play
from .pipeline.conftest import world  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parents[1]
FILES = {"auf_achse": Words("adjudicator.rulesets.auf_achse", "data/words.yaml"),
         "bretton_woods": Words("adjudicator.rulesets.bretton_woods", "data/words.yaml")}
# English words that are no German words: any of them in a German text is a message nobody translated
ENGLISH = {"the", "is", "are", "not", "of", "to", "your", "you", "with", "order", "orders", "condition", "won",
           "cannot", "already", "field", "fields", "truck", "trailer", "bid", "bids", "beyond", "limit", "debt",
           "write", "remove", "name", "one", "only", "after", "before", "round", "no", "this", "that", "be",
           "has", "have", "at", "most", "more", "than", "will", "cut", "ignored", "country", "attack", "line",
           "lines", "letters", "characters", "unknown", "left", "game", "empty", "type", "goods",
           "free", "fits", "loads", "stopped", "fare", "points", "site", "fine", "certain", "possible",
           "bankruptcy", "account", "interest", "spend", "add", "say", "next", "between", "filled", "drive"}
RAW_KEY = re.compile(r"\b[a-z_]+\.(?:[a-z_]+|\d+)\.[a-z_]+\b")  # market.e.count, transfers.0.count


def prose(text: str) -> str:
    """``text`` without what a player types into the orders file (in backticks) and without quoted values."""
    return re.sub(r"`[^`]*`|'[^']*'", " ", text)


def english_in(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]+", prose(text)) if w.lower() in ENGLISH and w != w.upper()}


# ----- the plural and the filling --------------------------------------------------------------------------------

def test_the_plural_takes_the_singular_for_one_only():
    assert [plural(n, "Versuch", "Versuchen") for n in (0, 1, 2, 11, 21)] == [
        "0 Versuchen", "1 Versuch", "2 Versuchen", "11 Versuchen", "21 Versuchen"]
    assert fill("{n|Platz ist|Plätze sind} frei", {"n": 1}) == "1 Platz ist frei"
    assert fill("{n|Platz ist|Plätze sind} frei", {"n": 4}) == "4 Plätze sind frei"


def test_a_value_is_put_in_as_it_is_and_a_missing_one_is_an_error():
    assert fill("kein Land heißt {name}", {"name": "{n|a|b} {x}"}) == "kein Land heißt {n|a|b} {x}"
    with pytest.raises(WordsError):
        fill("{name} fehlt", {})
    with pytest.raises(WordsError):
        fill("{n|Gebot|Gebote}", {"n": "drei"})
    with pytest.raises(WordsError):
        FILES["auf_achse"].say("no_such_text")


def test_a_pattern_matches_what_its_template_makes_and_the_right_form_only():
    p = pattern("{name}: {n|Verkaufsangebot|Verkaufsangebote}")
    assert p.match("Energie e: 1 Verkaufsangebot") and p.match("Energie e: 2 Verkaufsangebote")
    assert not p.match("Energie e: 1 Verkaufsangebote") and not p.match("Energie e: 3 Verkaufsangebot")


# ----- the words files -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", sorted(FILES))
def test_each_text_of_a_words_file_is_german(ruleset):
    for key, text in FILES[ruleset].texts().items():
        assert not english_in(re.sub(r"\{\w+(?=[|}])", "{", text)), (key, text)
        assert not RAW_KEY.search(prose(text)), (key, text)
        for m in re.finditer(r"\{\w+\|([^{}|]*)\|([^{}|]*)\}", text):
            assert m.group(1) and m.group(2), (key, text)


def _said_keys(package: Path) -> set[str]:
    """The keys the code asks for: the string constants given to ``say``, ``WORDS.say`` and ``_problem``."""
    keys: set[str] = set()
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name not in ("say", "_problem"):
                continue
            args = node.args[:1] + (node.args[2:3] if name == "_problem" else [])
            for arg in args:
                keys |= {c.value for c in ast.walk(arg) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return keys


@pytest.mark.parametrize("ruleset", sorted(FILES))
def test_every_text_the_code_asks_for_is_in_the_words_file_and_none_is_unused(ruleset):
    texts = FILES[ruleset].texts()
    package = ROOT / "adjudicator" / "rulesets" / ruleset
    said = {k for k in _said_keys(package) if k and not k.startswith(".")}  # f"{kind}.hint": its parts
    assert said - set(texts) == set()
    source = "\n".join(p.read_text(encoding="utf-8") for p in package.glob("*.py"))
    unused = [k for k in texts if f'"{k}"' not in source and f'"{k.removesuffix(".hint")}"' not in source
              and not (k.endswith(".hint") and k.removesuffix(".hint").startswith("pleite_"))]
    assert unused == []


# ----- what the rulesets say: every text from a template --------------------------------------------------------

def _from_the_file(ruleset: str, text: str) -> bool:
    return any(pattern(t).match(text) for t in FILES[ruleset].texts().values())


def _aa_corpus():
    """Faulty Auf Achse orders of every kind the check knows, and the rounds they make."""
    s = at_round(new_game("HH", "HB", "K", "M", "B"), 1)
    set_order(s, 1, **{"from": "HH", "to": "HB", "count": 4})
    set_order(s, 2, **{"from": "HH", "to": "HB", "count": 3})
    set_order(s, 3, **{"from": "K", "to": "HB", "count": 2})
    for i in (1, 2, 3):
        give(s, "p0", i)
    offered = sorted(o["id"] for o in s["orders"] if o["offered"] == 1)
    sheets = [
        {"bids": [{"order": 999, "kj": 5}, {"order": offered[0], "kj": 5}, {"order": offered[0], "kj": 90000,
                                                                            "unless_won": [offered[-1] + 50]}]},
        {"trucks": [{"load": [1, 2, 3, 99], "route": ["HB", "HH-HB.1", "HH-HB.3", "Atlantis"]}]},
        {"trucks": [{"load": [1], "route": ["HH", "HH-HB.1", "HH-HB.2"], "only_if_won": [offered[0]],
                     "otherwise": {"route": ["HH", "M"]}}]},
        {"site": {"field": "HB", "kj": 0}, "trailer": {"type": "small", "truck": 3}, "return_trailers": [
            {"type": "large"}]},
        {"site": {"field": "Atlantis", "kj": 5}},
        {"trucks": [{"route": ["HH", "HH-HB.1", "HH-HB.2", "HH-HB.3", "HB"]}], "bids": [
            {"order": offered[0], "kj": 16000}]},
        {"betriebsferien": True, "bids": []},
    ]
    rich = dict(s)
    rich["hauliers"] = {**s["hauliers"], "p0": {**s["hauliers"]["p0"], "cash": -4300}}
    auction = at_round(new_game("HH", "HB", "K", "M", "B"), 0)
    return [(s, sheet) for sheet in sheets] + [(rich, sheets[5]), (auction, sheets[1])]


def test_auf_achse_every_check_message_and_hint_comes_from_the_words_file():
    seen = 0
    for state, sheet in _aa_corpus():
        for p in AUF_ACHSE.check(state, "p0", sheet):
            for text in (p.message, p.hint):
                if text:
                    seen += 1
                    assert _from_the_file("auf_achse", text), text
                    assert not english_in(text) and not RAW_KEY.search(prose(text)), text
    assert seen >= 30


def test_auf_achse_every_note_and_reason_of_a_round_comes_from_the_words_file():
    texts = []
    for state, sheet in _aa_corpus():
        report = aa_play(state, {"p0": sheet}).report
        texts += [n for h in report["hauliers"].values() for n in h["notes"]]
        texts += [why for a in report["auction"] for why in a["void"].values()]
        texts += [b["void"] for b in (report["site"] or {}).get("bids", []) if "void" in b]
    assert len(texts) >= 8
    for text in texts:
        assert _from_the_file("auf_achse", text) and not english_in(text), text


def test_bretton_woods_every_check_message_and_hint_comes_from_the_words_file():
    s = start()
    r = bw_play(s, {"anna": WORK, "bert": WORK, "cleo": WORK | {"leave": True}})
    sheets = [
        {"transfers": [{"to": "Nowhere", "good": "x", "count": 1, "note": "n" * 40}, "kaputt",
                       {"to": "Atlantis", "good": "a", "count": 1}, {"to": "Carpania", "good": "a", "count": 1}],
         "attacks": [{"target": "Atlantis", "weapons": 1}, {"target": "Nowhere", "weapons": 1}, 7],
         "contacts": ["x" * 90, 5, "a", "b", "c", "d"], "type_change": "wasser"},
        {**WORK, "leave": True, "attacks": [{"target": "Borduria", "weapons": 1}], "type_change": "energie",
         "standing_orders": {}, "market": {"e": {"offer": "sell", "count": 900, "price": 1}},
         "transfers": [{"to": "Borduria", "good": "g", "count": 200}]},
        "keine Zuordnung",
    ]
    seen = 0
    for state in (s, r.state):
        for sheet in sheets:
            for p in BRETTON_WOODS.check(state, "anna", sheet) + BRETTON_WOODS.check(state, "nobody", sheet):
                for text in (p.message, p.hint):
                    if text:
                        seen += 1
                        assert _from_the_file("bretton_woods", text), text
                        assert not english_in(text) and not RAW_KEY.search(prose(text)), text
        for line in BRETTON_WOODS.describe(state, "anna", sheets[1]):
            assert not RAW_KEY.search(line) and not english_in(line), line
    assert seen >= 25


# ----- the issues of the German demo games ----------------------------------------------------------------------

def _plural_mistakes(text: str) -> list[str]:
    """'1 Verkaufsangebote', '3 Verkaufsangebot': a number with the wrong form of a word the words files count."""
    out = []
    for words in FILES.values():
        for template in words.texts().values():
            for m in re.finditer(r"\{\w+\|([^{}|]*)\|([^{}|]*)\}", template):
                one, many = m.group(1), m.group(2)
                if one == many:
                    continue
                out += re.findall(rf"(?<![\d.,]){re.escape('1 ' + many)}\b", text)
                out += re.findall(rf"(?<![\d.,])(?!1 )\d+ {re.escape(one)}\b(?!{re.escape(many[len(one):])})",
                                  text) if not many.startswith(one) else re.findall(
                    rf"(?<![\d.,])(?!1 )\d+ {re.escape(one)}(?![\w])", text)
    return out


@pytest.mark.parametrize("game", ["demo-auf-achse", "demo-bretton-woods"])
def test_the_issues_of_the_german_demo_games_have_no_english_no_raw_key_and_the_right_plurals(game):
    pages = sorted((ROOT / "site" / "news" / game).glob("*.md"))
    assert pages
    for page in pages:
        body = re.sub(r"<[^>]*>|\(\.\./[^)]*\)|`[^`]*`", " ", page.read_text(encoding="utf-8").split("\n---\n", 1)[1])
        assert not english_in(body), (page.name, english_in(body))
        assert not RAW_KEY.search(body), page.name
        assert _plural_mistakes(body) == [], page.name


def test_the_checks_find_what_the_issue_found():
    """The faults issue 23 reproduced are what these checks look for."""
    assert english_in("Kapitän Kaffee: ungültig (condition: already won 20)") == {"condition", "already", "won"}
    assert RAW_KEY.search("Kürzung market.e.count: 4 -> 0")
    assert not english_in("schreiben Sie `points: 5` und `fare: 150`")


def test_the_plural_check_finds_a_wrong_plural():
    assert _plural_mistakes("**Energie e** (1 Verkaufsangebote, 2 Kaufangebot)") == ["1 Verkaufsangebote",
                                                                                      "2 Kaufangebot"]
    assert _plural_mistakes("Energiewerke: 0 von 1 Versuchen; 3 von 3 Versuchen, 1 Versuch") == ["1 Versuchen"]


def test_a_game_pins_its_words_with_its_tables():
    assert "data/words.yaml" in AUF_ACHSE.data_files({})
    assert "data/words.yaml" in BRETTON_WOODS.data_files({})
    package = "adjudicator.rulesets.auf_achse"
    changed = gamedata.packaged(package, "data/words.yaml").replace(b'site_at_least: "ein Gebot',
                                                                     b'site_at_least: "Ein Gebot')
    game = gamedata.GameData(package, {"data/words.yaml": changed})
    assert FILES["auf_achse"].of(game).say("site_at_least").startswith("Ein Gebot")
    assert FILES["auf_achse"].say("site_at_least").startswith("ein Gebot")
    assert placeholders("{a} {n|x|y}") == {"a", "n"}


def test_every_reason_the_report_gives_for_a_file_not_taken_has_its_german_words():
    """An issue of a German game says why a file was not taken in German; the report keeps the English words."""
    from adjudicator.engine import turn
    from adjudicator.kit import catalog, words

    reasons = [turn.NOTHING_VALID, turn.SECRET_PROBLEMS, turn.RULED_OUT.format(turn=3), turn.RERUN_PLAYS.format(turn=3),
               "not awaited in this phase", "invalid", "too late", "not sealed", "not a player",
               "sealed file does not open", "sealed for another game, turn or player",
               "sealed file is not an orders file", turn.GAME_ENDED]
    german = [words.reason("de", why) for why in reasons]
    assert german[2:4] == ["durch die Entscheidung der Spielleitung zu Zug 3 aus dem Spiel",
                           "die Wiederholung von Zug 3 spielt die Befehle jenes Zuges"]
    assert not [why for why, de in zip(reasons, german, strict=True) if de == why], "each has its own words"
    said = [k for k in catalog.SITE.table()["de"] if k.startswith("reason.")]
    assert len(reasons) == len(said), "and no German words for a reason the report no longer gives"
    assert words.reason("en", turn.NOTHING_VALID) == turn.NOTHING_VALID


def test_the_check_of_an_orders_file_has_every_word_in_german_with_the_same_placeholders():
    """The envelope's and the schema's check (adjudicator/kit/catalog/check.yaml) speak a German game's language:
    every English text has its German one, with the same values to fill in; the German also words what the JSON Schema
    library says in English (a range, a length, a pattern)."""
    from adjudicator.kit import orders
    from adjudicator.kit.wording import placeholders

    table = orders.words_table()
    en, de = table["en"], table["de"]
    assert set(en) <= set(de)
    assert {k for k in set(de) - set(en) if not k.startswith("yaml.")} == {
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "maxLength", "minLength", "maxItems", "minItems",
        "pattern"}
    # The pieces of yaml.invalid's message (what libyaml found, or "not valid here") go with yaml.invalid's hint.
    pieces = {"yaml.invalid.what", "yaml.invalid_here"}
    yaml_words = {k for k in de if k.startswith("yaml.") and not k.endswith(".hint")} - pieces
    assert all(k + ".hint" in de for k in yaml_words), "what the YAML reader says, each with what to do"
    assert [k for k in en if placeholders(en[k]) != placeholders(de[k])] == []
    assert orders.say("de", "maxLength", value="'abcdef'", limit=1) == "'abcdef' ist zu lang (höchstens 1 Zeichen)"


def _descriptions(schema: object) -> list[str]:
    if isinstance(schema, dict):
        own = [schema["description"]] if isinstance(schema.get("description"), str) else []
        return own + [d for v in schema.values() for d in _descriptions(v)]
    if isinstance(schema, list):
        return [d for v in schema for d in _descriptions(v)]
    return []


def test_the_order_sheets_of_the_german_games_describe_each_field_in_german():
    """A field's description is the hint of the check's message about it and the help of the orders page's field:
    German in a German game. The words the player writes stay as they are (true, sell, buy)."""
    from adjudicator.rulesets.auf_achse import RULESET as AUF_ACHSE
    from adjudicator.rulesets.bretton_woods import RULESET as BRETTON_WOODS

    from .auf_achse.helpers import at_round, new_game

    state = at_round(new_game(), 1)
    texts = _descriptions(AUF_ACHSE.order_schema(state, "p0"))
    for cut in ("verwerfen", "kuerzen"):  # the games set up before the option zuschnitt, and the new ones
        texts += _descriptions(BRETTON_WOODS.order_schema({"options": {"zuschnitt": cut}}, "anna"))
    assert len(texts) > 40
    assert {text: english_in(text) for text in texts if english_in(text)} == {}


def test_the_pull_request_check_of_a_german_game_speaks_german(world, capsys, tmp_path: Path):  # noqa: F811
    """Issue 23: every message of a German game's order check is German, the pull-request check's own too."""
    from .conftest import git
    from .pipeline.conftest import orders, pr_check

    config = world.gm / "games/g1/game.yaml"
    config.write_text(config.read_text() + "language: de\n")
    git(world.gm, "commit", "-qam", "g1 is written in German")
    git(world.gm, "push", "-q", "origin", "main")
    pr = world.open_pr("alice", "alice-for-bob", {"orders/g1/0001/bob.yaml": orders("bob", 1, 2)})
    code, _, summary = pr_check(world, pr, capsys, tmp_path / "summary.md")
    assert code == 1
    assert ("Fehler:\n\n- Zeile 1: dies sind die Befehle von Bob (bob); dieser Pull-Request ist von alice — "
            "schreiben Sie orders/g1/0001/alice.yaml\n") in summary
    pr = world.open_pr("alice", "alice-orders", {"orders/g1/0001/alice.yaml": orders("alice", 1, 3, wait=True)})
    code, _, summary = pr_check(world, pr, capsys, tmp_path / "summary.md")
    assert code == 0, summary
    assert "Befehle von Alice. Abgabeschluss: 2026-01-05T20:00+01:00.\n\nSo verstanden:\n" in summary
    assert "> Sie haben gebeten zu warten (`wait: true`): der Zug wird nicht vor seinem Abgabeschluss ausgewertet." \
        in summary


INFORMAL = re.compile(r"\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b", re.IGNORECASE)


def _texts(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [t for v in node.values() for t in _texts(v)]
    if isinstance(node, list):
        return [t for v in node for t in _texts(v)]
    return []


def test_every_german_text_addresses_the_player_as_sie():
    """One voice for the league's German: the check, the issues, the 30JK engine and the orders page all say
    "Sie" (the orders page said "Wer bist du?" beside validate's "schreiben Sie ...")."""
    import yaml
    package = ROOT / "adjudicator"
    sources = {
        "catalog/check.yaml (de)": yaml.safe_load((package / "kit/catalog/check.yaml").read_text("utf-8"))["de"],
        "catalog/orders_page.yaml (de)": yaml.safe_load(
            (package / "kit/catalog/orders_page.yaml").read_text("utf-8"))["de"],
        "auf_achse words": yaml.safe_load((package / "rulesets/auf_achse/data/words.yaml").read_text("utf-8")),
        "bretton_woods words": yaml.safe_load((package / "rulesets/bretton_woods/data/words.yaml").read_text("utf-8")),
        "30JK messages": yaml.safe_load((package / "rulesets/diplomacy/variants/dreissigjaehriger_krieg/data/"
                                         "messages.yaml").read_text("utf-8")),
    }
    informal = [(name, text) for name, table in sources.items() for text in _texts(table) if INFORMAL.search(text)]
    assert all(_texts(t) for t in sources.values())
    # German written in the code too (the 30JK order sheet's comments said "nur du siehst diese Zeile"); "dir"
    # is left out here, where it is mostly English ("--git-dir")
    in_code = re.compile(r"\b([Dd]u|[Dd]ich|[Dd]ein(e[nmrs]?)?)\b")
    informal += [(f"{path.relative_to(ROOT)}:{node.lineno}", node.value)
                 for path in sorted(package.rglob("*.py")) for node in ast.walk(ast.parse(path.read_text("utf-8")))
                 if isinstance(node, ast.Constant) and isinstance(node.value, str) and in_code.search(node.value)]
    assert not informal, informal
