"""The invariants every cardlab game keeps, checked state by state.

Used by tests/test_conformance.py (pytest) and benchmarks/soak.py. A failed invariant raises
AssertionError with the game, the seed, the step and the state's text.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from typing import Any

from cardlab.bots import sample_state, unseen_cards
from cardlab.cards import HIDDEN, Card, parse_card
from cardlab.engine import PILE_KINDS, STOCK, ZONE_KINDS, Game, Step, all_cards, move_text, visible_cards
from cardlab.engine.seen import _CARD_CODE
from cardlab.errors import StateError


class Violation(AssertionError):
    pass


def check_state(
    game: Game, state: Any, *, deep: bool = True, zones: list | None = None, deck: Counter | None = None
) -> list:
    """Check one state; return its legal moves. ``zones``: ``game.zones(state)``, and ``deck``:
    ``Counter(game.deck())``, if the caller has them already."""
    if zones is None:
        zones = game.zones(state)
    if deck is None:
        deck = Counter(game.deck())
    names = [z.name for z in zones]
    if len(set(names)) != len(names):
        raise Violation(f"two zones share a name: {names}")
    odd = [z.name for z in zones if z.kind not in ZONE_KINDS]
    if odd:
        raise Violation(f"zones of no known kind ({', '.join(ZONE_KINDS)}): {odd}")
    # every card is in exactly one place
    held = all_cards(zones)
    if dict.__ne__(held, deck):  # (held != deck: neither counts a card 0 times, so compared as dicts, at once)
        missing = deck - held
        extra = held - deck
        raise Violation(f"cards not conserved: missing {sorted(missing.elements())}, extra {sorted(extra.elements())}")
    phase = game.phase(state)
    if phase not in game.phases:
        raise Violation(f"phase {phase!r} is not one of the game's phases {game.phases}")
    legal = game.legal_moves(state)
    over = game.is_over(state)
    if over and legal:
        raise Violation(f"the game is over but legal_moves lists {legal[:3]}")
    if not over and not legal:
        raise Violation("no legal move, yet the game is not over")
    if len(set(legal)) != len(legal):
        raise Violation(f"legal_moves lists a move twice: {legal}")
    breakdown = game.score(state)
    if len(breakdown.totals) != game.players:
        raise Violation("the breakdown's totals do not have one entry per player")
    if over and not breakdown.final:
        raise Violation("the game is over but its breakdown is not final")
    if deep:
        for move in legal:
            text = str(move)
            if game.parse_move(text) != move:
                raise Violation(f"move notation does not round-trip: {text!r} -> {game.parse_move(text)!r}")
            game.check(state, move)  # every listed move is accepted
        # lossless JSON and text forms
        again = game.state_from_json(state.to_json())
        if again != state:
            raise Violation("to_json/state_from_json does not round-trip")
        again = game.state_from_text(state.to_text())
        if again != state:
            raise Violation(f"to_text/state_from_text does not round-trip:\n{state.to_text()}")
        game.validate(state)
        views, view_zones = _views(game, state, zones, None, None)
        check_card_notes(game, state, zones, views, view_zones)
        check_views(game, state, zones, legal, views, view_zones)
        check_rounds(game, state, breakdown, views)
        check_explanations(game, state, zones, legal, views, view_zones)
    return legal


def _views(game: Game, state: Any, zones: list, views: dict | None, view_zones: dict | None) -> tuple[dict, dict]:
    """Every player's view of ``state`` (and the teacher's, None), and the zones of each (the
    teacher's: ``zones``, those of ``state``), unless given: the checks of one state share them."""
    if views is None:
        views = {p: game.view(state, p) for p in (None, *range(game.players))}
    if view_zones is None:
        view_zones = {p: zones if p is None else game.zones(view) for p, view in views.items()}
    return views, view_zones


def check_rounds(game: Game, state: Any, breakdown: Any, views: dict | None = None) -> None:
    """A game's rounds (``Game.rounds``) hold every line of its score once, in order, and say
    the same to every player (only what everyone may know)."""
    rounds = game.rounds(state)
    if not rounds:
        return
    if tuple(item for r in rounds for item in r.items) != breakdown.items:
        raise Violation("the rounds' lines of the score are not exactly the score's lines, in order")
    numbers = [r.number for r in rounds]
    if numbers[0] < 1 or any(b <= a for a, b in zip(numbers, numbers[1:])):
        raise Violation(f"rounds are numbered from 1 up (a row may stand for several, numbered by its last): {numbers}")
    if any(not r.settled for r in rounds[:-1]):
        raise Violation("only the last round may still be in play")
    for r in rounds:
        if r.settled != bool(r.how) or (not r.settled and (r.hands or r.verdict is not None)):
            raise Violation(f"{r.title}: a settled round says how it ended; one in play reveals no hand and no verdict")
    for player in {0, game.players - 1}:  # two seats are enough: a round names nothing seat by seat
        view = game.view(state, player) if views is None else views[player]
        if game.rounds(view) != rounds:
            raise Violation(f"the rounds differ in {game.player_names[player]}'s view: they say what everyone knows")


#: A card named in an explanation: by code ("4H", "JK") or with its suit symbol ("4♥").
_NAMED_CARD = re.compile(r"(?<![\w?])(?:(?:10|[2-9JQKA])[CDHS♣♦♥♠]|JK)(?!\w)")


def cards_in(value: Any) -> list:
    """Every card of a state (or of a part of one, or of a move), in field order, however deep."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple):
        return [c for v in value for c in cards_in(v)]
    if dataclasses.is_dataclass(value):
        return [c for f in dataclasses.fields(value) for c in cards_in(getattr(value, f.name))]
    return []


def named_cards(text: str) -> set:
    """Every card ``text`` names, by code or with its symbol."""
    return {parse_card(t) for t in _NAMED_CARD.findall(text)}


def explaining_seats(game: Game, state: Any) -> range | list[int]:
    """The seats whose explanations a state's check asks for (see :func:`check_explanations`)."""
    if game.players <= 4:
        return range(game.players)
    mover = game.to_move(state) or 0
    return [(mover + k) % game.players for k in range(3)]


def check_explanations(
    game: Game, state: Any, zones: list, legal: list, views: dict | None = None, view_zones: dict | None = None
) -> None:
    """``explain_card`` answers for the top card of every zone, for the teacher and the players
    (every player in a game of up to four; else the player to move and the next two, who change
    from state to state, so a game's walk asks every seat): at least one line, every line with
    one of the game's rule ids, the game's end rule once it is over; the card's moves legal and
    its refused moves refused; a face-down card answered as ``HIDDEN``; and for a player, nothing
    named that they may not see, and for a card hidden from them the same answer from their view
    as from the full state."""
    over = game.is_over(state)
    prefix = game.rules_prefix + "."
    views, view_zones = _views(game, state, zones, views, view_zones)
    allowed = set(legal)
    for viewer in (None, *explaining_seats(game, state)):
        seen = visible_cards(game, state, viewer, zones)
        view = views[viewer]
        for zone, vzone in zip(zones, view_zones[viewer]):
            if not zone.cards:
                continue
            card = vzone.cards[-1]
            explanation = game.explain_card(state, card, zone.name, viewer)
            where = f"explain_card({card}, {zone.name!r}, player {viewer})"
            lines = explanation.lines
            if not lines or not all(line.text and line.rule.startswith(prefix) for line in lines):
                raise Violation(f"{where} has a line without text or without a {prefix}* rule id: {explanation}")
            if over and f"{prefix}end" not in explanation.rules:
                raise Violation(f"{where}: the game is over, yet the explanation does not cite {prefix}end")
            if explanation.card.is_hidden != (not zone.visible_to(viewer)):
                raise Violation(f"{where} answers about {explanation.card}, not the card as the player sees it")
            if any(m not in allowed for m in explanation.moves):
                raise Violation(f"{where} lists moves that are not legal: {explanation.moves}")
            if any(r.move in allowed or not r.rule.startswith(prefix) for r in explanation.refused):
                raise Violation(f"{where} refuses a legal move, or without a rule id: {explanation.refused}")
            if viewer is None:
                continue
            told = " ".join([explanation.text, *(f"{r.move} {r.text}" for r in explanation.refused)])
            leaked = {c for c in named_cards(told) if not seen[c]}
            if leaked:
                raise Violation(f"{where} names {sorted(leaked)}, hidden from player {viewer}: {told}")
            if not zone.visible_to(viewer) and game.explain_card(view, card, zone.name, viewer) != explanation:
                raise Violation(f"{where} differs when asked of the player's own view")


def check_card_notes(
    game: Game, state: Any, zones: list, views: dict | None = None, view_zones: dict | None = None
) -> None:
    """``card_notes`` names real zones with one note per card, and a player's view notes no
    card hidden from them (a note on a face-down card would tell what it is)."""
    views, view_zones = _views(game, state, zones, views, view_zones)
    for viewer in (None, *range(game.players)):
        seen = state if viewer is None else views[viewer]
        by_name = {z.name: z for z in (zones if viewer is None else view_zones[viewer])}
        for name, notes in game.card_notes(seen).items():
            zone = by_name.get(name)
            if zone is None:
                raise Violation(f"card_notes names {name!r}, which is not a zone")
            if len(notes) != len(zone.cards) or not all(n is None or (isinstance(n, str) and n) for n in notes):
                raise Violation(f"card_notes of {name!r} is not one note (text or None) per card: {notes!r}")
            if any(n is not None and c == HIDDEN for c, n in zip(zone.cards, notes)):
                raise Violation(f"view({viewer}) notes a face-down card of {name!r}")


def check_views(
    game: Game, state: Any, zones: list, legal: list, views: dict | None = None, view_zones: dict | None = None
) -> None:
    """``view`` hides exactly what each player may not see, and nothing else; the mover's view
    has the state's ``legal`` moves, and each of them can be played on it."""
    views, view_zones = _views(game, state, zones, views, view_zones)
    if views[None] != state:
        raise Violation("the teacher's view (player None) is not the full state")
    for player in range(game.players):
        view = views[player]
        vzones = view_zones[player]
        if [z.name for z in vzones] != [z.name for z in zones]:
            raise Violation(f"view({player}) has other zones than the state")
        for full, seen in zip(zones, vzones):
            if len(full.cards) != len(seen.cards):
                raise Violation(f"view({player}) changes the number of cards in {full.name}")
            if full.visible_to(player):
                if full.cards != seen.cards:
                    raise Violation(f"view({player}) changes the visible zone {full.name}")
            elif any(c != HIDDEN for c in seen.cards):
                raise Violation(f"view({player}) shows cards of {full.name}, which {player} may not see")
        if game.to_move(view) != game.to_move(state):
            raise Violation(f"view({player}) changes who is to move")
        if game.phase(view) != game.phase(state):
            raise Violation(f"view({player}) changes the phase: {game.phase(view)!r}, not {game.phase(state)!r}")
        if player == game.to_move(state):
            if game.legal_moves(view) != legal:
                raise Violation("legal_moves of the mover's own view differ from those of the full state")
            for move in legal:
                game.play(view, move)  # each can be played on the view too (a drawn card stays hidden)
        if getattr(view, "seed", -1) != -1:
            raise Violation(f"view({player}) keeps the seed, which would reveal the hidden cards")
        if any(line.startswith("seed:") for line in view.to_text().splitlines()):
            raise Violation(f"view({player})'s text form shows a seed line (the seed is hidden: say nothing)")


def check_samples(game: Game, state: Any, rng: random.Random, samples: int = 1, players=None) -> None:
    """``bots.sample_state`` (the sampler of the game's strategy) on each player's view of
    ``state``: every sample is a full state the rules allow (``game.validate``: every card once,
    and what the phase implies, such as a Card Commons Respondent who must discard holding no
    card that answers the Claim) and agrees with the view (its view for that player is the
    player's view: every card the player sees is where it is, and every count, turn and phase
    as shown). ``players``: the players whose views are sampled (default: all)."""
    phase = game.phase(state)
    for player in range(game.players) if players is None else players:
        view = game.view(state, player)
        unseen = unseen_cards(game, view)
        given = list(unseen)
        for _ in range(samples):
            where = f"a state sampled from {game.player_names[player]}'s view in phase {phase!r}"
            try:
                sample = sample_state(game, view, player, rng, unseen)
            except ValueError as err:
                raise Violation(f"no {where}: sample_state raised {err}") from None
            hidden = [z.name for z in game.zones(sample) if HIDDEN in z.cards]
            if hidden:
                raise Violation(f"{where} still hides cards in {', '.join(hidden)}")
            try:
                game.validate(sample)
            except StateError as err:
                raise Violation(f"{where} breaks the rules: {err}\n{sample.to_text()}") from None
            seen = game.view(sample, player)
            if seen != view:
                raise Violation(
                    f"{where} does not look like that view to them: {_difference(game, view, seen)}\n{sample.to_text()}"
                )
        if unseen != given:
            raise Violation("sample_state changed the list of unseen cards it was given")


def _difference(game: Game, view: Any, other: Any) -> str:
    """Where two views of one player differ: the zones, or else the text form's lines."""
    zones = [
        f"{z.name}: {_codes(z.cards)} instead of {_codes(w.cards)}"
        for z, w in zip(game.zones(other), game.zones(view))
        if z.cards != w.cards
    ]
    if zones:
        return "; ".join(zones)
    pairs = zip(view.to_text().splitlines(), other.to_text().splitlines())
    lines = [f"{b!r} instead of {a!r}" for a, b in pairs if a != b]
    return "; ".join(lines) or "they differ outside the text form"


def sample_every_phase(
    game: Game, seeds: Any, *, games: int = 1, at_least: int = 3, samples: int = 1, players_per_state: int = 4
) -> dict[str, int]:
    """Play seeded random games (at least ``games`` of them) until every phase of
    ``game.phases`` has been reached in at least ``at_least`` states (or ``seeds`` run out),
    running :func:`check_samples` on each state for up to ``players_per_state`` players (all of
    them in a game of that many; at a bigger table, the player to move and others in turn).
    Return how many states of each phase were checked, in the order of ``game.phases``."""
    reached = {phase: 0 for phase in game.phases}
    rng = random.Random(0)
    for played, seed in enumerate(seeds):
        if played >= games and all(n >= at_least for n in reached.values()):
            break
        state = game.deal(seed=seed)
        turn = 0
        while True:
            phase = game.phase(state)
            reached[phase] = reached.get(phase, 0) + 1
            try:
                check_samples(game, state, rng, samples, _some_players(game, state, players_per_state, turn))
            except AssertionError as err:
                raise Violation(f"{game!r}, seed {seed}, after {turn} moves: {err}") from None
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
            turn += 1
    return reached


def _some_players(game: Game, state: Any, most: int, turn: int) -> list[int]:
    n = game.players
    if n <= most:
        return list(range(n))
    chosen = {game.to_move(state)} - {None}
    while len(chosen) < most:
        chosen.add(turn % n)
        turn += 1
    return sorted(chosen)


def check_move_log(game: Game, step: Step, zones: list | None = None) -> None:
    """The move log a player reads never names a card that player could not see at that moment:
    each card it names was in sight of the player just before the move, or is shown to them by
    the move's own narration (never by where the card lands after automatic follow-ups).
    ``zones``: ``game.zones(step.before)``, if the caller has them already."""
    if zones is None:
        zones = game.zones(step.before)
    mover = game.to_move(step.before)
    for viewer in range(game.players):
        seen = visible_cards(game, step.before, viewer, zones)
        for event in step.events:
            if event.visible_to(viewer):
                seen.update(event.cards)
        text = move_text(game, step, viewer)
        named = [parse_card(code) for code in _CARD_CODE.findall(text)]
        unseen = [c for c in named if not seen[c]]
        if unseen:
            raise Violation(f"player {viewer}'s log line {text!r} names {unseen}, which they could not see")
        if viewer == mover and "??" in text:
            raise Violation(f"the mover's own log line {text!r} hides a card of their move")


def check_piles(
    game: Game, before: Any, after: Any, zones_before: list | None = None, zones_after: list | None = None
) -> None:
    """Piles list their cards bottom to top: a move takes cards from a stock only at its top
    (the next card drawn is the stock zone's last), and puts cards on, or takes them off, a pile
    or a stack only at its top (its last cards). ``zones_before`` and ``zones_after``: the zones
    of the two states, if the caller has them already."""
    old = {z.name: z for z in (game.zones(before) if zones_before is None else zones_before)}
    for zone in game.zones(after) if zones_after is None else zones_after:
        prev = old.get(zone.name)
        if prev is None or zone.kind not in PILE_KINDS or prev.kind != zone.kind:
            continue
        was, now = prev.cards, zone.cards
        if len(now) < len(was) and now != was[: len(now)]:
            raise Violation(
                f"cards left {zone.name} from below its top: {_codes(was)} became {_codes(now)} "
                f"(a pile lists its cards bottom to top; the top card is the last)"
            )
        if zone.kind != STOCK and len(now) > len(was) and now[: len(was)] != was:
            raise Violation(
                f"cards went into {zone.name} below its top: {_codes(was)} became {_codes(now)} "
                f"(a pile lists its cards bottom to top; the top card is the last)"
            )


def _codes(cards: Any) -> str:
    return " ".join(c.code for c in cards) or "-"


def random_game(game: Game, seed: int, *, deep_every: int = 1, max_steps: int = 20000, players=None) -> int:
    """Play one seeded game, checking every invariant; return the number of moves.

    Moves are random, or chosen by ``players[p].choose(game, view)`` for seat ``p``."""
    rng = random.Random(seed)
    settings = dict(vars(game))  # a game is a pure value: playing never changes it
    state = game.deal(seed=seed)
    start_json = state.to_json()
    moves = []
    steps = 0
    deck = Counter(game.deck())
    zones = None  # each state's zones, worked out once for all its checks
    while True:
        deep = deep_every > 0 and steps % deep_every == 0
        try:
            if zones is None:
                zones = game.zones(state)
            legal = check_state(game, state, deep=deep, zones=zones, deck=deck)
        except AssertionError as err:
            raise Violation(
                f"{game!r}, seed {seed}, after {steps} moves {[str(m) for m in moves[-5:]]}: {err}\n{state.to_text()}"
            ) from None
        if not legal:
            break
        if players is None:
            move = rng.choice(legal)
        else:
            mover = game.to_move(state)
            move = game.move(players[mover].choose(game, game.view(state, mover)))
            if move not in legal:
                raise Violation(f"{game!r}, seed {seed}: player {mover} chose {move}, which is not legal")
        before = state.to_json()
        if deep:
            step = game.step(state, move)
            check_move_log(game, step, zones)
            after = step.after
        else:
            after = game.play(state, move)
        if state.to_json() != before:
            raise Violation(f"{game!r}, seed {seed}: play mutated its input state")
        try:
            after_zones = game.zones(after)
            check_piles(game, state, after, zones, after_zones)
        except AssertionError as err:
            raise Violation(f"{game!r}, seed {seed}, move {steps + 1} ({move}): {err}") from None
        moves.append(move)
        state, zones = after, after_zones
        steps += 1
        if steps > max_steps:
            raise Violation(f"{game!r}, seed {seed}: no end after {max_steps} moves")
    # replaying the deal and the moves gives the same end (chance is explicit)
    replay = game.deal(seed=seed)
    if replay.to_json() != start_json:
        raise Violation(f"{game!r}: deal(seed={seed}) is not reproducible")
    for move in moves:
        replay = game.play(replay, str(move))
    if replay != state:
        raise Violation(f"{game!r}, seed {seed}: replaying the moves gives another state")
    if vars(game) != settings:
        raise Violation(f"{game!r}: playing changed the game object: {settings} became {vars(game)}")
    return steps


# --- the research declarations: moves as numbers, the bound on length, utilities, information keys ---

UTILITY_TYPES = ("zero-sum", "general-sum")


def check_research_declarations(game: Game) -> None:
    """The declarations themselves: a size of the action space, a bound on a game's length, a
    utility type and range."""
    if not isinstance(game.num_moves, int) or game.num_moves < 1:
        raise Violation(f"num_moves is {game.num_moves!r}, not a positive whole number")
    if not isinstance(game.max_moves, int) or game.max_moves < 1:
        raise Violation(f"max_moves is {game.max_moves!r}, not a positive whole number")
    if game.utility_type not in UTILITY_TYPES:
        raise Violation(f"utility_type is {game.utility_type!r}, not one of {UTILITY_TYPES}")
    low, high = game.utility_range()
    if not low < high:
        raise Violation(f"utility_range {low, high} is empty")
    if game.utility_type == "zero-sum" and not low <= 0 <= high:
        raise Violation(f"a zero-sum game's utility range {low, high} leaves out 0")


def check_move_ids(game: Game, state: Any, legal: list) -> None:
    """Every legal move has an id in range that gives it back, from the state and from the mover's
    view; distinct moves have distinct ids; ``legal_ids`` lists them, sorted."""
    ids = [game.move_id(move) for move in legal]
    if len(set(ids)) != len(ids):
        raise Violation(f"two legal moves share an id: {sorted(zip(ids, map(str, legal)))}")
    if game.legal_ids(state) != sorted(ids):
        raise Violation(f"legal_ids {game.legal_ids(state)} are not the legal moves' ids, sorted: {sorted(ids)}")
    mover = game.to_move(state)
    view = game.view(state, mover) if mover is not None else state
    for move, number in zip(legal, ids):
        if not (isinstance(number, int) and 0 <= number < game.num_moves):
            raise Violation(f"{move}: id {number!r} is not in range({game.num_moves})")
        for where in (state, view):
            back = game.move_of(number, where)
            if back != move:
                raise Violation(f"id {number} of {move} reads back as {back}")
        if game.move_id(str(move)) != number:
            raise Violation(f"{move}: its notation has another id")


def check_utilities(game: Game, state: Any) -> None:
    low, high = game.utility_range()
    utility = game.utility(state)
    if len(utility) != game.players or not all(isinstance(u, int) and low <= u <= high for u in utility):
        raise Violation(f"utility {utility} is not one whole number per player within {low, high}")
    if game.utility_type == "zero-sum" and sum(utility) != 0:
        raise Violation(f"a zero-sum game's utilities {utility} do not add up to 0")
    if game.is_over(state) and utility != tuple(game.score(state).totals):
        raise Violation(f"at the end the utilities {utility} are not the final score {game.score(state).totals}")


def research_game(game: Game, seed: int, *, keys: bool = True) -> int:
    """A seeded random game checked for the research declarations at every step: the ids of the
    legal moves, the utilities, the length within ``max_moves``; and (``keys``) each player's
    information key, built move by move, against ``information_key`` and against a world that
    player cannot tell from this one (``check_information_keys``). Returns the game's length."""
    rng = random.Random(seed)
    state = start = game.deal(seed=seed)
    moves: list = []
    parts = [[game.seen_at_start(start, p)] for p in range(game.players)] if keys else []
    steps = []
    while not game.is_over(state):
        if len(moves) >= game.max_moves:
            raise Violation(f"seed {seed}: the game is still going after max_moves = {game.max_moves} moves")
        legal = game.legal_moves(state)
        check_move_ids(game, state, legal)
        check_utilities(game, state)
        move = rng.choice(legal)
        step = game.step(state, move)
        moves.append(move)
        steps.append(step)
        if keys:
            for p in range(game.players):
                parts[p].append(game.seen_in_step(step, p))
        state = step.after
    check_utilities(game, state)
    if keys:
        for p in range(game.players):
            if "\n--\n".join(parts[p]) != game.information_key(start, moves, p):
                raise Violation(
                    f"seed {seed}: {game.player_names[p]}'s key built move by move differs from information_key"
                )
        check_information_keys(game, start, moves, rng)
    return len(moves)


def check_information_keys(game: Game, start: Any, moves: list, rng: random.Random) -> None:
    """A player's key depends only on what the player saw. For each player, a world dealt from
    their view of the start (``sample_state``: other hidden cards, another seed) is played with
    the same moves as long as they are legal there; after each move, the player's keys in the
    two worlds are equal exactly when everything the player was shown (their views, the moves
    as they read them, the narration they may read) was the same."""
    for p in range(game.players):
        other = sample_state(game, game.view(start, p), p, rng)
        state, alt = start, other
        same = game.view(start, p) == game.view(other, p)
        if not same:
            raise Violation(f"a sampled world does not look like {game.player_names[p]}'s view")
        if game.seen_at_start(start, p) != game.seen_at_start(other, p):
            raise Violation(f"{game.player_names[p]}'s first key entry depends on a hidden card")
        key, alt_key = [game.seen_at_start(start, p)], [game.seen_at_start(other, p)]
        for move in moves:
            if not game.is_legal(alt, move):
                break
            step, alt_step = game.step(state, move), game.step(alt, move)
            key.append(game.seen_in_step(step, p))
            alt_key.append(game.seen_in_step(alt_step, p))
            shown = (
                game.view(step.after, p) == game.view(alt_step.after, p)
                and move_text(game, step, p) == move_text(game, alt_step, p)
                and [e.text for e in step.events if e.visible_to(p)]
                == [e.text for e in alt_step.events if e.visible_to(p)]
            )
            same = same and shown
            equal = "\n--\n".join(key) == "\n--\n".join(alt_key)
            if equal != same:
                raise Violation(
                    f"after {len(key) - 1} moves {game.player_names[p]}'s keys are "
                    f"{'equal' if equal else 'different'} in two worlds that "
                    f"{'differ' if not same else 'look the same'} to them"
                )
            state, alt = step.after, alt_step.after
