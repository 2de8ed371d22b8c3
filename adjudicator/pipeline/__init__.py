"""The pipeline of a league on GitHub: the commands its workflows run, and the repository ``init`` makes.

- ``turnpress pr-check``: the orders workflow's check of a pull request (``prcheck``);
- ``turnpress deadline``: the deadline workflow's adjudicate, commit, push with retries (``deadline``);
- ``turnpress init DIR``: a new league repository with the workflows (``scaffold``).

Their arguments are parsed in ``cli.pipeline``. Workflows stay thin shells over these commands, so everything
they do is tested offline against real git repositories (``tests/pipeline``).
"""
