"""The facts Card Commons' bundled lessons state, checked against the positions they describe.

``lesson check`` replays every move and checks every answer; these tests read the sentences
around them. A sentence that says who played which card ("A defends with the 2♠", "You claim
with the 2♦") must match a move of the moves next to it; a count of a side's colours ("Three
cards on your side are red") must be that side's count; a hand or a side listed ("Two cards are
left in your hand: the 2♣ and the 3♠") must be it; a Commission named must be it; and the
feedback to a wrong score must point at a mistake that gives that wrong number (the multiplier,
a card counted or left out, a match, the total of the rounds before).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab import lessons
from cardlab.cards import Card
from cardlab.engine import move_cards
from cardlab.lessons.mentions import card_mentions

LESSONS = lessons.bundled("card-commons")
NUMBERS = {w: n for n, w in enumerate("no one two three four five six seven".split())}
NUMBERS.update({str(n): n for n in range(8)})
ORDINALS = {w: n for n, w in enumerate("first second third fourth fifth sixth seventh".split(), start=1)}
VERBS = {
    "claim": "claim",
    "claims": "claim",
    "claimed": "claim",
    "defend": "defend",
    "defends": "defend",
    "defended": "defend",
    "answer": "defend",
    "answers": "defend",
    "answered": "defend",
    "discard": "discard",
    "discards": "discard",
    "discarded": "discard",
    "trade": "trade",
    "trades": "trade",
    "traded": "trade",
}
#: Words that make a move a possibility rather than a fact ("can't answer", "must play").
MODALS = {"no", "can", "can't", "cannot", "must", "may", "might", "could", "would", "to", "should", "not", "if", "had"}
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[A-Za-z']+|[^\sA-Za-z']")


@dataclass(frozen=True)
class Said:
    """A text of a lesson, where it is read, and the positions and moves it may be about."""

    where: str
    text: str
    states: tuple[Any, ...]  # the step's position, then the positions the next moves reach
    moves: tuple[tuple[int | None, Any], ...]  # (mover, move) of the moves next to the text


def _blocks(lesson: lessons.Lesson) -> list[list[int]]:
    """The steps of each ``moves`` block: moves on consecutive lines."""
    blocks: list[list[int]] = []
    for step in lesson.steps[1:]:
        if blocks and step.line == lesson.steps[blocks[-1][-1]].line + 1:
            blocks[-1].append(step.number)
        else:
            blocks.append([step.number])
    return blocks


def said(lesson: lessons.Lesson) -> Iterator[Said]:
    """Every text of the lesson: the commentary of each step, each question's prompt,
    explanation and feedback; with the moves of the block before it and the block after it."""
    game, steps = lesson.game, lesson.steps
    blocks = _blocks(lesson)
    for step in steps:
        before = next((b for b in blocks if step.number in b), [])
        after = next((b for b in blocks if b[0] == step.number + 1), [])
        moves = tuple((game.to_move(steps[n - 1].state), steps[n].move) for n in before + after)
        later = tuple(steps[n].state for n in after)
        where = f"{lesson.name}, step {step.number}"
        yield Said(f"{where} (commentary)", step.commentary, (step.state, *later), moves)
        for q in step.questions:
            state = step.state
            for change in q.changes:
                state = change.apply(state)
            states = (state,) if q.changes else (state, *later)
            texts = [q.prompt, q.explanation] + [words for _, words in q.feedback]
            for text in texts:
                yield Said(f"{where}, question at line {q.line}", text, states, () if q.changes else moves)


def sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(" ".join(text.split())) if s]


def _player(word: str, viewer: int | None) -> int | None:
    you = viewer if word.lower() in ("you", "your", "example") else None
    return {"A": 0, "B": 1, "A's": 0, "B's": 1}.get(word, you)


def stated_moves(sentence: str, viewer: int | None) -> list[tuple[int, str, Card]]:
    """(player, verb, card) for every move the sentence states as played: a verb after its
    player (A, B, you; "the example" is the viewer), not after a modal, and the first card
    named within a few words after it."""
    words = [(m.group(), m.start()) for m in _WORD.finditer(sentence)]
    cards = card_mentions(sentence)
    found, subject = [], None
    for i, (word, at) in enumerate(words):
        if word in ("A", "B", "You", "you") or word.lower() == "example":
            subject = _player(word, viewer)
            continue
        verb = VERBS.get(word.lower())
        if verb is None or subject is None:
            continue
        if i and words[i - 1][0].lower() in MODALS:
            continue
        near = [c for c, start, _ in cards if at < start <= at + len(word) + 28]
        if near:
            found.append((subject, verb, near[0]))
    return found


def _side(word: str, viewer: int | None) -> int | None:
    return _player(word, viewer)


def colour_counts(sentence: str, viewer: int | None) -> list[tuple[int, str, int]]:
    """(player, colour, count) for every count of a side's colours the sentence states."""
    out = []
    for m in re.finditer(
        r"\b(?P<n>\w+) cards? on (?P<who>your|A's|B's) side (?:are|is) (?:already )?(?P<colour>red|black)", sentence
    ):
        if m.group("n").lower() in NUMBERS:
            out.append((_side(m.group("who"), viewer), m.group("colour"), NUMBERS[m.group("n").lower()]))
    for m in re.finditer(r"\b(?P<n>\w+) (?P<colour>red|black) cards? (?:there|on your side)", sentence):
        if m.group("n").lower() in NUMBERS:
            out.append((viewer, m.group("colour"), NUMBERS[m.group("n").lower()]))
    for m in re.finditer(r"\b(?:a|your) (?P<n>\w+) (?P<colour>red|black) card there", sentence):
        if m.group("n").lower() in ORDINALS:
            out.append((viewer, m.group("colour"), ORDINALS[m.group("n").lower()]))
    return [o for o in out if o[0] is not None]


