"""cardlab.study: the same rows in this process, on a pool of processes and on a Dask cluster;
clear errors for bad input; failed games named and the others kept; memory that does not grow
with the games; the 95% intervals of the summary; the pictures; the explainers notebook's
pictures in exported HTML."""

from __future__ import annotations

import base64
import gc
import math
import os
import re
import statistics
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

import cardlab
from cardlab.bots import RandomPlayer
from cardlab.studies import StudyError, StudyWarning
from cardlab.studies.aggregates import FactSums, Moments
from cardlab.studies.summary import mean_interval, ratio_interval, wilson_interval

ROOT = Path(__file__).resolve().parent.parent
CRASH_GAME = 7


class RaisesOnGame:
    """A random player that raises in the game dealt from seed ``CRASH_GAME`` (a player's bug)."""

    __name__ = "raises"

    def __call__(self, seed: str) -> RandomPlayer:
        if seed.startswith(f"{CRASH_GAME}:"):
            return Failing(seed)
        return RandomPlayer(seed)


class Failing(RandomPlayer):
    def choose(self, game, view):  # type: ignore[no-untyped-def]
        raise RuntimeError("this player has a bug")


class DiesOnGame(RaisesOnGame):
    """A player whose process stops dead in the game dealt from seed ``CRASH_GAME``."""

    __name__ = "dies"

    def __call__(self, seed: str) -> RandomPlayer:
        if seed.startswith(f"{CRASH_GAME}:"):
            os._exit(3)
        return RandomPlayer(seed)


# -- the same rows wherever the games are played -------------------------------------------------


@pytest.fixture(scope="module")
def in_process() -> cardlab.studies.Study:
    return cardlab.study("commitment", games=40, players=("heuristic", "random"), seed=3)


def test_a_study_holds_one_row_per_game_in_game_order(in_process):
    assert len(in_process) == 40 and [row.game for row in in_process.rows] == list(range(40))
    row = in_process.rows[0]
    assert row.seed == 3 * 2**32 and row.players == ("heuristic", "random")
    assert set(row.facts) == {"starter_wins", "starter_loses", "round_starter_ahead"}
    game = cardlab.game("commitment")
    again = cardlab.bots.play_game(game, in_process_players(row.seed), seed=row.seed)
    assert row.scores == game.score(again.final).totals and row.moves == len(again.moves)


def in_process_players(seed: int) -> list:
    return [cardlab.bots.make_player(name, seed=f"{seed}:{seat}") for seat, name in enumerate(("heuristic", "random"))]


def test_a_pool_of_two_processes_gives_the_same_rows(in_process):
    pooled = cardlab.study("commitment", games=40, players=("heuristic", "random"), seed=3, workers=2)
    assert pooled.rows == in_process.rows
    assert str(pooled.summary()) == str(in_process.summary())


def test_a_dask_local_cluster_gives_the_same_rows(in_process):
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        on_client = cardlab.study("commitment", games=40, players=("heuristic", "random"), seed=3, workers=client)
        by_address = cardlab.study(
            "commitment", games=10, players=("heuristic", "random"), seed=3, workers=cluster.scheduler_address
        )
    assert on_client.rows == in_process.rows
    assert str(on_client.summary()) == str(in_process.summary())
    assert by_address.rows == in_process.rows[:10]


def test_another_seed_deals_other_games(in_process):
    other = cardlab.study("commitment", games=40, players=("heuristic", "random"), seed=4)
    assert [r.seed for r in other.rows] == [4 * 2**32 + i for i in range(40)]
    assert [r.scores for r in other.rows] != [r.scores for r in in_process.rows]


def test_a_study_seeded_0_deals_game_i_from_seed_i():
    study = cardlab.study("contest", games=3, players="random", record=("final",))
    game = cardlab.game("contest")
    assert [r.seed for r in study.rows] == [0, 1, 2]
    assert study.rows[2].recorded["final"].splitlines()[0] == game.deal(seed=2).to_text().splitlines()[0]


