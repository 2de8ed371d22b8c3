"""Property tests with random legal orders on the standard map (issue: no two units in one province, every
dislodged unit retreats or disbands, supply centres change owner only after Fall)."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.dice import Dice
from adjudicator.model import Player
from adjudicator.rulesets.diplomacy import RULESET, core
from adjudicator.rulesets.diplomacy.core import (
    Read,
    movement_legality,
    parse_unit,
    read_orders,
    run_movement,
    units_from,
)
from adjudicator.rulesets.diplomacy.notation import OrderError, parse_order, read_order
from adjudicator.rulesets.diplomacy.reading import Reader, as_written
from adjudicator.rulesets.diplomacy.resolver import Rules
from adjudicator.rulesets.diplomacy.tables import Map, load_map, province_of, shipped, words_of

from .random_orders import random_orders, random_position

M = load_map("standard", shipped())
PLAYERS = [Player(p, p.capitalize(), p, i, p) for i, p in enumerate(M.powers)]


def _state(seed: int, season: str) -> tuple[dict, dict]:
    rng = random.Random(seed)
    state = RULESET.setup({}, PLAYERS, Dice(b"p"))
    state["units"] = random_position(M, rng, rng.randrange(10, 40))
    if season == "Fall":
        state["season"], state["step"] = "Fall", 2
    return state, random_orders(M, state["units"], rng)


def _provinces(state: dict) -> list[str]:
    return [province_of(u.split()[1]) for us in state["units"].values() for u in us]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), season=st.sampled_from(["Spring", "Fall"]))
def test_random_phases_keep_one_unit_per_province_and_settle_every_dislodged_unit(seed: int, season: str) -> None:
    state, orders = _state(seed, season)
    before = {p: sorted(c) for p, c in state["supply_centres"].items()}
    moved = RULESET.adjudicate(state, orders, Dice(b"m"))
    after = moved.state
    assert len(_provinces(after)) == len(set(_provinces(after)))
    dislodged = moved.report["dislodged"]
    waiting = {(d["power"], d["unit"]) for d in after["dislodged"]}
    gone = {(p, u) for p, us in moved.report.get("disbanded", {}).items() for u in us}
    assert {(d["power"], d["unit"]) for d in dislodged} == waiting | gone and not waiting & gone
    assert all(province_of(d["unit"].split()[1]) in _provinces(after) for d in dislodged)  # its attacker is there
    if season == "Spring":  # centres change owner only after Fall (and its retreats)
        assert after["supply_centres"] == before
    if after["dislodged"]:
        assert after["kind"] == "retreat"
        rng = random.Random(seed + 1)
        retreat_orders = {d["power"]: [f"{d['unit'].split()[0]} {d['unit'].split()[1]} - {rng.choice(d['retreats'])}"]
                          for d in after["dislodged"]}
        done = RULESET.adjudicate(after, retreat_orders, Dice(b"r"))
        provinces = _provinces(done.state)
        assert len(provinces) == len(set(provinces))
        kept = len(provinces) - len(_provinces(after))
        assert kept + sum(len(v) for v in done.report["disbanded"].values()) == len(after["dislodged"])
        if season == "Spring":
            assert done.state["supply_centres"] == before
    elif season == "Spring":
        assert after["kind"] == "movement" and after["season"] == "Fall"


def _scrambled(m: Map, units: dict[str, list[str]], rng: random.Random) -> list[tuple[str, str]]:
    """A player's lines as the orders page's verdicts try them (issue 30): each unit's orders and others' units
    ordered by the wrong power, moves to anywhere on the map, supports of any unit, the wrong unit letter, units
    ordered twice, lines that cannot be read."""
    placed = [(p, u) for p, us in units.items() for u in us]
    provinces = sorted(m.provinces)
    out = []
    for _ in range(rng.randrange(1, 30)):
        power, unit = rng.choice(placed)
        other = rng.choice(placed)[1]
        letter = rng.choice("AF")
        out.append((rng.choice([power, *m.powers]), rng.choice([
            f"{unit} - {rng.choice(provinces)}", f"{unit} S {other}", f"{unit} S {other} - {rng.choice(provinces)}",
            f"{unit} C {other} - {rng.choice(provinces)}", f"{letter} {unit.split()[1]} - {rng.choice(provinces)}",
            f"{unit} H", f"{unit} - {rng.choice(provinces)} via convoy", f"{unit} -", "F Xyz - Nth"])))
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), board=st.sampled_from(["standard", "dreissigjaehriger-krieg"]))
def test_check_s_legality_only_run_finds_the_invalid_orders_of_the_whole_phase(seed: int, board: str) -> None:
    """``check`` judges orders with ``movement_legality`` (issue 33: the orders page runs it a few hundred times a
    player), which resolves nothing and adds no holds: it finds the same invalid orders with the same reasons as
    the whole phase does, and no other; and a text read again (``Map.order_reads``) reads as it did the first
    time, a reading error too."""
    m, rng = load_map(board, shipped()), random.Random(seed)
    units = random_position(m, rng, rng.randrange(5, 40))
    lines = _scrambled(m, units, rng)
    reads: list[Read] = [r for power, line in lines for r in read_orders(m, power, [line]) if r.order]
    board_units = units_from(m, units)
    whole = run_movement(m, board_units, reads, Rules()).results[:len(reads)]
    legality = movement_legality(m, board_units, reads, Rules())
    assert [(r["result"], r["reason"]) if r["result"] == "invalid" else None for r in whole] == \
        [(r["result"], r["reason"]) if r["result"] == "invalid" else None for r in legality]

    def reading(read: Callable[[], object]) -> object:
        try:
            return read()
        except OrderError as e:
            return (e.message, e.hint)

    for _, line in lines:
        fresh = reading(lambda line=line: parse_order(m, line))
        assert reading(lambda line=line: read_order(m, line)) == fresh  # read, or kept from an earlier reading
        assert reading(lambda line=line: read_order(m, line)) == fresh  # kept


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), board=st.sampled_from(["standard", "dreissigjaehriger-krieg"]))
def test_a_line_of_the_words_of_a_line_read_before_is_not_read_again_and_quotes_itself(seed: int, board: str):
    """The orders page's verdicts read each line also in capitals and with other spaces (issue 33): the reading of
    a line's words is kept (``Map.word_reads``), so a line of the same words is not read again; it reads as a
    fresh reading of it does, its faults quoting the line and a place's name as this line writes them."""
    m, rng = load_map(board, shipped()), random.Random(seed)
    # what other tests left (the map is shared): a text they read is kept by itself, and the reading of its
    # words may have been dropped since (each bounded on its own), so the line's spellings would be read again
    m.order_reads.clear()
    m.word_reads.clear()
    units = random_position(m, rng, rng.randrange(5, 40))
    power = str(m.powers[sorted(m.powers)[0]]["name"])
    lines = [line for _, line in _scrambled(m, units, rng)] + ["F Xyz - Nth", "A Lvp -> Xyzz.", f"{power}: F Xyz"]

    def reading(read: Callable[[], object]) -> object:
        try:
            return read()
        except OrderError as e:
            return (e.message, e.hint)

    for line in lines:
        reading(lambda line=line: read_order(m, line))
        spelt = [line.upper(), "  ".join(w.capitalize() for w in line.split(" ")), f" {line.lower()}  "]
        with mock.patch.object(Reader, "done", autospec=True, side_effect=Reader.done) as looked:
            got = [reading(lambda t=t: read_order(m, t)) for t in spelt]
            assert looked.call_count == 0, f"{spelt} read again"
        assert got == [reading(lambda t=t: parse_order(m, t)) for t in spelt]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), board=st.sampled_from(["standard", "dreissigjaehriger-krieg"]))
