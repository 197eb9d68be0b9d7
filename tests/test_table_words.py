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
from collections.abc import Iterator

import pytest

import cardlab
from cardlab import IllegalMove, bots
from cardlab.games import configurations
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
            for move in earlier[:5]:  # what was legal a turn ago, refused now
                try:
                    game.play(state, move)
                except IllegalMove as refusal:
                    # a reason is a clause its readers end themselves ("… is not allowed: {reason}.")
                    assert not refusal.reason.endswith("."), refusal.reason
                    yield f"refusal of {move}", refusal.reason
            player = game.to_move(state)
            if player is not None and number % EXPLAIN_EVERY == 0:
                view = game.view(state, player)
                yield "what to do now", game.situation(view).text
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
            earlier, state = moves, step.after
        score = game.score(state)
        yield from (("a score note", note) for note in score.notes)
        yield from (("a score line", item.reason) for item in score.items)


@pytest.mark.parametrize(
    "name, options", CONFIGURATIONS, ids=[n + "".join(f"-{v}" for v in o.values()) for n, o in CONFIGURATIONS]
)
def test_every_word_a_table_says_follows_the_writing_rules(name: str, options: dict) -> None:
    problems: dict[str, str] = {}
    for where, text in table_texts(name, options):
        report = readability.Report(name)
        readability.check_text(report, text, where)
        for problem in report.problems:
            problems.setdefault(problem.split(":", 1)[1][:60], problem)  # one of each kind
    assert not problems, "\n".join(sorted(problems.values())[:20])


def test_the_check_finds_a_long_list_of_moves_and_a_pronoun() -> None:
    report = readability.Report("example")
    listed = ", ".join(f"open pile {i % 4 + 1} with the {i + 2}♣" for i in range(6))
    readability.check_text(report, f"A can use it now: {listed}.", "a click")
    readability.check_text(report, "Now A must answer her own Claim 2♠.", "what to do now")
    assert any("a sentence of" in p for p in report.problems) and any("'her'" in p for p in report.problems)
