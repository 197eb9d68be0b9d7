"""Which rules the bundled lessons play: every rule id of docs/rules/<game>.md, and every sentence of
the game's rule text (docs/rules/texts/<game>.txt), each with the lessons that play or ask it.

    python tools/rule_coverage.py                 # every game: rule ids, then the text's sentences
    python tools/rule_coverage.py card-commons    # one game; exits 1 if a rule id or a sentence is unplayed
    python tools/rule_coverage.py --unplayed      # only the sentences no lesson plays, per game

The learner notebooks teach through the bundled lessons, so what the lessons play is what a
learner meets. A rule id counts as played by a lesson when

- a move the lesson plays (a ``moves`` line, or the first accepted answer of a ``play:``
  question, played where the question is asked) has an event citing it;
- the score shown beside a position the lesson reaches cites it (a line of its breakdown);
- a ``feedback`` line of a ``play:`` question names a move the rules refuse with it, or a
  ``cards:`` question's feedback names a card whose move the rules refuse with it (rules
  that only forbid are met this way);
- for the few rules that none of these cite (the deck, the deal, a card's worth), the lesson
  meets them as :data:`MET_BY` says (it deals, plays a kind of move, reaches the end).

A rule id often implements several sentences of the text ("King: doubles the value of every
card below it in its stack. Cards played on top of it aren't doubled."), and a lesson that plays
the id need not play each of them. So the text is also counted **sentence by sentence**
(:func:`sentences`). A sentence is credited to a lesson by **evidence**:

- a sentence that is the only one its rule ids quote (in the rules page's table of rule ids) is
  played when the lesson plays each of those ids;
- any other sentence has evidence of its own in :data:`EVIDENCE`: conditions, each met by
  some lesson (a sentence with two parts, "King, Can be used as a Jack or a Queen", may be
  played in two lessons). ``rule:ID`` (the lesson plays the id), ``move:REGEX`` (a move it plays, in
  notation), ``text:REGEX`` (the narration of a move it plays, or a line or note of the score of
  a position it reaches, a what-if's included: what a question asks about is there),
  ``refused:REGEX`` (the reason the rules give for refusing a move or a card its feedback
  names), ``asked:REGEX`` (the words of one of its questions: prompt, feedback and
  explanation), ``deal``, ``over`` and ``any`` (as in :data:`MET_BY`);
- a sentence that is no rule to play (the goal said again elsewhere, the text's examples, its
  history) is listed in :data:`NOT_RULES` with the reason.

A sentence with neither evidence of its own nor a rule id of its own is reported as unplayed, so
the table of evidence grows with the text. ``tests/test_rule_coverage.py`` fails when a rule id
or a sentence is never played, listing them.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import cardlab
from cardlab import lessons
from cardlab.cards import parse_card
from cardlab.engine import IllegalMove, NotationError
from cardlab.games import game_class

ROOT = Path(__file__).resolve().parent.parent
#: The games cardlab ships (cardlab/games/), in the registry's order: each has its rules page and
#: its bundled lessons (a game registered from elsewhere has neither).
GAMES = tuple(name for name in cardlab.game_names() if game_class(name).__module__.startswith("cardlab.games."))

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


# --- sentence by sentence ---------------------------------------------------------------------------

TEXTS = ROOT / "docs" / "rules" / "texts"
#: Where one sentence of a rule text ends and the next begins (bullets and numbered steps start a line).
_SENTENCE_END = re.compile(r"(?<=[.!?])[ \t]+(?=[A-Z“\"(•])")
_BULLET = re.compile(r"^(?:[•\-]|\d+\.)\s*")
_QUOTED = re.compile(r'"([^"]+)"')
#: The shortest quoted piece matched to a sentence (shorter ones, such as "Reveal all hands", still are).
_SHORTEST = 12


@dataclass(frozen=True)
class Sentence:
    """A sentence of a game's rule text: its line in the text, the heading above it, its words."""

    line: int
    section: str
    text: str

    def __str__(self) -> str:
        return f"texts/{self.section and self.section + ', '}line {self.line}: {self.text}"


