"""The orders page's verdict data: what the rules say, computed here by the rules themselves (issue 30).

The page decides nothing of its own. Everything it judges a sheet by comes from this module, into the open turn's
data, and the page only looks it up (``assets/orders.js``):

- ``limits``: the size an orders file may have and the padding a sealed one gets (``yamlio``, ``sealed.crypto``),
  so that no limit is written a second time in JavaScript;
- ``lines``: for a ruleset whose orders are a list of lines (Diplomacy, the Thirty Years' War), the verdict of
  the ruleset's own ``check`` on every line the page offers (every order of each unit the form lists), keyed as
  ``line_key`` reads a line, with the unit the line orders. A line the table does not hold is one the page cannot
  judge exactly, and it says so; unless its first two words name a unit of the player's and every other word is one
  of the table's or a place (``words``): then it is no order that unit can give (the rules read no other line of
  those words as an order of that unit).

Why data and not the rules themselves in the browser (Pyodide): the Python runtime alone is 6.3 MB compressed, 31
s of download on the phone profile the issue sets (1.6 Mbit/s) before it starts; the tables are a few kB per
player (the architecture page and the orders page's guide give the measured figures).

Every verdict is computed on the public view, as the rest of the page's data: no table lets a hidden figure follow.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections.abc import Iterable
from typing import Any

from .. import yamlio
from ..kit import orders, wording
from ..kit.ruleset import ReadsBenevolently, Ruleset, TextOfEntries
from ..model import Problem, State
from ..sealed import crypto

# Lines one ``check`` call judges together: one per unit (a unit ordered twice is a rule of its own), so that a
# table of a few hundred lines costs a few runs of the rules rather than one per line.
# The spaces a key folds: these few, the same in Python and JavaScript (their ``\s`` differ: JavaScript's takes
# U+FEFF, Python's U+001C-U+001F), so that the page never reads two lines as one where the rules may not.
_SPACE = re.compile(r"[ \t\n\r\f\v]+")


def line_key(line: str) -> str:
    """A line as the table keys it, and as the page reads the sheet's lines: lower case, runs of spaces as one
    space, a dash with a space each side (the rules read ``F Stp/sc-Bot`` and ``f stp/sc - bot`` alike). A coast's
    ``/`` and brackets stay as written: the rules read them only after a place (``A (Lvp) - Yor`` is no order, where
    a key that made them spaces looked up ``A Lvp - Yor``), so another spelling of a coast is a line of its own.

    >>> line_key("  F  Stp/sc-Bot "), line_key("A (Lvp) - Yor")
    ('f stp/sc - bot', 'a (lvp) - yor')
    >>> line_key("F\ufeffLon - Nth") == line_key("F Lon - Nth"), line_key("F\x1cLon") == line_key("F Lon")
    (False, False)
    """
    return _SPACE.sub(" ", line.lower().replace("-", " - ")).strip(" ")


def limits() -> dict[str, Any]:
    """The file's size limit and the sealed file's padding, as the page needs them (``orders.js``: ``check``,
    ``pad``): the sizes a padded plaintext takes up to the limit, and the step beyond it.

    >>> l = limits(); l["max_bytes"], l["pad"]["sizes"][:3], l["pad"]["step"]
    (262144, [1024, 2048, 4096], 4096)
    """
    sizes = sorted({crypto.padded_size(1 << n) for n in range(0, crypto.PAD_POW2_MAX.bit_length())})
    return {"max_bytes": yamlio.ORDERS_MAX_BYTES,
            "pad": {"mark": crypto.PAD_MARK.decode("ascii"), "sizes": sizes, "step": crypto.PAD_STEP}}


def _candidates(form: dict[str, Any]) -> list[tuple[str, str | None]]:
    """Every line the form offers, once, with the unit it orders: its item's, else the first two words every line
    of its item shares (a dislodged unit's retreats); ``None`` for a line ordering no unit (a build, a vote)."""
    seen: dict[str, str | None] = {}
    field = form.get("field") or {}
    for item in field.get("items") or []:
        values = [o.get("value") for o in item.get("options") or [] if isinstance(o.get("value"), str)]
        heads = {line_key(" ".join(v.split()[:2])) for v in values}
        unit = item.get("unit") or (heads.pop() if len(heads) == 1 and len(values) > 1 else None)
        for value in values:
            seen.setdefault(value, unit)
    return list(seen.items())


def orders_units(form: dict[str, Any] | None) -> bool:
    """Whether ``form`` is a list of lines that offers lines ordering a unit of the player's."""
    return any(unit is not None for _, unit in _candidates(form or {}))


def _batches(lines: list[tuple[str, str | None]]) -> list[list[str]]:
    """The lines in groups of at most one line per unit; a line ordering no unit (a build, a vote, a religious
    action) alone, since such lines count against each other."""
    per_unit: dict[str, list[str]] = {}
    alone: list[list[str]] = []
    for text, unit in lines:
        if unit is None:
            alone.append([text])
        else:
            per_unit.setdefault(unit, []).append(text)
    depth = max((len(v) for v in per_unit.values()), default=0)
    return [[v[k] for v in per_unit.values() if k < len(v)] for k in range(depth)] + alone


def line_table(ruleset: Any, state: State, player: str, form: dict[str, Any] | None) -> dict[str, Any] | None:
    """The ``lines`` verdict table of ``player``'s form (see the module's docstring), ``None`` where the orders are
    no list of lines or the rules cannot judge a line from the public view (the rest is the pull request's)."""
    if not form or (form.get("field") or {}).get("kind") != "list":
        tables = {**(held_table(ruleset, state, player, form) or {}), **finite_lists(ruleset, state, player),
                  **each_table(ruleset, state, player, form)}
        return tables or None
    lines = _candidates(form)
    units_of = dict(lines)
    table: dict[str, Any] = {}
    for batch in _batches(lines):
        try:
            problems: list[Problem] = list(ruleset.check(state, player, batch))
        except (KeyError, IndexError, TypeError, AttributeError):  # a rule that needs a hidden figure
            return None
        by_line: dict[int, list[dict[str, str]]] = {}
        for p in problems:
            if not p.path and p.severity == "warning":
                continue  # a word on the whole sheet (30JK: no confession chosen), not on the line
            if not p.path or not isinstance(p.path[0], int) or len(p.path) != 1:
                return None  # a problem of the whole list: the lines are not judged one by one
            by_line.setdefault(p.path[0], []).append({"severity": p.severity, "message": p.message})
        for i, text in enumerate(batch):
            # A line ordering no unit that the rules refuse on the public view (30JK's religious actions with the
            # points a public view does not show) is left unjudged: its verdict may follow from hidden figures.
            hidden = units_of[text] is None and any(p["severity"] == "error" for p in by_line.get(i, []))
            table[line_key(text)] = {"unknown": True} if hidden else {"problems": by_line.get(i, [])}
    for text, entry in ((t, table[line_key(t)]) for t, _ in lines):
        if units_of[text] is not None:
            entry["unit"] = units_of[text]
    places = (form.get("lines") or {}).get("places") or {}
    out = {"lines": table, "words": sorted({w for key in table for w in key.split(" ")} | set(places))}
    spent = spending(ruleset, state, player, form)
    if spent is not None:
        out["spending"] = spent
    if (form.get("lines") or {}).get("count") is not None:  # a winter: each line counts against those due
        del out["lines"]
        offered = [t for t, _ in lines]
        extra = _winter_extras(offered, places, (form.get("lines") or {}).get("letters") or [])
        out["states"] = line_states(ruleset, state, player, offered, extra)
    if drops_entries(ruleset, state):
        out["drops"] = "entry"
    return out


def drops_entries(ruleset: Any, state: State) -> bool:
    """Whether the rules drop a list's entry the schema refuses whole and judge the others as if it were not
    there (``kit.orders.rules_problems_beside_schema`` with the ruleset's ``drop``), asked of the rules' own
    ``drop``: then the page leaves such an entry to the schema's words, and it orders no unit (``drops``)."""
    if not isinstance(ruleset, ReadsBenevolently):
        return False
    drop: Any = ruleset.drop  # a list of lines, as the orders of the rules that give the page a line table are
    try:
        return (drop(state, ["x", {"y": 1}, "z"], Problem("", (1, "y"))) == ["x", "z"]
                and drop(state, ["x", "y"], Problem("", (0,))) == ["y"])
    except (KeyError, IndexError, TypeError, ValueError):
        return False


def refusals(ruleset: Any, state: State, player: str, form: dict[str, Any] | None,
             table: dict[str, Any] | None) -> dict[str, Any] | None:
    """The page's "exact" part (fetched after the form, with the checker): the rules' verdict on the lines a player
    writes for their own units that the lists do not offer, where they are finitely many (``F Edi - Mos``) and
    the same for every spelling ``line_key`` folds (or the same once the line as written is a mark, ``_judged``):
    every unit's move to every place of the map (``lines.places``), its hold and disband, each offered line with
    another unit letter, and each unit's support of every offered line of the player's units (but a support of a move
    the supports' shape answers, ``support_shapes``: the page finds it there, the same words). Keyed and judged as
    ``line_table``'s lines (the ruleset's own ``check``, one line per unit a run), with the unit each orders and
    ``free`` where the rules do not count the line as the unit's order (a wrong unit letter: a second line for the
    unit is then not "already ordered"), found by the rules too: the unit's first offered line after it gets their
    ``twice`` or not. ``None`` where the orders are no movement list (a winter's lines count against each other,
    ``line_states``)."""
    rules = (form or {}).get("lines") or {}
    if table and table.get("states"):
        befores = [before for _, before in sorted(_paths(table["states"]).items())]
        letters = [x.lower() for x in rules.get("letters") or []]
        winter = winter_unread(ruleset, state, player, table["states"], letters) or {}
        other = elsewhere(ruleset, state, player, rules.get("places") or {}, letters, [], befores, [])
        return {**winter, "elsewhere": other} if other else winter or None
    if not table or "lines" not in table or not rules.get("places") or not rules.get("twice"):
        return None
    known = table["lines"]
    lines = _candidates(form or {})
    offered: dict[str, list[str]] = {}
    for text, unit in lines:
        if unit is not None:
            offered.setdefault(unit, []).append(text)
    heads = {unit: " ".join(texts[0].split()[:2]) for unit, texts in offered.items()}
    letters = sorted({h.split()[0] for h in heads.values()} | set(rules.get("letters") or []))
    notation = {str(k): str(v) for k, v in ((form or {}).get("notation") or {}).items()}
    support = notation.get("S") or "S"
    every = [text for texts in offered.values() for text in texts]
    wanted: dict[str, list[str]] = {}
    for unit, head in heads.items():
        mine = wanted.setdefault(unit, [])
        # a move to every place, and the unit's own shapes of a line for a unit where the player has none (a hold,
        # a disband: a retreat offers no hold, a movement no disband)
        mine += [f"{head} - {place}" for place in sorted(rules["places"])]
        mine += [shape.replace("{l} {p}", head) for shape in SHAPES if "{q}" not in shape]
        mine += [" ".join([other, *text.split()[1:]]) for text in offered[unit] for other in letters
                 if other != text.split()[0]]
        supports = [f"{head} {support} {text}" for text in every]
        mine += supports
        # the same lines in the judges' notation where the game writes its own (30JK: 'A Aug S A BFre' beside 'A Aug
        # U A BFre'), as a player who knows the standard game writes them: the rules' check says what they read
        mine += [judged for text in [*offered[unit], *supports] if (judged := judges_words(text, notation)) != text]
    given = support_shapes(ruleset, state, player, heads, offered, support, rules["places"], letters,
                           str(rules["twice"])) if any(f" {support} " in text for text in every) else None
    seen: set[str] = set(known)
    todo: list[tuple[str, str | None]] = []
    shaped: list[str] = []  # supports the shape answers: the page looks them up there, not asked twice
    for unit, texts in wanted.items():
        for text in texts:
            if line_key(text) not in seen:
                seen.add(line_key(text))
                if given is not None and _shaped(given, rules["places"], line_key(text)):
                    shaped.append(line_key(text))
                else:
                    todo.append((text, unit))
    out = _judged(ruleset, state, player, todo, offered, str(rules["twice"]))
    # lines cut short: every run of plain words that begins a line of the tables and is none (``F Lon S``, ``A Lvp
    # -``, the lines a player has while typing): the rules cannot read them, and say so quoting the line, which the
    # page fills in as written (only for a plain line, ``PLAIN``)
    keys = [*known, *out, *shaped]
    short = sorted({" ".join(words[:n]) for words in (k.split(" ") for k in keys)
                    for n in range(1, _plain_run(words) + (_plain_run(words) < len(words)))} - set(keys))
    heads_of = {line_key(h): unit for unit, h in heads.items()}
    cut = [(r, heads_of.get(" ".join(r.split(" ")[:2]))) for r in short]
    out.update(_judged(ruleset, state, player, [(r, u) for r, u in cut if u is not None], offered,
                       str(rules["twice"])))
    # each unit's first offered line (the rules' "twice" is the same for all of a unit's lines) and every offered
    # line ordering no unit (a vote)
    others = [texts[0] for texts in offered.values()] + [t for t, u in lines if u is None]
    # (not a unit's line with the other letter, 'A Edi' for a fleet: the rules may count it as the unit's order)
    out.update(_alone(ruleset, state, player, [r for r, u in cut if u is None and not (
        r.count(" ") and r.split(" ")[1] in rules["places"])], others))
    found: dict[str, Any] = {"lines": out, "plain": PLAIN}
    if given is not None:  # (a movement: its units support)
        found["supports"] = given
    if not rules.get("not_yours"):  # (a movement's words for a line naming no unit of the player's: ``heads``)
        other = elsewhere(ruleset, state, player, rules["places"], [x.lower() for x in letters],
                          [line_key(h).split(" ")[1] for h in heads.values()], [[]],
                          [texts[0] for texts in offered.values()])
        if other is not None:
            found["elsewhere"] = other
    words = unread(ruleset, state, player, [*known, *out, *shaped], [texts[0] for texts in offered.values()])
    if words is not None:
        found["unread"] = words
    return found


def _shaped(supports: dict[str, Any], names: dict[str, str], key: str) -> bool:
    """Whether the page finds ``key`` (a line's key) in ``support_shapes``' data (orders.js ``supportOf``, the same
    steps): a support of the shape by one of the player's units, its letter's words known where it goes, of a
    supported place other than that one, not in ``but`` and printed as the rules print it."""
    words = key.split(" ")
    if len(words) != 7 or words[2] != supports["word"] or words[5] != "-":
        return False
    head = supports["heads"].get(" ".join(words[:2]))
    letter, x, q = words[3], words[4], words[6]
    if head is None or letter not in head["to"] or q not in supports["places"] or x not in supports["places"]:
        return False
    return (head["to"][letter][supports["places"].index(q)] >= 0 and x != q and x not in head["but"][letter]
            and x in supports["shown"] and q in names)


def judges_words(text: str, notation: dict[str, str]) -> str:
    """``text`` with the words the game writes for the judges' notation after its unit (``form.notation``: the
    judges' word -> the game's) written as the judges write them.

    >>> judges_words("A Aug U A BFre - FNeu", {"S": "U", "C": "K", "via convoy": "via Konvoi"})
    'A Aug S A BFre - FNeu'
    >>> judges_words("A U - Kiel via Konvoi", {"S": "U", "C": "K", "via convoy": "via Konvoi"})
    'A U - Kiel via convoy'
    """
    words = text.split(" ")
    out, n = words[:2], 2
    phrases = sorted(((game.split(" "), judge.split(" ")) for judge, game in notation.items()),
                     key=lambda pair: (-len(pair[0]), pair[0]))
    while n < len(words):
        game, judge = next(((g, j) for g, j in phrases if words[n:n + len(g)] == g), ([words[n]], [words[n]]))
        out += judge
        n += len(game)
    return " ".join(out)


# The marks of a support's words (``support_shapes``): the supporter as the rules print it, the supported unit's
# place and the place it goes to as they print them, and the full name of the place it goes to
_SUPPORT_MARKS = ("\x00h\x00", "\x00x\x00", "\x00q\x00", "\x00Q\x00")
Words = tuple[tuple[str, str], ...]  # a line's problems: (severity, message) each
Row = tuple[str, str, str, str]  # a support asked of the rules: the supporter's unit, the supported unit's letter,
# the supported unit's place and the place it goes to


def support_shapes(ruleset: Any, state: State, player: str, heads: dict[str, str], offered: dict[str, list[str]],
                   word: str, places: dict[str, str], letters: list[str], twice: str) -> dict[str, Any] | None:
    """The rules' verdict on a support by a unit of the player's of a move the lists do not offer (``F Lon S F Bre -
    Pic``: "F Lon cannot itself move to Picardy, so it cannot support there"), a line of the shape ``{unit} S
    {letter} {x} - {q}``: its words with the supporter, the supported unit's place ``x`` and the place it goes to
    ``q`` as marks (``_SUPPORT_MARKS``: filled in as the rules print them, ``shown`` and each head's ``shown``, and
    the full name of ``q`` as ``places`` gives it), found by the rules' own ``check`` and looked up by the unit, the
    letter and ``q`` (each head's ``to``: an index in ``says`` for each place of ``places``, -1 for none).

    Every such line is too many to ask (76 x 76 a unit and letter on the standard map: a second line of a unit in
    one run is its second order, so each is a run), and the rules' words name the supporter and where the support
    goes; so the rules are asked on every ``q`` with one ``x`` (the first place that is neither the unit's nor
    ``q``), and on every ``x`` with one ``q`` of each of the words so found (and that once in capitals: the key
    folds the case): an ``x`` whose words are other there is in the unit's and letter's ``but``, and the page
    judges a line whose ``x`` is its ``q`` no more than one whose words the rules did not give. Each words entry
    with ``free`` where the rules do not count the line as the unit's order (the unit's first offered line after
    it is no second order), as ``_judged``'s. ``None`` where no words are found."""
    to = sorted(places)
    units = sorted(heads)
    where = {u: line_key(heads[u]).split(" ")[1] for u in units}

    def ask(rows: list[Row], spell: Any = str, free: bool = True) -> dict[Row, tuple[Words, bool]]:
        """``check``'s words on each row's line and whether it is free (``free``; else False): one line per unit a
        run (a second would be the unit's second order), each unit's first offered line after them."""
        per: dict[str, list[Row]] = {}
        for row in rows:
            per.setdefault(row[0], []).append(row)
        out: dict[Row, tuple[Words, bool]] = {}
        for k in range(max((len(v) for v in per.values()), default=0)):
            batch = [v[k] for v in per.values() if k < len(v)]
            lines = [spell(f"{heads[u]} {word} {m} {x.capitalize()} - {q.capitalize()}") for u, m, x, q in batch]
            problems = ruleset.check(state, player, [*lines, *(offered[u][0] for u, _, _, _ in batch if free)])
            at: dict[Any, list[Problem]] = {}
            for p in problems:
                at.setdefault(p.path, []).append(p)
            for i, row in enumerate(batch):
                own = tuple((p.severity, p.message) for p in at.get((i,), []))
                out[row] = (own, not any(twice in p.message for p in at.get((len(batch) + i,), [])))
        return out

    named = {place: re.compile(_whole(place).pattern, re.IGNORECASE) for place in to}
    printed: dict[str, set[str]] = {}

    def note(answers: dict[Row, tuple[Words, bool]]) -> dict[str, str]:
        """The names the rules print for each place (the supporter and the full name of ``q`` taken out), each
        place's where it is one."""
        for (u, _, x, q), (said, _) in answers.items():
            if not said:
                continue
            text = _whole(places[q]).sub("\x00", "\n".join(m for _, m in said).replace(heads[u], "\x00"))
            for place in {x, q}:
                printed.setdefault(place, set()).update(found.group(0) for found in named[place].finditer(text))
        return {place: names.copy().pop() for place, names in printed.items() if len(names) == 1}

    def fill(made: Words, row: Row, shown: dict[str, str]) -> Words:
        u, _, x, q = row
        values = dict(zip(_SUPPORT_MARKS, (heads[u], shown.get(x, "\x00"), shown.get(q, "\x00"), places[q]),
                          strict=True))
        return tuple((s, re.sub("\x00[hxqQ]\x00", lambda found: values[found.group(0)], m)) for s, m in made)

    def marked(row: Row, said: Words, shown: dict[str, str]) -> Words | None:
        """``said`` with the row's supporter and places as marks; ``None`` where that is not how they are."""
        u, _, x, q = row
        if "\x00" in "".join(m for _, m in said):
            return None
        out = []
        for s, m in said:
            m = _whole(places[q]).sub(_SUPPORT_MARKS[3], _whole(heads[u]).sub(_SUPPORT_MARKS[0], m))
            for mark, place in ((_SUPPORT_MARKS[2], q), (_SUPPORT_MARKS[1], x)):
                m = _whole(shown[place]).sub(mark, m) if place in shown else m
            out.append((s, m))
        return tuple(out) if fill(tuple(out), row, shown) == said else None

    first = {(u, m, q): next(x for x in to if x not in (where[u], q)) for u in units for m in letters for q in to}
    asked = ask([(u, m, x, q) for (u, m, q), x in first.items()])
    shown = note(asked)
    found: dict[tuple[str, str, str], Words] = {}
    for (u, m, q), x in first.items():
        made = marked((u, m, x, q), asked[(u, m, x, q)][0], shown)
        if made is not None:
            found[(u, m, q)] = made
    # every x with one q of each words found for more than one q (the first), and that once in capitals (words
    # found for one q, 'a unit cannot support a move into its own province', are not asked on every x)
    counted: dict[tuple[str, str, Words, bool], list[str]] = {}
    for (u, m, q), made in sorted(found.items()):
        counted.setdefault((u, m, made, asked[(u, m, first[(u, m, q)], q)][1]), []).append(q)
    kinds = {kind: qs[0] for kind, qs in counted.items() if len(qs) > 1}
    more = ask([(u, m, x, q) for (u, m, _, _), q in kinds.items() for x in to if x != q], free=False)
    loud = ask([(u, m, first[(u, m, q)], q) for (u, m, _, _), q in kinds.items()], str.upper)
    shown = note(more)
    says: list[tuple[Words, bool]] = []
    heads_out: dict[str, Any] = {}
    for u in units:
        entry: dict[str, Any] = {"unit": u, "shown": heads[u], "to": {}, "but": {}}
        for m in letters:
            index = []
            for q in to:
                row, made = (u, m, first[(u, m, q)], q), found.get((u, m, q))
                free = asked[row][1]
                rep = kinds.get((u, m, made, free)) if made is not None else None
                # the words again with the names as finally printed, and the same in capitals on the kind's first q
                if (made is None or rep is None or asked[row][0] != fill(made, row, shown)
                        or loud[(u, m, first[(u, m, rep)], rep)] != asked[(u, m, first[(u, m, rep)], rep)]):
                    index.append(-1)
                    continue
                if (made, free) not in says:
                    says.append((made, free))
                index.append(says.index((made, free)))
            entry["to"][m.lower()] = index
            entry["but"][m.lower()] = sorted({x for (uu, mm, made, free), q in kinds.items() if (uu, mm) == (u, m)
                                              for x in to if x != q and more[(u, m, x, q)][0] != fill(
                                                  made, (u, m, x, q), shown)})
        heads_out[line_key(heads[u])] = entry
    if not says:
        return None
    return {"word": line_key(word), "places": to, "shown": dict(sorted(shown.items())), "heads": heads_out,
            "says": [{"problems": [{"severity": s, "message": m} for s, m in made], "free": free}
                     for made, free in says]}


def _judged(ruleset: Any, state: State, player: str, todo: list[tuple[str, str | None]],
            offered: dict[str, list[str]], twice: str) -> dict[str, Any]:
    """``refusals``' entries for ``todo`` (lines with the unit each orders): the rules' own ``check``, one line per
    unit a run, the unit's first offered line after each (``free`` where the rules then do not say ``twice``: they do
    not count the line as the unit's order); and the same lines in capitals, whose verdict must be the same for every
    spelling the key folds. Where it quotes the line as written (a line the rules cannot read: ``unexpected
    'disband' at the end of 'A Ven S A Ven disband'``, ``a place is missing in 'A Lvp -'``) the quote is a mark
    (``quotes``) the page fills in, kept where the line in lower case, in capitals and capitalized with other
    spaces (``_spaced``) give the same words: any other word of it the rules quote is then the same in every
    spelling the key folds (the reader's own lower-case words: "cannot read {line} after 'ven'")."""
    unit_of = dict(todo)
    out: dict[str, Any] = {}
    for batch in _batches(todo):
        units = [str(unit_of[t]) for t in batch]
        firsts = [offered[u][0] for u in units]
        problems = list(ruleset.check(state, player, [*batch, *firsts]))
        shouted = list(ruleset.check(state, player, [t.upper() for t in batch]))
        spaced: list[Problem] | None = None  # asked only where a line quotes itself
        for i, text in enumerate(batch):
            own = [{"severity": p.severity, "message": p.message} for p in problems if p.path == (i,)]
            loud = [{"severity": p.severity, "message": p.message} for p in shouted if p.path == (i,)]
            quotes = own != loud
            if quotes:
                if spaced is None:
                    spaced = list(ruleset.check(state, player, [_spaced(t) for t in batch]))
                wide = [{"severity": p.severity, "message": p.message.replace(repr(_spaced(text)), "{line}")}
                        for p in spaced if p.path == (i,)]
                own = [{**p, "message": p["message"].replace(repr(text), "{line}")} for p in own]
                loud = [{**p, "message": p["message"].replace(repr(text.upper()), "{line}")} for p in loud]
                if own != loud or own != wide:  # the rules quote its last word as written too ('A Aug U A')
                    own, loud, wide = (_last_marked(ps, t) for ps, t in ((own, text), (loud, text.upper()),
                                                                        (wide, _spaced(text))))
                if own != loud or own != wide or any("{" in p["message"].replace("{line}", "").replace(
                        "{last}", "") for p in own):
                    continue
            counted = any(p.path == (len(batch) + i,) and twice in p.message for p in problems)
            entry: dict[str, Any] = {"problems": own, "unit": units[i]}
            if quotes:
                entry["quotes"] = True
            if not counted:
                entry["free"] = True
            out[line_key(text)] = entry
    return out


def _last_marked(problems: list[dict[str, str]], text: str) -> list[dict[str, str]]:
    """``problems`` with the last word of ``text`` (letters and digits), quoted as ``repr`` quotes it, written as
    ``{last}``: the rules quote a word of a line as written ("kein Ort namens 'A' in 'A Aug U A'"), which the page
    fills in as the line has it (``orders.js``: ``lastQuoted``, where the rules' quote is that word's)."""
    last = text.replace("-", " - ").split()[-1]
    if not last.isascii() or not last.isalnum() or "{last}" in "".join(p["message"] for p in problems):
        return problems
    return [{**p, "message": p["message"].replace(repr(last), "{last}")} for p in problems]


def _alone(ruleset: Any, state: State, player: str, cut: list[str], others: list[str]) -> dict[str, Any]:
    """Entries for lines cut short that order no unit (``Concede to``, refused; ``Propose``, which the rules take
    as the draw it begins): the rules' own ``check`` of each alone, kept where the order reader reads it
    (``reads_as_order``), the same in lower case, capitals and other spaces once the line as written is a mark
    (``quotes``: the page looks a plain line up only), and where it changes nothing of the ``others`` nor they of
    it (each before and after it gets the same words as without it): a vote or an order after it is judged as
    alone, whether the rules refuse the line or take it."""
    out: dict[str, Any] = {}
    if not cut:
        return out

    def said(lines: list[str], at: int, line: str) -> list[dict[str, str]]:
        return both(lines, [(at, line)])[0]

    def both(lines: list[str], asked: list[tuple[int, str]]) -> list[list[dict[str, str]]]:
        """``said`` of several lines of one sheet, the rules run once on it."""
        problems = ruleset.check(state, player, lines)
        return [[{"severity": p.severity, "message": p.message.replace(repr(line), "{line}")}
                 for p in problems if p.path == (at,)] for at, line in asked]

    alone = {o: said([o], 0, o) for o in others}
    order = getattr(ruleset, "reads_as_order", None)
    for text in cut:
        if order is None or not order(state, text):
            continue  # a rulebook's entry of its own (30JK's religious actions): its verdict may follow hidden figures
        spelt = [said([t], 0, t) for t in (text, text.upper(), _spaced(text))]
        if not spelt[0] == spelt[1] == spelt[2] or any("{" in p["message"].replace("{line}", "") for p in spelt[0]):
            continue
        if any(said([text, o], 1, o) != alone[o] or both([o, text], [(0, o), (1, text)]) != [alone[o], spelt[0]]
               for o in others):
            continue
        out[line_key(text)] = {"problems": spelt[0], "quotes": True, "free": True}
    return out


def _spaced(text: str) -> str:
    """``text`` in another spelling ``line_key`` folds alike: each word capitalized, two spaces between words, a
    dash between two words written without spaces (``a ven - tus`` -> ``A  Ven-Tus``)."""
    return "  ".join(w.capitalize() for w in text.split(" ")).replace("  -  ", "-")


# A line whose words the page splits as the rules do (``line_key``'s words are ``words_of``'s) and that Python's
# ``repr`` quotes as it is written: letters, digits, spaces and dashes only, no space first or last (the rules quote
# the line as written in some words and stripped in others); the page judges no other by ``unread``
PLAIN = "^[A-Za-z0-9-]+( +[A-Za-z0-9-]+)*$"
_WORD = re.compile(r"[a-z0-9]+|-")
# the probes: the words before and a word no rule reads in its stead, in lower case and in capitals, alone and
# with a word after it
_PROBES = (("{p} Qqqq", "Qqqq"), ("{P} ZZzz H", "ZZzz"))


def _plain_run(words: list[str]) -> int:
    """How many of ``words`` are plain (``_WORD``) from the first on: the runs of a line's words the page can look
    up end there (a 30JK transformation 'a fans t f/nc' begins the plain run 'a fans t')."""
    return next((n for n, w in enumerate(words) if not _WORD.fullmatch(w)), len(words))


def _said(text: str, word: str, problems: list[Problem]) -> tuple[tuple[str, str], ...] | None:
    """The problems of a probe with the line, its unread word and the words from it on (as ``repr`` quotes
    them) written as marks the page fills in; ``None`` where a message holds the probe in any other way."""
    words = text.lower().replace("-", " - ").split()
    rest = " ".join(words[words.index(word.lower()):])
    out = []
    for p in problems:
        said = p.message.replace(repr(text), "\x00line\x00").replace(repr(word), "\x00word\x00")
        said = said.replace(repr(rest), "\x00rest\x00")
        if "\x00" in p.message or word.lower() in said.lower():
            return None
        out.append((p.severity, said))
    return tuple(out)


def unread(ruleset: Any, state: State, player: str, keys: Iterable[str], firsts: list[str],
           before: list[str] | None = None) -> dict[str, Any] | None:
    """The rules' verdict on a line they cannot read because of a word they read nowhere (``F Edi - Nht``,
    ``F Edi - Yor xxxxxxxxxx``, ``Concede to Wien``): their reading stops at the first such word, so their verdict
    follows from the words before it and quotes the line, that word and the words from it on. For every run of
    words that begins a line of the tables (``keys``, all plain words), the rules' own ``check`` of it followed by
    an unread word, twice (in lower case and in capitals, alone and with a word after it); kept where both give the
    same messages once the line, the word and the rest are marks, the line is no rulebook's entry of its own (30JK's
    religious actions read other words) and orders no unit (the units' first offered lines after them are judged
    as alone). ``words``: every plain word the rules read (``words_read``); ``plain``: the lines the page judges
    so (``PLAIN``); ``says``: the messages, ``at``: a run of words -> its messages. ``None`` where the ruleset
    names no words. ``before``: lines before the probes (a winter's state: ``winter_unread``). Where the rules
    note how their reader looks at a line's words (``looks``): ``stop``, a run -> the index in ``but`` of the words
    the rules read that would change the reading after it (``_changing``); every other word they read stops it
    there as an unread word does (``A Lvp - C``: "no place named 'C'"), and the page looks such a line up so too.
    ``folds``: the letters beyond ASCII the rules read as others (``_folds``: a German game's umlauts), by which the
    runs are made of the keys and the page compares a line's words."""
    before = list(before or [])
    read, order = getattr(ruleset, "words_read", None), getattr(ruleset, "reads_as_order", None)
    if read is None or order is None:
        return None
    known = read(state)
    if any(w.lower() in known for _, w in _PROBES):
        return None
    keys = list(keys)
    folds = _folds(ruleset, state, keys)
    folded = ["".join(folds.get(c, c) for c in key).split(" ") for key in keys]
    runs = sorted({" ".join(words[:n]) for words in folded for n in range(1, _plain_run(words) + 1)})
    many = getattr(ruleset, "reads_as_orders", None) or (lambda state, lines: [order(state, t) for t in lines])
    read_both = many(state, [probe.format(p=r, P=r.upper()) for r in runs for probe, _ in _PROBES])
    runs = [r for n, r in enumerate(runs) if read_both[2 * n] and read_both[2 * n + 1]]
    looks = getattr(ruleset, "looks", None)
    # the reader's looks at each run and an unread word, taken first: the line is the first probe's own (its words
    # the same), so that the rules read each once (issue 33: they keep what they read)
    first_looks = dict(zip(runs, looks(state, [_PROBES[0][0].format(p=r, P=r.upper()) for r in runs]), strict=True)
                       ) if looks is not None else {}
    b = len(before)
    alone = [((p.path[0] - b,), p.severity, p.message) for p in ruleset.check(state, player, [*before, *firsts])
             if len(p.path) == 1 and isinstance(p.path[0], int) and p.path[0] >= b]
    answers = []
    for probe, word in _PROBES:
        texts = [probe.format(p=r, P=r.upper()) for r in runs]
        problems = ruleset.check(state, player, [*before, *texts, *firsts])
        after = [((p.path[0] - b - len(texts),), p.severity, p.message) for p in problems
                 if len(p.path) == 1 and isinstance(p.path[0], int) and p.path[0] >= b + len(texts)]
        if after != alone:
            return None  # a probe ordered a unit: the rules may count such lines (none of the standard reader's)
        by_line: dict[int, list[Problem]] = {}
        for p in problems:
            if len(p.path) == 1 and isinstance(p.path[0], int) and b <= p.path[0] < b + len(texts):
                by_line.setdefault(p.path[0] - b, []).append(p)
        answers.append([_said(t, word, by_line.get(i, [])) for i, t in enumerate(texts)])
    says: dict[tuple[str, str], int] = {}
    at: dict[str, list[int]] = {}
    for r, first, second in zip(runs, *answers, strict=True):
        if first is None or first != second or not any(sev == "error" for sev, _ in first):
            continue
        at[r] = [says.setdefault(m, len(says)) for m in first]
    words = sorted(w for w in known if _WORD.fullmatch(w) and w != "-")
    out: dict[str, Any] = {"plain": PLAIN, "words": words, "says": [list(m) for m in says], "at": at,
                           **({"folds": folds} if folds else {})}
    if looks is not None:
        # the words the rules read elsewhere that stop their reading here as an unread word does
        lists: dict[tuple[str, ...], int] = {}
        stop: dict[str, int] = {}
        runs = list(at)
        # the reader's looks at a run, an unread word and more, where its reading of the run and the word alone
        # took a look after the word (else it reads the longer line as it reads the shorter: ``_past``)
        past = [r for r in runs if _past(first_looks[r])]
        longer = dict(zip(past, looks(state, [f"{r} qqqq zzzz h" for r in past]), strict=True))
        for r in runs:
            changes = _changing(first_looks[r], longer.get(r) or _longer(first_looks[r]), [*words, "-"], _PREFIXES)
            if changes is not None and reads_alike(many, state, r, [*words, "-"], changes):
                stop[r] = lists.setdefault(tuple(sorted(changes)), len(lists))
        out["but"] = [list(c) for c in lists]
        out["stop"] = stop
    return out


def _folds(ruleset: Any, state: State, keys: list[str]) -> dict[str, str]:
    """The letters beyond ASCII of ``keys`` (a German game's ä, ö, ü, ß), in lower case and capitals, each with the
    letters the rules' reader reads it as (its words of a word with it, ``looks``: 'zurückziehen' is read
    'zurueckziehen'), kept where those are lower-case ASCII letters. The reader folds a line letter by letter, so a
    line of plain words and these letters has the words the page makes of it by them (``orders.js``:
    ``unreadProblems``), and ``repr`` quotes it as written; empty where the rules note no looks."""
    looks = getattr(ruleset, "looks", None)
    letters = sorted({c for key in keys for ch in key if not ch.isascii() and ch.isalpha()
                      for c in (ch, ch.lower(), ch.upper()) if len(c) == 1})
    if looks is None or not letters:
        return {}
    out: dict[str, str] = {}
    for letter, (words, _) in zip(letters, looks(state, [f"qq{c}qq" for c in letters]), strict=True):
        if len(words) == 1 and re.fullmatch(r"qq[a-z]+qq", words[0]):
            out[letter] = words[0][2:-2]
    return out


def _past(alone: tuple[list[str], list[Any]]) -> bool:
    """Whether the reader, reading a run of words and an unread word (``alone``: the words and its looks), took
    any look after that word (its last): whether there is a word there counts too."""
    toks, watched = alone
    return any(start >= len(toks) for start, _, _ in watched)


def _longer(alone: tuple[list[str], list[Any]]) -> tuple[list[str], list[Any]]:
    """What ``_changing`` reads of the reader's looks at a run, an unread word and more words, where its looks at
    the run and the word alone (``alone``) took none after the word (``_past``): the reader compares a line's words
    only through its looks (``reading.Look``), and up to that word the two lines have the same words, so it reads
    the longer one as it read the shorter, step by step, and ends where that reading ended, having looked at no
    word after it either. Its looks at windows reaching past the word found nothing (the unread word is in no
    phrase), so no look of the longer line lies past the word: the words up to it and no look."""
    return alone[0] + ["zzzz", "h"], []


# Each phrase set's table of continuations (``_changing``), by the set (a mapping by its id, kept with it: the id
# stays its own): kept for the process, the map's sets being the same for every player and turn of a map
_PREFIXES: dict[Any, tuple[Any, dict[str, set[str]]]] = {}


def _changing(alone: tuple[list[str], list[Any]], longer: tuple[list[str], list[Any]], words: list[str],
              prefixes: dict[Any, tuple[Any, dict[str, set[str]]]]) -> set[str] | None:
    """The words of ``words`` that would change the reader's reading of a run of words followed by a word it reads
    nowhere (``alone``: the words and each look it took at them, the rules' own record; ``longer``: the same with
    words after it), where it looks at that word: a word that makes a look-up there find a phrase, or begin one (a
    longer look-up would then find more). Any other word is read there as the unread word is, and the reader takes
    no other look at it (it compares words only by these look-ups), so a line of the run, such a word and anything
    after gets the unread word's verdict.
    ``None`` where the reader looked at that word otherwise, or past it (the words after may count)."""
    (toks, watched), (tail, after) = alone, longer
    k = len(toks) - 1
    if toks[k] != "qqqq" or tail[:k + 1] != toks or any(start > k for start, n, _ in after if n):
        return None  # the reading looked at a word after it (a look-up holding the word finds nothing): they count
    changes: set[str] = set()
    for start, n, what in watched:
        if not n or not start <= k < start + n:
            continue
        if what is None:
            return None
        key = what if isinstance(what, (frozenset, tuple)) else id(what)  # a set made anew is the same set
        if key not in prefixes:  # each run of a phrase's first words -> the words that go on from it
            nexts: dict[str, set[str]] = {}
            for phrase in what:
                parts = phrase.split(" ")
                for j, part in enumerate(parts):
                    nexts.setdefault(" ".join(parts[:j]), set()).add(part)
            if len(prefixes) >= 256:  # a bound: other maps' sets
                prefixes.clear()
            prefixes[key] = (what, nexts)
        changes |= prefixes[key][1].get(" ".join(toks[start:k]), set())
    changes &= set(words)
    return changes


def reads_alike(order: Any, state: State, run: str, words: list[str], changes: set[str]) -> bool:
    """Whether ``run`` followed by each word not in ``changes`` is a line the order reader reads (not a rulebook's
    entry of its own: 30JK's religious actions open with words of their own, at most two), alone and with a word
    after; a word that makes it the rulebook's joins ``changes``."""
    if run.count(" ") >= 1:  # its first two words are the run's, or the run and the word: the same alone
        return True
    asked = [w for w in words if w not in changes]
    read = order(state, [line for w in asked for line in (f"{run} {w}", f"{run} {w} qqqq")])
    changes.update(w for n, w in enumerate(asked) if not (read[2 * n] and read[2 * n + 1]))
    return True


def _paths(states: list[dict[str, Any]]) -> dict[int, list[str]]:
    """The lines of each state's first path from the empty sheet, by the state (``line_states``)."""
    firsts: dict[int, list[str]] = {0: []}
    todo = [0]
    while todo:
        n = todo.pop(0)
        for key, move in sorted(states[n].items()):
            to = move.get("to")
            if to is not None and to not in firsts and not move.get("quotes"):
                firsts[to] = [*firsts[n], key]
                todo.append(to)
    return firsts


def winter_unread(ruleset: Any, state: State, player: str, states: list[dict[str, Any]], more: Iterable[str] = ()
                  ) -> dict[str, Any] | None:
    """``unread`` for a winter's lines (``line_states``), as the page's "exact" part: the rules' verdict on a line
    they cannot read, kept only where the same after the lines of every state the walk reached (a line of each
    state's first path from the empty sheet before the probes), and refused there: such a line leaves the state
    as it is (the rules carry out no line they refuse), and the page walks on after it. ``more``: runs of words
    asked besides those the states' lines begin with (a unit letter: ``A A Lon``, "no place named 'A'")."""
    firsts = _paths(states)
    keys = [k for here in states for k, v in here.items() if not v.get("quotes")] + list(more)
    found = [unread(ruleset, state, player, keys, [], before) for _, before in sorted(firsts.items())]
    if not found or any(f is None for f in found):
        return None
    said = [{r: [f["says"][k] for k in at] for r, at in f["at"].items()} for f in found if f is not None]
    same = {r: m for r, m in said[0].items() if all(other.get(r) == m for other in said[1:])}
    first = found[0]
    assert first is not None
    says: list[list[str]] = []
    at: dict[str, list[int]] = {}
    for r, messages in same.items():
        for m in messages:
            if m not in says:
                says.append(m)
        at[r] = [says.index(m) for m in messages]
    stop = {r: n for r, n in (first.get("stop") or {}).items() if r in at}
    return {"plain": PLAIN, "unread": {**first, "says": says, "at": at, **({"stop": stop} if "stop" in first else {})}
            } if at else None


# The shapes of a line ordering a unit where the player has none (``elsewhere``), by ``line_key``'s words: ``{l}``
# a unit letter, ``{p}`` the place of the unit, ``{q}`` the place it goes to
SHAPES = ("{l} {p} h", "{l} {p} disband", "{l} {p} - {q}")
# The most lines of a shape asked (every letter, place and place it goes to): a map of 76 places has 11,552 moves,
# asked in 2 s; one of 150 would have 45,000 (Thirty Years' War), and the page leaves its moves unjudged
MOST_ELSEWHERE = 12000
_MARKS = {"p": "\x00p\x00", "q": "\x00q\x00"}


def _whole(word: str) -> re.Pattern[str]:
    return re.compile(r"(?<![A-Za-z0-9])" + re.escape(word) + r"(?![A-Za-z0-9])")


def elsewhere(ruleset: Any, state: State, player: str, places: Iterable[str], letters: Iterable[str],
              own: Iterable[str], befores: list[list[str]], firsts: list[str]) -> dict[str, Any] | None:
    """The rules' verdict on a line for a unit in a place where the player has none, in the phases whose rules
    judge such a line by its kind and place (a retreat: ``A Adr H`` "not an order of a retreat phase", ``A Tus -
    Yor`` "no dislodged unit of yours there"; a winter: "not an order of an adjustment phase"): the rules' own
    ``check`` of every line of each of ``SHAPES``, every unit letter, every place of the map but ``own`` (the
    player's units' places, whose lines the tables hold) as ``{p}`` and every place as ``{q}``, after the lines of
    each state the page walks (``befores``: ``[[]]`` but in a winter), in lower case, in capitals and with other
    spaces. Their words name the places as the rules print them (``shown``): a shape's words are kept where they
    are, with those names as marks the page fills in, the words of every such line but those ``but`` names, in
    every state and spelling, each with an error (the rules carry out no such line: it changes no state). And no
    such line counts as a unit's order: ``firsts`` (each unit's first offered line) get the same words after them
    as alone, and they the same after ``firsts``. The page looks a line up by its shape (``orders.js``:
    ``elsewhereProblems``)."""
    letters, to = sorted(letters), sorted(places)
    froms = sorted(set(to) - set(own))
    shapes = [s for s in SHAPES if len(letters) * len(froms) * (len(to) if "{q}" in s else 1) <= MOST_ELSEWHERE]
    asked = [(shape, letter, p, q) for shape in shapes for letter in letters for p in froms
             for q in (to if "{q}" in shape else [""])]
    texts = [shape.replace("{l}", letter).replace("{p}", p).replace("{q}", q) for shape, letter, p, q in asked]

    def said(before: list[str], lines: list[str], after: Iterable[str] = ()) -> tuple[list[Any], list[Any]]:
        """The problems of each of ``lines`` after ``before``, and of each of ``after`` after them."""
        b, n = len(before), len(lines)
        out: list[list[tuple[str, str]]] = [[] for _ in [*lines, *after]]
        for p in ruleset.check(state, player, [*before, *lines, *after]):
            if len(p.path) == 1 and isinstance(p.path[0], int) and b <= p.path[0] < b + len(out):
                out[p.path[0] - b].append((p.severity, p.message))
        return out[:n], out[n:]

    answers = said([], texts)[0]
    # a line the rules take (in a winter, a removal of a unit of the player's) may change how they judge the lines
    # after it: such lines are asked no more, and every line in their place is in ``but``
    taken = {n for n, problems in enumerate(answers) if not any(s == "error" for s, _ in problems)}
    if taken:
        asked = [a for n, a in enumerate(asked) if n not in taken]
        texts = [t for n, t in enumerate(texts) if n not in taken]
        answers = said([], texts)[0]
        if any(not any(s == "error" for s, _ in problems) for problems in answers):
            return None
    if (said([], [t.upper() for t in texts])[0] != answers or said([], [_spaced(t) for t in texts])[0] != answers
            or firsts and (said([], texts, firsts)[1] != said([], firsts)[0]
                           or said([], [*firsts, *texts])[0][len(firsts):] != answers)):
        return None
    every = [answers] + [said(before, texts)[0] for before in befores if before]
    if any(not any(s == "error" for s, _ in problems) for answers_there in every for problems in answers_there):
        return None  # a line the rules take in some state: the lines after it in a run may be judged otherwise
    judged = set(asked)
    printed: dict[str, set[str]] = {}  # the names the rules print for each place, in the words on its lines
    named = {place: re.compile(_whole(place).pattern, re.IGNORECASE) for place in to}
    for (_, _, p, q), problems in zip(asked, answers, strict=True):
        for place in {p, q} - {""}:
            printed.setdefault(place, set()).update(m.group(0) for _, message in problems
                                                    for m in named[place].finditer(message))
    shown = {place: names.pop() for place, names in printed.items() if len(names) == 1}
    out: dict[str, Any] = {}
    for shape in shapes:
        for letter in letters:
            key = shape.replace("{l}", letter)
            rows = [n for n, (s, lt, _, _) in enumerate(asked) if s == shape and lt == letter]
            but = [f"{p} {q}".strip() for p in froms for q in (to if "{q}" in shape else [""])
                   if (shape, letter, p, q) not in judged]
            marked: dict[tuple[tuple[str, str], ...], int] = {}
            for n in rows:
                _, _, p, q = asked[n]
                if p == q or p not in shown or (q and q not in shown):
                    continue
                template = _template(answers[n], {"p": shown[p], **({"q": shown[q]} if q else {})})
                if template is not None:
                    marked[template] = marked.get(template, 0) + 1
            if not marked:
                continue
            template = max(marked, key=lambda t: (marked[t], t))
            for n in rows:
                _, _, p, q = asked[n]
                words = [(s, m.replace(_MARKS["p"], shown.get(p, "\x00")).replace(_MARKS["q"], shown.get(q, "\x00")))
                         for s, m in template]
                if any(said_here[n] != words or not any(s == "error" for s, _ in words) for said_here in every):
                    but.append(f"{p} {q}".strip())
            if len(but) * 2 < len(rows) + len(but):
                out[key] = {"problems": [{"severity": s, "message": m} for s, m in template], "but": but}
    return {"from": froms, "shown": shown, "shapes": out} if out else None


def _template(problems: list[tuple[str, str]], names: dict[str, str]) -> tuple[tuple[str, str], ...] | None:
    """``problems`` with each of ``names`` (printed once in all, a whole word) written as its mark, ``None`` where
    one is printed otherwise or a message holds a mark's character already."""
    out = []
    text = "\n".join(m for _, m in problems)
    if "\x00" in text or any(len(_whole(v).findall(text)) != 1 for v in names.values()):
        return None
    for severity, message in problems:
        for name, value in names.items():
            message = _whole(value).sub(_MARKS[name], message)
        out.append((severity, message))
    return tuple(out)


# The largest budget the words for a line beyond it are made for (their word form follows the figure: "1
# Religionspunkt", "5 Religionspunkte"; beyond it the page says it cannot judge a line over the budget), and the
# written amounts tried from 0 for the least from which a line's verdict no longer changes
MOST_BUDGET = 64
MOST_LEAST = 8
# written amounts no rule compares with (the probes of a line's cost and words), and a budget no sheet reaches
_FAR = (7919, 99991)
_HUGE = 10 ** 9
_AMOUNT = re.compile(r"[0-9]+")


def _marked(text: str, marks: dict[str, str]) -> str | None:
    """``text`` with each value of ``marks`` written as ``{name}``, ``None`` where it holds a value not exactly once
    or a brace already (the page fills the marks with ``fill``)."""
    if "{" in text or "}" in text:
        return None
    for name, value in marks.items():
        if text.count(value) != 1:
            return None
        text = text.replace(value, "{" + name + "}")
    return text


def _written_shapes(form: dict[str, Any] | None) -> list[str]:
    """The lines of the form's rows whose amount the player writes (30JK: ``Kirchenbau: {unit} ({points} RP)``),
    each choice of the row filled in and the amount as ``#``: a row of one choice and one whole number."""
    out: set[str] = set()
    for row in (form or {}).get("field", {}).get("items") or []:
        item = row.get("item") or {} if row.get("kind") == "rows" else {}
        fields = item.get("fields") or []
        kinds = sorted(f.get("kind") for f in fields)
        if item.get("kind") != "line" or kinds != ["choice", "integer"] or "#" in str(item.get("format")):
            continue
        choice = next(f for f in fields if f["kind"] == "choice")
        amount = next(f for f in fields if f["kind"] == "integer")
        for option in choice.get("options") or []:
            if isinstance(option.get("value"), str) and not _AMOUNT.search(option["value"]):
                out.add(str(item["format"]).replace("{" + str(amount["key"]) + "}", "#")
                        .replace("{" + str(choice["key"]) + "}", option["value"]))
    return sorted(s for s in out if s.count("#") == 1 and "{" not in s and not _AMOUNT.search(s))


def spending(ruleset: Any, state: State, player: str, form: dict[str, Any] | None) -> dict[str, Any] | None:
    """What the page needs to judge lines that spend a budget only the private report shows, in order (30JK's
    religious actions and change of confession against the religion points: ``Rulebook.spending``), asked of the
    rules' own ``check`` with budgets made up (nothing of the player's own):

    - ``written``: each line of the form's rows whose amount the player writes, keyed as written with the amount
      as ``#`` (``Kirchenbau: A Aug (# RP)``): ``least``, the amount from which its verdict no longer changes (the
      action's minimum), ``below`` its problems for each amount under it, ``problems`` from it on, and ``counts``,
      whether from it on the line spends the amount written (the rules take it otherwise: the unit is there, of
      the right kind, the mercenaries' order possible); below ``least`` it spends nothing;
    - ``fixed``: each other line of the form ordering no unit that the rules count against the budget, by
      ``line_key``: its problems, what it spends (the least budget at which ``check`` no longer refuses it alone: a
      change of confession, the rules' cost for the player's centres; a start confession, nothing) and ``counts``:
      a total beyond the budget is an error on it too (the rules take it as an action). A vote is the line
      table's;
    - ``action``: how the words for a line beyond the budget name each (``{points}``: the amount written);
    - ``over``: those words for each budget up to ``MOST_BUDGET`` (``says``, and ``by`` the budget its index),
      with ``{action}`` and ``{spent}`` (the total so far) to fill; ``spends``: the budget's place in the report;
      ``floor``: the least the budget ever is (a total at most that is within it before the report is open).

    The page adds what each line spends in order and compares the total with the budget in the report the player
    opened (``orders.js``: ``spent``): a line beyond it gets these words. A line whose words or cost the probes do
    not find is left out (the page cannot judge it). ``None`` where the rules spend no budget."""
    hook = getattr(ruleset, "spending", None)
    spends = hook(state, player) if hook is not None else None
    if spends is None or not form or spends.figure[:1] != ("state",):
        return None
    where = list(spends.figure)
    rich, poor = _with_figure(state, player, where, _HUGE), _with_figure(state, player, where, 0)

    def said(view: State, lines: list[str]) -> list[list[dict[str, str]]]:
        out: list[list[dict[str, str]]] = [[] for _ in lines]
        for p in ruleset.check(view, player, lines):  # each line's problems, in the rules' order
            at = p.path[0] if len(p.path) == 1 and p.path == (p.path[0],) else None
            if isinstance(at, int) and 0 <= at < len(lines):
                out[at].append({"severity": p.severity, "message": p.message})
        return out

    says: list[str] = []
    by: list[int] = []
    for budget in range(MOST_BUDGET + 1):
        words = _marked(spends.over(budget, "\x01", "\x02"), {"action": "\x01", "spent": "\x02",
                                                                 "budget": str(budget)})
        if words is None:
            return None
        if words not in says:
            says.append(words)
        by.append(says.index(words))
    told: list[list[dict[str, str]]] = []  # the problems' lists, each once: the lines name them by their index

    def index(problems: list[dict[str, str]]) -> int:
        if problems not in told:
            told.append(problems)
        return told.index(problems)

    def action(line: str, amount: str | None) -> str | None:
        named = spends.action(line)
        if named is None:
            return None
        return _marked(named, {"points": amount}) if amount else named if _marked(named, {}) is not None else None

    written: dict[str, Any] = {}
    shapes = _written_shapes(form)

    def at(n: int) -> list[str]:
        return [s.replace("#", str(n)) for s in shapes]

    tried = [said(rich, at(n)) for n in range(MOST_LEAST + 1)]
    far = [said(rich, at(n)) for n in _FAR]
    # the same lines, each amount, in a row beyond a budget of 0: a line that spends nothing gets its own words, one
    # that spends gets the rules' words for the total so far, each counted line adding exactly the amount written
    below_poor = [said(poor, at(n)) for n in range(MOST_LEAST + 1)]
    far_poor = said(poor, at(_FAR[0]))
    count = 0
    for k, shape in enumerate(shapes):
        least = MOST_LEAST + 1
        while least > 0 and tried[least - 1][k] == far[0][k]:
            least -= 1
        named = action(shape.replace("#", str(_FAR[0])), str(_FAR[0]))
        if (far[0][k] != far[1][k] or least > MOST_LEAST or named is None
                or named != action(shape.replace("#", str(_FAR[1])), str(_FAR[1]))
                or any(below_poor[n][k] != tried[n][k] for n in range(least))):
            if far_poor[k] != far[0][k]:
                break  # a line the page cannot judge spent: the totals of the lines after it are not known here
            continue  # the words change with the amount, or name it otherwise: the page leaves it to validate
        spent = [{"severity": "error", "message": spends.over(0, named.replace("{points}", str(_FAR[0])),
                                                               str(_FAR[0] * (count + 1)))}]
        if far_poor[k] not in (far[0][k], far[0][k] + spent):
            break
        counts = far_poor[k] != far[0][k]
        count += counts
        written[shape] = {"least": least, "below": [index(tried[n][k]) for n in range(least)],
                          "problems": index(far[0][k]), "counts": counts, "action": named}
    # the form's other lines ordering no unit (a change of confession, a start confession, a vote): what each
    # spends, the least budget at which check no longer refuses it alone; and whether it counts, found after a line
    # beyond a budget of 0: a line the rules take as an action is then beyond it too, though it spends nothing
    costs: dict[str, tuple[int, list[dict[str, str]], str | None]] = {}
    for text, unit in _candidates(form):
        if unit is not None or _AMOUNT.search(text):
            continue  # a unit's order: the line table's
        problems, named = said(rich, [text])[0], action(text, None)
        cost = next((b for b in range(MOST_BUDGET + 1)
                     if said(_with_figure(state, player, where, b), [text])[0] == problems), None)
        if cost is None or (cost > 0 and said(_with_figure(state, player, where, cost - 1), [text])[0] != problems
                            + [{"severity": "error", "message": spends.over(cost - 1, str(named), str(cost))}]):
            return None  # a line of the form whose cost the page cannot know: it judges none of them
        costs[text] = (cost, problems, named)
    first = next(((s.replace("#", str(_FAR[0])), _FAR[0]) for s in shapes if written.get(s, {}).get("counts")),
                 None) or next(((t, c) for t, (c, _, n) in costs.items() if c and n is not None), None)
    if first is None:
        return None
    fixed: dict[str, Any] = {}
    for text, (cost, problems, named) in costs.items():
        got = said(poor, [first[0], text])[1]
        if named is not None and got == problems + [{"severity": "error", "message": spends.over(
                0, named, str(first[1] + cost))}]:
            fixed[line_key(text)] = {"problems": index(problems), "cost": cost, "counts": True, "action": named}
        elif got != problems or cost:
            return None
    if not written and not fixed:
        return None
    return {"spends": where, "floor": spends.floor, "written": written, "fixed": fixed, "problems": told,
            "over": {"says": says, "by": by}}


def _with_figure(state: State, player: str, where: list[str], value: Any) -> State:
    """``state`` with ``value`` made up at ``where`` in ``player``'s private part (``["state", key...]``, as the
    private report names it)."""
    view = copy.deepcopy(state)
    mine = view.setdefault("private", {}).setdefault(player, {})
    for step in where[1:-1]:
        mine = mine.setdefault(step, {})
    mine[where[-1]] = value
    return view


def spellings(ruleset: Any, state: State, player: str, form: dict[str, Any] | None) -> dict[str, str]:
    """Other spellings of a line's words the page folds before it looks the line up (``orders.js``: ``fold``):
    the ruleset's own list (``spellings``: a place's full name, ``army``), each kept only where the rules read a
    line with it as the line with the abbreviation (a move of the player's first unit there, or the unit written
    with that word: ``check`` gives the same), and only a phrase of words as ``line_key`` writes them. So ``F
    Edinburgh - Moscow`` is judged as ``F Edi - Mos``."""
    spelled = getattr(ruleset, "spellings", None)
    heads = [" ".join(texts.split()[:2]) for texts, unit in _candidates(form or {}) if unit is not None]
    if spelled is None or not heads:
        return {}
    letter, place = heads[0].split(" ")[:2]

    def read(line: str) -> list[tuple[Any, ...]]:
        return [(p.path, p.severity, p.message) for p in ruleset.check(state, player, [line])]

    out: dict[str, str] = {}
    for phrase, canon in spelled(state).items():
        if line_key(phrase) != phrase or " - " in f" {phrase} ":
            continue
        if len(canon) == 1:  # a unit type's word
            same = read(f"{phrase} {place} H") == read(f"{canon} {place} H")
        else:
            same = read(f"{letter} {place} - {phrase}") == read(f"{letter} {place} - {canon}")
        if same:
            out[phrase] = canon
    return out


def entry_shape(entry: dict[str, Any]) -> str | None:
    """A structured entry's shape as ``entry_forms`` keys it (``orders.js``: ``entryLine``): its keys in order,
    each with ``"text"`` (a text with more than spaces) or its flag; ``None`` for an entry with any other value.

    >>> entry_shape({"unit": "A  Lvp", "move": "Yor", "via_convoy": True})
    '[["move","text"],["unit","text"],["via_convoy",true]]'
    """
    pairs: list[list[Any]] = []
    for k in sorted(entry):
        v = entry[k]
        if isinstance(v, bool):
            pairs.append([k, v])
        elif isinstance(v, str) and v.strip():
            pairs.append([k, "text"])
        else:
            return None
    return json.dumps(pairs, separators=(",", ":"))


def _entry_keys(schema: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The text keys and the flags of the orders' structured entry (the object the list's items may be)."""
    items = schema.get("items") or {}
    for alt in items.get("oneOf") or [items]:
        if isinstance(alt, dict) and alt.get("type") == "object":
            props = alt.get("properties") or {}
            return ([k for k, v in props.items() if v.get("type") == "string"],
                    [k for k, v in props.items() if v.get("type") == "boolean"])
    return [], []


def entry_forms(ruleset: Ruleset, state: State, player: str) -> dict[str, str]:
    """The lines structured entries stand for (``{unit: A Lvp, move: Yor}`` is ``A Lvp - Yor``), as the rules
    read them (the ruleset's ``entry_text``): for each shape of entry (``entry_shape``: the unit with a text key,
    with two, with a text key and a flag, a flag alone...) the line the rules make of it, with ``{key}`` where the
    entry's text goes. The page puts an entry's texts in and judges the line it gets as any other; a shape not
    here it leaves to validate. (The rules' reading only joins the texts: a shape's line is the same whatever
    they are; the tests read every shape back with other texts.)"""
    if not isinstance(ruleset, TextOfEntries):
        return {}
    text_of = ruleset.entry_text
    texts, flags = _entry_keys(ruleset.order_schema(state, player))
    others = [k for k in texts if k != "unit"]
    base: dict[str, Any] = {"unit": "\x00unit\x00"} if "unit" in texts else {}
    shapes: list[dict[str, Any]] = [{**base, k: f"\x00{k}\x00"} for k in others]
    shapes += [{**base, k: f"\x00{k}\x00", f: flag} for k in others for f in flags for flag in (True, False)]
    shapes += [{**base, k: f"\x00{k}\x00", j: f"\x00{j}\x00"} for k in others for j in others if k < j]
    shapes += [{**base, f: flag} for f in flags for flag in (True, False)]
    shapes += [{k: f"\x00{k}\x00"} for k in others] + [{f: flag} for f in flags for flag in (True, False)]
    out: dict[str, str] = {}
    for shape in shapes:
        text = text_of(state, shape)
        key = entry_shape(shape)
        if text is None or key is None or "{" in text or "}" in text:
            continue
        # only shapes whose every key counts (a player's entry names what it means): each text in the line, each
        # flag changing it, but where it is all the entry says besides the unit ({unit: A Par, hold: true})
        unused = any(isinstance(v, str) and v not in text for v in shape.values())
        idle = len(shape) > len(base) + 1 and any(
            isinstance(v, bool) and text_of(state, {k: w for k, w in shape.items() if k != f}) == text
            for f, v in shape.items())
        if not unused and not idle:
            out[key] = re.sub(r"\x00(\w+)\x00", r"{\1}", text)
    return dict(sorted(out.items()))


# Texts of plain words (``PLAIN``) an entry's keys are filled with to ask the rules whether they quote the entry as
# its line (``entry_written``): words they read and words they read nowhere, a vote, spaces doubled inside
_ENTRY_PROBES = (("Concede to", "Par", "A Lvp - Yor"), ("Withdraw  votes", "Qqqq", "F Edi"),
                 ("A Lvp", "Yor", "F Lon S"))


def entry_written(ruleset: Ruleset, state: State, player: str, forms: dict[str, str]) -> list[str]:
    """The shapes of ``forms`` (``entry_forms``) whose entry the rules read and quote as exactly its line, where
    each of its texts is plain (``PLAIN``: no space first or last): for texts of every kind (``_ENTRY_PROBES``) the
    line the page fills in is ``entry_text``'s, letter for letter, and ``check`` says of the entry word for word
    what it says of that line. The page judges such an entry as the line written so (``orders.js``: ``writtenOf``),
    with the rules' words that quote the line as written or stop at a word they read nowhere (``{unit: Concede to,
    move: Par}``: "concede to which power, in 'Concede to - Par'?")."""
    if not isinstance(ruleset, TextOfEntries):
        return []
    out = []
    for shape, line in forms.items():
        same = True
        for texts in _ENTRY_PROBES:
            entry = {k: (v if v != "text" else texts[n % len(texts)]) for n, (k, v) in enumerate(json.loads(shape))}
            filled = line.format(**{k: v for k, v in entry.items() if isinstance(v, str)})
            said = [[(p.path, p.severity, p.message) for p in ruleset.check(state, player, [x])]
                    for x in (entry, filled)]
            same = same and ruleset.entry_text(state, entry) == filled and said[0] == said[1]
        if same:
            out.append(shape)
    return sorted(out)


# The most sheets a finite list's table holds (The Policy Maker's tax: 12 changes, at most two: 157)
MOST_LISTS = 400


def _finite_items(schema: Any) -> list[dict[str, Any]] | None:
    """Every item a list's item schema allows, where it is an object of keys with ``enum`` values only."""
    if not isinstance(schema, dict) or schema.get("type") != "object" or not schema.get("properties"):
        return None
    props = schema["properties"]
    if not all(isinstance(v, dict) and isinstance(v.get("enum"), list) for v in props.values()):
        return None
    required = set(schema.get("required") or [])
    if required != set(props):
        return None  # an optional key would make more shapes than this table holds
    out: list[dict[str, Any]] = [{}]
    for k in sorted(props):
        out = [{**o, k: v} for o in out for v in props[k]["enum"]]
    return out


