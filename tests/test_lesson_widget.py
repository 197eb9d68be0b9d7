"""The Lesson widget, driven from Python (no browser): what it syncs, the actions it takes and
refuses, the progress it exports, and that no card hidden from the lesson's viewer reaches the
browser. A click in the browser is a custom message; tests send the same messages through
ipywidgets' own handler and read the synced traits (as tests/test_table.py does)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from cardlab import lessons
from cardlab.cards import Card, parse_card
from cardlab.engine import move_cards
from cardlab.widgets import Lesson, Table
from cardlab.widgets.lesson import MAX_ANSWER_CARDS, SCORE_PUT_AWAY, answer_moves
from cardlab.widgets.viewmodel import pretty
from helpers.table_layout import piles as _piles

FORCED = "card-commons-2-forced-defense"  # B's view; cards, play, what-if, score questions
#: This module's own copy of that lesson (tests/data): the tests pin its steps and texts, which
#: the bundled lesson may change. Its name is the bundled one's.
DATA = Path(__file__).resolve().parent / "data"
FORCED_FILE = DATA / f"{FORCED}.md"
BARTER = "commerce-4-trades-and-barter"  # B's view, 3 players; score questions by deal
VIEW = "application/vnd.jupyter.widget-view+json"


def send(widget: Any, action: str, **payload: Any) -> dict:
    """Send what the browser sends for a click; return the widget's message afterwards."""
    widget._handle_custom_msg({"action": action, "rev": widget.view["rev"], **payload}, [])
    return widget.message


def vm(widget: Lesson) -> dict:
    return json.loads(widget.view_json)


def question(widget: Lesson) -> dict:
    return vm(widget)["lesson"]["question"]


def at_first_question(name: Any = FORCED_FILE, **options: Any) -> Lesson:
    widget = Lesson(name, **options)
    while widget.run.question is None:
        assert widget.next()
    return widget


# --- what a Lesson is made from ---------------------------------------------------------------------------


def test_a_lesson_is_made_from_a_name_a_path_its_text_a_lesson_or_a_run(tmp_path):
    path = FORCED_FILE
    copy = tmp_path / "mine.md"
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    made = [
        Lesson(path),
        Lesson(path),
        Lesson(str(copy)),
        Lesson(path.read_text(encoding="utf-8")),
        Lesson(lessons.load(path)),
    ]
    assert {w.lesson.title for w in made} == {"Card Commons: when you must defend"}
    assert [w.lesson.name for w in made] == [FORCED, FORCED, "mine", "card-commons-when-you-must-defend", FORCED]
    assert Lesson(FORCED).lesson.source == str(lessons.BUNDLED / f"{FORCED}.md")  # a name: the bundled lesson
    run = lessons.LessonRun(path)
    shown = Lesson(run, learner="Ada")
    assert shown.run is run and run.learner == "Ada"
    run.next()  # the widget follows the run it shows
    assert vm(shown)["lesson"]["step"] == 1


def test_the_bundled_lessons_are_listed_by_name():
    assert Lesson.bundled() == lessons.bundled_names() and len(Lesson.bundled()) >= 16
    assert Lesson.bundled("contest") == [n for n in Lesson.bundled() if n.startswith("contest-")]
    with pytest.raises(ValueError):
        Lesson.bundled("poker")


def test_a_bad_source_is_refused_clearly(tmp_path):
    with pytest.raises(lessons.LessonError, match="no such lesson file, nor a lesson of that name"):
        Lesson("card-commons-9-missing")
    with pytest.raises(TypeError, match="a lesson file's path, its Markdown text, the name of a lesson"):
        Lesson(42)
    with pytest.raises(TypeError, match="learner is the learner's name"):
        Lesson(FORCED_FILE, learner=7)
    with pytest.raises(ValueError, match="printable text of at most 40 characters"):
        Lesson(FORCED_FILE, learner="Ada\u0007")
    bad = FORCED_FILE.read_text(encoding="utf-8").replace("defend 2H\n```", "defend 4D\n```")
    with pytest.raises(lessons.LessonError, match=r"illegal move 'defend 4D'"):
        Lesson(bad)


