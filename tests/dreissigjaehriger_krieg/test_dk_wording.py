"""30JK says in German what the engine says in English (issue 23, "The game's language"), as tests/test_wording.py
shows for Auf Achse and Bretton Woods: every text the diplomacy engine gives a player has its German one in
``variants/dreissigjaehriger_krieg/data/messages.yaml`` (the engine's English text -> the German), with the same
placeholders and no English word; every message and hint of a 30JK game's check and every reason of its results is
one a German template makes; and the file holds no text the engine no longer says."""

from __future__ import annotations

import ast
import re

from adjudicator.kit.wording import Words, pattern, placeholders

from ..test_wording import ENGLISH, RAW_KEY, ROOT, prose

DK_PACKAGE = "adjudicator.rulesets.diplomacy"
DK_MESSAGES = Words(DK_PACKAGE, "variants/dreissigjaehriger_krieg/data/messages.yaml")  # English text -> German
DK_MAP = "dreissigjaehriger-krieg"
# the kinds of order, said where a message names one ({kind}: 'not an order of a retreat phase (Halten)')
ORDER_KINDS = ("hold", "move", "support", "convoy", "transform", "retreat", "disband", "build", "remove", "waive",
               "draw")
DK_ENGLISH = ENGLISH | {"army", "fleet", "unit", "units", "move", "moves", "support", "convoy", "hold", "holds",
                        "retreat", "build", "builds", "disband", "waive", "coast", "place", "province", "from",
                        "religion", "action", "actions", "confession", "mercenaries", "or", "and", "which"}


def dk_english_in(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]+", prose(text)) if w.lower() in DK_ENGLISH and w != w.upper()}


def _engine_texts() -> set[str]:
    """The English texts the diplomacy engine says through the map (``say``, ``text``, ``said``) with a literal,
    its named reasons (``ALREADY_ORDERED``, ``VOID``, ``ALL_USED``) and the judges' words of the issue's orders
    (``NOTATION``)."""
    found: set[str] = set()
    for path in (ROOT / "adjudicator" / "rulesets" / "diplomacy").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)) and node.args:
                name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
                if name in ("say", "text", "said"):
                    arg = node.args[0]
                    choices = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                    if isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Dict):
                        choices = list(arg.value.values)
                    found |= {c.value for c in choices if isinstance(c, ast.Constant) and isinstance(c.value, str)}
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") in ("ALREADY_ORDERED", "VOID", "ALL_USED")
                                                    for t in node.targets):
                found |= {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "NOTATION" for t in node.targets):
                assert isinstance(node.value, ast.Dict)
                found |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}  # the judges' words
    return found


def _dk_schema_descriptions() -> set[str]:
    """Every description of the 30JK order schema, as the engine writes it in English (a standard-map copy of
    the map data's rulebook reads them untranslated)."""
    from adjudicator.rulesets.diplomacy.orders import entry_properties
    from adjudicator.rulesets.diplomacy.tables import load_map, shipped

    m = load_map(DK_MAP, shipped())
    english = type(m)(name=m.name, data=m.data)  # the same map without its messages: the engine's English
    return {p["description"] for p in entry_properties(english).values()} | {
        "an order in judge notation, e.g. 'A Par - Bur', 'F Nth C A Lon - Bel'",
        "a structured order, e.g. {unit: A Par, move: Bur}"}


def test_the_30jk_messages_are_german_with_the_english_placeholders():
    texts = DK_MESSAGES.texts()
    assert len(texts) >= 200
    for english, german in texts.items():
        assert not dk_english_in(re.sub(r"\{\w+(?=[|}])", "{", german)), (english, german)
        assert placeholders(german) == placeholders(english), (english, german)
        for m in re.finditer(r"\{\w+\|([^{}|]*)\|([^{}|]*)\}", german):
            assert m.group(1) and m.group(2), german


