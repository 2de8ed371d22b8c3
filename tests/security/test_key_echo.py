"""Issue #21 item 9: no key material is ever echoed, not even a secret key pasted where a public key belongs."""

from __future__ import annotations

from pathlib import Path

from adjudicator import cli


def test_a_secret_key_given_as_a_public_key_is_refused_without_a_character_of_it(league: Path, capsys):
    from pyrage import x25519

    secret = str(x25519.Identity.generate())
    assert secret.startswith("AGE-SECRET-KEY-")
    assert cli.main(["--league", str(league), "new", "counter", "s1", "--player", "Alice:alice:1",
                     "--option", "orders=sealed"]) == 0
    capsys.readouterr()
    for pasted in (secret, secret.lower(), "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA"):
        assert cli.main(["--league", str(league), "keys", "add", "s1", "alice", pasted]) == 2
        out = capsys.readouterr()
        assert "this is a secret key, not a public key" in out.err
        assert pasted[15:25] not in out.out + out.err and "b3BlbnNz" not in out.out + out.err


def test_a_broken_public_key_is_named_by_its_length_and_kind_only(league: Path, capsys):
    assert cli.main(["--league", str(league), "new", "counter", "s1", "--player", "Alice:alice:1",
                     "--option", "orders=sealed"]) == 0
    capsys.readouterr()
    assert cli.main(["--league", str(league), "keys", "add", "s1", "alice", "age1qqqqzzzzbroken"]) == 2
    err = capsys.readouterr().err
    assert "the 18-character key starting 'age1' is not a valid public key" in err and "zzzz" not in err
