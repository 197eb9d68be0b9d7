"""The teacher's key: written with its link to a file only its owner can read, never printed,
new on each start unless kept."""

from __future__ import annotations

import os
import stat

import pytest

from cardlab.classroom.server import TeacherKeyError, read_teacher_key, teacher_key, write_teacher_link


def _link(key: str) -> str:
    return f"http://localhost:8765/teacher?key={key}"


def test_the_teacher_s_file_is_its_owner_s_alone_and_holds_the_link(tmp_path):
    path = tmp_path / "teacher.html"
    key = teacher_key(path, False, _link)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text()
    assert f'href="{_link(key)}"' in text and 'http-equiv="refresh"' in text
    assert read_teacher_key(path) == key and len(key) >= 32


def test_each_start_makes_a_new_key_unless_it_is_kept(tmp_path):
    path = tmp_path / "teacher.html"
    first = teacher_key(path, False, _link)
    second = teacher_key(path, False, _link)
    assert second != first and read_teacher_key(path) == second  # the old link opens nothing any more
    assert teacher_key(path, True, _link) == second == teacher_key(path, True, _link)
    assert teacher_key(tmp_path / "new.html", True, _link) == read_teacher_key(tmp_path / "new.html")


def test_a_teacher_s_file_others_may_read_is_refused(tmp_path):
    path = tmp_path / "teacher.html"
    teacher_key(path, False, _link)
    os.chmod(path, 0o644)
    with pytest.raises(TeacherKeyError, match="others than you may read it"):
        read_teacher_key(path)
    with pytest.raises(TeacherKeyError):
        teacher_key(path, True, _link)
    path.write_text("nothing here")
    os.chmod(path, 0o600)
    with pytest.raises(TeacherKeyError, match="holds no teacher's key"):
        teacher_key(path, True, _link)
    with pytest.raises(TeacherKeyError, match="cannot write there"):
        write_teacher_link(tmp_path / "no-such-folder" / "teacher.html", _link("x" * 32))


def test_the_command_takes_the_teacher_s_file_and_keeps_its_key_when_asked():
    from cardlab.cli import parser

    options = parser().parse_args(["classroom", "--teacher-key-file", "t.html", "--keep-teacher-key"])
    assert options.teacher_key_file == "t.html" and options.keep_teacher_key
    options = parser().parse_args(["classroom"])
    assert options.teacher_key_file == "classroom-teacher.html" and not options.keep_teacher_key