def finite_lists(ruleset: Any, state: State, player: str) -> dict[str, Any]:
    """The rules' verdict on every sheet of a list the schema bounds (``maxItems``, each item an object of
    ``enum`` keys: The Policy Maker's tax changes): ``check`` run on each such list alone, its problems at the
    list's place, keyed by ``list_key``. The page looks the sheet's list up whole, so a rule between its items (the
    same sector changed twice, costs adding up) is the rules' own; a list not in the table is one the schema
    refuses."""
    schema = ruleset.order_schema(state, player)
    out = []
    for key, prop in sorted((schema.get("properties") or {}).items()):
        if not isinstance(prop, dict) or prop.get("type") != "array" or not isinstance(prop.get("maxItems"), int):
            continue
        items = _finite_items(prop.get("items"))
        most = prop["maxItems"]
        if items is None or sum(len(items) ** n for n in range(most + 1)) > MOST_LISTS:
            continue
        table: dict[str, Any] = {}
        for n in range(most + 1):
            for sheet in itertools.product(items, repeat=n):
                problems = [[list(p.path[1:]), p.severity, p.message] for p in ruleset.check(
                    state, player, {key: list(sheet)}) if p.path[:1] == (key,)]
                table[list_key(list(sheet))] = problems
        out.append({"path": [key], "table": table})
    return {"lists": out} if out else {}


