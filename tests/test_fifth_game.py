"""A fifth game is one folder: Toy Tricks (tests/helpers/toy_game.py), copied into
``cardlab/games/toy_tricks/`` of a copy of this checkout with its moves numbered for research
frameworks and its ``register`` call, is offered by the classroom, the ``cardlab`` command, the
research adapters, the rule coverage and the studies, and nothing outside its folder changes
(the layer test, run in the copy, finds no game named outside ``cardlab/games/``)."""

from __future__ import annotations

import filecmp
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NAME, FOLDER = "toy-tricks", "toy_tricks"
#: What the copy holds: the package, the tools and tests that read the registry, and their settings.
COPIED = ("cardlab", "tools", "tests", "pyproject.toml")
IGNORED = shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints", "*.pyc")

#: What the toy's rules gain to be a game of cardlab's own: its moves numbered (one card, one
#: number), the rules' bound on a game's length and its utilities, and its registration.
NUMBERED = """    players = 2
    num_moves = len(DECK)
    move_id, move_of, legal_ids = flat_numbering(tuple(Play(card) for card in DECK), "Toy Tricks")
    max_moves = len(DECK)  # every card is played once at most

    def utility_range(self) -> tuple[int, int]:
        return 0, len(DECK) // 2  # a trick won scores 1
"""

#: Run in the copy: what each part of cardlab offers of the fifth game, as JSON.
PROBE = r"""
import contextlib, io, json, os, sys, tempfile
from pathlib import Path

import cardlab
from cardlab import cli, research
from cardlab.classroom.classroom import Classroom
from cardlab.classroom.store_address import open_store
from cardlab.games import game_class
from helpers.classroom import play_people

NAME = sys.argv[1]
found = {"names": cardlab.game_names(), "module": game_class(NAME).__module__}


def helped(*args):
    os.environ["COLUMNS"] = "10000"  # argparse would break a game's name at its hyphen
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        cli.main([*args, "--help"])
    return " ".join(out.getvalue().split())


found["help"] = {c: helped(*c.split()) for c in ("app", "classroom", "lesson list")}
out = io.StringIO()
with contextlib.redirect_stdout(out):
    found["lesson list"] = cli.main(["lesson", "list", NAME])

with tempfile.TemporaryDirectory() as folder:
    classroom = Classroom(open_store(f"sqlite:{Path(folder) / 'class.db'}"), computer_delay=0.0)
    try:
        room = classroom.create_room(NAME)
        for person in ("Ada", "Ben"):
            classroom.join(room.code, person)
        moves = play_people(room, {0, 1})
        logged = len(classroom.store.moves(room.code, 1))
        found["room"] = {"moves": moves, "over": room.summary()["over"], "logged": logged}
    finally:
        classroom.close()
try:
    from cardlab.classroom import app
except ImportError:  # the classroom's pages need Solara
    found["dashboard"] = None
else:
    found["dashboard"] = {"games": app.game_names(), "ranged": app._ranged(NAME)}

configurations = [c for c, game, _ in research.configurations() if game == NAME]
found["research"] = configurations
try:
    from cardlab import pettingzoo
except ImportError:
    found["pettingzoo"] = None
else:
    env = pettingzoo.env(configurations[0])
    env.reset(seed=3)
    steps = 0
    while env.agents:
        observation, _, done, cut, _ = env.last()
        mask = observation["action_mask"]
        env.step(None if done or cut else int(mask.nonzero()[0][0]))
        steps += 1
    found["pettingzoo"] = steps
try:
    from cardlab import openspiel
except ImportError:
    found["openspiel"] = None
else:
    state = openspiel.load(cardlab.game(NAME)).new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    found["openspiel"] = state.returns()

result = cardlab.study(NAME, games=20, players="random", seed=1)
found["study"] = {"failures": result.failures, "rows": len(result.rows), "seats": list(result.seat_names)}
print(json.dumps(found))
"""


