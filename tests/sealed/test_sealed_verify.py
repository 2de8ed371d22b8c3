"""``turnpress verify`` of a game with sealed orders and sealed hidden state, with and without the game's key
(issue "sealed orders": verify replays everything with the game's secret, and without it checks the dice chain
and everything public, naming what it could not check)."""

from __future__ import annotations

from adjudicator import yamlio
from adjudicator.dice import orders_digest
from adjudicator.engine import turn as turnmod
from adjudicator.engine.verify import AFTER_END, PUBLIC, WITH_KEY, verification
from adjudicator.league.store import load_game
from adjudicator.sealed import crypto

from ..conftest import git
from .conftest import Table, at, deadline


def play(table: Table, rounds: int = 3) -> None:
    for turn in range(1, rounds + 1):
        day = deadline(turn) - at(2, 20)
        for i, player in enumerate(("alice", "bob", "carol")):
            assert table.seal(player, turn, (turn + i) % 3, f"{player} in round {turn}", at(1, 10 + i) + day) == 0
        assert table.deadline_run(turn) == 0
    table.out()


def test_verify_with_the_key_replays_everything_and_without_it_names_what_it_could_not_check(table: Table):
    play(table, rounds=2)  # of three: the game runs on
    root = table.root
    with table.game_master():
        done = verification(root, "g1")
        assert table.cli("verify", "g1") == 0
    assert (done.turns, done.found, done.not_checked, done.mode) == (2, [], [], WITH_KEY)
    assert "g1: 2 turns replayed, all match (checked: with the game's key)" in table.out()

    done = verification(root, "g1")
    assert done.found == [] and done.turns == 0 and done.mode == PUBLIC
    assert any("adjudication of turns 1-2" in n and "TURNPRESS_GAME_KEY_G1" in n for n in done.not_checked)
    assert any("sealed order holds the plaintext" in n for n in done.not_checked)
    assert any("full orders behind the public parts" in n for n in done.not_checked)
    assert table.cli("verify", "g1") == 0, "what cannot be checked is not a discrepancy"


def test_the_game_masters_key_file_lets_verify_replay_the_committed_history(table: Table):
    """The key kept in the git-ignored .secrets/ (as 'new' leaves it) counts for the replay of committed history,
    which reads the game's files from git's objects and not from the working tree."""
    play(table, rounds=1)
    (table.root / ".secrets" / "g1.key").write_text(table.game_key + "\n")
    done = verification(table.root, "g1")
    assert (done.turns, done.found, done.mode) == (1, [], WITH_KEY)
    assert done.source.startswith("the committed history at ")


def test_after_the_end_verify_replays_every_turn_and_every_hidden_draw_without_a_key(table: Table):
    """Issue 15: verify after the end of a finished hidden-information game replays everything without the key."""
    play(table)  # all three rounds: the game is over
    root = table.root
    last = yamlio.read_data(root / "games/g1/turns/0003/report.yaml")
    assert "hidden_end" in last["dice"] and "hidden_end" not in yamlio.read_data(
        root / "games/g1/turns/0002/report.yaml")["dice"], "the hidden chain is published once, at the end"
    done = verification(root, "g1")
    assert (done.turns, done.found, done.mode) == (3, [], AFTER_END)
    # The full orders are published over their public parts with the last turn.
    assert not (root / "orders/g1/0001/alice.yaml").read_text().startswith("# The public part")
    # A forged link is caught: it must lead back to the commitment made at set-up.
    data = yamlio.read_data(root / "games/g1/turns/0003/report.yaml")
    data["dice"]["hidden_end"] = "11" * 32
    (root / "games/g1/turns/0003/report.yaml").write_text(yamlio.dump(data))
    found = [f.text() for f in verification(root, "g1", worktree=True).found]  # the edit is not committed
    assert any("does not lead to the hidden commitment" in f for f in found)


def test_verify_without_the_key_still_finds_an_edited_order_and_a_broken_dice_chain(table: Table):
    play(table, rounds=2)
    root = table.root
    plain = root / "orders/g1/0001/alice.yaml"
    plain.write_text(plain.read_text().replace("bid: 1", "bid: 2"))
    git(root, "commit", "-qam", "edit alice's published orders")
    found = [f.text() for f in verification(root, "g1").found]
    assert found == ["g1: turn 1: the published orders differ from the public parts of those taken"]
    with table.game_master():
        found = [f.text() for f in verification(root, "g1").found]
    assert "g1: turn 1: the published plaintext of alice's orders is not what was sealed" in found

    report = root / "games/g1/turns/0002/report.yaml"
    data = yamlio.read_data(report)
    data["dice"]["seed"] = "00" * 32
    report.write_text(yamlio.dump(data))
    git(root, "commit", "-qam", "a new seed for turn 2")  # verify replays the committed history
    assert "g1: turn 2: dice chain broken: H(seed) is not the previous turn's seed" in [
        f.text() for f in verification(root, "g1").found]


