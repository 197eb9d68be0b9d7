"""Learners' names: written one way, and compared by how they look.

A name is kept in Unicode's NFKC form with its spaces made single (:func:`normal`), so "Ａｄａ"
(full width) is "Ada". Two names that a learner could not tell apart on a table are one name:
:func:`skeleton` folds each to how it looks, and :func:`looks_like` compares those folds. The
fold is small and made for names: accents and other marks dropped; the Cyrillic and Greek
letters that look like Latin ones ("Аda" with a Cyrillic А) read as those; capital I, small l,
the digit 1 and | as one stroke; 0 as o; "rn" as "m" and "vv" as "w"; case, spaces and the
marks between parts of a name (- . ' _) left out. Like Unicode's confusable skeleton (UTS #39),
but with no table to install: it may refuse a name a little more often than needed, never let
two look-alikes sit at one table.
"""

from __future__ import annotations

import unicodedata

#: Letters of other scripts that look like a Latin letter, each with that letter. Capitals are
#: folded before the case is (Greek Η looks like H, its small η like n).
LOOK_ALIKES = {
    # Cyrillic capitals, then small letters
    "А": "A", "В": "B", "Е": "E", "Ѐ": "E", "Ё": "E", "З": "3", "І": "I", "Ї": "I", "Ј": "J", "К": "K",
    "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "Ԁ": "D",
    "Ԛ": "Q", "Ԝ": "W", "Ү": "Y", "Һ": "H", "Ӏ": "I",
    "а": "a", "в": "b", "е": "e", "ѐ": "e", "ё": "e", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ү": "y", "һ": "h", "ӏ": "l", "ь": "b", "г": "r", "п": "n", "ш": "w", "ɡ": "g",
    # Greek capitals, then small letters
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "σ": "o", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ς": "c", "μ": "u",
    # Latin letters that look like others
    "ı": "i", "ȷ": "j", "ʟ": "L", "ǀ": "l", "ł": "l", "ø": "o", "đ": "d", "ħ": "h",
}  # fmt: skip
#: After the case is folded: the characters one stroke or one ring could be, as that one.
STROKES = {"i": "l", "1": "l", "|": "l", "!": "l", "0": "o"}
#: Pairs of letters that look like one letter, side by side.
PAIRS = (("rn", "m"), ("vv", "w"))
#: What may join the parts of a name, and is left out when names are compared.
JOINERS = frozenset(" -.'_’‘`")


def normal(text: str) -> str:
    """``text`` in Unicode's NFKC form, with its runs of spaces made one space and none at
    either end."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def skeleton(name: str) -> str:
    """How ``name`` looks, as text: two names with one skeleton cannot be told apart on a table."""
    marks_off = "".join(
        c for c in unicodedata.normalize("NFKD", normal(name)) if not unicodedata.category(c).startswith("M")
    )
    folded = "".join(LOOK_ALIKES.get(c, c) for c in marks_off).casefold()
    folded = "".join(STROKES.get(c, c) for c in folded if c not in JOINERS)
    for pair, one in PAIRS:
        folded = folded.replace(pair, one)
    return folded


def looks_like(one: str, other: str) -> bool:
    """Whether the names ``one`` and ``other`` look the same (see :func:`skeleton`)."""
    return skeleton(one) == skeleton(other)