def listed_cards(sentence: str, viewer: int | None) -> list[tuple[int, str, frozenset[Card]]]:
    """(player, "hand" or "side", cards) for every hand or side the sentence lists whole."""
    out = []
    patterns = (
        (r"(?P<who>Your|A's|B's) side (?:of the tableau )?holds (?P<list>[^.:;]*)", "side"),
        (r"cards are left in (?P<who>your) hand: (?P<list>[^.;]*)", "hand"),
        (r"\b(?P<who>A|B) holds (?:only )?(?P<list>the [^.:;]*)", "hand"),
    )
    for pattern, zone in patterns:
        for m in re.finditer(pattern, sentence):
            if re.search(r"\b(no|three|two)\b", m.group("list")):
                continue  # "A holds no 3", "A holds three 2s": not a list of cards
            cards = frozenset(c for c, _, _ in card_mentions(m.group("list")))
            player = _player(m.group("who").capitalize() if m.group("who") != "your" else "you", viewer)
            if cards and player is not None:
                out.append((player, zone, cards))
    return out


def commissions(sentence: str, viewer: int | None) -> list[tuple[int, Card]]:
    out = []
    for m in re.finditer(
        r"(?P<who>Your|A's|B's) Commission (?:is|turns out to be|was) (?:now )?the (?:\w+ )?(?P<card>\S+)", sentence
    ):
        if re.search(r"\b(if|had|would|suppose)\b", sentence, re.I):
            continue
        named = card_mentions(m.group("card"))
        player = _player(m.group("who"), viewer)
        if named and player is not None:
            out.append((player, named[0][0]))
    return out


def _hypothetical(sentence: str) -> bool:
    return bool(re.search(r"\b(if|had|would|suppose|say|could)\b", sentence, re.I))


# --- the facts, lesson by lesson -------------------------------------------------------------------------


def _said_all() -> list[tuple[lessons.Lesson, Said]]:
    out = []
    for path in LESSONS:
        lesson = lessons.load(path)
        out += [(lesson, s) for s in said(lesson)]
    return out


SAID = _said_all()


def test_the_texts_are_read():
    """The readers find the statements they check in the bundled lessons (so a change of wording
    that they no longer read shows here)."""
    found = {"moves": 0, "colours": 0, "lists": 0, "commissions": 0}
    for lesson, s in SAID:
        for sentence in sentences(s.text):
            found["moves"] += len(stated_moves(sentence, lesson.viewer))
            found["colours"] += len(colour_counts(sentence, lesson.viewer))
            found["lists"] += len(listed_cards(sentence, lesson.viewer))
            found["commissions"] += len(commissions(sentence, lesson.viewer))
    assert found["moves"] >= 30 and found["colours"] >= 5 and found["lists"] >= 4 and found["commissions"] >= 5, found