def sentences(game: str) -> list[Sentence]:
    """The sentences of the game's rule text, in order. A line is a heading when it is short and
    ends without a full stop ("Scoring", "03 /"); bullets and numbered steps start a sentence."""
    found, section = [], ""
    for number, line in enumerate((TEXTS / f"{game}.txt").read_text(encoding="utf-8").split("\n"), start=1):
        line = line.strip()
        body = _BULLET.sub("", line)
        if not body:
            continue
        if re.fullmatch(r"\d+ /", line) or (len(body.split()) <= 5 and not re.search(r"[.!?)]$", body)):
            section = body
            continue
        found += [Sentence(number, section, part.strip()) for part in _SENTENCE_END.split(body) if part.strip()]
    return found


def _normal(text: str) -> str:
    """``text`` in lower case, its quotes and apostrophes straight, its spaces single, without the
    punctuation at its ends."""
    text = text.lower().translate(str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " "}))
    return " ".join(text.split()).strip(' .,;:()"')


def quoted(game: str) -> dict[str, list[str]]:
    """Each rule id of the game's rules page with the pieces of the text its row quotes (a quote
    with "…" in it is several pieces)."""
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    pieces: dict[str, list[str]] = {}
    for line in page.split("\n"):
        row = _ROW.match(line)
        if not row:
            continue
        cells = line.split("|")
        quotes = _QUOTED.findall("|".join(cells[2:]))
        pieces.setdefault(row.group(1), []).extend(
            n for q in quotes for part in re.split(r"…|\.\.\.", q) if len(n := _normal(part)) >= _SHORTEST
        )
    return pieces


def implemented_by(game: str) -> dict[Sentence, list[str]]:
    """Each sentence of the rule text with the rule ids whose quotes hold it or part of it."""
    pieces = quoted(game)
    out = {}
    for sentence in sentences(game):
        words = _normal(sentence.text)
        out[sentence] = [
            rule
            for rule, parts in pieces.items()
            if any(p in words or (len(words) >= _SHORTEST and words in p) for p in parts)
        ]
    return out


#: Sentences of the rule texts that are no rule a lesson can play, each with why (found by a piece
#: of its words).
_TITLE = "a step's title: the sentences after it say the step"
_SOURCE = "where the text comes from, not a rule of play"
NOT_RULES: dict[str, dict[str, str]] = {
    "card-commons": {
        "the two players are attorneys": "a setting for the roles' names: no rule",
        "claim.": _TITLE,
        "defense.": _TITLE,
        "no defense.": _TITLE,
        "each row shows a commission": "how the example is drawn",
        "peek.": "the variant's name: the sentences after it say the variant",
        "paper and a pencil": "for a game with a real deck: cardlab keeps the totals",
        "the peek variant is this version's own": _SOURCE,
        "the published rules have only the 4-round game": _SOURCE,
        "peek replaces its discard pool": _SOURCE,
    },
    "commerce": {
        "these are stated edge-case agreements": _SOURCE,
        "foster describes commerce": _SOURCE,
        "this documents a historical version": _SOURCE,
        "crp offers another arrangement": _SOURCE,
        "historical cash payments become": _SOURCE,
        "on a small screen, scroll the diagram": "about the page the text was taken from",
    },
    "commitment": {
        "aces, face cards, and spades follow the rules": "points to the sentences of Card abilities",
        "score the battles.": _TITLE,
        "who starts.": _TITLE,
        "10 9 8 10 14 6": "the example's picture",
        "keep the battle cards you win face up": "for a game with a real deck: cardlab keeps the battle cards won",
    },
    "contest": {},
}

