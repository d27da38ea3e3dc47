"""What the PDN layer reports: typed problems (a kind plus its values) and its exceptions.

A problem found while reading is a :class:`PdnProblem`, a named tuple whose first three fields
are the old ``(message, line, column)`` shape, so code that unpacks those keeps working:

``PdnProblem(message, line, column, kind, values)``

``message`` is the English text (what ``dame pdn check`` prints); ``kind`` is a
:class:`ProblemKind`; ``values`` is a tuple of ``(name, value)`` pairs a user interface puts
into its own, translated template (``problem.value_map()`` gives them as a dict).  Lines and
columns are 1-based; 0 means "no place in the file".

The kinds and their values:

=========================  =================================================================
kind                       values
=========================  =================================================================
UNEXPECTED_TEXT            text (shortened to 60 characters)
UNCLOSED_COMMENT           (none): a ``{`` whose ``}`` never comes
UNCLOSED_VARIATION         (none): a ``(`` whose ``)`` never comes
UNMATCHED_CLOSE            (none): a ``)`` without its ``(``
VARIATION_BEFORE_MOVE      (none): a ``(`` before the first move of its line
SETUP_AT_VARIATION_START   (none): a ``/FEN "..."/`` before a variation's first move
BAD_SETUP                  text: a ``/.../`` that is not ``/FEN "..."/``
BAD_FEN                    fen, reason (the reason is the core's English text)
ILLEGAL_MOVE               move, fen (the position the move was tried in)
AMBIGUOUS_MOVE             move, fen, options (the full paths it may be, ", "-joined)
SQUARE_OFF_BOARD           square, move, squares (the highest square number)
NOT_A_PLAYING_SQUARE       square, move
UNREADABLE_MOVE            move
UNKNOWN_MOVE               text: a ``-`` where a move was not recorded
BAD_GAMETYPE               value
UNSUPPORTED_VARIANT        number, name (name may be ""): a GameType Dame does not play
UNSUPPORTED_BOARD          size: a board size no rule set of Dame has (12x12)
BAD_RULES_TAG              value, reason
TOKEN_TOO_LONG             what ("move", "comment", "tag", "setup", "text"), length, limit
TOO_MANY_PROBLEMS          count, kind (the ProblemKind value of the problems left out),
                           example (the message of the first one left out)
INTERNAL_ERROR             reason: a bug of the reader met in this game (the game is kept as
                           far as it was read; the other games are not affected)
CONTROL_CHARACTER          char (``U+0000`` form), what (``"comment"``, ``"tag"``): a character
                           a PDN file cannot hold (a control character) that saving would
                           not keep; at the first such character of the comment or tag
NOT_PDN                    reason: the file is not PDN text (a picture, an archive, NUL bytes)
NO_GAME                    (none): a part of a file that holds no game
OTHER                      (none): anything made by older code without a kind
=========================  =================================================================

At most :data:`MAX_PROBLEMS` problems are kept per game; the rest are counted per kind and
reported as one ``TOO_MANY_PROBLEMS`` entry for each kind, at the place of its first one.
"""

from __future__ import annotations

import enum
import re
from typing import NamedTuple

__all__ = [
    "MAX_PROBLEMS",
    "NotPdnError",
    "PdnError",
    "PdnProblem",
    "ProblemKind",
    "decode_head",
    "not_pdn_reason",
    "shorten",
    "signature_reason",
    "wide_encoding",
]

MAX_PROBLEMS = 100
"""The problems kept per game; the others are summed up per kind."""

Value = str | int


class ProblemKind(enum.Enum):
    """What kind of problem a :class:`PdnProblem` is (see the module docstring for values)."""

    UNEXPECTED_TEXT = "unexpected_text"
    UNCLOSED_COMMENT = "unclosed_comment"
    UNCLOSED_VARIATION = "unclosed_variation"
    UNMATCHED_CLOSE = "unmatched_close"
    VARIATION_BEFORE_MOVE = "variation_before_move"
    SETUP_AT_VARIATION_START = "setup_at_variation_start"
    BAD_SETUP = "bad_setup"
    BAD_FEN = "bad_fen"
    ILLEGAL_MOVE = "illegal_move"
    AMBIGUOUS_MOVE = "ambiguous_move"
    SQUARE_OFF_BOARD = "square_off_board"
    NOT_A_PLAYING_SQUARE = "not_a_playing_square"
    UNREADABLE_MOVE = "unreadable_move"
    UNKNOWN_MOVE = "unknown_move"
    BAD_GAMETYPE = "bad_gametype"
    UNSUPPORTED_VARIANT = "unsupported_variant"
    UNSUPPORTED_BOARD = "unsupported_board"
    BAD_RULES_TAG = "bad_rules_tag"
    TOKEN_TOO_LONG = "token_too_long"
    TOO_MANY_PROBLEMS = "too_many_problems"
    INTERNAL_ERROR = "internal_error"
    CONTROL_CHARACTER = "control_character"
    NOT_PDN = "not_pdn"
    NO_GAME = "no_game"
    OTHER = "other"

    __hash__ = object.__hash__  # members are singletons: hashing by identity is fast