# -- bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "arguments, where",
    [
        ({"players": "grandmaster"}, "players"),
        ({"players": ("random",)}, "players"),
        ({"players": ("random", 3)}, "players"),
        ({"games": 0}, "games"),
        ({"games": -5}, "games"),
        ({"games": 2.5}, "games"),
        ({"games": True}, "games"),
        ({"seed": -1}, "seed"),
        ({"seed": "x"}, "seed"),
        ({"workers": 0}, "workers"),
        ({"workers": None}, "workers"),
        ({"workers": 2.0}, "workers"),
        ({"record": ("hands",)}, "record"),
        ({"record": {"x": 3}}, "record"),
        ({"keep_rows": -1}, "keep_rows"),
    ],
)
def test_bad_input_gets_a_study_error_naming_the_argument(arguments, where):
    with pytest.raises(StudyError) as caught:
        cardlab.study("contest", **{"games": 5, **arguments})
    assert isinstance(caught.value, ValueError) and caught.value.where == where
    assert str(caught.value).startswith(f"cardlab.study: {where}: ")


def test_an_unknown_game_gets_a_study_error_listing_the_games():
    with pytest.raises(StudyError, match="no game called 'chess'.*card-commons"):
        cardlab.study("chess", games=5)


def test_a_scheduler_that_does_not_answer_gets_a_study_error(monkeypatch):
    pytest.importorskip("dask.distributed")
    from cardlab.studies import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    with pytest.raises(StudyError, match="no Dask scheduler answers at 'tcp://127.0.0.1:9'"):
        cardlab.study("contest", games=5, workers="tcp://127.0.0.1:9")


# -- failed games --------------------------------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_a_player_that_raises_fails_its_game_only(workers):
    clean = cardlab.study("contest", games=20, players="random")
    with pytest.warns(StudyWarning, match=f"1 of 20 games failed \\(game {CRASH_GAME}: RuntimeError: this player"):
        study = cardlab.study("contest", games=20, players=RaisesOnGame(), workers=workers)
    assert list(study.failed) == [CRASH_GAME] and study.failures == 1 and len(study) == 19
    assert [(r.game, r.scores, r.moves) for r in study.rows] == [
        (r.game, r.scores, r.moves) for r in clean.rows if r.game != CRASH_GAME
    ]
    assert "1 failed" in repr(study)


def test_a_worker_process_that_dies_loses_only_the_games_it_was_playing():
    clean = cardlab.study("contest", games=64, players="random")
    with pytest.warns(StudyWarning, match="the worker process playing it stopped"):
        study = cardlab.study("contest", games=64, players=DiesOnGame(), workers=2)
    assert CRASH_GAME in study.failed
    assert len(study) + study.failures == 64 and study.failures < 64
    kept = {r.game: (r.scores, r.moves) for r in clean.rows}
    assert all(kept[r.game] == (r.scores, r.moves) for r in study.rows)
    assert not set(study.failed) & {r.game for r in study.rows}


def test_a_study_in_which_every_game_fails_is_an_error():
    with pytest.raises(StudyError, match="every game failed"):
        cardlab.study("contest", games=3, players=lambda seed: Failing(seed))


# -- memory, rows kept -------------------------------------------------------------------------------


def test_a_streamed_study_holds_flat_memory():
    """What a study holds once played, traced: its totals, the same for 30 games as for 150 (a
    study that kept every game's row would hold 150 rows more, some 120 kB). The engine's caches
    are filled first, and Python's lists of freed objects emptied by a full collection."""

    def held(games: int) -> int:
        gc.collect()
        tracemalloc.start()
        study = cardlab.study("contest", games=games, players="random", keep_rows=False, progress=False)
        gc.collect()
        size = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert len(study) == games and study.rows == []
        return size

    cardlab.study("contest", games=150, players="random", keep_rows=False, progress=False)  # fills the caches
    small, large = held(30), held(150)
    assert large < small + 10_000, (small, large)


def test_rows_are_kept_for_the_first_keep_rows_games_and_the_totals_for_all():
    study = cardlab.study("commerce", games=30, players="random", keep_rows=8)
    every = cardlab.study("commerce", games=30, players="random", keep_rows=True)
    assert len(study) == 30 and len(study.rows) == 8 and study.rows == every.rows[:8]
    assert str(study.summary()) == str(every.summary())
    assert cardlab.study("commerce", games=5, players="random", keep_rows=False).rows == []


# -- the summary ----------------------------------------------------------------------------------------