#: The evidence of its own for each sentence that shares its rule ids with other sentences: the
#: conditions (all of them) a lesson meets when it plays or asks the sentence. Each key is a piece of
#: the sentence's words (as :func:`_normal` writes them) found in exactly one sentence.
EVIDENCE: dict[str, dict[str, tuple[str, ...]]] = {
    "card-commons": {
        "score the most points over 4 rounds": ("rule:commons.game-end",),
        "you score in a round when your secret commission": ("rule:commons.score.match",),
        "use 18 cards from a standard deck": ("any",),
        "the q♥ and k♠ are wilds": ("text:(claims|defends) with (Q♥|K♠)",),
        "a wild is red or black by its suit": ("test:commons-wild-counted",),
        "at the start of every round, shuffle all 18 cards": ("deal",),
        "each turn one is the claimant": ("text:^Roles switch",),
        "cards played go into the tableau": ("rule:commons.defense.placement", "rule:commons.score.count"),
        "trade, if the claimant wants to": ("rule:commons.trade.pool", "rule:commons.claim"),
        # tried the wrong way: the pool trade after the Commission trade
        "each trade can be made once per turn, and only in that order": ("test:commons-trade-wrong-order",),
        "a wild can't be a commission": ("rule:commons.commission.no-wild", "refused:can't become a Commission"),
        "the respondent must answer with a defense": ("text:defends with",),
        "any card answers a wild claim": (r"text:defends with (?!Q♥|K♠)\S+: .*the Claim (Q♥|K♠)",),
        "switch roles": ("text:^Roles switch",),
        "keep going until both hands are empty": ("text:^Both hands are empty",),
        "turn the nest egg and both commissions face up": ("text:are turned face up",),
        # until one player leads: a tie that lasts into a second extra round, scored ×1
        "a tie is broken by extra rounds": ("test:commons-second-extra-round", r"text:^Round [5-9]: .*× 1 = \d"),
        "a wild nest egg isn't swapped": ("text:the Wild Nest Egg (Q♥|K♠) stays",),
        "it stays, and a commission of its color scores": (
            r"text:Wild Nest Egg \S+ stays, and Commission \S+ is (red|black) like it; .* = [1-9]",
        ),
        "the round's first claimant looks at one": ("text:the first Claimant, secretly looks at one",),
        # Peek's extra round, scored: round 4 of Peek is its first extra round
        "extra rounds to break a tie are scored ×1": (r"text:^Round 4: .*× 1 = \d",),
        "the end of round 3, so the multiplier is ×2": (r"text:^Round 3: .*× 2 = ",),
        "the nest egg turns out to be the 4♣": ("text:the Nest Egg 4♣",),
        "you score 6 your 4♥ matches the 4♣": (
            "text:Commission 4♥ matches the Nest Egg 4♣ by value; 3 red cards on A's side × 2 = 6",
        ),
        "your opponent scores 4": (
            "text:Commission 5♣ matches the Nest Egg 4♣ by suit; 2 black cards on B's side × 2 = 4",
        ),
        "you score 0 had your commission been the 3♦": (
            "text:Commission 3♦ matches neither the suit nor the value of the Nest Egg 4♣: nothing for 3 red cards",
        ),
    },
    "commerce": {
        "this selects foster's no-widow game": ("rule:commerce.trade", "rule:commerce.barter"),
        "everyone always holds 3 cards": ("text:deals 3 concealed cards each",),
        "everyone contributes 1 point to a common pool": ("text:pays 1 chip into the pool",),
        "shuffle, cut, deal 3 concealed cards": ("text:deals 3 concealed cards each",),
        "there is no exposed widow": ("text:the rest is the concealed stock",),
        "the left neighbour starts; turns and subsequent deals": (
            "text:the dealer's left neighbour, moves first",
            "text:the deal passes to the left",
        ),
        "each deal creates a fresh pool": (r"text:^Deal ([2-9]|1\d): pays 1 chip into the pool",),
        "compare triplets by rank, a above k": ("test:commerce-aces-over-kings",),
        "compare sequences by top rank": (
            "text:sequences compare by their top card",
            "test:commerce-a-2-3-loses",
            "text:K-A-2 is not a sequence",
        ),
        "resolve remaining ties by dealer, then nearest left": ("text:seating decides: the dealer first",),
        "if the dealer's losing hand is in the same category": ("text:who lost in the winner's category",),
        "compare the whole hand's category": ("text:the dealer lost with a point, the winner's category",),
        "play one deal per participant": ("over", "rule:commerce.end"),
        # the best hand has neither, so no hand has
        "if nobody has a combination or point": (r"text:wins the pool of \d+ chips with no combination and no point",),
        "a holds 6♠–7♠–k♦": ("text:A gives up K♦, face down, to the waste and takes 8♠",),
        "they surrender k♦ and pay the dealer 1 point": (
            "text:A gives up K♦, face down, to the waste and takes 8♠",
            r"text:A pays the dealer \w 1 chip",
        ),
        "that makes a same-suit sequence": ("text:A shows 6♠ 7♠ 8♠: same-suit sequence",),
        # the text's 4♣ is the dealer's in the same example: the lesson's point of 21 is A♥ K♥ 4♦
        "on the next turn a may knock": (
            "text:A knocks",
            "text:shows A♥ K♥ 4.: point 21 with A♥ K♥",
            "text:^A has the best hand. A's hand: same-suit sequence 6-7-8♠",
        ),
        "if the dealer holds 3♣–4♣–5♣": (
            "text:shows 3♣ 4♣ 5♣: same-suit sequence",
            "text:the dealer lost with a sequence",
        ),
    },
    "commitment": {
        "win battle cards over 3 rounds": ("rule:commitment.end",),
        "each battle card is worth victory points": ("rule:commitment.vp", "rule:commitment.end"),
        "use a standard 52-card deck and 2 jokers": ("any",),
        "the 2 jokers and the a♠, j♠, q♠, and k♠ are the battle deck": ("rule:commitment.setup.battles",),
        "shuffle it face down": ("deal",),
        "the only spades in it are the 2 to 10": (r"text:(commits|adds) (10|[2-9])♠, a wild spade",),
        "each joker is worth 1 vp": ("text:won JK: 1 VP",),
        "the j♠ and q♠ are worth 2 vp each": ("text:won [JQ]♠: 2 VP",),
        "the k♠ and a♠ are worth 3 vp each": ("text:won [KA]♠: 3 VP",),
        "each round, turn up battle cards": ("text:^Round [23]: [23] battle cards are turned up",),
        "each battle card is a separate battle": ("text:^Round [23]: [23] battle cards are turned up",),
        "commit one card, or pass": ("rule:commitment.commit", "rule:commitment.pass"),
        "players take turns": ("rule:commitment.commit",),
        "on your turn, add one card from your hand to your side of any battle": (r"move:^\S+ b[23]",),
        "passing is for the whole round": ("text:passes and plays no more cards in round",),
        "once you pass, you play no more cards this round": ("text:passes and plays no more cards in round",),
        "the other player can then play as many cards": ("text:has passed, so [AB] plays again",),
        "when both players have passed, score every battle": (
            r"text:^Both players have passed: round \d is scored",
            r"text:^Every card (committed|added) in round \d is discarded",
        ),
        "cards still in your hand carry over": ("text:the cards still in hand carry over",),
        "in rounds 2 and 3 the player with more vp starts": ("text:has more VP and starts round",),
        "with equal vp, the player who started round 1 starts": (
            r"text:equal VP, so \w+, who started round 1, starts",
        ),
        "score each battle on its own": ("text:is scored, battle by battle",),
        "a stack's value is the total of its cards": (r"text:'s \w+ \d+[♥♣♦] \+ \d+[♥♣♦] = \d",),
        "each suit goes to the player whose stack": (r"text:[AB] wins (hearts|clubs|diamonds) \d+ to \d+",),
        "equal stacks win the suit for nobody": (r"text:(?i:hearts|clubs|diamonds) tied ([1-9]\d*) to \1\b",),
        "after round 3, the player with more vp wins": (r"text:^After round 3, .*: [AB] wins",),
        "equal vp is a draw": ("text:equal VP, so the game is a draw",),
        "aces are worth 1": (r"text:A[♥♣♦] \(1\)",),
        # at a battle the player chooses: in round 2 or 3, where there are several
        "an ace must go on the other player's side": (
            "text:an Ace goes on the other player's side",
            "test:commitment-ace-from-several",
        ),
        "jack: move the whole stack it joins": ("text:the Jack moves",),
        "you must move it when there's another battle": ("text:the Jack moves",),
        "in round 1 there isn't, and the jack only adds 0": ("text:the Jack stays and adds 0",),
        "king: doubles the value of every card below it": ("text:× 2 by K",),
        "cards played on top of it aren't doubled": (r"text:× 2 by K[♥♣♦] \+ ",),
        "spades are wild": ("text:a wild spade",),
        "add a spade to whichever of your three stacks": (r"text:a wild spade, to the \w+ stack",),
        "from then on it belongs to that stack": (
            r"text:\(\d+[♥♣♦] \+ \d+♠\) × 2 by K",
            r"text:the Queen discards .*\([^)]*\d+♠",
        ),
        "your stacks: 10, 14, and 6": (
            r"text:A's stacks: hearts (8♥ \+ 2♥|2♥ \+ 8♥) = 10; clubs \(3♣ \+ 4♠\) × 2 by K♣ = 14",
        ),
        "your hearts are the 8♥ and the 2♥, worth 10": (r"text:hearts (8♥ \+ 2♥|2♥ \+ 8♥) = 10",),
        "your clubs are the 3♣, the 4♠, and the k♣": (r"text:clubs \(3♣ \+ 4♠\) × 2 by K♣ = 14",),
        "your diamonds are the 6♦, worth 6": ("text:diamonds 6♦ = 6",),
        "your opponent's stacks: 10, 9, and 8": (
            r"text:B's stacks: hearts 10♥ = 10; clubs 9♣ = 9; diamonds 5♦ \+ 3♦ = 8",
        ),
        "their hearts are the 10♥, worth 10": (
            r"text:B's stacks: hearts 10♥ = 10; clubs 9♣ = 9; diamonds 5♦ \+ 3♦ = 8",
        ),
        "you take the q♠ hearts are equal at 10": ("text:Hearts tied 10 to 10",),
        "you win clubs, 14 to 9": ("text:A wins clubs 14 to 9; B wins diamonds 8 to 6",),
        "with 1 suit each, the higher value across all three stacks": ("text:1 suit each, so the higher total",),
        "you take the q♠ and its 2 vp": (r"text:A takes Q♠ \(2 VP\)",),
    },
    "contest": {
        "each player receives 4 secret cards": ("text:lays the 4 secret cards face down",),
        "they may place these cards face down in front of them": (
            "rule:contest.secret",
            "text:lays the 4 secret cards face down(, from the first to the fourth| in positions 1 to 4)",
        ),
        "these cards aren't touched again until the end of the game": ("over",),
        "when performing the claim action, you can do special things": ("text:uses [JQK]. ",),
        "king, can be used as a jack or a queen": ("text:uses K. as a Jack", "text:uses K. as a Queen"),
        "flip over your secret cards": ("text:the secret cards are revealed",),
        "4th position card, get 4 points": (r"text:^(position 4:|Fourth secret card) .* × 4 = [1-9]",),
        "3rd position card, get 3 points": (r"text:^(position 3:|Third secret card) .* × 3 = [1-9]",),
        "2nd position card, get 2 points": (r"text:^(position 2:|Second secret card) .* × 2 = [1-9]",),
        "1st position card, get 1 points": (r"text:^(position 1:|First secret card) .* × 1 = [1-9]",),
        "highest points score wins": (r"text:[AB] wins, \d+ to \d+",),
    },
}