def test_verify_with_the_key_compares_the_decrypted_hidden_state(table: Table):
    play(table)
    root = table.root
    rel = "games/g1/turns/0002/private/alice.yaml.age"
    with table.game_master():
        game = load_game(root, "g1")
        text = crypto.decrypt((root / rel).read_bytes(), game.game_identities()).decode()
        body = yamlio.load_trusted(text)
        body["state"]["hand"].append("deckforgedcard")
        (root / rel).write_text(crypto.encrypt(yamlio.dump(body).encode(), game.recipients("alice")))
        git(root, "commit", "-qam", "give alice a card")
        edit = git(root, "rev-parse", "--short=12", "HEAD").strip()
        found = [f.text() for f in verification(root, "g1").found]
    assert found == ["g1: turn 2: private/alice.yaml.age differs from the replay",
                     f"g1: turn 2: private/alice.yaml.age was changed in the committed turn by commit {edit} "
                     "(give alice a card)"], "turn 3 replays from its own state"
    # Sealing again changes every byte of a file; verify compares what is inside, so a re-sealed file matches
    # (the files on disk, --worktree; the history still shows the commit that changed the turn).
    with table.game_master():
        (root / rel).write_text(crypto.encrypt(text.encode(), game.recipients("alice")))
        assert [f.text() for f in verification(root, "g1", worktree=True).found] == found[1:]


def test_the_dice_secret_sealed_to_the_game_key_runs_the_game(table: Table):
    root = table.root
    assert not (root / ".secrets/g1.dice").exists()
    assert "dice-secret.age" in git(root, "ls-files", "games/g1")
    assert table.seal("alice", 1, 1, "alice", at(1, 10)) == 0
    assert table.deadline_run(1) == 0
    assert "g1: turn 1 (Round 1) adjudicated" in table.out()
    # Without the key the dice secret stays sealed, and the run says which variable to set.
    assert table.cli("adjudicate", "g1", "--now", "2026-03-09T21:05+00:00") == 2
    assert "the game's key of g1 is missing: set TURNPRESS_GAME_KEY_G1" in table.out()


def test_without_the_key_verify_checks_the_turns_digest_against_the_sealed_files_as_submitted(table: Table):
    """Issue 28: a turn's dice digest binds each sealed file by its bytes as submitted, which are public. Anyone
    checks it without the key; a sealed file put in place of the one the turn opened (even the same orders sealed
    again) is named."""
    play(table, rounds=2)
    root = table.root
    report = yamlio.read_data(root / "games/g1/turns/0001/report.yaml")
    assert report["dice"]["digest"] == "envelopes"
    assert yamlio.read_data(root / "games/g1/game.yaml")["dice"]["digest"] == "envelopes"
    envelopes = {p: (root / f"orders/g1/0001/{p}.yaml.age").read_bytes() for p in ("alice", "bob", "carol")}
    assert report["dice"]["orders_digest"] == orders_digest({f"{p}.age": e for p, e in envelopes.items()}).hex()
    with table.game_master():
        game = load_game(root, "g1")
        plain = crypto.decrypt(envelopes["alice"], game.game_identities())
        (root / "orders/g1/0001/alice.yaml.age").write_text(crypto.encrypt(plain, game.recipients("alice")))
    git(root, "commit", "-qam", "alice's orders sealed again")
    found = [f.text() for f in verification(root, "g1").found]
    assert "g1: turn 1: the orders files differ from those the turn was adjudicated with" in found


def test_a_game_master_cannot_choose_between_the_two_digests_turn_by_turn(table: Table, monkeypatch):
    """Issue 28: a game made since binds the envelopes from its set-up (``dice: digest:`` in game.yaml), and an
    older game from the first turn that did: a turn that goes back to the plaintexts' digest is named, because
    a game master with both at hand could roll the dice twice and publish the better."""
    root = table.root
    monkeypatch.setattr(turnmod, "digest_scheme", lambda settings: None)  # a turnpress from before issue 28
    for i, player in enumerate(("alice", "bob", "carol")):
        assert table.seal(player, 1, i, "round 1", at(1, 10 + i)) == 0
    assert table.deadline_run(1) == 0
    found = [f.text() for f in verification(root, "g1").found]
    assert "g1: turn 1: its dice digest binds the plaintexts of the orders, and game.yaml says the game's bind " \
           "their envelopes (dice: digest:)" in found