def test_every_text_the_engine_says_is_in_the_30jk_messages_and_none_is_unused():
    from adjudicator.rulesets.diplomacy.look import ENGLISH as PAGE
    from adjudicator.rulesets.diplomacy.newsletter import PINNED_LINES

    pinned_lines = {getattr(PAGE, key) for key in PINNED_LINES}  # the page's lines a 30JK game says once it pins them
    said = _engine_texts() | _dk_schema_descriptions() | set(ORDER_KINDS) | pinned_lines
    texts = DK_MESSAGES.texts()
    assert sorted(t for t in said if t not in texts) == []
    assert sorted(t for t in texts if t not in said) == []


def _dk_corpus():
    """Faulty 30JK orders of every kind the check knows, in each phase, and the games they are checked in."""
    from adjudicator.rulesets.diplomacy import RULESET as DIPLOMACY

    from .dk_game import KEY, funded_game, new_game, play, position

    s = funded_game()
    movement = [
        ["A Xyzzy - Pra"], ["A Tor - Mei", "A Tor - Tan"], ["A Ber - Pra"], ["F Ber - Tor"], ["A Tor S A Mei - Ulm"],
        ["F Lub C A Ham - Ros"], ["Hessen - Ful"], ["A Tor -"], ["F Sin/wc H"], ["F Sin - Ros via convoy"],
        ["A Tor U"], ["A Tor H Tor Tor"], [""], ["Build A Ber"], ["Propose draw", "A Tor T F"], [7],
        ["F EbMa - Brg - Per"], ["Söldner A Kar K A Mei - Pra 3 RP"],
        ["Ungehorsam A Pra 1 RP"], ["Aufwiegeln A Pra 50 RP", "Kirchenbau A Mei 30 RP"],
        ["Söldner A Tor - Mei 3 RP"], ["Söldner A Kar - Ber 3 RP"], ["Ungehorsam A Xyz 3 RP"],
        ["Kirchenbau F Mei 2 RP"], ["Konfession katholisch"], ["Ungehorsam A Pra"], ["Söldner A Kar - Xyz 3 RP"],
        [{"unit": "F Lun", "via": "Ham"}], [{"unit": "A Tor"}, {"hold": False, "unit": "A Tor"}],
        [{"disobedience": "A Pra"}], [{"convert": False}], [{"church": "A Mei", "move": "Lei", "points": 2}],
        [{"unit": "A Pra", "points": 3}], [{"incite": "A Pra", "church": "A Pra", "points": 5}],
        [{"mercenaries": "A Kar", "via": "Pil", "points": 3}],
    ]
    out = [(s, KEY["schweden"], orders) for orders in movement]
    out += [(s, "nobody", ["A Ber H"]), (s, KEY["schweden"], "x")]
    retreat = position(funded_game(), {"pfalz": ["A Mai"], "bayern": ["A Hei", "A BSpe"]})
    retreat = play(retreat, {"bayern": ["A Hei - Mai", "A BSpe S A Hei - Mai"]}).state
    out += [(retreat, KEY["pfalz"], o) for o in (
        ["A Mai - Hei"], ["A Mai - Xyz"], ["A Tor - Mei"], ["Build A Mai"], ["F Mai disband"],
        ["A Mai - SGNa", "A Mai disband"], ["Ungehorsam A Pra 3 RP"])]
    fall = play(new_game()).state
    adjust = position(fall, {"oesterreich": ["A Pil", "A EbSa", "F Lin", "A MOla", "A Pra"], "rebellen": []})
    adjust = play(adjust, {"oesterreich": ["A Pil - Kar"]}).state
    out += [(adjust, KEY["oesterreich"], o) for o in (
        ["Build A Kar"], ["Build A Ber"], ["Build F Pra"], ["Waive", "Waive"], ["Remove A Pra"], ["Build A"],
        ["A Pra - Pil"], ["Propose draw"])]
    assert DIPLOMACY.phase(retreat).label == "Frühling 1618: Rückzüge"
    assert DIPLOMACY.phase(adjust).label == "Herbst 1618: Auf- und Abbau"
    return out