def _commons_wild_counted(shown: Evidence) -> bool:
    """A scored round counts a Wild on a side by its colour, for a Commission that scores."""
    wilds = {"QH", "KS"}
    for state in shown.states:
        if getattr(state, "phase", "") not in ("round-end", "game-over"):
            continue
        for p in (0, 1):
            commission = state.commissions[p]
            counted = [c for c in state.sides[p] if c.code in wilds and commission and c.color == commission.color]
            if counted and any(i.player == p and i.points > 0 for i in shown.game.score(state).items):
                return True
    return False


def _commons_trade_wrong_order(shown: Evidence) -> bool:
    """A pool trade tried after the Commission trade, and refused."""
    return any(
        err.rule == "commons.trade.order"
        and state.traded == 2
        and move.startswith("trade")
        and "commission" not in move
        for state, move, err in shown.refusals
    )


def _commons_second_extra_round(shown: Evidence) -> bool:
    """A tie that lasts into a second extra round."""
    return any(state.round >= (3 if state.peek else 4) + 2 for state in shown.states if hasattr(state, "peek"))


def _held(shown: Evidence, state: object) -> list[tuple[object, ...]]:
    """The cards of each player's own zones in ``state`` (their hands), and the hands of the
    deals already settled (Commerce keeps them in its text form's ``deal N`` lines)."""
    hands = [tuple(z.cards) for z in shown.game.zones(state) if z.owner is not None]
    for line in re.findall(r"^deal \d+:.*?\bhands (.+)$", state.to_text(), re.M):  # type: ignore[attr-defined]
        hands += [tuple(parse_card(code) for code in hand.split()) for hand in line.split(" / ")]
    return hands


