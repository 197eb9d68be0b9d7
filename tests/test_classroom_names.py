"""Learners' names in a room: kept in NFKC form, and a name that looks like one already in the
room is refused, in the learner's words."""

from __future__ import annotations

import pytest

from cardlab.classroom import words
from cardlab.classroom.classroom import Classroom
from cardlab.classroom.names import looks_like, normal, skeleton
from cardlab.classroom.rooms import RoomRefused
from cardlab.classroom.store_address import open_store


@pytest.fixture
def classroom(tmp_path):
    classroom = Classroom(open_store(f"sqlite:{tmp_path / 'class.db'}"))
    yield classroom
    classroom.close()


def test_a_name_is_kept_in_nfkc_form(classroom):
    room, seat, _ = classroom.join(
        classroom.create_room("commerce", players=4).code, "  Ａｄａ \u2003 Ｌｏｖｅｌａｃｅ "
    )
    assert room.seats[seat].name == "Ada Lovelace" == normal("Ａｄａ\u2003Ｌｏｖｅｌａｃｅ")


#: Names that a learner could not tell apart at a table: Cyrillic and Greek letters, accents,
#: a capital I and a small l, a zero and an o, "rn" and "m", the marks between a name's parts.
LOOK_ALIKES = [
    ("Ada", "\u0410da"),  # Cyrillic А
    ("Ada", "Ad\u0430"),  # Cyrillic а
    ("Ada", "A\u0301da"),  # an accent
    ("Cole", "C\u043ele"),  # Cyrillic о
    ("Ian", "lan"),
    ("Leo", "Le0"),
    ("Tom", "Torn"),
    ("Eva", "\u0395va"),  # Greek Ε
    ("Mary-Jo", "Mary Jo"),
]


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_a_name_that_looks_like_one_in_the_room_is_refused(classroom, first, second):
    room = classroom.create_room("commerce", players=4)
    classroom.join(room.code, first)
    with pytest.raises(RoomRefused) as refused:
        classroom.join(room.code, second)
    assert str(refused.value) == words.NAME_LOOKS_LIKE.format(name=first)
    assert [s.name for s in room.seats if s.name] == [first]


@pytest.mark.parametrize(("first", "second"), [("Ada", "Adam"), ("Ada", "Ida"), ("Kim", "Krm"), ("Dima", "Дима")])
def test_names_that_look_different_both_sit(classroom, first, second):
    room = classroom.create_room("commerce", players=4)
    classroom.join(room.code, first)
    classroom.join(room.code, second)
    assert not looks_like(first, second) and [s.name for s in room.seats if s.name] == [first, second]


@pytest.mark.parametrize("again", ["ada", "\U0001d400da", "Ａｄａ"])  # NFKC makes these "Ada" or "ada"
def test_the_same_name_is_said_to_be_taken(classroom, again):
    room = classroom.create_room("commerce", players=4)
    classroom.join(room.code, "Ada")
    with pytest.raises(RoomRefused) as refused:
        classroom.join(room.code, again)
    assert str(refused.value) == words.NAME_TAKEN.format(name=normal(again))


def test_a_skeleton_drops_case_marks_and_joiners():
    assert skeleton("Zoë O'Neil") == skeleton("zoe oneil") == skeleton("ZOE-O\u2019NEIL")