# --- the view-model ---------------------------------------------------------------------------------------


def test_the_view_model_shows_the_step_its_commentary_and_the_table_as_the_viewer_sees_it():
    widget = Lesson(FORCED_FILE)
    doc = vm(widget)
    assert doc["component"] == "lesson" and doc["viewer"] == 1 and doc["viewer_text"] == "B's view: the cards B sees"
    lesson = doc["lesson"]
    assert (lesson["step"], lesson["steps"], lesson["move"], lesson["question"]) == (0, 12, None, None)
    assert lesson["can_next"] and not lesson["can_back"]
    assert lesson["commentary"][1]["spans"][:3] == [
        ["", "You are "],
        ["strong", "B"],
        [
            "",
            ", in round 1. A is the first Claimant. You see your own hand and your Commission (the 5♣), "
            "and the two face-up pool cards.",
        ],
    ]
    piles = {p["zone"]: p["cards"] for p in _piles(doc["layout"])}
    assert piles["A hand"] == ["??"] * 6 and piles["B hand"] == ["2H", "3C", "4D", "5D", "KS", "3D"]
    assert "moves" not in doc and doc["can_act"] is False  # the table offers no move outside a question
    assert widget.next()
    lesson = vm(widget)["lesson"]
    assert lesson["move"] == {"player": "A", "text": "claim with the 2♦"}  # in the game's words
    # what the move did may give the open question's answer away: it waits for the answer
    assert lesson["narration"] == [] and lesson["narration_waits"]
    assert not lesson["can_next"] and lesson["waits"].startswith("Answer the question first")
    while widget.run.question is not None:
        widget.reveal()
    lesson = vm(widget)["lesson"]
    assert lesson["narration"][0] == {"text": "A claims with 2♦.", "rule": "commons.claim"}
    assert not lesson["narration_waits"]


def test_a_play_question_offers_every_move_of_the_movers_cards_legal_or_not():
    widget = at_first_question()
    assert widget.answer("2H KS").correct
    q = question(widget)
    assert q["kind"] == "play" and q["prompt"] == "What may you play now?" and (q["number"], q["count"]) == (2, 3)
    offered = [m["move"] for m in q["moves"]]
    assert offered == ["defend 2H", "defend 3C", "defend 3D", "defend 4D", "defend 5C", "defend 5D", "defend KS"]
    game, view = widget.run.game, widget.run.table
    assert [m for m in offered if game.is_legal(view, m)] == ["defend 2H", "defend KS"]  # not told apart
    assert answer_moves(game, view, 1) == [game.move(m) for m in offered]


def test_the_moves_offered_read_back_and_name_each_card_once():
    for name in (
        "contest-2-claims-with-face-cards",
        "commitment-2-jack-and-king",
        "contest-4-secret-cards-and-the-row",
    ):
        run = lessons.LessonRun(name)
        while True:
            while run.question is not None:
                if run.question.kind == "play":
                    offered = answer_moves(run.game, run.table, run.question.player)
                    assert set(run.game.legal_moves(run.table)) <= set(offered)
                    assert all(run.game.move(str(m)) == m for m in offered)
                    assert all(len(set(move_cards(m))) == len(move_cards(m)) for m in offered)
                run.reveal()
            if not run.next():
                break


def test_a_cards_question_picks_on_the_table_and_a_wrong_card_gets_the_teachers_words():
    widget = at_first_question()
    q = question(widget)
    assert q["kind"] == "cards" and q["moves"] == [] and q["verb"] == "defend"
    assert send(widget, "answer", cards=["2S"]) == {}
    feedback = question(widget)["feedback"]
    assert feedback == {
        "correct": False,
        "text": "The 2♠ is a face-up pool card, not a card of your hand.",
        "rule": None,
        "counted": True,
        "answer": None,
        "explanation": [],
    }
    send(widget, "answer", cards=["KS", "2H"])
    settled = vm(widget)["lesson"]["settled"]
    assert settled[0]["feedback"]["correct"] and settled[0]["feedback"]["text"] == "Right: 2♥ K♠."
    assert settled[0]["feedback"]["explanation"][0]["spans"][0][1].startswith("The 2♥ has the same value")


