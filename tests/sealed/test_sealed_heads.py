"""The comment that heads a published orders file (``secrecy.head``), in the game's language (issue 31).

What a turn publishes of a sealed orders file is bound by its report's digest (``dice.public_digest``) and replayed
byte for byte by ``verify``, so a head's words, once games used them, never change: a changed text here would make
every game that published it fail its replay. A turn records the language its heads speak where not English
(``heads:``), and a file is known as a public part or a full text by its head in any language.
"""

from __future__ import annotations

import pytest

from adjudicator.kit import secrecy

HEADS = {
    ("en", "public"): "# The public part of these orders, as the deadline read them.\n",
    ("en", "sealed"): "# The public part of these orders. What sealed_until_end names stays sealed to the game's key\n"
                      "# until the game ends (the .yaml.age file beside this one holds all of it).\n",
    ("en", "full"): "# These orders in full, as the deadline read them (published when the game ended).\n",
    ("de", "public"): "# Der öffentliche Teil dieser Befehle, wie der Abgabeschluss sie gelesen hat.\n",
    ("de", "sealed"): "# Der öffentliche Teil dieser Befehle. Was sealed_until_end nennt, bleibt für den "
                      "Schlüssel der\n# Partie versiegelt, bis sie endet (die Datei .yaml.age daneben enthält "
                      "alles).\n",
    ("de", "full"): "# Diese Befehle vollständig, wie der Abgabeschluss sie gelesen hat (veröffentlicht, als die "
                    "Partie endete).\n",
}


@pytest.mark.parametrize(("lang", "kind"), sorted(HEADS))
def test_a_head_s_words_are_the_ones_games_published(lang: str, kind: str):
    assert secrecy.head(lang, kind) == HEADS[lang, kind]
    raw = (HEADS[lang, kind] + "game: g\nturn: 1\nplayer: ann\norders: {}\n").encode("utf-8")
    assert secrecy.head_language(raw) == lang
    assert secrecy.is_full_text(raw) == (kind == "full") and secrecy.is_public_text(raw) == (kind != "full")


def test_a_public_part_and_a_full_text_are_headed_in_the_language_asked():
    sealed = secrecy.Secrecy(sealed_fields={"standing": "reservation prices"})
    plain = b"# mine\ngame: g\nturn: 2\nplayer: ann\norders: {card: 3, standing: {C: 1}}\n"
    english, _ = secrecy.public_part(sealed, plain)
    german, partial = secrecy.public_part(sealed, plain, "de")
    assert partial and german == HEADS["de", "sealed"] + english.removeprefix(HEADS["en", "sealed"])
    assert secrecy.full_text(plain, "de") == HEADS["de", "full"] + secrecy.full_text(plain).removeprefix(
        HEADS["en", "full"])
    assert secrecy.head_language(b"game: g\n") == "en" and not secrecy.is_public_text(b"game: g\n")
