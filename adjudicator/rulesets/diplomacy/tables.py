"""The map: provinces, regions (a province or one of its coasts), borders and the calendar, read from YAML.

A *province* is what units occupy and supply centres sit in (``spa``); a *region* is where a unit stands
exactly (``spa/nc`` for a fleet on Spain's north coast, ``spa`` for an army). Borders join regions and have a
kind; the map says which unit types may cross each kind, so a variant adds rivers without code changes.

>>> m = load_map("standard", shipped())
>>> m.can_move("fleet", "mao", "spa/nc"), m.can_move("army", "par", "bur")
(True, True)
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ... import yamlio
from ...errors import TurnpressError
from ...kit import gamedata
from ...kit.wording import fill, pattern

# The judges' order words, in every map: kind -> phrases. A map adds its own language's in the files it names
# under ``words:`` (30JK: ``variants/dreissigjaehriger_krieg/data/words.yaml``).
JUDGE_WORDS: dict[str, list[str]] = {
    "army": ["a", "army"], "fleet": ["f", "fleet"],
    "hold": ["h", "hold", "holds", "stand", "stands"],
    "move": ["-", "m", "move", "moves", "to"],
    "support": ["s", "support", "supports"],
    "convoy": ["c", "convoy", "convoys"],
    "via_convoy": ["via convoy", "via c", "by convoy", "via sea", "by sea"],
    "retreat": ["r", "retreat", "retreats"],
    "disband": ["d", "disband", "disbands"],
    "build": ["b", "build", "builds"],
    "remove": ["remove", "removes"],
    "transform": ["t", "transform", "transforms"],
    "waive": ["waive", "waives"],
    "draw": ["propose draw", "propose", "draw"],
    # A vote that stands until withdrawn (maps with 'votes: standing'): njudge's SET NODRAW, SET CONCEDE.
    "nodraw": ["no draw", "withdraw draw", "withdraw vote", "withdraw votes", "withdraw"],
    "concede": ["concede to", "concede"],
}
JUDGE_COASTS = {"n": "nc", "nc": "nc", "north": "nc", "s": "sc", "sc": "sc", "south": "sc", "e": "ec",
                "ec": "ec", "east": "ec", "w": "wc", "wc": "wc", "west": "wc"}
# German players write ae for ä (and the map's Danish names have æ, ø): one spelling for comparing
_FOLDS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "ø": "oe"})
_STOPS = re.compile(r"[.,;]")


def english(template: str, /, **values: Any) -> str:
    """``template`` filled as the engine writes it, for a message made where no map is at hand (``Map.say``)."""
    return fill(template, values)


def province_of(region: str) -> str:
    """``stp/sc`` -> ``stp``."""
    return region.split("/", 1)[0]


def display(province: str) -> str:
    """How a province key is written: ``par`` -> ``Par``; a key in the variant's own spelling stays (``EbKo``)."""
    return province if province != province.lower() else province.capitalize()


def words_of(text: str) -> list[str]:
    """The words of an order or a place name as they are compared: lower case, ä/ae, ö/oe, ü/ue, ß/ss the same,
    other accents dropped (Besançon), dots and commas dropped, dashes, brackets and slashes words of their own.

    >>> words_of("A Meißen -> Lüttich"), words_of("F FAns(NC) U Châlons")
    (['a', 'meissen', '-', 'luettich'], ['f', 'fans', '(', 'nc', ')', 'u', 'chalons'])
    """
    if text.isascii():  # no fold, accent or long dash to take off (issue 33: most lines, read by the thousand)
        t = text.lower()
    else:
        t = unicodedata.normalize("NFKD", text.lower().translate(_FOLDS))
        t = "".join(c for c in t if not unicodedata.combining(c))
        t = t.replace("–", "-").replace("—", "-")
    t = _STOPS.sub(" ", t.replace("->", " - ").replace("=>", " - "))
    return t.replace("-", " - ").replace("(", " ( ").replace(")", " ) ").replace("/", " / ").split()


def name_key(name: str) -> str:
    """How a place name or an order word is looked up: its :func:`words_of`, joined by single spaces."""
    return " ".join(words_of(name))