def test_a_wrong_move_gets_the_rule_it_breaks_and_the_learner_tries_again():
    widget = at_first_question()
    widget.answer(["2H", "KS"])
    send(widget, "answer", move="defend 4D")
    feedback = question(widget)["feedback"]
    assert feedback["rule"] == "commons.defense" and not feedback["correct"]
    assert feedback["text"].startswith("You can't defend with the 4♦. 4♦ does not answer the Claim 2♦")
    send(widget, "answer", move="defend 3D")  # the teacher's words, with the rule
    assert question(widget)["feedback"]["text"].startswith("The 3♦ does not answer a 2")
    send(widget, "answer", move="fly")  # a typo: said, not counted
    assert question(widget)["feedback"]["counted"] is False
    send(widget, "answer", move="defend KS")
    assert vm(widget)["lesson"]["settled"][-1]["feedback"]["correct"]
    record = widget.progress().questions[1]
    assert (record.tries, record.right, record.first_try) == (3, True, False)


def test_a_what_if_question_shows_the_changed_table_until_it_is_settled():
    widget = at_first_question()
    widget.answer(["2H", "KS"]), widget.answer("defend 2H")
    q = question(widget)
    assert q["whatif"] == ["2♥ → 5♥"] and q["kind"] == "cards"
    piles = {p["zone"]: p["cards"] for p in _piles(vm(widget)["layout"])}
    assert "5H" in piles["B hand"] and "2H" in piles["pool face up"]
    send(widget, "reveal")
    settled = vm(widget)["lesson"]["settled"][-1]
    assert settled["feedback"]["text"] == "The answer: K♠." and not settled["feedback"]["correct"]
    piles = {p["zone"]: p["cards"] for p in _piles(vm(widget)["layout"])}
    assert "2H" in piles["B hand"] and "5H" in piles["pool face up"]
    assert widget.progress().questions[2].revealed


def test_a_score_question_puts_the_score_away_until_it_is_answered():
    widget = Lesson(BARTER)
    widget.next()
    widget.answer(["AH", "KD", "8S"])
    widget.next()
    assert question(widget)["kind"] == "score"
    doc = vm(widget)
    assert doc["breakdown"] == {"unavailable": SCORE_PUT_AWAY}
    assert "ledger" not in json.dumps(doc["layout"])  # the seats' balances would tell it
    assert "Ledger" not in widget.picture_html() and "1 chip" not in widget.picture_html()  # nor the picture's
    send(widget, "answer", points="-2")
    assert (
        question(widget)["feedback"]["text"] == "A barter costs nothing. You paid only the ante, 1 chip into the pool."
    )
    send(widget, "answer", points="-1 points")
    doc = vm(widget)
    assert doc["lesson"]["settled"][-1]["feedback"]["correct"]
    assert question(widget) is None and "totals" in doc["breakdown"]
    assert "ledger −1 chip" in json.dumps(doc["layout"], ensure_ascii=False)
    # the rows come back too
    assert doc["breakdown"]["rounds"] and doc["breakdown"]["rounds"][-1]["title"].startswith("Deal ")


def test_next_back_and_the_end():
    widget = Lesson("card-commons-4-wild-nest-egg")
    assert send(widget, "back")["text"] == "This is the first step of the lesson."
    while widget.run.question is not None or widget.next():
        if widget.run.question is not None:
            widget.reveal()
    doc = vm(widget)["lesson"]
    assert doc["finished"] and doc["question"] is None and not doc["can_next"]
    assert send(widget, "next")["text"] == "This is the last step, and the lesson is done."
    assert send(widget, "answer", move="claim 4H")["text"] == "No question waits at this step: press Next to go on."
    assert send(widget, "reveal")["kind"] == "error"
    assert send(widget, "back") == {} and vm(widget)["lesson"]["step"] == 1