def _commerce_aces_over_kings(shown: Evidence) -> bool:
    """A deal (or a what-if) where a triplet of aces wins the pool and another hand is three kings."""
    for state in shown.states:
        reasons = [i.reason for i in shown.game.score(state).items]
        if any("with triplet of aces" in r for r in reasons) and any(
            sum(c.rank == 13 for c in cards) == 3 for cards in _held(shown, state)
        ):
            return True
    return False


def _commerce_a_2_3_loses(shown: Evidence) -> bool:
    """A deal (or a what-if) where a hand is the sequence A-2-3 and another sequence wins."""
    for state in shown.states:
        reasons = [i.reason for i in shown.game.score(state).items]
        low = any(
            {(c.rank, c.suit) for c in cards} == {(r, cards[0].suit) for r in (14, 2, 3)}
            for cards in _held(shown, state)
            if len(cards) == 3
        )
        if low and any(re.search(r"wins the pool .*sequence (?!A-2-3)", r) for r in reasons):
            return True
    return False


def _commitment_ace_from_several(shown: Evidence) -> bool:
    """An Ace committed where there are several battles to choose from."""
    return any(re.match(r"A[HCD] b\d", str(move)) and len(state.battles) > 1 for state, move in shown.played)


#: The tests ``test:NAME`` of :data:`EVIDENCE` names.
TESTS = {
    "commons-wild-counted": _commons_wild_counted,
    "commons-trade-wrong-order": _commons_trade_wrong_order,
    "commons-second-extra-round": _commons_second_extra_round,
    "commerce-aces-over-kings": _commerce_aces_over_kings,
    "commerce-a-2-3-loses": _commerce_a_2_3_loses,
    "commitment-ace-from-several": _commitment_ace_from_several,
}