def test_the_intervals_on_known_cases():
    moments = Moments()
    for value in (1, 2, 3, 4):
        moments.add(value)
    mean, low, high = mean_interval(moments)
    margin = 1.959964 * statistics.stdev([1, 2, 3, 4]) / 2
    assert mean == 2.5 and low == pytest.approx(2.5 - margin) and high == pytest.approx(2.5 + margin)
    assert wilson_interval(5, 10) == pytest.approx((0.5, 0.236593, 0.763407), abs=1e-6)
    assert wilson_interval(0, 10)[1] == 0 and wilson_interval(10, 10)[2] == 1
    sums = FactSums()
    for hits, chances in ((1, 4), (2, 4), (3, 4)):
        sums.add(hits, chances)
    # rate 6/12; residuals -1, 0, 1; se² = 3/2 × 2 / 12² = 1/48
    assert ratio_interval(sums) == pytest.approx((0.5, 0.5 - 1.959964 / math.sqrt(48), 0.5 + 1.959964 / math.sqrt(48)))
    assert all(math.isnan(x) for x in ratio_interval(FactSums()))


def test_the_summary_agrees_with_the_rows():
    pandas = pytest.importorskip("pandas")
    study = cardlab.study("card-commons", games=60, players="random", seed=2)
    table = study.to_pandas()
    assert isinstance(table, pandas.DataFrame) and len(table) == 60
    summary = study.summary()
    scores = table["score A"]
    assert summary["score A"].value == pytest.approx(scores.mean())
    assert summary["score A"].high - summary["score A"].value == pytest.approx(1.959964 * scores.std() / math.sqrt(60))
    wins = ((table["winners"] == "A") & ~table["draw"]).sum()
    assert summary["win A"].value == pytest.approx(wins / 60)
    rate = table["commission_scores"].sum() / table["commission_scores_chances"].sum()
    assert summary["commission_scores"].value == pytest.approx(rate)
    assert summary["commission_scores"].count == table["commission_scores_chances"].sum()
    assert "a Commission scores" in str(summary) and "<table" in study._repr_html_()


def test_to_pandas_without_pandas_says_what_to_install(monkeypatch, in_process):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        in_process.to_pandas()


def test_a_row_records_what_it_is_asked_for():
    study = cardlab.study(
        "contest",
        games=4,
        players="random",
        record={"moves": True, "long": lambda game, record: len(record.moves) > 30},
    )
    row = study.rows[0]
    assert row.facts == {} and set(row.recorded) == {"moves", "long"}
    assert len(row.recorded["moves"].split()) >= row.moves
    assert list(study.to_pandas().columns[-2:]) == ["moves", "long"]


def test_a_game_without_a_study_module_has_no_facts_of_its_own():
    study = cardlab.study("toy-tricks", games=5, players="random")
    assert study.facts == {} and len(study) == 5


# -- pictures, and what the study imports -----------------------------------------------------------------


def test_the_pictures_are_pngs():
    pytest.importorskip("matplotlib")
    study = cardlab.study("commerce", games=20, players="random")
    for picture in (study.plot_scores(), study.plot_wins(), study.plot_facts(exact={"dealt_sequence": 48 / 22100})):
        assert picture._repr_png_().startswith(b"\x89PNG") and picture.html().startswith('<img src="data:image/png;')
    assert repr(study.plot_wins()) == "<picture: Commerce (players=4): who wins>"
    assert study.plot_wins().png == study.plot_wins().png
    with pytest.raises(ValueError, match="exact names facts"):
        study.plot_facts(["dealer_wins"], exact={"dealt_sequence": 0.1})


def test_the_engine_imports_no_study_library():
    code = (
        "import sys, cardlab, cardlab.games; cardlab.game('contest'); "
        "print([m for m in ('dask', 'distributed', 'tqdm', 'matplotlib', 'pandas', 'cardlab.studies') "
        "if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_explainers_notebook_shows_its_pictures_in_exported_html():
    nbconvert = pytest.importorskip("nbconvert")
    notebook = ROOT / "notebooks" / "08_explainers.ipynb"
    body, _ = nbconvert.HTMLExporter().from_filename(str(notebook))
    pictures = re.findall(r'<img [^>]*src="data:image/png;base64,([A-Za-z0-9+/=]{1000,})"', body)
    assert len(pictures) == 5 and all(base64.b64decode(p).startswith(b"\x89PNG") for p in pictures)