def test_a_question_waiting_holds_next_back_with_the_reason():
    widget = at_first_question()
    message = send(widget, "next")
    assert (
        message["kind"] == "error"
        and message["text"] == "Answer the question first, or reveal its answer: the lesson goes on after it."
    )
    assert widget.run.index == 1


# --- refused messages ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content, reason",
    [
        ({"action": "play", "move": "defend 2H"}, "unknown action 'play'"),
        ({"action": "goto", "index": 3}, "unknown action 'goto'"),
        ({"action": "answer"}, "needs 'cards' as list"),
        ({"action": "answer", "cards": "2H KS"}, "needs 'cards' as list"),
        ({"action": "answer", "cards": [2, 3]}, "a list of at most 60 card codes"),
        ({"action": "answer", "cards": ["2H"] * (MAX_ANSWER_CARDS + 1)}, "a list of at most 60 card codes"),
        ({"action": "answer", "move": "defend 2H"}, "needs 'cards' as list"),
        ({"action": "learner", "name": 7}, "needs 'name' as str"),
        ({"action": "learner", "name": "x" * 41}, "at most 40 characters"),
        ({"action": "learner", "name": "Ada\u0007"}, "printable text"),
        ({"action": "answer", "cards": ["2H", "KS"], "rev": 0}, "changed before that click arrived"),
        ({"action": "answer", "cards": ["2H", "KS"], "padding": "x" * 30_000}, "a message of 30,"),
    ],
)
def test_malformed_or_forged_messages_are_refused_and_change_nothing(content, reason):
    widget = at_first_question()
    before = (widget.run.index, widget.progress())
    content = {"rev": vm(widget)["rev"], **content}
    widget._handle_custom_msg(content, [])
    assert widget.message["kind"] == "error" and reason in widget.message["text"], widget.message
    assert (widget.run.index, widget.progress()) == before


def test_each_kind_of_question_takes_its_own_answer():
    widget = at_first_question()
    widget.answer(["2H", "KS"])
    assert "needs 'move' as str" in send(widget, "answer", cards=["2H"])["text"]
    widget.answer("defend 2H"), widget.reveal()
    while widget.run.question is None or widget.run.question.kind != "score":
        if widget.run.question is not None:
            widget.reveal()
        else:
            widget.next()
    assert "needs 'points' as str" in send(widget, "answer", points=2)["text"]
    send(widget, "answer", points="two")
    assert question(widget)["feedback"]["text"] == "Answer with a whole number of points, such as 4 (not 'two')."


# --- nothing hidden reaches the browser ---------------------------------------------------------------------

_CARD = re.compile(r"(?<![\w?])(?:(?:10|[2-9JQKA])[CDHS♣♦♥♠]|JK)(?!\w)")


def _mentioned(text: str) -> set[Card]:
    return {parse_card(t) for t in _CARD.findall(text)}


def _synced_cards(widget: Lesson) -> set[Card]:
    """Every card the synced traits name: card codes in the layout and in the moves offered,
    and every card written in any text."""
    doc = json.loads(widget.view_json)
    found = {parse_card(c) for p in _piles(doc["layout"]) for c in p["cards"] if c != "??"}
    q = doc["lesson"]["question"]
    for move in q["moves"] if q else ():
        found |= {parse_card(c) for c in move["cards"]}
    found |= _mentioned(widget.view_json.replace("\\n", " "))
    found |= _mentioned(json.dumps(widget.message, ensure_ascii=False))
    return found