class MapDataError(TurnpressError, ValueError):
    """A map or its words file contradicts itself (a name given to a province and to an order, ...); exit 2."""


@dataclass
class Map:
    """A map read from ``data/maps/<name>.yaml``; immutable after loading."""

    name: str
    data: dict[str, Any]
    provinces: dict[str, dict[str, Any]] = field(default_factory=dict)
    powers: dict[str, dict[str, Any]] = field(default_factory=dict)
    # (unit type, region) -> set of regions that unit type can move to
    moves: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    # province -> neighbouring provinces by any border (distances, convoy routes)
    neighbours: dict[str, frozenset[str]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # lower-case name or alias -> province
    # a name the words files give to several provinces ("Hessen") -> those provinces: an order naming it is refused
    ambiguous: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # the order words: kind (hold, move, ..., army, fleet, via_convoy) -> phrases as name_key writes them
    words: dict[str, frozenset[str]] = field(default_factory=dict)
    # the same words by phrase: phrase -> the kinds it is a word of, and the most words a phrase has (``Reader.word``
    # looks a phrase up once, not once a kind, and tries no phrase longer than any word)
    word_kinds: dict[str, frozenset[str]] = field(default_factory=dict)
    word_span: int = 0
    # every run of first words of a name (``names``, ``ambiguous``) and of an order phrase (``word_kinds``), and
    # the first word of a coast phrase (``coast_words``): a window of words can be one of them only if each of its
    # shorter runs is such a run, so the reader looks a window up only while it is one (issue 33: the orders
    # page's verdicts read tens of thousands of lines a turn, and most windows begin no name)
    name_prefixes: frozenset[str] = frozenset()
    word_prefixes: frozenset[str] = frozenset()
    coast_starts: frozenset[str] = frozenset()
    coast_words: dict[str, str] = field(default_factory=dict)  # name_key of a coast word -> nc, sc, ec, wc
    # rivers (variant maps): region -> river points ((river, section), section 0 = source) it lies on, and
    # point -> the points strictly downstream of it (mouth seas and rivers flowing into others included)
    river_points: dict[str, frozenset[tuple[str, int]]] = field(default_factory=dict)
    below: dict[tuple[str, int], frozenset[tuple[str, int]]] = field(default_factory=dict)
    # what the engine says to players (checks, hints, reasons, the order sheet) in the map's language: the
    # engine's English text -> the map's (its ``messages:`` file); empty for an English map
    texts: dict[str, str] = field(default_factory=dict)
    # a unit's text -> (type, region) as ``core.parse_unit`` read it: a pure reading of this map, kept because the
    # orders page's verdicts run the rules a few hundred times on one position (issue 30: half their time)
    unit_reads: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False, compare=False)
    # an order's text -> the order ``notation.read_order`` read from it, or the error's (message, hint): as pure and
    # kept for the same reason (the verdicts read the same few hundred lines again in every run of the rules);
    # bounded (``notation.KEPT_READS``), since a player's text may be anything
    order_reads: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    # an order's words (after a power's name, and the power) -> the reading of those words alone, its quotes of the
    # line as marks (``notation.filled``): a line in capitals or with other spaces is not read again (issue 33)
    word_reads: dict[tuple[str | None, tuple[str, ...]], Any] = field(default_factory=dict, repr=False,
                                                                      compare=False)
    # a position's units (``units_from``'s key: power -> unit texts, as tuples) -> the units read from it
    unit_lists: dict[tuple[tuple[str, tuple[str, ...]], ...], tuple[Any, ...]] = field(
        default_factory=dict, repr=False, compare=False)
    # a word no name is -> the names nearest to it (``Reader.location``'s "did you mean"): the verdicts' probes
    # ask it of the same few words hundreds of times a player, and difflib was a quarter of their time (issue 33);
    # bounded as ``order_reads``
    near_names: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    # the order phrases of some kinds (``Reader.word``'s look-ups, where the orders page's verdicts watch them)
    kind_phrases: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    # the order phrases of some kinds, each with the first of them it is a word of (``Reader.word``'s answer)
    kind_of_phrase: dict[tuple[str, ...], dict[str, str]] = field(default_factory=dict, repr=False, compare=False)
    # a hired unit's order in a position (30JK, section 10: the units, the order, the convoy rule) -> why it
    # cannot be carried out, or None: the orders page's verdicts check the same few mercenary lines in hundreds of
    # sheets of one position, each a movement run (issue 33: 7 s of the orders league's build); bounded
    mercenary_verdicts: dict[tuple[Any, ...], tuple[str, str] | None] = field(
        default_factory=dict, repr=False, compare=False)
    # a religious action's text (30JK) -> the action ``religion.read_action`` read from it, or the error's (message,
    # hint): pure and kept as ``order_reads`` (the verdicts read the same religious lines in every run of the rules)
    action_reads: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def title(self) -> str:
        return str(self.data.get("title", self.name))

    def say(self, english: str, /, **values: Any) -> str:
        """``english`` (a ``wording`` template: ``{name}``, ``{n|unit|units}``) in the map's language, filled.

        The engine writes its messages in English; a map in another language names a file (``messages:``) that
        gives each of them in that language, and a game pins it with the map. A game whose pinned map names none
        (set up before the file existed) keeps the English it was played with.

        >>> load_map("standard", shipped()).say("no unit of yours in {place}", place="Paris")
        'no unit of yours in Paris'
        >>> load_map("dreissigjaehriger-krieg", shipped()).say("no unit of yours in {place}", place="Prag")
        'keine eigene Einheit in Prag'
        """
        return fill(self.texts.get(english, english), values)

    def text(self, english: str) -> str:
        """``english`` in the map's language, taken as it is (a description with no placeholders, whose braces are
        the orders file's: ``{unit: A Par, move: Bur}``)."""
        return self.texts.get(english, english)

    def said(self, english: str, text: str) -> bool:
        """True if ``text`` is what ``say(english, ...)`` makes with some values (a reason the checks tell apart)."""
        return pattern(self.texts.get(english, english)).match(text) is not None

    def terrain(self, province: str) -> str:
        return str(self.provinces[province]["terrain"])

    def coasts(self, province: str) -> list[str]:
        """The named coasts of a province with several (``['nc', 'sc']``), else ``[]``."""
        return sorted(self.provinces[province].get("coasts", {}))

    def regions_of(self, province: str, unit_type: str) -> list[str]:
        """Where a unit of ``unit_type`` may stand in ``province``."""
        terrain = self.terrain(province)
        if unit_type == "army":
            return [province] if terrain in ("land", "coast") else []
        if self.coasts(province):
            return [f"{province}/{c}" for c in self.coasts(province)]
        return [province] if terrain in ("sea", "coast") else []

    def can_move(self, unit_type: str, src: str, dst: str) -> bool:
        """True if a unit of ``unit_type`` at region ``src`` can move to region ``dst`` in one step."""
        return dst in self.moves.get((unit_type, src), ())

    def reach(self, unit_type: str, src: str) -> frozenset[str]:
        return self.moves.get((unit_type, src), frozenset())

    def reaches_province(self, unit_type: str, src: str, province: str) -> bool:
        """True if the unit can move to some region of ``province`` (what a support needs)."""
        return any(province_of(r) == province for r in self.reach(unit_type, src))

    def downstream(self, src: str, dst: str) -> bool:
        """True if some point of region ``dst`` lies downstream of some point of region ``src`` (one river
        system: a fleet moving from ``src`` to ``dst`` goes with the current)."""
        return any(q in self.below.get(p, ()) for p in self.river_points.get(src, ())
                   for q in self.river_points.get(dst, ()))

    def double_move(self, src: str, via: str, dst: str) -> str | None:
        """The region a fleet at ``src`` reaches by ``F src - via - dst``, or None if that is no double move.

        30JK section 4: a fleet moving downstream along a river goes two fields; start and target lie on the
        river (the target may be its mouth sea), "irrelevant, ob diese Felder auf der selben oder anderen
        Uferseite liegt". So a step may cross to the other bank of the same stretch, no step goes upstream, and the
        target lies downstream of the start: ``F Tan - Lun - Sin/sc``, ``F EbMa - Brg - Per`` are double moves."""
        if "double_move" not in self.data.get("order_types", []) or not self.river_points.get(src):
            return None
        vias = [r for r in self.regions_of(province_of(via), "fleet")
                if (r == via or "/" not in via) and self.can_move("fleet", src, r)]
        targets = [r for r in self.regions_of(province_of(dst), "fleet") if r == dst or "/" not in dst]
        found = sorted({t for v in vias for t in targets if t != src and self.can_move("fleet", v, t)
                        and self._with_the_current(src, v, t)})
        return found[0] if len(found) == 1 else None

    def _with_the_current(self, src: str, via: str, dst: str) -> bool:
        """Some river point of each region such that neither step goes upstream and the target is downstream
        of the start (a turn into another river against its flow is upstream: section 5, Hei and HJul)."""
        def not_up(p: tuple[str, int], q: tuple[str, int]) -> bool:
            return q == p or q in self.below.get(p, ())

        return any(not_up(p, q) and not_up(q, r) and r in self.below.get(p, ())
                   for p in self.river_points.get(src, ()) for q in self.river_points.get(via, ())
                   for r in self.river_points.get(dst, ()))

    def supply_centres(self) -> list[str]:
        return sorted(p for p, d in self.provinces.items() if d.get("supply_centre"))

    def home_centres(self, power: str) -> list[str]:
        return sorted(p for p, d in self.provinces.items() if d.get("home") == power)

    def full_name(self, region: str) -> str:
        prov = province_of(region)
        name = str(self.provinces[prov]["name"])
        if "/" in region:
            name += f" ({self.provinces[prov]['coasts'][region.split('/')[1]]['name'].lower()})"
        return name

    def distances_to(self, targets: set[str]) -> dict[str, int]:
        """Steps from every province to the nearest of ``targets`` over any border (civil disorder)."""
        dist = {t: 0 for t in targets if t in self.provinces}
        queue = deque(dist)
        while queue:
            p = queue.popleft()
            for q in sorted(self.neighbours.get(p, ())):
                if q not in dist:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        return dist

    def fleet_distances_to(self, targets: set[str]) -> dict[str, int]:
        """Steps a fleet needs from every province it can stand in to the nearest of ``targets`` it can reach
        (by fleet moves only: a fleet never crosses land); an inland target is reached by no fleet."""
        dist: dict[str, int] = {}
        queue: deque[tuple[str, int]] = deque()
        for t in sorted(targets):
            if t in self.provinces:
                for r in self.regions_of(t, "fleet"):
                    queue.append((r, 0))
        seen: set[str] = set()
        while queue:
            region, d = queue.popleft()
            if region in seen:
                continue
            seen.add(region)
            prov = province_of(region)
            dist[prov] = min(dist.get(prov, d), d)
            for nxt in sorted(self.moves.get(("fleet", region), ())):
                if nxt not in seen:
                    queue.append((nxt, d + 1))
        return dist

    def phases(self) -> list[dict[str, Any]]:
        return list(self.data["calendar"]["phases"])

    def adjustment_year(self, year: int) -> bool:
        """True if ``year`` has adjustment phases (``adjustment_years: {every: N}`` counts from the start)."""
        every = int(self.data["calendar"].get("adjustment_years", {}).get("every", 1))
        return (year - int(self.data["calendar"]["start_year"])) % every == 0


