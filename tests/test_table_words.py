"""What a table says to a learner reads as the writing rules ask (tools/readability.py): no
sentence over 35 words, no software words, no code, no rule ids in the words themselves, and
players by name rather than he or she.

Seeded random games of every configuration are played, and at their positions every text a
table shows is read: the narration of each move, the refusal of a move that was legal a turn
earlier, what the player to move must do, what a click on each card explains (and why its
refused places are refused), a hint's reason, finding and comparison, and the score's lines
and notes at the end. The rule ids a table shows beside these words are not part of them."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import cardlab
from cardlab import IllegalMove, bots
from cardlab.cards import pretty
from cardlab.games import configurations
from cardlab.widgets.viewmodel import Position, refusal, seen_move_words
from helpers.writing import readability

SEEDS = 4
CONFIGURATIONS = list(configurations())
HINT_EVERY = 9  # positions between two hints
EXPLAIN_EVERY = 3  # positions between two rounds of card explanations


def table_texts(name: str, options: dict) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a table shows in seeded random games of ``name``."""
    game = cardlab.game(name, **options)
    for seed in range(SEEDS):
        rng, state, earlier = random.Random(seed), game.deal(seed=seed), []
        for number in range(10_000):
            moves = game.legal_moves(state)
            if not moves:
                break
            player = game.to_move(state)
            for move in earlier[:5]:  # what was legal a turn ago, refused now
                try:
                    game.play(state, move)
                except IllegalMove as refused:
                    # a reason is a clause its readers end themselves ("… is not allowed: {reason}.")
                    assert not refused.reason.endswith("."), refused.reason
                    yield f"refusal of {move}", refused.reason
                    if player is not None:  # as the player's table says it
                        view = game.view(state, player)
                        yield f"a table's refusal of {move}", refusal(game, view, move, refused.reason)
            if player is not None and number % EXPLAIN_EVERY == 0:
                view = game.view(state, player)
                yield "what to do now", game.situation(view).text
                for move in moves:
                    yield f"the words of {move}", game.move_words(view, move)
                for zone in game.zones(view):
                    for card in zone.cards[:3]:
                        explained = game.explain_card(view, card, zone.name, player)
                        for line in explained.lines:
                            yield f"a click on {card} in {zone.name}", line.text
                        for refused in explained.refused:
                            yield f"why not {refused.move}", refused.text
                if number % HINT_EVERY == 0:
                    hint = bots.hint(game, view, playouts=40, seed=0)
                    for part in ("reason", "finding", "comparison"):
                        yield f"a hint's {part}", getattr(hint, part)
            step = game.step(state, rng.choice(moves))
            for event in step.events:
                yield f"narration of {step.move}", event.text
            yield f"the log's line for {step.move}", seen_move_words(game, step, 0)
            yield from showdown_texts(game, step.after)
            earlier, state = moves, step.after
        score = game.score(state)
        yield from (("a score note", note) for note in score.notes)
        yield from (("a score line", item.reason) for item in score.items)


def showdown_texts(game: cardlab.Game, state) -> Iterator[tuple[str, str]]:
    """What the showdown of the latest settled round says on A's table, once it is settled."""
    rounds = [r for r in game.rounds(game.view(state, 0)) if r.settled]
    if not rounds or rounds[-1].ended is None or state is None:
        return
    shown = Position(cardlab.Session(game, state), 0, showdown=rounds[-1]).showdown_json()
    where = f"the showdown of {shown['title']}"
    yield from ((where, text) for text in (shown["title"], shown["how"], shown["note"], shown["next"]) if text)
    yield from ((where, event["text"]) for event in (shown["ended"], shown["verdict"]) if event)
    yield from ((where, hand["ranking"]) for hand in shown["hands"])
    yield from ((where, item["reason"]) for item in shown["items"])


#: Notation a learner never reads on a table: a battle as "b1", the arrow of a move's notation.
NOTATION = re.compile(r"(?<![\w-])b[1-9](?![\w-])|->|\[[a-z-]+\.[a-z.-]+\]")

#: The words of the shared vocabulary, by game: what a learner must not read, and the word to use.
VOCABULARY = {
    "commitment": [(re.compile(r"\breinforc\w*", re.I), "say 'add'")],
    "contest": [
        (re.compile(r"\breinforc\w*", re.I), "say 'add'"),
        (
            re.compile(r"secret card (?:in|at) position|\bposition \d (?:secret )?card|\b\d(?:st|nd|rd|th) position"),
            "a secret card is not a position: say 'your first secret card'",
        ),
    ],
    "commerce": [
        (
            re.compile(
                r"\b\d+ (?:more )?points?\b(?! of\b)|\bpays? (?:\w+ )?(?:a|\d+) (?:more )?points?\b|ledger points?"
            ),
            "money is counted in chips",
        )
    ],
}