@pytest.mark.parametrize("name", [n for n in lessons.bundled_names() if lessons.load(n).viewer is not None])
def test_no_synced_trait_names_a_card_hidden_from_the_viewer(name):
    """Every step of every bundled lesson shown in a player's view, with every move the table
    offers tried as an answer, wrong sets of cards and wrong numbers: the synced traits name only
    cards the viewer has seen by that step (on the table so far, told by the narration, or shown
    by the open what-if), and the widget syncs only its view-model, the message and an option."""
    widget = Lesson(name)
    own = {k for k in set(widget.keys) - set(widgets.DOMWidget.class_trait_names(sync=True)) if k[0] != "_"}
    assert own == {"view_json", "history_json", "message", "four_colour", "size"}
    run = widget.run
    while True:
        while run.question is not None:
            q = run.question
            allowed = (
                run.step.seen
                | {c for change in q.changes for c in (change.old, change.new)}
                | {c for z in run.game.zones(run.table) for c in z.cards if not c.is_hidden}
            )
            assert _synced_cards(widget) <= allowed, (name, run.index)
            if q.kind == "play":
                for move in question(widget)["moves"]:
                    if move["move"] not in map(str, q.moves):
                        send(widget, "answer", move=move["move"])
                        assert _synced_cards(widget) <= allowed, (name, run.index, move["move"])
            elif q.kind == "cards":
                for card in sorted(allowed)[:12]:
                    send(widget, "answer", cards=[card.code])
                    assert _synced_cards(widget) <= allowed, (name, run.index, card)
            else:
                for points in (q.points - 1, q.points + 3):
                    send(widget, "answer", points=str(points))
                    assert _synced_cards(widget) <= allowed, (name, run.index, points)
            send(widget, "reveal")
            assert _synced_cards(widget) <= allowed | run.step.seen, (name, run.index)
        assert _synced_cards(widget) <= run.step.seen | {
            c for z in run.game.zones(run.table) for c in z.cards if not c.is_hidden
        }, (name, run.index)
        if send(widget, "next").get("kind") == "error":
            break
    assert run.finished
    page = widget.picture_html()
    hidden = {c for z in run.game.zones(run.state) for c in z.cards} - run.step.seen
    assert not [c for c in hidden if f'aria-label="{c.name}"' in page]


# --- progress ---------------------------------------------------------------------------------------------


def test_progress_is_kept_per_lesson_and_exported_as_json_and_csv(tmp_path):
    widget = at_first_question(learner="Ada")
    widget.answer(["2H", "KS"])
    widget.answer("defend 3D"), widget.answer("defend 2H")
    other = Lesson("commerce-1-worked-example", learner="Ada")
    other.reveal()
    data = json.loads(widget.progress_json())
    assert data["cardlab"] == "lesson-progress" and data["version"] == lessons.PROGRESS_VERSION
    (mine,) = data["lessons"]
    assert (mine["lesson"], mine["learner"], mine["answered"], mine["first_try"], mine["revealed"]) == (
        FORCED,
        "Ada",
        2,
        1,
        0,
    )
    assert json.loads(other.progress_json())["lessons"][0]["revealed"] == 1  # each lesson its own record
    synced = vm(widget)["lesson"]["progress"]
    assert synced["json"] == widget.progress_json() and synced["csv"] == widget.progress_csv()
    # the copy's six questions, less the only move that the learner makes without its counting
    assert (synced["questions"], synced["answered"], synced["first_try"], synced["revealed"]) == (5, 2, 1, 0)
    assert synced["file"] == f"ada-{FORCED}-progress"
    rows = list(csv.DictReader(io.StringIO(widget.progress_csv())))
    assert [(r["kind"], r["tries"], r["right"], r["first_try"]) for r in rows[:2]] == [
        ("cards", "1", "True", "True"),
        ("play", "2", "True", "False"),
    ]
    assert widget.save_progress(tmp_path / "ada.json").read_text(encoding="utf-8") == widget.progress_json()
    assert widget.save_progress(tmp_path / "ada.CSV").read_text(encoding="utf-8") == widget.progress_csv()
    with pytest.raises(ValueError, match=r"a .json or a .csv file, not 'ada.txt'"):
        widget.save_progress(tmp_path / "ada.txt")