def test_every_move_a_lesson_states_is_played_next_to_it():
    wrong = []
    for lesson, s in SAID:
        played = {(mover, str(m).split()[0], move_cards(m)[0]) for mover, m in s.moves if move_cards(m)}
        played |= {(state.claimant, "claim", state.claim) for state in s.states if state.claim}  # claimed before
        for sentence in sentences(s.text):
            if _hypothetical(sentence):
                continue
            for fact in stated_moves(sentence, lesson.viewer):
                if fact not in played:
                    wrong.append(f"{s.where}: {sentence!r}: no move {fact[1]} {fact[2]} by {'AB'[fact[0]]} here")
    assert not wrong, "\n".join(wrong)


def test_every_count_of_a_side_s_colours_is_right():
    wrong = []
    for lesson, s in SAID:
        for sentence in sentences(s.text):
            if _hypothetical(sentence):
                continue
            for player, colour, count in colour_counts(sentence, lesson.viewer):
                counts = [sum(c.color == colour for c in state.sides[player]) for state in s.states]
                if count not in counts:
                    wrong.append(f"{s.where}: {sentence!r}: {'AB'[player]}'s side has {counts[0]} {colour} cards")
    assert not wrong, "\n".join(wrong)


def test_every_hand_and_side_listed_is_whole_and_right():
    wrong = []
    for lesson, s in SAID:
        for sentence in sentences(s.text):
            if _hypothetical(sentence):
                continue
            for player, zone, cards in listed_cards(sentence, lesson.viewer):
                held = [frozenset(getattr(state, f"{zone}s")[player]) for state in s.states]
                if cards not in held:
                    wrong.append(f"{s.where}: {sentence!r}: {'AB'[player]}'s {zone} is {sorted(held[0])}")
    assert not wrong, "\n".join(wrong)


def test_every_commission_named_is_the_one():
    wrong = []
    for lesson, s in SAID:
        for sentence in sentences(s.text):
            for player, card in commissions(sentence, lesson.viewer):
                held = [state.commissions[player] for state in s.states]
                if card not in held:
                    wrong.append(f"{s.where}: {sentence!r}: {'AB'[player]}'s Commission is {held[0]}")
    assert not wrong, "\n".join(wrong)


# --- the feedback to a wrong score ------------------------------------------------------------------------


def score_mistakes(game: Any, state: Any, player: int, feedback: str) -> dict[str, set[int]]:
    """The totals a learner reaches by each mistake the feedback points at, in the position of
    a Card Commons score question: the other multiplier ("×", "multiplier"), this round's points
    without the rounds before ("before", "rounds 1 and 2", "too"), a Commission taken to score
    when it does not or not when it does ("match", "score?", "Nest Egg"), a card named in the
    feedback counted when it is not, or left out when it is (a card of the side, or the
    Commission counted as one of its colour)."""
    before = sum(r[player] for r in state.rounds)
    mult = game.multiplier(state.round)
    commission = state.commissions[player]
    ended = state.phase in ("round-end", "game-over")
    counted = [c for c in state.sides[player] if c.color == commission.color]
    matched = ended and _matches(game, state, player)
    n = len(counted)
    out: dict[str, set[int]] = {}
    if re.search(r"×|multiplier|double", feedback):
        out["multiplier"] = {before + n * (3 - mult), n * (3 - mult)} if matched else set()
    if re.search(r"\bbefore\b|rounds? 1|\btoo\b|\btotal\b", feedback):
        this = n * mult if matched else 0
        out["the rounds before"] = {this, before} if ended else {before + this}  # one part left out, or this round
    if re.search(r"match|score\?|Nest Egg", feedback):
        out["the match"] = {before} if matched else {before + n * mult}
    named = {c for c, _, _ in card_mentions(feedback)}
    for card in named & set(state.sides[player]) | ({commission} & named):
        if card in counted:
            out[f"the {card}"] = {before + (n - 1) * mult}
        else:
            out[f"the {card}"] = {before + (n + 1) * mult} if matched else {before}  # the Commission: reading 13
    return out