def _toy_as_a_folder(games: Path) -> Path:
    """Toy Tricks as ``games/toy_tricks/``: its rules (the toy's own file, its moves numbered
    and registered) and the folder's ``__init__.py``."""
    folder = games / FOLDER
    folder.mkdir()
    rules = (ROOT / "tests" / "helpers" / "toy_game.py").read_text(encoding="utf-8")
    assert rules.count("    players = 2\n") == 1
    rules = rules.replace("from cardlab.engine import (\n", "from cardlab.engine import (\n    flat_numbering,\n", 1)
    rules = rules.replace("    players = 2\n", NUMBERED, 1)
    rules += "\n\nregister(ToyTricks)\n"
    rules = rules.replace(
        "from cardlab.engine import (", "from cardlab.games import register\nfrom cardlab.engine import (", 1
    )
    (folder / "rules.py").write_text(rules, encoding="utf-8")
    (folder / "__init__.py").write_text('"""Toy Tricks."""\n\nfrom .rules import ToyTricks\n', encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("fifth") / "cardlab-checkout"
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=IGNORED)
        else:
            shutil.copy2(source, copy / name)
    _toy_as_a_folder(copy / "cardlab" / "games")
    return copy


def _run(checkout: Path, *args: str) -> subprocess.CompletedProcess:
    """Python in the copy, which imports the copy's cardlab (and its tests' helpers), with no
    test settings of this checkout (its conftest registers the toy from tests/ instead)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(checkout), str(checkout / "tests")])}
    return subprocess.run([sys.executable, *args], cwd=checkout, env=env, capture_output=True, text=True, timeout=600)


def _pytest(checkout: Path, *args: str) -> subprocess.CompletedProcess:
    return _run(checkout, "-m", "pytest", "--noconftest", "-o", "addopts=", "-p", "no:cacheprovider", "-q", *args)


def test_nothing_outside_the_games_folder_differs_from_this_checkout(checkout):
    """The copy is this checkout with one more folder: every other file is the same."""
    added, changed = [], []

    def compare(here: Path, there: Path) -> None:
        comparison = filecmp.dircmp(here, there, ignore=["__pycache__"])
        added.extend(str((there / n).relative_to(checkout)) for n in comparison.right_only)
        changed.extend(str((there / n).relative_to(checkout)) for n in comparison.diff_files)
        for sub in comparison.common_dirs:
            compare(here / sub, there / sub)

    for name in ("cardlab", "tools", "tests"):
        compare(ROOT / name, checkout / name)
    assert added == [f"cardlab/games/{FOLDER}"] and changed == []


def test_every_part_of_cardlab_offers_the_fifth_game(checkout):
    done = _run(checkout, "-c", PROBE, NAME)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["module"] == f"cardlab.games.{FOLDER}.rules" and len(found["names"]) == 5 and NAME in found["names"]
    # the command's game lists and help
    assert all(NAME in text for text in found["help"].values()), found["help"]
    assert found["lesson list"] == 0  # a game with no bundled lessons yet lists none
    # the classroom: a room of the game played to its end, its moves in the log
    room = found["room"]
    assert room["over"] and room["moves"] > 5 and room["logged"] == room["moves"]
    if found["dashboard"] is not None:
        assert NAME in found["dashboard"]["games"] and found["dashboard"]["ranged"] == {}
    # the research adapters: one configuration (no options), played to its end
    assert found["research"] == ["cardlab_toy_tricks"]
    if importlib.util.find_spec("pettingzoo") is not None:
        assert found["pettingzoo"] >= 10  # ten cards played, then each seat told the game is over
    if importlib.util.find_spec("pyspiel") is not None:
        assert found["openspiel"] is not None and len(found["openspiel"]) == 2
    # the studies
    assert found["study"] == {"failures": 0, "rows": 20, "seats": ["A", "B"]}


def test_the_rule_coverage_collects_the_fifth_game(checkout):
    done = _pytest(checkout, "-n", "0", "--collect-only", "tests/test_rule_coverage.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    for test in ("test_every_rule_id_is_played_by_a_lesson", "test_every_sentence_of_the_rule_text_is_played_or_asked"):
        cases = [line for line in done.stdout.splitlines() if f"::{test}[" in line]
        assert len(cases) == 5 and any(f"[{NAME}]" in line for line in cases), done.stdout


def test_no_module_outside_the_games_folder_names_the_fifth_game(checkout):
    """The layer test in the copy: no module outside ``cardlab/games/`` names any of the five."""
    done = _pytest(checkout, "-n", "0", "tests/test_layers.py", "-k", "name_no_game")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and " failed" not in done.stdout