def _build(name: str, data: dict[str, Any], extra: tuple[dict[str, Any], ...] = ()) -> Map:
    m = Map(name=name, data=data, provinces=dict(data["provinces"]), powers=dict(data["powers"]))
    kinds = {k: set(v) for k, v in data["adjacency_kinds"].items()}
    moves: dict[tuple[str, str], set[str]] = {}
    neigh: dict[str, set[str]] = {}
    for edge in data["borders"]:
        a, b, kind = edge[0], edge[1], edge[2]
        for unit_type in kinds[kind]:
            moves.setdefault((unit_type, a), set()).add(b)
            moves.setdefault((unit_type, b), set()).add(a)
        pa, pb = province_of(a), province_of(b)
        neigh.setdefault(pa, set()).add(pb)
        neigh.setdefault(pb, set()).add(pa)
    m.moves = {k: frozenset(v) for k, v in moves.items()}
    m.neighbours = {k: frozenset(v) for k, v in neigh.items()}
    _build_rivers(m, data.get("rivers", {}))
    for key, prov in m.provinces.items():
        for name in [key, str(prov["name"]), *prov.get("aliases", [])]:
            m.names[name_key(name)] = key
            m.names[name_key(name.replace("-", " "))] = key
    _add_words(m, extra)
    return m