class PdnProblem(NamedTuple):
    """One problem: English message, 1-based line and column, kind, and the kind's values."""

    message: str
    line: int = 0
    column: int = 0
    kind: ProblemKind = ProblemKind.OTHER
    values: tuple[tuple[str, Value], ...] = ()

    def value_map(self) -> dict[str, Value]:
        """The values as a dict, for a translated template."""
        return dict(self.values)

    def shifted(self, lines: int) -> PdnProblem:
        """The same problem ``lines`` lines further down (a game read out of a larger file)."""
        return self._replace(line=self.line + lines) if self.line else self

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


class PdnError(ValueError):
    """A PDN problem raised as an exception: message, line, column, kind and values."""

    def __init__(
        self,
        message: str,
        line: int = 0,
        column: int = 0,
        kind: ProblemKind = ProblemKind.OTHER,
        values: tuple[tuple[str, Value], ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.kind = kind
        self.values = values

    @property
    def problem(self) -> PdnProblem:
        return PdnProblem(self.message, self.line, self.column, self.kind, self.values)

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, line={self.line}, column={self.column})"


class NotPdnError(PdnError):
    """The input is not PDN text at all (binary data); ``reason`` says what it looks like."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            f"this is not a PDN file: {reason}", 1, 1, ProblemKind.NOT_PDN, (("reason", reason),)
        )
        self.reason = reason


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters (with an ellipsis) for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# What files that are not text start with (checked on the first bytes of a file).
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or an office document)"),
    (b"PK\x05\x06", "a ZIP archive"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"BZh", "a bzip2 archive"),
    (b"\xfd7zXZ\x00", "an xz archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"\x7fELF", "a program (ELF)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old office document"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"RIFF", "a sound, video or picture file (RIFF)"),
    (b"OggS", "an Ogg sound or video file"),
    (b"ID3", "an MP3 sound file"),
    (b"\x00\x00\x01\x00", "an icon"),
)
# Control characters that text files hold: tab, line ends, vertical tab, form feed, and the
# DOS end-of-file mark (0x1A).  Every other one below 32 counts as binary data.
_TEXT_CONTROLS = "\t\n\r\x0b\x0c\x1a"
_BINARY_CONTROLS = re.compile("[\x00-\x08\x0e-\x19\x1b-\x1f]")
HEAD_CHARS = 4096
"""The characters at the start of an input that decide whether it is PDN text."""
HEAD_BYTES = 2 * HEAD_CHARS
"""How many bytes (or characters) to pass to :func:`not_pdn_reason`: enough for
:data:`HEAD_CHARS` characters whatever the encoding and line ends."""
# what the signatures look like when the bytes were decoded as text (Windows-1252 or UTF-8)
_TEXT_MAGIC: tuple[tuple[str, str], ...] = tuple(
    (magic.decode(encoding, errors="replace"), what)
    for magic, what in _MAGIC
    for encoding in ("cp1252", "latin-1", "utf-8")
    if len(magic) >= 3
)


_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),  # before UTF-16's: it starts the same way
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
# Without a byte order mark, UTF-16 and UTF-32 text of mostly ASCII characters shows its zero
# bytes at fixed places in each code unit: (codec, unit size, where the one non-zero byte is).
_WIDE_SHAPES: tuple[tuple[str, int, int], ...] = (
    ("utf-32-le", 4, 0),
    ("utf-32-be", 4, 3),
    ("utf-16-le", 2, 0),
    ("utf-16-be", 2, 1),
)
_WIDE_SAMPLE = 16  # code units at least, for a guess without byte order mark


def wide_encoding(head: bytes) -> tuple[str, int] | None:
    """``(codec, byte order mark size)`` when the bytes ``head`` (the start of a file) are
    UTF-32 or UTF-16 text, else None (UTF-8 or Windows-1252, read as bytes).

    With a byte order mark the mark decides; without one, text whose code units are nearly
    all ASCII characters in the unit's shape ("a\\0\\0\\0" for UTF-32 little endian) and that
    decodes without error is taken for that encoding.  The codec names the byte order
    (``"utf-16-le"``), so decoding the mark gives ``"\\ufeff"``.
    """
    for bom, codec in _BOMS:
        if head.startswith(bom):
            return codec, len(bom)
    if b"\x00" not in head[:8]:
        return None
    for codec, unit, place in _WIDE_SHAPES:
        count = len(head) // unit
        if count < _WIDE_SAMPLE:
            continue
        sample = head[: count * unit]
        shaped = sum(
            1
            for i in range(0, len(sample), unit)
            if sample[i + place] != 0
            and sample[i + place] < 0x80
            and sample[i : i + place].count(0) == place
            and sample[i + place + 1 : i + unit].count(0) == unit - place - 1
        )
        if shaped * 10 < count * 9:
            continue
        try:
            # a code unit cut at the end of the head decodes below; a broken pair does not
            sample.decode(codec)
        except UnicodeDecodeError as exc:
            if exc.start < len(sample) - 4:
                continue
        return codec, 0
    return None


def decode_head(head: bytes) -> str:
    """The start of a file as text, decoded as the readers decode it: UTF-32 or UTF-16 (see
    :func:`wide_encoding`), UTF-8 (a character cut at the end is dropped), else
    Windows-1252.  A byte order mark is dropped."""
    wide = wide_encoding(head)
    if wide is not None:
        codec, bom = wide
        unit = 4 if codec.startswith("utf-32") else 2
        body = head[bom:]
        return body[: len(body) - len(body) % unit].decode(codec, errors="replace")
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start >= len(head) - 3:  # a character cut at the end of the head
            text = head[: exc.start].decode("utf-8", errors="replace")
        else:
            text = head.decode("cp1252", errors="replace")
    return text[1:] if text.startswith("\ufeff") else text


def not_pdn_reason(head: bytes | str) -> str | None:
    """Why an input that starts with ``head`` is not PDN text, or None when it is.

    The one rule every reader of PDN follows (the window, ``dame pdn check``, ``dame
    analyse``, the reader on any handle): pass the first :data:`HEAD_BYTES` bytes of a file
    (or characters of a text); bytes are decoded as the reader decodes them
    (:func:`decode_head`: UTF-32 or UTF-16 with or without byte order mark, UTF-8, else
    Windows-1252).  Not PDN:

    * a known file signature (a picture, an archive, a program, a database ...);
    * binary control characters (NUL and the other C0 controls but tab, line ends,
      vertical tab, form feed and 0x1A) in more than 1 % of the first :data:`HEAD_CHARS`
      characters, and at least two of them.  A stray NUL in a comment is text: the reader
      reports it as a problem of its game.
    """
    signature = signature_reason(head)
    if signature is not None:
        return signature
    text = decode_head(head) if isinstance(head, bytes) else head
    if text.startswith("\ufeff"):
        text = text[1:]
    sample = text[:HEAD_BYTES].replace("\r\n", "\n")[:HEAD_CHARS]
    controls = _BINARY_CONTROLS.findall(sample)
    if len(controls) >= 2 and len(controls) * 100 > len(sample):
        if "\x00" in controls:
            return "it holds NUL bytes (binary data)"
        return "it holds too many control characters (binary data)"
    return None


def signature_reason(head: bytes | str) -> str | None:
    """What a known file signature at the start of ``head`` says it is ("it is a PNG image"),
    or None.  Bytes, or text decoded from them (Windows-1252, Latin-1 or UTF-8)."""
    if isinstance(head, bytes):
        if wide_encoding(head) is not None:
            return None  # UTF-16 or UTF-32 text, not the icon signature below
        for magic, what in _MAGIC:
            if head.startswith(magic):
                return f"it is {what}"
        return None
    for magic_text, what in _TEXT_MAGIC:
        if head.startswith(magic_text):
            return f"it is {what}"
    return None