@dataclass
class Evidence:
    """What one lesson shows a learner: the moves it plays, what they say and what its scores say,
    the refusals its feedback names, its questions' words and the rule ids it plays."""

    game: object
    moves: list[str]
    texts: list[str]
    refused: list[str]
    asked: list[str]
    rules: set[str]
    facts: dict[str, bool]
    states: list[object]
    played: list[tuple[object, object]]
    refusals: list[tuple[object, str, IllegalMove]]
    narrated: list[list[str]]

    def meets(self, condition: str) -> bool:
        kind, _, what = condition.partition(":")
        if kind == "rule":
            return what in self.rules
        lists = {"move": self.moves, "text": self.texts, "refused": self.refused, "asked": self.asked}
        if kind in lists:
            return any(re.search(what, t) for t in lists[kind])
        if kind == "test":
            return TESTS[what](self)
        return self.facts[kind]


def evidence(lesson: lessons.Lesson) -> Evidence:
    """Everything :data:`EVIDENCE` may ask of ``lesson``."""
    game = lesson.game
    moves = [str(m) for m in lesson.moves]
    narrated = [[e.text for e in step.events] for step in lesson.steps]
    states = [step.state for step in lesson.steps]
    played_moves = [(before.state, after.move) for before, after in zip(lesson.steps, lesson.steps[1:])]
    refused, asked, refusals = [], [], []
    for step in lesson.steps:
        for question in step.questions:
            state = step.state
            for change in question.changes:
                state = change.apply(state)
            states.append(state)
            asked.append(" ".join([question.prompt, *(w for _, w in question.feedback), question.explanation]))
            if question.kind == "play" and question.moves:
                moves.append(str(question.moves[0]))
                narrated.append([e.text for e in game.step(state, question.moves[0]).events])
                played_moves.append((state, question.moves[0]))
            for answer, _ in question.feedback:
                move = answer if question.kind == "play" else f"{question.verb} {answer}" if question.verb else None
                if move is not None:
                    try:
                        game.check(state, move)
                    except IllegalMove as err:
                        refused.append(f"{err.reason} [{err.rule}]")
                        refusals.append((state, move, err))
                    except NotationError:
                        pass
    texts = [t for events in narrated for t in events]
    for state in states:
        breakdown = game.score(state)
        texts += [item.reason for item in breakdown.items] + [str(note) for note in breakdown.notes]
    facts = {
        "any": True,
        "deal": bool(re.search(r"^```deal[ \t]*$", lesson.text, re.M)),
        "over": game.is_over(lesson.steps[-1].state),
    }
    return Evidence(game, moves, texts, refused, asked, played(lesson), facts, states, played_moves, refusals, narrated)