def _add_words(m: Map, extra: tuple[dict[str, Any], ...]) -> None:
    """The judges' words and those of the map's words files; their other place names, a name two provinces
    share kept apart as ambiguous. A place name that is also an order word, or that is another province's own
    name, is an error in the data (no order could be read the same way twice)."""
    words = {kind: {name_key(w) for w in ws} for kind, ws in JUDGE_WORDS.items()}
    coasts = dict(JUDGE_COASTS)
    others: dict[str, set[str]] = {}
    for data in extra:
        for kind, ws in {**data.get("unit_types", {}), **data.get("orders", {})}.items():
            if kind not in words:
                raise MapDataError(f"unknown order kind {kind!r} in a words file; known: {', '.join(words)}")
            words[kind] |= {name_key(str(w)) for w in ws}
        for coast, ws in data.get("coasts", {}).items():
            coasts.update({name_key(str(w)): str(coast) for w in ws})
        for prov, names in data.get("places", {}).items():
            if prov not in m.provinces:
                raise MapDataError(f"the words file names a province {prov!r} the map does not have")
            for n in names or []:
                for k in {name_key(str(n)), name_key(str(n).replace("-", " "))}:
                    if m.names.get(k, prov) != prov:
                        raise MapDataError(f"{n!r} is given to {prov}, but it is the name of {m.names[k]}")
                    others.setdefault(k, set()).add(prov)
    for k, provs in others.items():
        if len(provs) > 1:
            m.ambiguous[k] = tuple(sorted(provs, key=str.lower))
        else:
            m.names.setdefault(k, next(iter(provs)))
    for kind, ws in words.items():
        for w in sorted(ws & (set(m.names) | set(m.ambiguous))):
            raise MapDataError(f"{w!r} is an order word ({kind}) and a place name")
    m.words = {kind: frozenset(ws) for kind, ws in words.items()}
    by_phrase: dict[str, set[str]] = {}
    for kind, ws in words.items():
        for w in ws:
            by_phrase.setdefault(w, set()).add(kind)
    m.word_kinds = {w: frozenset(kinds) for w, kinds in by_phrase.items()}
    m.word_span = max((len(w.split(" ")) for w in by_phrase), default=0)
    m.coast_words = coasts
    m.name_prefixes = _prefixes([*m.names, *m.ambiguous])
    m.word_prefixes = _prefixes(m.word_kinds)
    m.coast_starts = frozenset(k.split(" ")[0] for k in m.coast_words)