def _options_at(field: Any, path: list[str]) -> list[Any]:
    """The values the form offers at ``path`` (``*``: a row of a list)."""
    if not isinstance(field, dict):
        return []
    if not path:
        return [o.get("value") for o in field.get("options") or []]
    step, rest = path[0], path[1:]
    if step == "*" and field.get("item"):
        return _options_at(field["item"], rest)
    for f in field.get("fields") or []:
        if isinstance(f, dict) and str(f.get("key")) == step:
            return _options_at(f, rest)
    return []


def each_table(ruleset: Any, state: State, player: str, form: dict[str, Any] | None) -> dict[str, Any]:
    """The rules' verdict on each row of a list the form names in ``each`` (Auf Achse's bids: ``path``, the row's
    ``key`` and the ``values`` the form offers for it, the row's ``fill`` for its other required keys): for each
    value, the rules' own ``check`` of a row with it first (``first``) and after a row with the same value
    (``again``: a second bid on one order), and of a row with it and one value in each of its ``lists`` (the
    conditions: ``lists[key][value]``); problems at the row's place, keyed by the rest of their path. The page
    looks each row up by its value and by whether an earlier row had it. Verdicts on the list as a whole (the
    bids against the cash) are left out: they add up amounts no table holds."""
    each = (form or {}).get("each")
    if not each:
        return {}
    path, key, fill = list(each["path"]), str(each["key"]), dict(each.get("fill") or {})
    values = [v for v in _options_at((form or {}).get("field"), [*path, "*", key]) if v is not None]

    def sheet(rows: list[dict[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        spot = out
        for step in path[:-1]:
            spot = spot.setdefault(step, {})
        spot[path[-1]] = rows
        return out

    def problems(rows: list[dict[str, Any]], at: int) -> list[list[Any]]:
        return [[list(p.path[len(path) + 1:]), p.severity, p.message]
                for p in ruleset.check(state, player, sheet(rows))
                if tuple(p.path[:len(path) + 1]) == (*path, at) and len(p.path) > len(path)]

    table: dict[str, Any] = {}
    for v in values:
        row = {**fill, key: v}
        entry: dict[str, Any] = {"first": problems([row], 0), "again": problems([row, row], 1), "lists": {}}
        for name in each.get("lists") or []:
            entry["lists"][name] = {json.dumps(r): problems([{**row, name: [r]}], 0) for r in values}
        table[json.dumps(v)] = entry
    # partial: the rest of the sheet's rules are validate's, and the page says so rather than "every line"
    return {"each": {"path": path, "key": key, "lists": list(each.get("lists") or []), "values": table},
            "partial": True}


def list_key(items: list[dict[str, Any]]) -> str:
    """A list of objects as ``finite_lists`` keys it (``orders.js``: ``listProblems``): each object's keys in order.

    >>> list_key([{"sector": "energy", "change": -1}])
    '[{"change":-1,"sector":"energy"}]'
    """
    return json.dumps(items, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _held_fields(field: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """The choices of the form whose values the player must hold (``held``: where their private report lists
    them), with their paths in the orders."""
    if not isinstance(field, dict):
        return []
    here = (*path, str(field["key"])) if field.get("key") is not None else path
    out = [(here, field)] if field.get("kind") == "choice" and field.get("held") else []
    for f in field.get("fields") or []:
        out += _held_fields(f, here)
    return out


def held_table(ruleset: Any, state: State, player: str, form: dict[str, Any] | None) -> dict[str, Any] | None:
    """The verdicts on values the player must hold, which the public view cannot give (Calamity's card: the
    hand is the player's secret): for each value the form offers, the rules' own ``check`` of it with a hand that
    holds it and with one that does not (every other value), at the value's place. The page looks the verdict up
    once the player has opened their private report, by whether the hand there holds the value; before, it says
    so. Both are computed on the public view with a hand made up here: they hold nothing of the player's own.
    ``held``: the place of the hand in the private report (``state`` is the player's part of the state)."""
    found = _held_fields((form or {}).get("field"))
    if not found:
        return None
    out = []
    for path, field in found:
        where = list(field["held"])
        if where[:1] != ["state"] or len(where) < 2:
            continue
        options = [o["value"] for o in field.get("options") or []]
        values: dict[str, Any] = {}
        for value in options:
            answers = {}
            for held, hand in (("held", [value]), ("not", [v for v in options if v != value])):
                view = copy.deepcopy(state)
                mine = view.setdefault("private", {}).setdefault(player, {})
                for step in where[1:-1]:
                    mine = mine.setdefault(step, {})
                mine[where[-1]] = hand
                orders: dict[str, Any] = {}
                spot = orders
                for step in path[:-1]:
                    spot = spot.setdefault(step, {})
                spot[path[-1]] = value
                answers[held] = [{"severity": p.severity, "message": p.message}
                                 for p in ruleset.check(view, player, orders) if tuple(p.path) == path]
            values[json.dumps(value)] = answers
        out.append({"path": list(path), "private": where, "values": values})
    return {"held": out} if out else None


# The states a winter's table walks at most: a power with many builds due and many places to build in has more
# sequences than the site build may spend a run of the rules on each; beyond them the page says it cannot judge.
MOST_STATES = 32


def _winter_extras(lines: list[str], places: Iterable[str], letters: Iterable[str]) -> list[str]:
    """The lines a winter's states answer besides those offered, as the movement's refusals do for a unit's lines
    (``refusals``): each offered line of three words or more (``Build A Lon``, ``Remove F Nth``) with its place
    replaced by every place of the map and its unit letter by every letter (``Build A Nth``, ``Build F Mos``: a
    build the rules refuse); each offered line with its first word a unit letter (``A A Lon``); the first two words
    of each offered line followed by a support of each offered line (``Build A S Build F Edi``); and every run of
    an offered line's words that begins it and is none (``Build A``: what a player has while typing), plain words
    only."""
    keys = sorted({line_key(t) for t in lines})
    more: set[str] = set()
    letters = [letter.lower() for letter in letters]
    heads = {" ".join(k.split(" ")[:2]) for k in keys}
    for key in keys:
        words = key.split(" ")
        if len(words) >= 3:
            more |= {" ".join([*words[:-2], letter, place]) for place in places for letter in letters}
        if len(words) >= 2:
            more |= {" ".join([letter, *words[1:]]) for letter in letters}
        more |= {f"{head} s {key}" for head in heads}
        more |= {" ".join(words[:n]) for n in range(1, len(words)) if all(_WORD.fullmatch(w) for w in words)}
    return sorted(more - set(keys))


def line_states(ruleset: Any, state: State, player: str, lines: list[str], extra: Iterable[str] = ()
                ) -> list[dict[str, Any]]:
    """A winter's verdicts, where a line's verdict depends on the lines before it (builds or removals beyond those
    due are not carried out, a second build in one place fails): the rules' own ``check`` run on the lines before
    and each offered line after them, as states the page walks. ``states[0]`` is the empty sheet; each state maps
    a line's key to its problems and the state after it (``to``). A line the rules take (no problem) moves on to
    the state of the lines taken so far, in any order; a line they refuse changes nothing (the rules carry out
    neither). States are merged where every line gets the same answer and leads to the same state, so the page
    gets a few. A state beyond ``MOST_STATES`` is not walked: it has no answers and the page says so.
    ``extra``: lines answered in every state too, not offered (``_winter_extras``), each in lower case, in capitals
    and capitalized with other spaces (``_spaced``): kept where the three give the same words, or the same once the
    line as written is a mark (``quotes``: "say what to build in 'Build A'"), and the rules refuse it (it leaves
    the state as it is); else left out, and the page cannot judge it there.
    """
    extra = list(extra)
    index: dict[tuple[str, ...], int] = {(): 0}
    taken: list[tuple[str, ...]] = [()]
    prefixes: list[list[str]] = [[]]
    moves: list[dict[str, Any] | None] = []
    n = -1
    while n + 1 < len(prefixes):
        n += 1
        if n >= MOST_STATES:
            moves.append(None)
            continue
        here: dict[str, Any] = {}
        at = len(prefixes[n])
        for text in extra:
            spelt = (text, text.upper(), _spaced(text))
            said = [[{"severity": p.severity, "message": p.message}
                     for p in ruleset.check(state, player, [*prefixes[n], t]) if p.path == (at,)] for t in spelt]
            quotes = not said[0] == said[1] == said[2]
            if quotes:
                said = [[{**p, "message": p["message"].replace(repr(t), "{line}")} for p in ps]
                        for ps, t in zip(said, spelt, strict=True)]
            if said[0] == said[1] == said[2] and said[0] and not any(
                    "{" in p["message"].replace("{line}", "") for p in said[0]):
                here[line_key(text)] = {"problems": said[0], "to": n, **({"quotes": True} if quotes else {})}
        for text in lines:
            problems = [{"severity": p.severity, "message": p.message}
                        for p in ruleset.check(state, player, [*prefixes[n], text]) if p.path == (at,)]
            after = taken[n] if problems else tuple(sorted((*taken[n], line_key(text))))
            if after not in index:
                index[after] = len(taken)
                taken.append(after)
                prefixes.append([*prefixes[n], text])
            here[line_key(text)] = {"problems": problems, "to": index[after]}
        moves.append(here)
    return _merged(moves)


def _merged(moves: list[dict[str, Any] | None]) -> list[dict[str, Any]]:
    """The states with those that answer every line alike (the same problems, to a state merged alike) made one
    (Moore's partition refinement), numbered in the order first met; a line into a state not walked leads ``to``
    ``None``, where the page judges no further."""
    group = [0 if m is not None else -1 - n for n, m in enumerate(moves)]
    while True:
        signs = [repr(sorted((k, repr(v["problems"]), group[v["to"]]) for k, v in m.items())) if m is not None
                 else "" for m in moves]
        names: dict[tuple[int, str], int] = {}
        regroup = [names.setdefault((group[n], sign), len(names)) if moves[n] is not None else group[n]
                   for n, sign in enumerate(signs)]
        if len(set(regroup)) == len(set(group)):
            break
        group = regroup
    order: dict[int, int] = {}
    for n, g in enumerate(group):
        if moves[n] is not None:
            order.setdefault(g, len(order))
    out: list[dict[str, Any]] = [{} for _ in order]
    for n, m in enumerate(moves):
        if m is not None:
            out[order[group[n]]] = {k: {"problems": v["problems"], "to": order.get(group[v["to"]]),
                                        **({"quotes": True} if v.get("quotes") else {})} for k, v in m.items()}
    return out


# The words of validate's schema faults (orders._explain), which the page gives its own in (orders.js: friendly)
SCHEMA_WORDS = ("at_orders", "needs", "expected", "not_allowed", "out_of_range", "integer", "string", "object",
                "array", "boolean", "null", "number", "kind.object", "kind.array", "kind.string", "kind.boolean",
                "kind.integer", "kind.number", "kind.null", "minimum", "maximum", "exclusiveMinimum",
                "exclusiveMaximum", "maxLength", "minLength", "maxItems", "minItems")
# Faults whose words name the schema's limit, often with a plural that follows it ({limit|Zeichen|Zeichen})
LENGTHS = ("maxLength", "minLength", "maxItems", "minItems")


def _limits(schema: Any, keyword: str) -> set[int]:
    """Every value ``keyword`` takes anywhere in ``schema``."""
    if isinstance(schema, dict):
        own = schema.get(keyword)
        found = {own} if isinstance(own, int) and not isinstance(own, bool) else set()
        return found.union(*(_limits(v, keyword) for v in schema.values()))
    if isinstance(schema, list):
        return set().union(*(_limits(v, keyword) for v in schema))
    return set()


def schema_words(lang: str, schemas: Iterable[Any] = ()) -> dict[str, Any]:
    """validate's words for a schema fault in ``lang`` (``catalog/check.yaml``), English where it has none; a
    range's or length's own words only where ``lang`` has them (else the library's, as validate says it). A
    length's words come filled for each limit ``schemas`` set (``wording.fill``: its plural chosen here, as
    validate chooses it), with only ``{value}`` left for the page: the page chooses no word form of its own.

    >>> schema_words("de")["expected"]
    '{at}: erwartet ist {want}, da steht {found}'
    >>> "minimum" in schema_words("en"), schema_words("de")["minimum"]
    (False, '{value} ist kleiner als das Minimum {limit}')
    >>> schema_words("de", [{"maxLength": 1}, {"items": {"maxLength": 20}}])["maxLength"]
    {'1': '{value} ist zu lang (höchstens 1 Zeichen)', '20': '{value} ist zu lang (höchstens 20 Zeichen)'}
    """
    table = orders.words_table()
    own, english = table.get(lang, {}), table["en"]
    out: dict[str, Any] = {k: own.get(k) or english[k] for k in SCHEMA_WORDS if own.get(k) or k in english}
    every = list(schemas)
    for k in LENGTHS:
        if k in out:
            out[k] = {str(n): wording.fill(out[k], {"value": "{value}", "limit": n})
                      for n in sorted(set().union(*(_limits(s, k) for s in every)))}
    return out