# a message naming an order opens with it in judge notation, whose words work in 30JK too ('A Ber S A Mei - Lei: ')
ORDER_NAMED = re.compile(r"^[^:]*? (?:via convoy|S|C|H|Disband)(?: [^:]*)?: |^(?:Build|Remove) [^:]*: |^Waive: ")


def _from_the_30jk_file(text: str) -> bool:
    """``text`` is what a German template makes, or a unit's order and the reason it fails ('A Tor - Mei: ...')."""
    templates = [pattern(t) for t in DK_MESSAGES.texts().values()]
    order, sep, reason = text.partition(": ")
    said = [text] + ([reason] if sep else [])
    return any(all(any(p.match(part) for p in templates) for part in t.split("; ")) for t in said) or any(
        p.match(t) for p in templates for t in said)


def test_30jk_every_check_message_and_hint_comes_from_the_messages_file():
    from adjudicator.rulesets.diplomacy import RULESET as DIPLOMACY

    seen: set[str] = set()
    for state, player, orders in _dk_corpus():
        for p in DIPLOMACY.check(state, player, orders):
            for text in (p.message, p.hint):
                assert text, p
                seen.add(text)
                assert _from_the_30jk_file(text), text
                said = ORDER_NAMED.sub("", text)
                assert not dk_english_in(said) and not RAW_KEY.search(prose(said)), text
    assert len(seen) >= 60


def test_30jk_every_reason_of_a_result_is_german():
    """The reasons the report and the issue give (the check's own reasons too: a second order, a void support)."""
    from .dk_game import funded_game, play, position

    s = position(funded_game(), {"schweden": ["A Tor", "A Ber", "F Ros"], "sachsen": ["A Mei", "A Lei"],
                                 "daenemark": ["F Lub"]})
    r = play(s, {"schweden": ["A Tor - Mei", "A Tor - Lei", "A Ber S A Tor - Mei", "F Ros S F Lub - Sin"],
                 "sachsen": ["A Mei - Tor", "A Lei S A Mei - Tor", "A Xyz H"], "daenemark": ["F Lub C A Ham - Ros"]})
    reasons = [row["reason"] for row in r.report["results"]]
    assert "die Einheit hat schon einen Befehl; der erste gilt" in reasons and "prallt ab; vertrieben" in reasons
    for reason in reasons:
        assert _from_the_30jk_file(reason) and not dk_english_in(reason), reason


def test_the_demo_issues_have_no_english_no_raw_key_and_the_right_plurals():
    """The demo game, built again with the messages file, shows what a 30JK game prints: phase labels, results and
    reasons, neutrals and the league's own lines, all German (the map's SVG aside: its legend is tested with the
    map)."""
    from adjudicator.league import store

    from ..test_wording import _plural_mistakes

    assert "variants/dreissigjaehriger_krieg/data/messages.yaml" in store.load_game(
        ROOT, "demo-dreissigjaehriger-krieg").config["data"]
    pages = sorted((ROOT / "site" / "news" / "demo-dreissigjaehriger-krieg").glob("*.md"))
    assert len(pages) == 10
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert re.search(r"^title: .* — (Frühling|Herbst) 16\d\d: (Züge|Rückzüge|Auf- und Abbau)\"$", text, re.M)
        page_text = text.split("\n---\n", 1)[1]  # the page, not its front matter
        body = re.sub(r"<svg.*?</svg>", " ", page_text, flags=re.DOTALL)
        body = re.sub(r"<[^>]*>|\(\.\./[^)]*\)|`[^`]*`", " ", body)
        assert not dk_english_in(body), (page.name, dk_english_in(body))
        assert not RAW_KEY.search(body) and not re.search(r"\bneutral-\w+-\d{4}-\w+|\b(rebellen|luettich)\b", body)
        assert _plural_mistakes(body) == [], page.name
