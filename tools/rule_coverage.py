"""Which rules the bundled lessons play: every rule id of docs/rules/<game>.md, and where it is played.

    python tools/rule_coverage.py                 # every game: a table of rule ids and lessons
    python tools/rule_coverage.py card-commons    # one game; exits 1 if a rule id is never played

The learner notebooks teach through the bundled lessons, so what the lessons play is what a
learner meets. A rule counts as played by a lesson when

- a move the lesson plays (a ``moves`` line, or the first accepted answer of a ``play:``
  question, played where the question is asked) has an event citing it;
- the score shown beside a position the lesson reaches cites it (a line of its breakdown);
- a ``feedback`` line of a ``play:`` question names a move the rules refuse with it, or a
  ``cards:`` question's feedback names a card whose move the rules refuse with it (rules
  that only forbid are met this way);
- for the few rules that none of these cite (the deck, the deal, a card's worth), the lesson
  meets them as :data:`MET_BY` says (it deals, plays a kind of move, reaches the end).

``tests/test_rule_coverage.py`` fails when a rule id is never played.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

from cardlab import lessons
from cardlab.engine import IllegalMove, NotationError

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("card-commons", "commerce", "commitment", "contest")

#: Rules that no event, score line or refusal cites, and how a lesson meets each: ``deal`` (the
#: lesson starts from a ``deal`` block), ``over`` (it plays to the end of the game), ``any`` (every
#: lesson of the game: what the whole table is), ``move:REGEX`` (a move it plays, in notation),
#: ``text:REGEX`` (what a move it plays says, or a line of the score shown).
MET_BY: dict[str, dict[str, str]] = {
    "card-commons": {
        "commons.deck": "deal",
        "commons.setup.pool": "deal",
        "commons.setup.nest-egg": "deal",
        "commons.setup.deal": "deal",
        "commons.defense": "move:^defend ",
        "commons.score.multiplier": "text:× [12] = ",
        "commons.end": "over",
    },
    "commerce": {
        "commerce.players": "any",
        "commerce.deck": "any",
        "commerce.ledger": "any",
        "commerce.deal.first-dealer": "deal",
        "commerce.turn": "any",
        "commerce.rank.triplet": "text:: triplet of",
        "commerce.rank.sequence": "text:: (same-suit )?sequence",
        "commerce.rank.no-pairs": "text:a plain flush counts only as a point|a pair has no rank",
    },
    "commitment": {
        "commitment.battle-deck": "deal",
        "commitment.deal": "deal",
        "commitment.first": "deal",
        "commitment.commit": r"move:^\S+ b\d",
        "commitment.round.next": "move:^next round",
        "commitment.score.suit": "text:wins (hearts|clubs|diamonds|spades) ",
        "commitment.number": r"move:^([2-9]|10)[HDC] b\d",
        "commitment.face": r"move:^[JQK][HDC] b\d",
    },
    "contest": {
        "contest.deck": "any",
        "contest.row": "any",
        "contest.turn": "any",
        "contest.points": "move:^claim ",
        "contest.value": "move:^claim ",
        "contest.claim": "move:^claim ",
        "contest.open.neighbours": "move:^open ",
    },
}

_ROW = re.compile(r"^\|\s*`([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)`\s*\|", re.M)


def documented(game: str) -> list[str]:
    """The rule ids of the game's rules page, in its order (the rows of its table of rule ids)."""
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    return list(dict.fromkeys(_ROW.findall(page)))


def _refused(game, state, move: str) -> str | None:
    try:
        game.check(state, move)
    except IllegalMove as err:
        return err.rule
    except NotationError:
        return None
    return None


def _scored(game, state) -> set[str]:
    """The rules of the score shown beside a position (its breakdown's lines and notes)."""
    breakdown = game.score(state)
    return {item.rule for item in breakdown.items if item.rule} | {
        rule for note in breakdown.notes for rule in [getattr(note, "rule", None)] if rule
    }


def played(lesson: lessons.Lesson) -> set[str]:
    """Every rule id the lesson plays (see the module's docstring)."""
    game, rules = lesson.game, set()
    for step in lesson.steps:
        rules.update(e.rule for e in step.events)
        rules.update(_scored(game, step.state))
    for step in lesson.steps:
        for question in step.questions:
            state = step.state
            for change in question.changes:
                state = change.apply(state)
            if question.kind == "play" and question.moves:
                rules.update(e.rule for e in game.step(state, question.moves[0]).events)
            for answer, _ in question.feedback:
                if question.kind == "play":
                    rule = _refused(game, state, answer)
                elif question.kind == "cards" and question.verb:
                    rule = _refused(game, state, f"{question.verb} {answer}")
                else:
                    rule = None
                if rule:
                    rules.add(rule)
    return rules | _met(lesson)


def _met(lesson: lessons.Lesson) -> set[str]:
    """The rules of :data:`MET_BY` that the lesson meets."""
    game = lesson.game
    moves = [str(m) for m in lesson.moves]
    texts = [e.text for step in lesson.steps for e in step.events]
    texts += [item.reason for step in lesson.steps for item in game.score(step.state).items]
    for step in lesson.steps:
        for question in step.questions:
            if question.kind == "play" and question.moves:
                moves.append(str(question.moves[0]))
    facts = {
        "any": True,
        "deal": bool(re.search(r"^```deal[ \t]*$", lesson.text, re.M)),
        "over": game.is_over(lesson.steps[-1].state),
    }
    met = set()
    for rule, how in MET_BY.get(lesson.game.name, {}).items():
        kind, _, pattern = how.partition(":")
        if kind == "move":
            hit = any(re.search(pattern, m) for m in moves)
        elif kind == "text":
            hit = any(re.search(pattern, t) for t in texts)
        else:
            hit = facts[kind]
        if hit:
            met.add(rule)
    return met


def coverage(game: str) -> dict[str, list[str]]:
    """Each documented rule id of ``game`` with the bundled lessons that play it (in order)."""
    where: dict[str, list[str]] = defaultdict(list)
    for name in lessons.bundled_names(game):
        for rule in played(lessons.load(name)):
            where[rule].append(name)
    return {rule: sorted(where.get(rule, [])) for rule in documented(game)}


def main(args: list[str]) -> int:
    missing = 0
    for game in args or GAMES:
        table = coverage(game)
        never = [rule for rule, names in table.items() if not names]
        missing += len(never)
        print(f"{game}: {len(table) - len(never)} of {len(table)} rule ids played")
        for rule, names in table.items():
            print(f"  {rule:<42} {', '.join(n.removeprefix(game + '-') for n in names) or 'NEVER PLAYED'}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