def _matches(game: Any, state: Any, player: int) -> bool:
    """Whether the player's Commission scores at the round's end (whatever its count)."""
    nest = state.nest_egg
    only_wild = nest.is_wild if hasattr(nest, "is_wild") else str(nest) in ("Q♥", "K♠")
    return game.commission_scores(state.commissions[player], nest, only_wild_left=only_wild and not game.peek)[0]


def test_the_feedback_to_a_wrong_score_points_at_the_mistake_that_gives_it():
    """For 17 where the answer is 18, "Round 5 scores ×1" points at the multiplier, which gives
    22 or 8: it would send the learner the wrong way. The feedback must name a mistake (a card,
    the multiplier, the match, the rounds before) that gives the wrong number it answers."""
    wrong, checked = [], 0
    for path in LESSONS:
        lesson = lessons.load(path)
        for step in lesson.steps:
            for q in step.questions:
                if q.kind != "score":
                    continue
                state = step.state
                for change in q.changes:
                    state = change.apply(state)
                for answer, words in q.feedback:
                    mistakes = score_mistakes(lesson.game, state, q.player, words)
                    if not mistakes:
                        continue  # sums ("3 + 1 + 4 + 6") are the lesson check's
                    checked += 1
                    if not any(int(answer) in totals for totals in mistakes.values()):
                        wrong.append(f"{lesson.name}:{q.line}: {answer} answered {words!r}, but {mistakes}")
    assert checked >= 8
    assert not wrong, "\n".join(wrong)


# --- the walkthrough --------------------------------------------------------------------------------------


def test_the_learner_makes_at_least_half_of_their_own_moves_in_the_walkthrough():
    """The notebook promises that the learner plays the worked example: of the moves of the
    viewer's side, at least half are the learner's (a ``play:`` question at the position before
    the move, which accepts it; ``counted: no`` for a move that is the only one)."""
    lesson = lessons.load("card-commons-1-worked-example")
    game, steps = lesson.game, lesson.steps
    own = [s for s in steps[1:] if game.to_move(steps[s.number - 1].state) == lesson.viewer]
    made = [
        s
        for s in own
        if any(q.kind == "play" and s.move in q.moves and not q.changes for q in steps[s.number - 1].questions)
    ]
    assert len(own) == 7 and 2 * len(made) >= len(own), [str(s.move) for s in made]


# --- questions that give nothing away, and say what the lesson plays ----------------------------------------


def _asked_state(step: Any, question: Any) -> Any:
    state = step.state
    for change in question.changes:
        state = change.apply(state)
    return state


def test_no_question_asks_again_what_an_earlier_one_at_the_same_position_answered():
    """ "Which cards may you defend with?" (the 2♥ and the K♠), then "What may you play?" (defend
    with the 2♥ or the K♠) at the same position: the first answer gives the second away."""
    repeated = []
    for path in LESSONS:
        lesson = lessons.load(path)
        for step in lesson.steps:
            asked = [(q, _asked_state(step, q)) for q in step.questions]
            for i, (first, state) in enumerate(asked):
                for later, other in asked[i + 1 :]:
                    if first.kind == "cards" and later.kind == "play" and state == other:
                        cards = frozenset(move_cards(m)[0] for m in later.moves if move_cards(m))
                        if cards == first.cards and all(str(m).startswith(first.verb) for m in later.moves):
                            repeated.append(f"{lesson.name}:{later.line} asks again what line {first.line} answered")
    assert not repeated, "\n".join(repeated)


#: How a lesson says which of several right moves it goes on with.
GOES_ON = re.compile(
    r"goes on with|this lesson (?:\w+ )?(?:answers|keeps|claims|defends|discards|trades)|the example \w+", re.I
)


