"""The layers keep to themselves: the engine imports nothing above it, the sessions
(``cardlab/session.py``) sit between the games and the players, and the sessions, the lessons
(``cardlab/lessons/``), the computer players (``cardlab/bots``) and the widgets
(``cardlab/widgets``) know no game by name: no game's name, module or title, and no field of
one game's state. What they need of a game, they ask the game through the protocol
(``game.strategy()``, ``game.table_layout()``, ``Zone.kind``) or the registry."""

from __future__ import annotations

import ast
import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab import engine, strategy
from cardlab.games import game_class

ROOT = Path(__file__).resolve().parent.parent
GENERIC = sorted([*(p for folder in ("bots", "widgets") for p in (ROOT / "cardlab" / folder).rglob("*")
                    if p.suffix in (".py", ".js")), ROOT / "cardlab" / "session.py"])
LESSONS = sorted((ROOT / "cardlab" / "lessons").glob("*.py"))
#: A lesson's messages show the ``game:`` line of a lesson file, with a game as the example.
GAME_LINE_EXAMPLE = re.compile(r"game: [\w-]+")
SHIPPED = [name for name in cardlab.game_names() if game_class(name).__module__.startswith("cardlab.games.")]


def protocol_words() -> set[str]:
    """Every attribute name of the protocol's own classes: those are for everyone to use."""
    words: set[str] = set()
    for module in (engine, strategy):
        for value in vars(module).values():
            if isinstance(value, type):
                words.update(dir(value))
                if dataclasses.is_dataclass(value):
                    words.update(f.name for f in dataclasses.fields(value))
                words.update(getattr(value, "_fields", ()))
    return words


def game_words() -> dict[str, set[str]]:
    """Per shipped game: its name, aliases, title, folder, and its state's own fields."""
    from cardlab.widgets.base import SessionWidget
    # A state's seed is part of the protocol (HIDDEN_SEED); a widget's history is its move log.
    common = protocol_words() | {"seed"} | set(dir(SessionWidget))
    found = {}
    for name in SHIPPED:
        cls = game_class(name)
        words = {name, cls.title, cls.__module__.split(".")[2], *cls.aliases}
        fields = {f.name for f in dataclasses.fields(cls.state_class)} - common
        found[name] = {w.lower() for w in words} | {f"field:{f}" for f in fields}
    return found


def test_the_checked_names_are_real():
    words = game_words()
    assert {"card-commons", "commons", "card commons"} <= words["card-commons"]
    assert {"field:traded", "field:claimant"} <= words["card-commons"]  # phase: Game.phase is the protocol
    assert "field:arranged" in words["contest"] and "field:offer" in words["commerce"]
    assert GENERIC and all(p.exists() for p in GENERIC)


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_sessions_bots_and_widgets_name_no_game_and_no_field_of_one(path):
    """In the code (comments and docstrings may name a game as an example), no string names a
    game and no attribute read is a field of one game's state."""
    problems = _game_knowledge(path)
    assert not problems, f"{path.relative_to(ROOT)} names a game or reads one game's state: {problems}"


def test_lessons_name_no_game_and_no_field_of_one():
    """The lessons find a lesson's game, and the bundled lessons of a game, through the registry
    only; a message may show a lesson file's ``game:`` line with a game as the example."""
    problems = [(path.name, p) for path in LESSONS for p in _game_knowledge(path, GAME_LINE_EXAMPLE)]
    assert not problems, f"cardlab/lessons/ names a game or reads one game's state: {problems}"
    strings = [text for path in LESSONS for text in _code_strings_and_attributes(path)[0]]
    assert any(GAME_LINE_EXAMPLE.search(text) for text in strings)  # the allowance is used, so it is needed


def test_the_check_catches_a_game_named_or_a_field_read(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(state):\n    return state.claimant if NAME == 'contest' else 0\n", encoding="utf-8")
    assert _game_knowledge(bad) == ["reads .claimant (card-commons)", "says 'contest' (contest)"]


def _game_knowledge(path: Path, allowed: re.Pattern[str] | None = None) -> list[str]:
    """What ``path`` knows of one game: the games its strings name (but in what ``allowed``
    matches) and the fields of a game's state it reads."""
    strings, attributes = _code_strings_and_attributes(path)
    if allowed is not None:
        strings = [allowed.sub("", text) for text in strings]
    problems = []
    for game, words in game_words().items():
        fields = {w[len("field:"):] for w in words if w.startswith("field:")}
        names = [w for w in words if not w.startswith("field:")]
        problems += [f"reads .{a} ({game})" for a in attributes if a in fields]
        problems += [f"says {text!r} ({game})" for text in strings for name in names
                     if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE)]
    return problems


