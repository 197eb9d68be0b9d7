"""Commerce's ledger: each deal's antes and payments, the score one row per deal, and each
settled deal's showdown (commerce.deal.ante, commerce.settle.pool, commerce.end).

``CommerceLedger`` is a part of the game's class, ``Commerce``: it reads the
game's ``players`` and ``player_names``, and the reason a deal's best hand won (``_why_best``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from functools import lru_cache

from ...cards import Card
from ...engine import Breakdown, Event, RevealedHand, Round, ScoreItem, plural
from ...engine.words import chips
from .ranking import CATEGORY, hand_key, rank_hand, showdown
from .state import CommerceState, DealRecord


class CommerceLedger:
    """How Commerce keeps its ledger: a part of the game's class."""

    # what the ledger reads of the game
    players: int
    player_names: tuple[str, ...]
    _why_best: Callable[[tuple[tuple[Card, ...], ...], int, int, int], tuple[str, str]]

    def _deal_items(self, number: int, dealer: int, turns: tuple[str, ...]) -> list[ScoreItem]:
        """A deal's antes and trade payments (commerce.deal.ante, commerce.trade.*)."""
        names = self.player_names
        n, d = self.players, names[dealer]
        items = [ScoreItem(p, -1, f"Deal {number}: pays 1 chip into the pool", "commerce.deal.ante") for p in range(n)]
        for i, turn in enumerate(turns):
            if turn != "trade":
                continue
            p = (dealer + 1 + i) % n
            if p == dealer:
                items.append(
                    ScoreItem(
                        p,
                        0,
                        f"Deal {number}: the dealer trades on their own turn and pays nothing",
                        "commerce.trade.dealer",
                    )
                )
            else:
                items.append(
                    ScoreItem(p, -1, f"Deal {number}: pays the dealer {d} 1 chip for a trade", "commerce.trade.payment")
                )
                items.append(
                    ScoreItem(dealer, 1, f"Deal {number}: {names[p]} pays 1 chip for a trade", "commerce.trade.payment")
                )
        return items

    def _settlement_items(self, number: int, record: DealRecord) -> list[ScoreItem]:
        """A settled deal's pool and dealer's payment."""
        names = self.player_names
        n, hands, d = self.players, record.hands, record.dealer
        result = showdown(hands, d)
        w = result.winner
        rank = rank_hand(hands[w])
        items = [
            ScoreItem(
                w,
                n,
                f"Deal {number}: wins the pool of {n} chips with {rank}",
                "commerce.settle.pool",
                rank.counting or hands[w],
            )
        ]
        if result.dealer_pays == "winner":
            items.append(
                ScoreItem(
                    d,
                    -1,
                    f"Deal {number}: the losing dealer pays the winner {names[w]} 1 chip",
                    "commerce.settle.dealer-loses",
                    hands[d],
                )
            )
            items.append(
                ScoreItem(
                    w,
                    1,
                    f"Deal {number}: 1 more chip from the losing dealer {names[d]}",
                    "commerce.settle.dealer-loses",
                )
            )
        elif result.dealer_pays == "everyone":
            category = CATEGORY[hand_key(hands[d])[0]]
            for p in range(n):
                if p != d:
                    items.append(
                        ScoreItem(
                            d,
                            -1,
                            f"Deal {number}: the dealer lost with a {category}, the winner's "
                            f"category, and pays {names[p]} 1 chip",
                            "commerce.settle.same-category",
                            hands[d],
                        )
                    )
                    items.append(
                        ScoreItem(
                            p,
                            1,
                            f"Deal {number}: 1 chip from the dealer {names[d]}, who lost in the winner's category",
                            "commerce.settle.same-category",
                        )
                    )
        return items

    def score(self, state: CommerceState, deal: int | None = None) -> Breakdown:
        """The ledger: every movement of every deal so far, with its rule (or one ``deal``'s only).

        commerce.ledger: every balance starts at 0 and may go negative; nobody is eliminated.
        """
        n = state.players
        over = len(state.history) == n
        current = len(state.history) + 1
        if deal is not None and not (isinstance(deal, int) and 1 <= deal <= min(current, n)):
            raise ValueError(f"deal {deal!r} has not been played: deals 1 to {min(current, n)} have")
        items: list[ScoreItem] = []
        for number, record in enumerate(state.history, start=1):
            if deal in (None, number):
                items += self._settled_items(number, record)
        if not over and deal in (None, current):
            items += self._deal_items(current, state.dealer, state.turns)
        pool = self.pool(state) if deal in (None, current) else 0
        notes = (f"Pool: {chips(pool)}. The ledger and the pool add up to 0.",)
        if deal is not None:
            return Breakdown(self.player_names, tuple(items), f"Commerce — deal {deal} of {n}", notes=notes)
        title = "Commerce ledger — final" if over else f"Commerce ledger — deal {current} of {n}"
        board = Breakdown(self.player_names, tuple(items), title, notes=notes)
        if not over:
            return board
        totals = board.totals
        winners = tuple(p for p in range(n) if totals[p] == max(totals))  # commerce.end: tied leaders share
        return Breakdown(self.player_names, tuple(items), title, True, winners, notes)

    def rounds(self, state: CommerceState) -> tuple[Round, ...]:
        """One round per deal, its lines of the ledger as :meth:`score` lists them; a settled deal
        with how it stopped (commerce.knock, commerce.barter.refuse, commerce.stock-out), its hands
        as revealed (commerce.settle.reveal), best first, and why the best won the pool."""
        n = state.players
        rounds = [self._settled_round(number, record) for number, record in enumerate(state.history, start=1)]
        if len(state.history) < n:
            number = len(state.history) + 1
            movers = _movers(state.dealer, state.turns, n)
            if state.offer is not None:
                movers |= {state.turn_player}
            rounds.append(
                Round(
                    number, f"Deal {number} of {n}", tuple(self._deal_items(number, state.dealer, state.turns)), movers
                )
            )
        return tuple(rounds)

    # a settled deal never changes: tables ask for its round at every update (the game is kept for good
    # in the registry's cache, so the cache holding it costs nothing)
    @lru_cache(maxsize=1024)  # noqa: B019
    def _settled_round(self, number: int, record: DealRecord) -> Round:
        names = self.player_names
        n, d, hands, turns = self.players, record.dealer, record.hands, record.turns
        p = (d + 1 + len(turns)) % n  # whose turn it was when the deal stopped
        movers = _movers(d, turns, n)
        when = "on the deal's first turn" if not turns else f"after {plural(len(turns), 'turn')}"
        if record.end == "knock":
            movers |= {p}
            how = f"{names[p]} knocked"
            ended = Event(
                "commerce.knock", f"{names[p]} knocked {when}: exchanges stopped at once, with no final circuit.", p
            )
        elif record.end == "refusal":
            q = (p + 1) % n
            movers |= {p, q}
            how = f"{names[q]} refused {names[p]}'s barter"
            ended = Event(
                "commerce.barter.refuse",
                f"{names[q]} refused {names[p]}'s barter by knocking, {when}: exchanges stopped at once.",
                q,
            )
        else:
            last = (d + len(turns)) % n
            how = f"{names[last]} took the last stock card"
            ended = Event(
                "commerce.stock-out",
                f"{names[last]} took the last card of the stock, {when}: the deal was settled at once.",
                last,
            )
        result = showdown(hands, d)
        order = sorted(range(n), key=lambda s: (hand_key(hands[s]), -((s - d) % n)), reverse=True)  # commerce.rank.tie
        revealed = tuple(RevealedHand(s, hands[s], str(rank_hand(hands[s]))) for s in order)
        verdict = Event(*self._why_best(hands, d, result.winner, result.runner_up), result.winner, hands[result.winner])
        return Round(
            number, f"Deal {number} of {n}", self._settled_items(number, record), movers, ended, how, revealed, verdict
        )

    # a settled deal's lines never change either, and every score and ledger lists them again
    @lru_cache(maxsize=1024)  # noqa: B019
    def _settled_items(self, number: int, record: DealRecord) -> tuple[ScoreItem, ...]:
        """A settled deal's lines of the ledger: its antes and payments, then its settlement."""
        return tuple(self._deal_items(number, record.dealer, record.turns) + self._settlement_items(number, record))

    def ledger(self, state: CommerceState) -> tuple[int, ...]:
        """Every player's balance: the totals of :meth:`score` (each settled deal's counted once)."""
        totals = self._settled_totals(state)
        if len(state.history) < state.players:  # the deal in play: its antes and trade payments so far
            for item in self._deal_items(len(state.history) + 1, state.dealer, state.turns):
                totals[item.player] += item.points
        return tuple(totals)

    #: the settled deals' totals last worked out, and the history they are of: every state of a
    #: deal shares its history, and the research adapters ask for the totals after each move
    _last_settled: tuple[tuple[DealRecord, ...], tuple[int, ...]] | None = None

    def _settled_totals(self, state: CommerceState) -> list[int]:
        """Every player's points from the settled deals (each deal's worked out once)."""
        history, last = state.history, self._last_settled
        if last is not None:
            before, totals_before = last
            if before is history:
                return list(totals_before)
            if len(history) == len(before) + 1 and all(map(operator.is_, history, before)):  # one more deal
                changes = self._settled_changes(len(history), history[-1])
                totals = [t + c for t, c in zip(totals_before, changes)]
                self._last_settled = (history, tuple(totals))
                return totals
        totals = [0] * state.players
        for number, record in enumerate(history, start=1):
            for p, change in enumerate(self._settled_changes(number, record)):
                totals[p] += change
        self._last_settled = (history, tuple(totals))
        return totals

    @lru_cache(maxsize=1024)  # noqa: B019
    def _settled_changes(self, number: int, record: DealRecord) -> tuple[int, ...]:
        """Each player's points from a settled deal: the sums of its lines of the ledger."""
        return deal_changes(record, self.players)

    def pool(self, state: CommerceState) -> int:
        """The points in the pool: every player's ante while a deal is played, 0 once the game is over."""
        return 0 if len(state.history) == state.players else state.players