def test_a_question_with_several_right_moves_says_which_one_the_lesson_goes_on_with():
    silent = []
    for path in LESSONS:
        lesson = lessons.load(path)
        steps = lesson.steps
        for step in steps[:-1]:
            following = steps[step.number + 1]
            for q in step.questions:
                if q.kind == "play" and len(q.moves) > 1 and not q.changes and following.move in q.moves:
                    if not GOES_ON.search(" ".join((q.instead, q.explanation, following.commentary))):
                        silent.append(f"{lesson.name}:{q.line}: accepts {len(q.moves)} moves, plays {following.move}")
    assert not silent, "\n".join(silent)


def test_the_notebook_teaches_every_kind_of_move_before_its_first_game():
    """Notebook 01's first game offers the Commission, trades, Claims, Defenses, discards and the
    next round: its text before the game names each of them (the lessons it plays teach them too)."""
    import json
    import random

    import cardlab

    root = Path(__file__).resolve().parent.parent
    cells = json.loads((root / "notebooks" / "01_card_commons.ipynb").read_text(encoding="utf-8"))["cells"]
    game_cell = next(i for i, c in enumerate(cells) if "Session(" in "".join(c["source"]))
    before = " ".join("".join(c["source"]) for c in cells[:game_cell] if c["cell_type"] == "markdown").lower()
    game = cardlab.game("card-commons")
    kinds, rng = set(), random.Random(2026)
    for seed in range(3):
        state = game.deal(seed=seed)
        while not game.is_over(state):
            legal = game.legal_moves(state)
            kinds |= {str(m).split()[0] for m in legal}
            state = game.play(state, rng.choice(legal))
    words = {"commission": "commission", "trade": "trade", "claim": "claim", "defend": "defense", "discard": "discard"}
    words["next"] = "next round"
    assert kinds == set(words), kinds
    missing = [words[k] for k in sorted(kinds) if words[k] not in before]
    assert not missing, f"notebook 01 never names {missing} before its first game"


def test_the_rules_page_lists_the_lessons_that_name_a_reading():
    """A lesson that says where the rules are silent ("The rules don't say …; here …") is one
    the rules page lists with its reading, and each lesson listed there says so."""
    root = Path(__file__).resolve().parent.parent
    page = (root / "docs" / "rules" / "card-commons.md").read_text(encoding="utf-8")
    paragraph = page[page.index("The lessons name each reading") :].split("\n\n")[0]
    listed = set()
    for group in re.findall(r"`card-commons-\d[^`]*`(?:,? (?:and )?`-\d`)*", paragraph):
        listed |= {f"card-commons-{n}" for n in re.findall(r"-(\d)", group)}
    says = {
        "-".join(path.stem.split("-")[:3])
        for path in LESSONS
        if re.search(r"(?:don't|only) say|Peek's rules say", path.read_text(encoding="utf-8"))
    }
    assert listed == says


#: What a learner must have read before a question that refuses a move by the rule (its words).
TAUGHT = {
    "commons.commission.no-wild": r"Wild can't be a Commission",
    "commons.defense": r"same value",
    "commons.defense.forced": r"must (?:answer|defend)|can answer a Claim must",
    "commons.trade.order": r"only in that order|in their order",
}


def test_a_rule_a_question_refuses_a_move_by_is_taught_before_it_is_asked():
    """ "Which card do you hide as your Commission?" with the Q♥ refused: "A Wild can't be a
    Commission" must come before the question, not only in its feedback."""
    from cardlab.engine import IllegalMove

    untaught = []
    for path in LESSONS:
        lesson = lessons.load(path)
        read: list[str] = []
        for step in lesson.steps:
            read.append(step.commentary)
            for q in step.questions:
                read.append(q.prompt)
                state = _asked_state(step, q)
                for answer, _ in q.feedback:
                    move = answer if q.kind == "play" else f"{q.verb} {answer}" if q.verb == "commission" else None
                    if move is None:
                        continue
                    try:
                        lesson.game.check(state, move)
                    except IllegalMove as err:
                        taught = TAUGHT.get(err.rule)
                        if taught and not re.search(taught, " ".join(" ".join(read).split())):
                            untaught.append(f"{lesson.name}:{q.line}: refuses {move} ({err.rule}) before teaching it")
                read.append(q.explanation)
    assert not untaught, "\n".join(untaught)