def _prefixes(phrases: Iterable[str]) -> frozenset[str]:
    """Every run of first words of ``phrases`` (words split at single spaces), the phrases too.

    >>> sorted(_prefixes(["north sea", "nth"]))
    ['north', 'north sea', 'nth']
    """
    return frozenset(" ".join(words[:n]) for words in (p.split(" ") for p in phrases) for n in range(1, len(words) + 1))


def _build_rivers(m: Map, rivers: dict[str, Any]) -> None:
    """River points of every region and the downstream order over them (section 4 of 30JK)."""
    points: dict[str, set[tuple[str, int]]] = {}
    succ: dict[tuple[str, int], tuple[str, int] | None] = {}
    for name, river in rivers.items():
        sections = river["sections"]
        if river.get("source"):
            points.setdefault(str(river["source"]), set()).add((name, 0))
        for i, banks in enumerate(sections, start=1):
            for region in banks:
                points.setdefault(str(region), set()).add((name, i))
        for i in range(0, len(sections)):
            succ[(name, i)] = (name, i + 1)
        last = (name, len(sections))
        if river.get("joins"):
            succ[last] = (str(river["joins"]), int(river["below"]) + 1)
        elif river.get("mouth"):
            succ[last] = (name, len(sections) + 1)
            points.setdefault(str(river["mouth"]), set()).add((name, len(sections) + 1))
        else:
            succ[last] = None
    below: dict[tuple[str, int], frozenset[tuple[str, int]]] = {}
    for p in succ:
        seen: list[tuple[str, int]] = []
        q = succ.get(p)
        while q is not None and q not in seen:
            seen.append(q)
            q = succ.get(q)
        below[p] = frozenset(seen)
    m.river_points = {k: frozenset(v) for k, v in points.items()}
    m.below = below