def test_an_older_game_binds_the_envelopes_from_the_first_turn_that_did(league, tmp_path, ssh_key, monkeypatch,
                                                                       capsys):
    """A game set up before issue 28 (no ``digest`` in game.yaml) replays its old turns, binds the envelopes from
    its next turn on, and may not go back; verify tells its reader which turns published the old digest."""
    desk = tmp_path / "desk"
    desk.mkdir()
    table = Table(league, desk, ssh_key, monkeypatch, capsys)
    table.setup()
    config = league / "games/g1/game.yaml"
    config.write_text(config.read_text().replace("  digest: envelopes\n", ""))
    git(league, "commit", "-qa", "--amend", "--no-edit")
    for turn, scheme in ((1, None), (2, "envelopes"), (3, None)):
        monkeypatch.setattr(turnmod, "digest_scheme", lambda settings, s=scheme: s)
        day = deadline(turn) - at(2, 20)
        for i, player in enumerate(("alice", "bob", "carol")):
            assert table.seal(player, turn, (turn + i) % 3, f"round {turn}", at(1, 10 + i) + day) == 0
        assert table.deadline_run(turn) == 0
    with table.game_master():
        done = verification(league, "g1")
    assert [f.text() for f in done.found] == [
        "g1: turn 3: its dice digest binds the plaintexts of the orders, after turn 2's bound their sealed "
        "envelopes: a game master may not choose between the two"]
    assert any(n.startswith("turns 1, 3 published a digest of the orders' plaintexts") for n in done.notes)


def test_a_key_registered_after_a_turn_reseals_the_players_private_report_and_verify_accepts_it(table: Table):
    """A player who registers a key late (``keys add`` after a turn) gets their private report of the last turn
    sealed again so they can read it: the game master's command changes a committed turn's file, and ``verify``
    must not call that a changed turn (it did for 30JK's first registrations, issue 31's German games test).
    Anything else in a committed turn, or another player's private file in that commit, is still named."""
    play(table, rounds=1)
    carol_public, _ = crypto.new_identity()
    with table.game_master():
        assert table.cli("keys", "add", "g1", "carol", carol_public, "--commit") == 0
        assert "private/carol.yaml.age" in table.out()
        done = verification(table.root, "g1")
    assert done.found == []
    assert table.cli("verify", "g1") == 0
    table.out()

    # the same commit's shape without a registration: a hand re-seal of Bob's report is still a changed turn
    bob = table.root / "games/g1/turns/0001/private/bob.yaml.age"
    bob.write_bytes(bob.read_bytes().replace(b"\n", b"\n\n", 1))
    git(table.root, "commit", "-qam", "touch bob's report", date=at(20, 9))
    with table.game_master():
        found = verification(table.root, "g1").found
    assert "private/bob.yaml.age was changed in the committed turn" in [f.what.split(" by commit")[0] for f in found]


def test_verify_with_the_key_opens_each_sealed_order_once_for_its_checks_and_its_replay(table: Table, monkeypatch):
    """Issue 31, I/O at the edges of a turn: what a committed turn published is read once
    (``turn.load_committed``); the check that each sealed order holds its published plaintext and the replay that
    plays the full orders behind the public parts read the same opened file (they each opened it before)."""
    play(table, rounds=2)
    envelopes = {p.read_bytes(): p.relative_to(table.root).as_posix()
                 for p in table.root.glob("orders/g1/*/*.yaml.age")}
    assert len(envelopes) == 6
    opened: list[str] = []
    decrypt = crypto.decrypt

    def counted(sealed, identities):
        if isinstance(sealed, bytes) and sealed in envelopes:
            opened.append(envelopes[sealed])
        return decrypt(sealed, identities)

    monkeypatch.setattr(crypto, "decrypt", counted)
    with table.game_master():
        done = verification(table.root, "g1")
    assert (done.turns, done.found, done.mode) == (2, [], WITH_KEY)
    assert sorted(opened) == sorted(envelopes.values())


def test_verify_seals_nothing_and_still_finds_a_sealed_file_that_differs(table: Table, monkeypatch):
    """Issue 33: a replay sealed every hidden part and private report again, only for verify to compare what the
    committed sealed files hold with the plaintexts (a sealing's bytes differ each time). It seals nothing now, and
    a sealed file that holds something else is still found."""
    play(table, rounds=2)
    root = table.root

    def sealing(*args):
        raise AssertionError("verify sealed a file")

    with table.game_master():
        game = load_game(root, "g1")
        rel = "games/g1/turns/0001/secret.yaml.age"
        body = yamlio.load_trusted(crypto.decrypt((root / rel).read_bytes(), game.game_identities()))
        body["hidden"]["secret"]["deck"].reverse()
        forged = crypto.encrypt(yamlio.dump(body).encode(), game.recipients(None))
        monkeypatch.setattr(crypto, "encrypt", sealing)
        assert verification(root, "g1").found == []
        (root / rel).write_text(forged)
        found = [f.text() for f in verification(root, "g1", worktree=True).found]
    assert found == ["g1: turn 1: secret.yaml.age differs from the replay"]
