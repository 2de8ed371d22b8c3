"""Issue 15, "Show it": the adversary against the Dreißigjähriger Krieg. Orders are simultaneous (sealed until
the deadline); each power's religion account is hidden (section 8: "verborgen"), and so are the religious
actions: the points paid, and who acted. The players send the demo game's orders of 1618."""

from __future__ import annotations

from pathlib import Path

from adjudicator.rulesets.diplomacy.variants.dreissigjaehriger_krieg.religion import is_action_entry

from .adversary import Table, attack, demo_bot, demo_game

NAME = "dreissigjaehriger-krieg"


def test_an_outsider_learns_no_religion_account_no_payment_and_not_who_acted(
        league: Path, tmp_path: Path, monkeypatch, capsys):
    players, options = demo_game(NAME)
    table = Table(league, tmp_path, "diplomacy", players, options, monkeypatch, capsys)
    table.new()
    table.play(demo_bot(NAME), turns=2)
    actions = {login: [e for e in demo_bot(NAME)({}, login, 1) or [] if is_action_entry(e)] for login in table.logins}
    acted = sorted(login for login, entries in actions.items() if entries)
    assert len(acted) >= 2, "the demo's first turn has religious actions"
    outsider, secrets = attack(table, tmp_path / "site")
    assert any("sealed until the end" in s.what for s in secrets)
    with table.game_master():
        game = table.game()
        accounts = {t: {p: v["religion_points"] for p, v in game.state(t)["private"].items()} for t in (0, 1)}
    # The arithmetic of found 4: the account before the turn and the points of the turn are what an outsider could
    # know at best; the payments are what it lacks. Whoever acted ends with less than that sum, and nothing
    # public names them: no published orders file holds an action, and no public byte names an action's unit
    # with its points.
    assert all(accounts[1][p] < accounts[0][p] for p in acted), accounts
    for login in acted:
        for entry in actions[login]:
            assert all(entry not in text for text in outsider.site.values()), entry
            assert all(entry not in outsider.flat(b) for rows in outsider.trees.values() for _, b in rows), entry
    # The issue tells the religious warfare by its target, never by who paid for it (acting_powers: hidden).
    issue = outsider.files(outsider.head, "site/news/g/0001.md")["site/news/g/0001.md"]
    section = issue.split("### Religiöse Kriegsführung", 1)[1].split("\n#", 1)[0]
    assert "Ungehorsam stiften" in section
    seats = {p.split(":")[1]: p.split(":") for p in players}
    for login in acted:
        name, role = seats[login][0], seats[login][3]
        words = {name, role, role.replace("oe", "ö").replace("ae", "ä").replace("ue", "ü")}
        assert not [w for w in words if w.lower() in section.lower()], (login, section)