def shipped() -> gamedata.GameData:
    """The maps, words and drawings shipped in this package, read as by a game that pins nothing: for a new game's
    options, a position to resolve, a test or a tool. The rules are always handed their game's data, so no path of
    theirs can fall back to these by leaving it out."""
    return gamedata.GameData(__package__)


def load_map(name: str, game: gamedata.GameData) -> Map:
    """The map ``data/maps/<name>.yaml`` and the words and messages files it names, read from ``game``: the copies the
    game pinned at its set-up, else the ones shipped in this package (``gamedata``; each content is read once);
    ``shipped()`` reads the shipped ones (a new game's options, a position to resolve, a test)."""
    data = game.read(__package__, map_file(name))
    messages = _messages_file(data)
    return _load_map(name, data, tuple(game.read(__package__, f) for f in _words_files(data)),
                     game.read(__package__, messages) if messages else b"", _current_messages(name, game))


def _current_messages(name: str, game: gamedata.GameData) -> bytes:
    """The messages file the package's current map ``name`` names, where ``game`` is presented
    (``GameData.words_fallback``): the texts the game's pinned file lacks, in the map's language; else none."""
    if not game.words_fallback or game.files is None or not gamedata.ships(__package__, map_file(name)):
        return b""
    messages = _messages_file(gamedata.packaged(__package__, map_file(name)))
    return gamedata.packaged(__package__, messages) if messages else b""


def map_file(name: str) -> str:
    """The data file of map ``name``, as a path in this package (what a game pins, as ``maps/<name>.yaml``: the
    name it had before it moved into ``data/``, ``data/pinned-names.yaml``)."""
    return f"data/maps/{name}.yaml"


def drawing_file(name: str) -> str:
    """The drawing of map ``name``, as a path in this package (what a game pins, where the map has one)."""
    return f"data/maps/{name}.drawing.json"


def map_data_files(name: str, game: gamedata.GameData) -> list[str]:
    """The files map ``name`` is read from, as paths in this package: the map, its words and messages files (as
    ``game``'s copy of the map names them)."""
    data = game.read(__package__, map_file(name))
    messages = _messages_file(data)
    return [map_file(name), *_words_files(data), *([messages] if messages else [])]


def _words_files(data: bytes) -> list[str]:
    return [str(f) for f in _parsed(data).get("words", [])]


def _messages_file(data: bytes) -> str | None:
    """The file of the engine's messages in the map's language (``messages:``), if the map names one."""
    name = _parsed(data).get("messages")
    return str(name) if name else None


@cache
def _parsed(data: bytes) -> dict[str, Any]:
    return yamlio.load_trusted(data)  # type: ignore[no-any-return]


@cache
def _load_map(name: str, data: bytes, words: tuple[bytes, ...] = (), messages: bytes = b"",
              current: bytes = b"") -> Map:
    # the contents are part of the key: an old game keeps its map, its words and its messages; ``current`` (the
    # package's messages, presentation only) gives the texts its pinned messages lack
    m = _build(name, _parsed(data), tuple(yamlio.load_trusted(w) for w in words))
    m.texts = {**_texts(current), **_texts(messages)}
    return m


def _texts(messages: bytes) -> dict[str, str]:
    return {str(k): str(v) for k, v in (yamlio.load_trusted(messages) or {}).items()} if messages else {}


def available_maps() -> list[str]:
    return sorted(p.name[:-5] for p in gamedata.package_files(__package__).joinpath("data", "maps").iterdir()
                  if p.name.endswith(".yaml"))