def _code_strings_and_attributes(path: Path) -> tuple[list[str], set[str]]:
    """The string literals (docstrings left out) and the attribute names read in ``path``."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".js":
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
        strings = [m.group(2) for m in re.finditer(r"([\"'`])((?:\\.|(?!\1).)*)\1", code)]
        return strings, set(re.findall(r"\.\s*([A-Za-z_]\w*)", code))
    tree = ast.parse(text)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
               and id(n) not in docstrings]
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    attributes |= {n.args[1].value for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "")
                   in ("getattr", "hasattr") and len(n.args) > 1 and isinstance(n.args[1], ast.Constant)}
    return strings, attributes


BELOW_THE_GAMES = {"cardlab.cards", "cardlab.errors", "cardlab.engine", "cardlab.strategy"}
ABOVE_THE_SESSIONS = ("cardlab.session", "cardlab.lessons", "cardlab.bots", "cardlab.widgets", "cardlab.cli")


def test_the_engine_imports_nothing_above_it():
    """cards, errors, engine and strategy import only each other and the standard library; the
    games import nothing above them (no session, lesson, computer player or widget)."""
    for path in [ROOT / "cardlab" / f"{m.split('.')[1]}.py" for m in sorted(BELOW_THE_GAMES)]:
        for module in _imports(path, skip_function="__getattr__"):
            assert not module.startswith("cardlab") or module in BELOW_THE_GAMES, f"{path.name} imports {module}"
    for path in (ROOT / "cardlab" / "games").rglob("*.py"):
        for module in _imports(path):
            assert not module.startswith(ABOVE_THE_SESSIONS), f"{path} imports {module}"
            assert module.split(".")[0] in sys.stdlib_module_names | {"cardlab"}, f"{path} imports {module}"


def test_the_engine_names_the_session_only_on_demand():
    """``cardlab.engine.Session`` still names the session class: the engine's module
    ``__getattr__`` imports ``cardlab.session`` when that name is first asked for, and nothing
    else, so the engine imports nothing above it when it is loaded."""
    engine_path = ROOT / "cardlab" / "engine.py"
    assert _imports(engine_path, only_function="__getattr__") == {"cardlab.session"}
    assert engine.Session is cardlab.Session
    with pytest.raises(AttributeError, match="no attribute 'Sesion'"):
        engine.Sesion  # noqa: B018


def test_sessions_sit_between_the_games_and_the_players():
    """A session reads saved games of every game, so it sits above the games' registry: it
    imports the engine, the registry and the standard library, and no lesson, computer player
    or widget."""
    allowed = BELOW_THE_GAMES | {"cardlab.games"}
    found = _imports(ROOT / "cardlab" / "session.py")
    assert "cardlab.games" in found
    for module in found:
        assert module in allowed or module.split(".")[0] in sys.stdlib_module_names, f"session.py imports {module}"


def _imports(path: Path, skip_function: str = "", only_function: str = "") -> set[str]:
    """The modules ``path`` imports, relative imports made absolute: anywhere in it but the
    module-level function ``skip_function``, or only in the module-level ``only_function``."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts).rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def inside(name: str) -> set[int]:
        return {id(n) for f in tree.body if isinstance(f, ast.FunctionDef) and f.name == name for n in ast.walk(f)}
    skipped, kept = inside(skip_function), inside(only_function)
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped or (only_function and id(node) not in kept):
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                found.add(".".join(base + ([node.module] if node.module else [])))
            else:
                found.add(node.module or "")
    return found


def test_importing_the_games_needs_no_jupyter_and_no_players():
    code = ("import sys, cardlab.games; cardlab.game('contest').deal(seed=1);"
            "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython', 'cardlab.widgets')"
            " if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
