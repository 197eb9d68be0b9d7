"""Lesson text the lesson tests share."""

#: A Card Commons position at the last turn of round 2 (B claimed first, so A claims now), as a
#: lesson's ``state`` block: A holds the 5♣, B the 5♥; the Nest Egg is the Q♥.
LAST_TURN_STATE = """\
```state
round: 2
claimant: A
nest egg: QH
pool up: 2H 2S
pool down: 3S
A hand: 5C
A commission: 4S
A side: 2C 3D KS 4C 5S
B hand: 5H
B commission: 4D
B side: 2D 3H 3C 4H 5D
```
"""