def _keyed(table: dict[str, object], game: str) -> dict[Sentence, object]:
    """The entries of ``table`` by the sentence each key is a piece of (exactly one)."""
    out: dict[Sentence, object] = {}
    all_sentences = sentences(game)
    for key, value in table.items():
        hits = [s for s in all_sentences if _normal(key) == _normal(s.text)] or [
            s for s in all_sentences if _normal(key) in _normal(s.text)
        ]
        if len(hits) != 1:
            raise ValueError(f"{game}: {key!r} is a piece of {len(hits)} sentences of the text, not of one")
        out[hits[0]] = value
    return out


@dataclass(frozen=True)
class SentencePlayed:
    """How a sentence of the text is met: ``status`` is "played", "not a rule" or "unplayed";
    ``lessons`` the lessons that play or ask it (a part of it, for evidence of several parts);
    ``how`` the evidence (with the conditions no lesson meets), or why it is unplayed."""

    sentence: Sentence
    status: str
    lessons: tuple[str, ...]
    how: str


def sentence_coverage(game: str, loaded: dict[str, lessons.Lesson] | None = None) -> list[SentencePlayed]:
    """Every sentence of ``game``'s rule text, and how the bundled lessons play it."""
    loaded = loaded if loaded is not None else {n: lessons.load(n) for n in lessons.bundled_names(game)}
    shown = {name: evidence(lesson) for name, lesson in loaded.items()}
    not_rules = _keyed(NOT_RULES.get(game, {}), game)
    own = _keyed(EVIDENCE.get(game, {}), game)
    ids = implemented_by(game)
    sentences_of: dict[str, set[Sentence]] = defaultdict(set)
    for sentence, rules in ids.items():
        for rule in rules:
            sentences_of[rule].add(sentence)
    out = []
    for sentence in sentences(game):
        if sentence in not_rules:
            out.append(SentencePlayed(sentence, "not a rule", (), str(not_rules[sentence])))
            continue
        rules = ids[sentence]
        if sentence in own:
            conditions: tuple[str, ...] = own[sentence]  # type: ignore[assignment]
        elif rules and all(sentences_of[r] == {sentence} for r in rules):
            conditions = tuple(f"rule:{r}" for r in rules)
        else:
            why = (
                f"no evidence of its own: its rule ids ({', '.join(rules)}) quote other sentences too"
                if rules
                else "no rule id quotes it, and it has no evidence of its own"
            )
            out.append(SentencePlayed(sentence, "unplayed", (), why))
            continue
        meeting = {c: {n for n, e in shown.items() if e.meets(c)} for c in conditions}
        names = tuple(sorted(set().union(*meeting.values())))
        left = [c for c, met in meeting.items() if not met]
        how = " & ".join(conditions) + (f" (met by no lesson: {' & '.join(left)})" if left and names else "")
        out.append(SentencePlayed(sentence, "unplayed" if left else "played", () if left else names, how))
    return out


def unplayed(game: str, loaded: dict[str, lessons.Lesson] | None = None) -> list[SentencePlayed]:
    """The sentences of ``game``'s rule text that no bundled lesson plays or asks."""
    return [s for s in sentence_coverage(game, loaded) if s.status == "unplayed"]


def main(args: list[str]) -> int:
    only_unplayed = "--unplayed" in args
    games = [a for a in args if a != "--unplayed"] or list(GAMES)
    missing = 0
    for game in games:
        if not only_unplayed:
            table = coverage(game)
            never = [rule for rule, names in table.items() if not names]
            missing += len(never)
            print(f"{game}: {len(table) - len(never)} of {len(table)} rule ids played")
            for rule, names in table.items():
                print(f"  {rule:<42} {', '.join(n.removeprefix(game + '-') for n in names) or 'NEVER PLAYED'}")
        found = sentence_coverage(game)
        rules = [s for s in found if s.status != "not a rule"]
        left = [s for s in rules if s.status == "unplayed"]
        missing += len(left)
        print(f"{game}: {len(rules) - len(left)} of {len(rules)} sentences of the rule text played or asked")
        for s in found:
            if only_unplayed and s.status != "unplayed":
                continue
            where = ", ".join(n.removeprefix(game + "-") for n in s.lessons) or s.status.upper()
            print(f"  line {s.sentence.line:>3}  {where:<28} {s.sentence.text}")
            if s.status == "unplayed":
                print(f"            evidence: {s.how}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
