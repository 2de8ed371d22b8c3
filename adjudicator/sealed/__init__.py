"""Sealed orders and hidden state: age encryption (``pyrage``), so that secrecy lasts exactly until the deadline.

- ``crypto``: the age wrapper (keys, encrypt, decrypt);
- ``envelope``: the armored age format, what anyone can check without a key (pure);
- ``storage``: a turn's hidden state and private reports as sealed files, and reading them back;
- sealed orders files of a game, their checks without the key and opening them at the deadline, are the engine's
  (``engine/sealed_orders.py``): they read the league's files.

Keys of a game::

    game.yaml  key: age1...                    the game's public key (``turnpress keys new GAME``)
    game.yaml  players: - ... recipient: ...   a player's age public key or ``ssh-ed25519`` GitHub key
    TURNPRESS_GAME_KEYS, TURNPRESS_GAME_KEY_<GAME>, .secrets/<game>.key   the game's secret key (``secrets``)

Files (all ASCII-armored age, so that they are text in git and in the pull request's diff)::

    orders/<g>/<NNNN>/<player>.yaml.age           sealed orders, to the game and the player
    orders/<g>/<NNNN>/<player>.yaml               their plaintext, committed with the turn's results
    games/<g>/turns/<NNNN>/private/<player>.yaml.age  a player's hidden state and private report
    games/<g>/turns/<NNNN>/secret.yaml.age        the game master's part (deck order ...), to the game only
    games/<g>/dice-secret.age                     the dice-chain secret, to the game only

A game without a key keeps its hidden state in plaintext ``hidden.yaml`` (the demo games do).
"""