def deal_changes(record: DealRecord, players: int) -> tuple[int, ...]:
    """Each player's chips won or lost in a settled deal of ``players``: its lines of the ledger
    summed (``CommerceLedger._settled_items``, the score of that deal), without their words."""
    dealer = record.dealer
    changes = [-1] * players  # commerce.deal.ante
    for i, turn in enumerate(record.turns):  # commerce.trade.payment: to the dealer, who trades free
        if turn == "trade" and (trader := (dealer + 1 + i) % players) != dealer:
            changes[trader] -= 1
            changes[dealer] += 1
    result = showdown(record.hands, dealer)
    changes[result.winner] += players  # commerce.settle.pool
    if result.dealer_pays == "winner":  # commerce.settle.dealer-loses
        changes[dealer] -= 1
        changes[result.winner] += 1
    elif result.dealer_pays == "everyone":  # commerce.settle.same-category: 1 chip to each other player
        changes = [c + 1 for c in changes]
        changes[dealer] -= players
    return tuple(changes)


def _movers(dealer: int, turns: tuple[str, ...], n: int) -> frozenset[int]:
    """The players who moved in a deal's completed turns: each turn's player, and the neighbour
    who answered each barter."""
    movers = set()
    for i, turn in enumerate(turns):
        p = (dealer + 1 + i) % n
        movers.add(p)
        if turn == "barter":
            movers.add((p + 1) % n)
    return frozenset(movers)
