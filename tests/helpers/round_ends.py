"""Positions one move before a round's end, for the tests of how a table stops there: A is to
move in each, and A's move ends the round (in Contest, the game)."""

#: Card Commons: A's Defense with 3C ends round 1; B deals round 2.
COMMONS_ROUND_END = """variant: standard
seed: 1
round: 1
phase: defend
claimant: B
nest egg: 3D
pool up: QH 3H 4C 5D
pool down: 5S
A hand: 3C
A commission: 5H
A side: 2C 2D 5C 4D
B hand: -
B commission: 4S
B side: 2S 2H KS 4H
claim: 3S"""


#: Commitment: B has passed; A's pass ends round 1, and A starts round 2.
COMMITMENT_ROUND_END = """seed: 7
round: 1
first: A
turn: A
passed: B
A hand: 9C
B hand: QD
draw deck: 10C KH 10H 4H 4S AC 3C JC 8C 6S 2S JD 7H QC 7C KC 2H KD 8D 9S 5S JH AD 10D 5H 6D 2C
battle deck: JK JS JK QS AS
b1: KS
b1 A: 7S / 6C 4C / 9D 2D
b1 B: 3H AH / 5C / 7D 5D 4D 3D
A won: -
B won: -
discard: 10S 9H QH 6H 8H 8S 3S"""

#: Contest: the draw pile is empty and A plays the game's last turn.
CONTEST_LAST_TURN = """ace: high
pile value: sum
jack: power-first
seed: 29
stage: final 1
to move: A
A secret: QD JS JD 4C
B secret: 2S AC 6D 10C
A hand: 6S 9H JH 3H 6H 10H 8C
B hand: 7S 7H AH 10S 5H 8H 8S
row: QC JC | 4D | 6C | AD
points C: 9C 3C 5C 7C
points D: 5D 3D 9D 8D
points H: -
points S: -
discard: 3S 9S QS AS KC 2D KS 4S QH 4H KD 2C 10D 7D KH 2H 5S
draw pile: -"""