def test_a_position_s_units_read_again_are_those_of_a_fresh_reading(seed: int, board: str) -> None:
    """``units_from`` keeps a position's units per map (``Map.unit_lists``, issue 33: ``check`` reads the same
    position in each of the orders page's few hundred runs a player): read again, the position gives the units a
    fresh reading of each text gives, in its order, reading no text again; the list handed out is the caller's to
    change; another position is read as its own."""
    m, rng = load_map(board, shipped()), random.Random(seed)
    units = random_position(m, rng, rng.randrange(5, 40))
    fresh = [parse_unit(m, power, text) for power in units for text in units[power]]
    units_from(m, units).pop()  # the caller's list
    with mock.patch.object(core, "parse_unit", wraps=core.parse_unit) as parsed:
        assert units_from(m, {power: list(texts) for power, texts in units.items()}) == fresh
        assert parsed.call_count == 0, "the position's units, kept"
        first = next(power for power, texts in units.items() if texts)  # one unit fewer: never an empty position
        moved = {power: texts[1:] if power == first else list(texts) for power, texts in units.items()}
        assert units_from(m, moved) == [parse_unit(m, power, text) for power in moved for text in moved[power]]
        assert parsed.call_count > 0, "another position, read"


def _every_piece(text: str, key: str) -> str:
    """``as_written`` by trying every piece from each start that begins a word, shortest first."""
    for a in range(len(text)):
        if text[a].isspace() or (a and text[a - 1].isalnum()):
            continue
        for b in range(a + 1, min(len(text), a + 3 * len(key) + 8) + 1):
            if " ".join(words_of(text[a:b])) == key:
                return text[a:b]
    return key


@settings(max_examples=300, deadline=None)
@given(text=st.text("aAbZ09 -.,;()/:>=ä'\t", max_size=16), data=st.data())
def test_a_piece_as_written_is_the_one_every_piece_tried_finds(text: str, data: st.DataObject) -> None:
    """``reading.as_written`` tries a piece of an ASCII text only where its letters and digits are the key's
    (issue 33: the verdicts' probes quote thousands of unread words): the piece found, or none, is that of trying
    every piece; for a key of some of the text's words, and any other."""
    words = words_of(text)
    start = data.draw(st.integers(0, len(words)))
    key = " ".join(words[start:data.draw(st.integers(start, len(words)))]) if data.draw(st.booleans()) else \
        " ".join(words_of(data.draw(st.text("aAbZ09 -./ä'", max_size=6))))
    assert as_written(text, key) == _every_piece(text, key)


@settings(max_examples=200, deadline=None)
@given(text=st.text(st.characters(max_codepoint=0x7f)) | st.text())
def test_the_words_of_a_text_are_those_of_the_full_fold(text: str) -> None:
    """``words_of`` takes the short way for a text of ASCII only (issue 33: every line of the orders page's
    verdicts is read so): its words are those the whole fold (case, ä/ae, accents, long dashes) gives."""
    t = unicodedata.normalize("NFKD", text.lower().translate(str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue",
                                                                             "ß": "ss", "æ": "ae", "ø": "oe"})))
    t = "".join(c for c in t if not unicodedata.combining(c))
    t = t.replace("–", "-").replace("—", "-").replace("->", " - ").replace("=>", " - ")
    t = re.sub(r"[.,;]", " ", t)
    assert words_of(text) == t.replace("-", " - ").replace("(", " ( ").replace(")", " ) ").replace("/", " / ").split()
