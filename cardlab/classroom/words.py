"""Every word a learner reads in a classroom room, outside the table itself: the join page,
the seat's page, a room's refusals and the notice of a lost link. Kept in one place so that
tests/test_classroom_words.py can hold them to the writing rules (tools/readability.py)."""

from __future__ import annotations

JOIN_TITLE = "Join your table"
JOIN_INTRO = "Type the six letters and digits of your room, as your teacher shows them. Then type your name."
ROOM_LABEL = "Room"
NAME_LABEL = "Your name"
JOIN_BUTTON = "Join"

NO_SUCH_ROOM = "There is no room with those letters and digits. Please check them with your teacher."
TOO_MANY_TRIES = "Too many tries with wrong letters and digits. Please wait a minute, then try again."
NAME_NEEDED = "Please type your name, up to {longest} letters."
NAME_TAKEN = "Someone in this room is already called {name}. Please add a letter to your name."
NAME_LOOKS_LIKE = "Your name looks just like {name}, who is already in this room. Please add a letter to your name."
ROOM_CLOSED = "This room is closed to new players. Ask your teacher."
ROOM_FULL = "Every seat in this room is taken. Ask your teacher for another room."

#: The join page, when this browser holds a seat already.
YOU_ARE = "You are {name} in this room."
YOU_ARE_IN = "You are {name} in room {code}."
BACK_TO_TABLE = "Go back to your table"
SECOND_SEAT = "This browser already has a seat: {name} in room {code}."
SECOND_SEAT_WHY = "If {new} joins from this browser, {name} can no longer come back to that table from it."
SECOND_SEAT_ASK = "Is {new} someone else? Then please join from another browser."
BACK_TO_THEIR_TABLE = "Go back to {name}'s table"
JOIN_ANYWAY = "Join as {new} anyway"

NO_SEAT = "This page has no seat at a table yet. Join a room first."
JOIN_LINK = "Join a room"
YOUR_SEAT = "Room {code}: you play as {name}."
WAITING = "Your teacher will let you in soon. This page goes on by itself."
PAUSED = "The teacher has paused this game. You can move again when it goes on."
ENDED = "The teacher has ended this game."
#: A page whose seat is no longer its own: closed, with the reason.
SEAT_FREED = "The teacher has freed this seat for someone else. This page no longer shows the table."
JOIN_AGAIN = "To play again, join a room."
NEW_DEAL = "The teacher has dealt a new game."
FORWARD = "In a classroom room the game only goes forward. Use the move log to look back."
MOVED_ON = "Another move was made just before yours. Look at the table again, then choose your move."
LOST_LINK = (
    "This page has lost its link to the teacher's computer. It comes back by itself when the link is back: please wait."
)

#: A lesson room's page, beside the lesson's own words.
LESSON_SEAT = "Room {code}: you are {name}."
LESSON_PAUSED = "The teacher has paused the lesson. You can go on when it goes on."
LESSON_ENDED = "The teacher has ended the lesson."
LESSON_WAITING = "The class is waiting at step {step}. Your teacher will go on soon."
LESSON_CATCH_UP = "The class is at step {step}. Answer the questions before it to catch up."
LESSON_TOGETHER = "The class goes on together: your teacher says when."
LESSON_FULL = "This lesson has no room for more learners. Ask your teacher."

#: Every text above, for the writing rules' test (placeholders filled with a name and a number).
LEARNER_TEXTS = {
    name: value.format(longest=24, name="Sam", code="K7PQ2M", new="Ben", step=3)
    for name, value in dict(globals()).items()
    if name.isupper() and isinstance(value, str)
}
