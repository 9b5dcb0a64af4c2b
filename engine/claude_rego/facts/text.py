"""Text folding for secret detection: what a pasted secret looks like once disguises are undone.

A prompt can carry a credential spelled so a pattern misses it: a zero-width space
inside `AKIA…`, fullwidth letters (`ｇｈｐ_…`, `ＰＡＳＳＷＯＲＤ＝…`), a Cyrillic `а` in
`pаssword`. `fold_text` undoes those (NFKC, invisible format characters removed,
common Cyrillic/Greek look-alikes mapped to Latin) so policies can match the folded
text too. Case is kept: token patterns are case-sensitive. Standard library only.
"""

from __future__ import annotations

import unicodedata

# Cyrillic and Greek letters that look like Latin ones (the usual confusables)
_CONFUSABLES = str.maketrans({
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H",
    "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X", "У": "Y", "І": "I", "Ј": "J", "Ѕ": "S",
    "α": "a", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "ν": "v", "κ": "k", "ι": "i", "Α": "A", "Β": "B",
    "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T",
    "Υ": "Y", "Χ": "X",
})
MAX_FOLD = 256 * 1024  # longer texts are folded up to here


def fold_text(text: str) -> str:
    """NFKC, format characters (zero-width, bidi controls) removed, look-alikes mapped."""
    text = text[:MAX_FOLD]
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    return text.translate(_CONFUSABLES)
