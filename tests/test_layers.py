"""The layers keep to themselves: no module of cardlab imports itself through others, the engine
imports nothing above it, the sessions (``cardlab/session/``) sit between the games and the
players, and the sessions, the lessons (``cardlab/lessons/``), the computer players
(``cardlab/bots``) and the widgets (``cardlab/widgets``) know no game by name: no game's name,
module or title, and no field of one game's state. What they need of a game, they ask the game
through the protocol (``game.strategy()``, ``game.table_layout()``, ``Zone.kind``) or the registry."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab import engine, strategy
from cardlab.games import game_class

ROOT = Path(__file__).resolve().parent.parent
GENERIC = sorted(
    [
        *(
            p
            for folder in ("bots", "widgets", "session")
            for p in (ROOT / "cardlab" / folder).rglob("*")
            if p.suffix in (".py", ".js")
        )
    ]
)
LESSONS = sorted((ROOT / "cardlab" / "lessons").glob("*.py"))
#: A lesson's messages show the ``game:`` line of a lesson file, with a game as the example.
GAME_LINE_EXAMPLE = re.compile(r"game: [\w-]+")
SHIPPED = [name for name in cardlab.game_names() if game_class(name).__module__.startswith("cardlab.games.")]
#: The engine's modules: the package and each module in it.
ENGINE_MODULES = [
    engine,
    *(importlib.import_module(f"cardlab.engine.{info.name}") for info in pkgutil.iter_modules(engine.__path__)),
]


def protocol_words() -> set[str]:
    """Every attribute name of the protocol's own classes: those are for everyone to use."""
    words: set[str] = set()
    for module in (*ENGINE_MODULES, strategy):
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
    assert {m.__name__ for m in ENGINE_MODULES} == {m for m in _import_graph() if _in(m, ("cardlab.engine",))}


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
        fields = {w[len("field:") :] for w in words if w.startswith("field:")}
        names = [w for w in words if not w.startswith("field:")]
        problems += [f"reads .{a} ({game})" for a in attributes if a in fields]
        problems += [
            f"says {text!r} ({game})"
            for text in strings
            for name in names
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE)
        ]
    return problems


def _code_strings_and_attributes(path: Path) -> tuple[list[str], set[str]]:
    """The string literals (docstrings left out) and the attribute names read in ``path``."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".js":
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
        strings = [m.group(2) for m in re.finditer(r"([\"'`])((?:\\.|(?!\1).)*)\1", code)]
        return strings, set(re.findall(r"\.\s*([A-Za-z_]\w*)", code))
    tree = ast.parse(text)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    strings = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    ]
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    attributes |= {
        n.args[1].value
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and getattr(n.func, "id", "") in ("getattr", "hasattr")
        and len(n.args) > 1
        and isinstance(n.args[1], ast.Constant)
    }
    return strings, attributes


#: The layers below the games, each importing only the ones before it (and the standard library).
BELOW_THE_GAMES = ("cardlab.errors", "cardlab.cards", "cardlab.engine", "cardlab.strategy")
ABOVE_THE_SESSIONS = ("cardlab.session", "cardlab.lessons", "cardlab.bots", "cardlab.widgets", "cardlab.cli")


def test_the_engine_imports_nothing_above_it():
    """errors, cards, the engine's modules and strategy each import only the layers before them
    and the standard library (the engine: nothing of the sessions, the games, the players or the
    widgets); the games import nothing above them (no session, lesson, computer player or widget)."""
    graph = _import_graph()
    for number, layer in enumerate(BELOW_THE_GAMES):
        below = BELOW_THE_GAMES[: number + 1]
        for module in (m for m in graph if _in(m, (layer,))):
            for imported in _imports(_path(module)):
                if _in(imported, ("cardlab",)):
                    assert _in(imported, below), f"{module} imports {imported}"
                else:
                    assert imported.split(".")[0] in sys.stdlib_module_names, f"{module} imports {imported}"
    for path in (ROOT / "cardlab" / "games").rglob("*.py"):
        for module in _imports(path):
            assert not module.startswith(ABOVE_THE_SESSIONS), f"{path} imports {module}"
            assert module.split(".")[0] in sys.stdlib_module_names | {"cardlab"}, f"{path} imports {module}"


def test_no_module_imports_itself_through_others():
    """No circle of imports among cardlab's modules: every import counts, at the top of a file,
    inside a function or for type checking only."""
    graph = _import_graph()
    circles = [sorted(c) for c in _circles(graph)]
    assert not circles, f"modules that import each other in a circle: {circles}"


def test_the_circle_check_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set(), "e": {"e"}}
    assert sorted(sorted(c) for c in _circles(graph)) == [["a", "b", "c"], ["e"]]


def test_sessions_sit_between_the_games_and_the_players():
    """A session reads saved games of every game, so it sits above the games' registry: it
    imports the engine, the registry and the standard library, and no lesson, computer player
    or widget."""
    allowed = (*BELOW_THE_GAMES, "cardlab.games")
    found = {module for path in (ROOT / "cardlab" / "session").glob("*.py") for module in _imports(path)}
    assert "cardlab.games" in found
    allowed = (*allowed, "cardlab.session")
    for module in found:
        assert _in(module, allowed) or module.split(".")[0] in sys.stdlib_module_names, (
            f"cardlab/session/ imports {module}"
        )


def _in(module: str, packages: tuple[str, ...]) -> bool:
    """Whether ``module`` is one of ``packages`` or inside one of them."""
    return any(module == p or module.startswith(p + ".") for p in packages)


def _path(module: str) -> Path:
    """The file of a cardlab module: ``cardlab/x.py``, or a package's ``cardlab/x/__init__.py``."""
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Every module of cardlab, with the cardlab modules it imports (a package's own
    ``__init__`` for ``from package import name``, the module for ``from package import module``)."""
    modules = {_module(p) for p in (ROOT / "cardlab").rglob("*.py")}
    return {module: {m for m in _imports(_path(module), modules) if m in modules} for module in modules}


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The circles of ``graph`` (a module and what it imports): each set of modules that reach each
    other through imports (Tarjan's strongly connected components), and each module that imports
    itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = {stack.pop()}
            while node not in component:
                component.add(stack.pop())
            if len(component) > 1 or node in graph.get(node, ()):
                circles.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def _imports(path: Path, modules: set[str] = frozenset()) -> set[str]:
    """The modules ``path`` imports anywhere in it, relative imports made absolute; ``from
    package import name`` is the module ``package.name`` when ``modules`` holds it."""
    package = _module(path) if path.name == "__init__.py" else _module(path).rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            named = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules]
            found.update(named or [base])
            if len(named) < len(node.names):
                found.add(base)
    return found


def test_importing_the_games_needs_no_jupyter_and_no_players():
    code = (
        "import sys, cardlab.engine, cardlab.games; cardlab.game('contest').deal(seed=1);"
        "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython', 'cardlab.widgets', 'markdown_it')"
        " if m in sys.modules]; assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