def test_the_learners_name_is_set_in_the_widget_and_checked():
    widget = Lesson(FORCED_FILE)
    assert vm(widget)["lesson"]["progress"]["file"] == f"{FORCED}-progress"
    rev = vm(widget)["rev"]
    assert send(widget, "learner", name="  Ada Lovelace ") == {}
    assert vm(widget)["rev"] == rev  # the table is the same: a click made on it meanwhile counts
    widget._handle_custom_msg({"action": "next", "rev": rev}, [])
    assert widget.message == {} and widget.run.index == 1
    assert widget.learner == "Ada Lovelace" and vm(widget)["lesson"]["learner"] == "Ada Lovelace"
    assert json.loads(widget.progress_json())["lessons"][0]["learner"] == "Ada Lovelace"
    assert vm(widget)["lesson"]["progress"]["file"] == f"ada-lovelace-{FORCED}-progress"
    widget.learner = "Bea"
    assert vm(widget)["lesson"]["learner"] == "Bea"


# --- Python drives it too; the lesson's session; display ---------------------------------------------------


def test_python_calls_update_the_widget():
    widget = Lesson(FORCED_FILE)
    rev = vm(widget)["rev"]
    assert widget.next() and vm(widget)["rev"] > rev and vm(widget)["lesson"]["step"] == 1
    feedback = widget.answer("2S")
    assert not feedback.correct and question(widget)["feedback"]["text"] == pretty(feedback.text)
    assert widget.back() and vm(widget)["lesson"]["step"] == 0


def test_the_session_holds_the_lessons_moves_and_playing_on_it_leaves_the_lesson_alone():
    widget = Lesson(FORCED_FILE)
    session = widget.session
    assert session.moves == widget.lesson.moves and session.index == 0
    rev = vm(widget)["rev"]
    table = Table(session)
    session.goto(3)
    session.play(session.legal_moves()[0])  # a variation on the teacher's table
    assert vm(widget)["rev"] == rev and widget.run.index == 0
    table.close()


def test_reprs_are_stable_and_the_bundle_carries_a_picture():
    widget = Lesson(FORCED_FILE)
    assert repr(widget) == f"Lesson({FORCED}, B's view, step 0 of 12)"
    widget.next()
    assert repr(widget) == f"Lesson({FORCED}, B's view, step 1 of 12, a question waits)"
    assert repr(Lesson("commerce-2-rankings")) == "Lesson(commerce-2-rankings, teacher's view, step 0 of 1)"
    data, _ = widget._repr_mimebundle_()
    assert set(data) == {"text/plain", "text/html", VIEW} and data["text/plain"] == repr(widget)
    page = data["text/html"]
    assert page.startswith("<div class='cardlab-static-widget' data-cardlab-static='Lesson'")
    assert "Lesson: Card Commons: when you must defend — B&#x27;s view, step 1 of 12" in page
    assert "<b>Question:</b> A claims with the 2♦. Which cards may you defend with?" in page
    assert "<b>claim 2♦</b>" in page and 'aria-label="face-down card"' in page
    classes = {c for attr in re.findall(r"class=['\"]([^'\"]*)['\"]", page) for c in attr.split()}
    assert classes and all(c.startswith("cardlab-static-") for c in classes), classes


def test_commentary_is_text_never_markup():
    text = FORCED_FILE.read_text(encoding="utf-8").replace(
        "A claims with the 2♦.\n", "A claims with the 2♦ <img src=x onerror=alert(1)> and **bold** `code`.\n", 1
    )
    widget = Lesson(text)
    widget.next()
    blocks = vm(widget)["lesson"]["commentary"]
    assert blocks == [
        {
            "kind": "p",
            "spans": [
                ["", "A claims with the 2♦ <img src=x onerror=alert(1)> and "],
                ["strong", "bold"],
                ["", " "],
                ["code", "code"],
                ["", "."],
            ],
        }
    ]
    assert "&lt;img src=x onerror=alert(1)&gt;" in widget.picture_html() and "<img" not in widget.picture_html()
