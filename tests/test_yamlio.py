"""The canonical writer and the bounded reader (DESIGN.md, "Files are the interface")."""

import pytest

from adjudicator import yamlio


def test_same_data_gives_same_bytes_and_reads_back():
    data = {"b": [1, {"c": "3/10", "d": "yes"}], "a": "Überschuß", "e": [], "n": None, "f": "2026-01-01"}
    text = yamlio.dump(data)
    assert text == yamlio.dump(yamlio.load(text).data)
    assert yamlio.load(text).data == data
    assert text.index("b:") < text.index("a:"), "keys keep the order the data was built in"


def test_floats_are_never_written():
    with pytest.raises(TypeError):
        yamlio.dump({"x": 0.1})


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("a: 1\na: 2\n", 2, 1, "same key appears twice"),
        ("a: &x [1]\nb: *x\n", 1, 4, "anchors and aliases"),
        ("a: [\n", 2, 1, "not valid YAML"),
        ("a:\n" + "  - " * 40 + "1\n", 2, 127, "nesting deeper"),
    ],
)
def test_bad_input_names_line_and_column(text, line, column, words):
    with pytest.raises(yamlio.YamlInputError) as err:
        yamlio.load(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert words in err.value.message
    assert err.value.hint


def test_size_is_bounded_before_parsing():
    with pytest.raises(yamlio.YamlInputError, match="at most"):
        yamlio.load("a: " + "x" * (yamlio.ORDERS_MAX_BYTES + 1))


def test_alias_bomb_is_refused_without_expanding():
    bomb = "a: &a [x, x]\n" + "".join(f"{c}: &{c} [*{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))
    with pytest.raises(yamlio.YamlInputError, match="aliases"):
        yamlio.load(bomb)


def test_positions_point_at_keys_and_values():
    loc = yamlio.load("x: 1\ny:\n  - a\n  - z: 2\n")
    assert loc.where(("y", 1, "z")) == (4, 8)
    assert loc.where(("y", 1, "z"), key=True) == (4, 5)
    assert loc.where(("y", 7)) == (3, 3), "a missing path falls back to the nearest enclosing value"


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(plain)
def test_whatever_is_written_reads_back_the_same(data):
    text = yamlio.dump(data)
    assert yamlio.load(text, max_bytes=1 << 20).data == data
    assert yamlio.load_trusted(text) == data


def test_text_that_looks_like_something_else_is_quoted():
    words = ["yes", "No", "20:00", "2026-01-01", "0o17", "1e3", "~", "null", "x: y", "#c", "Atlantis"]
    text = yamlio.dump({"a": words})
    assert text == ('a:\n- "yes"\n- "No"\n- "20:00"\n- "2026-01-01"\n- "0o17"\n- "1e3"\n- "~"\n- "null"\n'
                    '- "x: y"\n- "#c"\n- Atlantis\n')


def test_a_trailing_newline_is_kept():
    assert yamlio.load(yamlio.dump({"A\n": "B\n"})).data == {"A\n": "B\n"}