def words_problems(name: str, text: str, moves, said=lambda move: False) -> list[str]:
    """What in ``text`` is notation (a move written as notation, "b1", "->", a bracketed rule
    id) or breaks the shared vocabulary of ``name``. ``said(move)``: whether the game's words
    for the move are its notation (a toy game's "play 7♠")."""
    shown = pretty(text)
    found = [f"notation {m.group()!r}" for m in NOTATION.finditer(shown)]
    found += [f"notation {str(m)!r}" for m in moves if " " in str(m) and pretty(str(m)) in shown and not said(m)]
    found += [f"{m.group()!r}: {advice}" for word, advice in VOCABULARY.get(name, ()) for m in word.finditer(shown)]
    return found


@pytest.mark.parametrize(
    "name, options", CONFIGURATIONS, ids=[n + "".join(f"-{v}" for v in o.values()) for n, o in CONFIGURATIONS]
)
def test_every_word_a_table_says_follows_the_writing_rules(name: str, options: dict) -> None:
    """No sentence too long, no software word, no rule id, no notation ("b1", "claim 1 3 K♠
    open 2♠ 1"), and the shared words of the game ("add", chips, secret cards)."""
    problems: dict[str, str] = {}
    game = cardlab.game(name, **options)
    moves = {str(m): m for seed in range(SEEDS) for m in game.legal_moves(game.deal(seed=seed))}
    for where, text in table_texts(name, options):
        report = readability.Report(name)
        readability.check_text(report, text, where)
        found = words_problems(name, text, moves.values(), lambda m: game.move_words(None, m) == pretty(str(m)))
        report.problems += [f"{where}: {p}: {text[:90]}" for p in found]
        for problem in report.problems:
            problems.setdefault(problem.split(":", 1)[1][:60], problem)  # one of each kind
    assert not problems, "\n".join(sorted(problems.values())[:20])


def test_the_check_finds_notation_and_words_outside_the_shared_vocabulary() -> None:
    game = cardlab.game("contest")
    claim = game.parse_move("claim 1 3 KS open 2S 1")
    assert words_problems("contest", "A plays claim 1 3 K♠ open 2♠ 1.", [claim]) == [
        "notation 'claim 1 3 KS open 2S 1'"
    ]
    assert words_problems("commitment", "A reinforces b1 [commitment.vp].", [])[:2] == [
        "notation 'b1'",
        "notation '[commitment.vp]'",
    ]
    assert words_problems("commerce", "A pays 1 point; B has a point of 21.", []) == [
        "'pays 1 point': money is counted in chips"
    ]


def test_the_check_finds_a_long_list_of_moves_and_a_pronoun() -> None:
    report = readability.Report("example")
    listed = ", ".join(f"open pile {i % 4 + 1} with the {i + 2}♣" for i in range(6))
    readability.check_text(report, f"A can use it now: {listed}.", "a click")
    readability.check_text(report, "Now A must answer her own Claim 2♠.", "what to do now")
    assert any("a sentence of" in p for p in report.problems) and any("'her'" in p for p in report.problems)


def test_a_lessons_own_feedback_says_moves_in_words_and_money_in_chips() -> None:
    """A wrong move is answered with the move in the game's words and its reason, never its
    notation nor its rule id (the rule is the feedback's, shown under Details); a balance in
    Commerce is answered in chips, not points."""
    from pathlib import Path

    from cardlab.lessons import LessonRun

    path = Path(cardlab.__file__).parent / "lesson_files" / "commerce-4-trades-and-barter.md"
    run = LessonRun(path.read_text(encoding="utf-8"))
    while run.question is None or run.question.kind != "score":
        if run.question is not None:
            run.reveal()
        assert run.next(), "the lesson asks no balance"
    feedback = run.answer(str(run.question.points))
    assert feedback.correct and "chip" in feedback.text and "point" not in feedback.text, feedback.text
    commons = cardlab.game("card-commons")
    state = commons.state_from_text(commons.to_text(commons.deal(seed=1)))
    move = commons.legal_moves(state)[0]
    wrong = next(m for m in commons.legal_moves(commons.play(state, move)) if m != move)
    said = refusal(commons, state, wrong, "it is not allowed here")
    assert said.startswith(f"You can't {commons.move_words(state, wrong)}.") and str(wrong) not in said
