"""The game list of a file as columns, and its search: what the window's game list shows.

No Qt.  A :class:`Listing` holds, per game, the few tags the list shows, its rule set, a
lower-case search text prepared once and the byte range of its text; it is built from the
index (:func:`listing_from_index`, no PDN read) or from a document's entries (the quick first
pass while the index is built).  :meth:`Listing.search` answers a :class:`Query` (words in
the players, event, site, date or round; words in the comments; a date range; a result; a
rule set) with plain list scans: a few milliseconds on 22,000 games, and a search that only
narrows the last one scans only the last hits.

:func:`document_from_index` makes the :class:`~dame_desktop.pdn.document.PdnDocument` of a
big file from its index (the games' byte ranges are known: no scan of the file for games),
and :func:`replay_identities` says which games are the same (start, moves and result) from
the fast replay, for removing duplicates.
"""

from __future__ import annotations

import functools
import hashlib
import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..core import RulesError
from ..pdn.document import GameEntry, PdnDocument
from ..pdn.gametype import parse_gametype, parse_rules_tag, rules_from_gametype
from ..pdn.tree import game_result

if TYPE_CHECKING:  # the index (sqlite3) loads when a file is first indexed, not at start
    from .index import GameIndex

_RESULT_KINDS = {
    "2-0": "first",
    "1-0": "first",
    "0-2": "second",
    "0-1": "second",
    "1-1": "draw",
    "1/2-1/2": "draw",
    "½-½": "draw",
    "0.5-0.5": "draw",
}
_DATE_PARTS = re.compile(r"[0-9?]+")
_COMMENT = re.compile(rb"\{[^}]*\}")


def result_kind(result: str) -> str:
    """ "first" (the side that starts won), "second", "draw" or "open"."""
    return _RESULT_KINDS.get(result.strip(), "open")


def date_key(date: str) -> str:
    """A PDN date as ``YYYY.MM.DD`` text that compares in time order ("" when no year is
    known): ``1841-3-9`` -> ``1841.03.09``, ``1950.??.??`` -> ``1950``."""
    parts = _DATE_PARTS.findall(date)
    if not parts or not parts[0].isdigit():
        return ""
    out = [parts[0]]
    for part in parts[1:3]:
        if not part.isdigit():
            break
        out.append(part.zfill(2))
    return ".".join(out)


@functools.lru_cache(maxsize=256)
def rules_of_tags(rules_tag: str, gametype: str) -> str:
    """The rule set key the Rules or GameType tag names ("" when none Dame plays)."""
    try:
        if rules_tag:
            return parse_rules_tag(rules_tag).key
        if gametype:
            return rules_from_gametype(parse_gametype(gametype)).key
    except (ValueError, RulesError):
        return ""
    return ""


@dataclass(frozen=True)
class Query:
    """What the game list keeps; every field empty: every game."""

    text: str = ""  # words, each in the players, event, site, date or round
    comment: str = ""  # words, each in the game's comments
    date_from: str = ""
    date_to: str = ""
    kind: str = ""  # result_kind: first, second, draw, open
    rules: str = ""  # a rule set key

    def narrows(self, other: Query) -> bool:
        """Whether every game this query keeps is also kept by ``other`` (the same filters,
        text typed on at the end): then only ``other``'s hits need a look."""
        return (
            self.comment == other.comment
            and self.date_from == other.date_from
            and self.date_to == other.date_to
            and self.kind == other.kind
            and self.rules == other.rules
            and self.text.startswith(other.text)
            and not other.text[-1:].isspace()
        )


@dataclass
class Listing:
    """The game list as columns (row ``i`` of every list is the same game)."""

    numbers: list[int] = field(default_factory=list)  # shown in the "#" column
    white: list[str] = field(default_factory=list)
    black: list[str] = field(default_factory=list)
    event: list[str] = field(default_factory=list)
    date: list[str] = field(default_factory=list)
    result: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)  # rule set key, "" when not known
    keys: list[str] = field(default_factory=list)  # the search text, lower case
    kinds: list[str] = field(default_factory=list)
    dates: list[str] = field(default_factory=list)  # date_key of each date
    comment_source: Callable[[], list[str]] | None = None
    _comments: list[str] | None = None

    def __len__(self) -> int:
        return len(self.numbers)

    def add(self, number: int, tags: dict[str, str], rules: str) -> None:
        white, black = tags.get("White", ""), tags.get("Black", "")
        event, site = tags.get("Event", ""), tags.get("Site", "")
        date, result = tags.get("Date", ""), tags.get("Result", "")
        self.numbers.append(number)
        self.white.append(white)
        self.black.append(black)
        self.event.append(event)
        self.date.append(date)
        self.result.append(result)
        self.rules.append(rules)
        self.keys.append(
            f"{white}\n{black}\n{event}\n{site}\n{date}\n{tags.get('Round', '')}".casefold()
        )
        self.kinds.append(result_kind(result))
        self.dates.append(date_key(date))

    @classmethod
    def of_columns(
        cls,
        numbers: list[int],
        white: list[str],
        black: list[str],
        event: list[str],
        site: list[str],
        date: list[str],
        rnd: list[str],
        result: list[str],
        rules: list[str],
    ) -> Listing:
        """A listing of whole columns at once (the index's), quicker than row by row."""
        known: dict[str, str] = {}
        dates = [known[d] if d in known else known.setdefault(d, date_key(d)) for d in date]
        kinds_of = _RESULT_KINDS
        kinds = [kinds_of.get(r.strip(), "open") for r in result]
        keys = [
            f"{w}\n{b}\n{e}\n{s}\n{d}\n{r}".casefold()
            for w, b, e, s, d, r in zip(white, black, event, site, date, rnd, strict=True)
        ]
        return cls(numbers, white, black, event, date, result, rules, keys, kinds, dates)

    def column(self, column: int) -> list[str]:
        """The texts of a shown column: 1 white, 2 black, 3 event, 4 date, 5 result."""
        return (self.white, self.black, self.event, self.date, self.result)[column - 1]

    def comments(self) -> list[str]:
        """The comments of every game, lower case (read once, when first asked)."""
        if self._comments is None:
            found = self.comment_source() if self.comment_source is not None else []
            self._comments = found if len(found) == len(self) else [""] * len(self)
        return self._comments

    def rule_sets(self) -> list[tuple[str, int]]:
        """(rule set key, games) of the listed games, most games first."""
        counts: dict[str, int] = {}
        for key in self.rules:
            if key:
                counts[key] = counts.get(key, 0) + 1
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))

    def search(self, query: Query, within: Sequence[int] | None = None) -> list[int]:
        """The rows (in ``within``'s order, else the listing's) that ``query`` keeps."""
        rows: Sequence[int] = range(len(self)) if within is None else within
        if query.kind:
            kinds, kind = self.kinds, query.kind
            rows = [r for r in rows if kinds[r] == kind]
        if query.rules:
            rules, wanted = self.rules, query.rules
            rows = [r for r in rows if rules[r] == wanted]
        low, high = date_key(query.date_from), date_key(query.date_to)
        if query.date_from.strip() or query.date_to.strip():
            dates = self.dates
            rows = [
                r
                for r in rows
                if dates[r]
                and (not low or dates[r] >= low)
                and (not high or dates[r][: len(high)] <= high)
            ]
        for word in query.text.casefold().split():
            keys = self.keys
            rows = [r for r in rows if word in keys[r]]
        words = query.comment.casefold().split()
        if words:
            comments = self.comments()
            for word in words:
                rows = [r for r in rows if word in comments[r]]
        return list(rows)

    def order(self, column: int, descending: bool = False) -> list[int]:
        """Every row sorted by a shown column (0: the number), ties by number."""
        numbers = self.numbers
        if column <= 0:
            rows = sorted(range(len(self)), key=numbers.__getitem__)
        else:
            texts = self.column(column)
            rows = sorted(range(len(self)), key=lambda r: (texts[r].casefold(), numbers[r]))
        if descending:
            rows.reverse()
        return rows


def comments_by_range(
    data: bytes, starts: Sequence[int], ends: Sequence[int], encoding: str
) -> list[str]:
    """The ``{comments}`` inside each byte range of ``data`` (ranges in file order, as the
    games are), lower case; one regular-expression pass over the whole data."""
    out = [""] * len(starts)
    if not starts or encoding.startswith("utf-16"):
        return out
    parts: list[list[bytes]] = [[] for _ in starts]
    for match in _COMMENT.finditer(data):
        at = bisect_right(starts, match.start()) - 1
        if at >= 0 and match.end() <= ends[at]:
            parts[at].append(match.group()[1:-1])
    for i, found in enumerate(parts):
        if found:
            out[i] = b"\n".join(found).decode(encoding, errors="replace").casefold()
    return out


def listing_from_entries(doc: PdnDocument, entries: Sequence[GameEntry] | None = None) -> Listing:
    """The list of a document's games (their entries, then the added games)."""
    entries = doc.all_entries() if entries is None else entries
    listing = Listing()
    for entry in entries:
        tags = entry.tags
        listing.add(
            entry.number,
            tags,
            rules_of_tags(tags.get("Rules", "").strip(), tags.get("GameType", "").strip()),
        )
    own = [e for e in entries if e.end > e.start]
    listing.comment_source = functools.partial(_entry_comments, doc, entries, own)
    return listing


def _entry_comments(
    doc: PdnDocument, entries: Sequence[GameEntry], own: Sequence[GameEntry]
) -> list[str]:
    found = comments_by_range(doc.data, [e.start for e in own], [e.end for e in own], doc.encoding)
    by_start = {e.start: text for e, text in zip(own, found, strict=True)}
    return [by_start.get(e.start, "") if e.end > e.start else "" for e in entries]


_INDEX_COLUMNS = "game, offset, length, white, black, event, site, date, round, result, rules"


IndexRow = tuple[int, int, int, str, str, str, str, str, str, str, str | None]


def index_rows(index: GameIndex) -> list[IndexRow]:
    """Every game of the index as (game, offset, length, white, black, event, site, date,
    round, result, rules), in file order."""
    with index._lock:
        conn = index._conn()
        return conn.execute(f"SELECT {_INDEX_COLUMNS} FROM games ORDER BY game").fetchall()


def listing_from_index(
    index: GameIndex,
    data: bytes | None = None,
    encoding: str = "utf-8",
    rows: list[IndexRow] | None = None,
) -> Listing:
    """The list of an indexed file's games, from the index alone (``data``: the file's bytes,
    for the comment search; read from the file when first needed otherwise)."""
    rows = index_rows(index) if rows is None else rows
    if rows:
        cols = list(zip(*rows, strict=True))
        listing = Listing.of_columns(
            list(cols[0]),
            list(cols[3]),
            list(cols[4]),
            list(cols[5]),
            list(cols[6]),
            list(cols[7]),
            list(cols[8]),
            list(cols[9]),
            [r or "" for r in cols[10]],
        )
    else:
        listing = Listing()
    starts = [r[1] for r in rows]
    ends = [r[1] + r[2] for r in rows]
    path = index.path

    def comments() -> list[str]:
        raw = data if data is not None else path.read_bytes()
        return comments_by_range(raw, starts, ends, encoding)

    listing.comment_source = comments
    return listing


def document_from_index(index: GameIndex, rows: list[IndexRow] | None = None) -> PdnDocument | None:
    """The document of an indexed file, its games cut where the index says (every range
    checked by the full reader's grammar already); None when the index does not know the
    byte ranges (UTF-16 files) or the file's size no longer matches it.  Call it on an index
    just found current (:meth:`GameIndex.open_if_current`)."""
    rows = index_rows(index) if rows is None else rows
    if any(r[1] < 0 for r in rows):
        return None
    try:
        data = index.path.read_bytes()
    except OSError:
        return None
    if index.meta().get("size") != str(len(data)):  # the index was found current just now
        return None
    doc = PdnDocument(data=data)
    if not data.isascii():  # plain ASCII is UTF-8 as it stands: no need to decode it all
        doc._decode()
    nl = data.find(b"\n")
    doc.newline = (
        "\r\n"
        if nl > 0 and data[nl - 1 : nl] == b"\r"
        else ("\n" if nl >= 0 else ("\r" if b"\r" in data else "\n"))
    )
    breaks = b"\n" if nl >= 0 else b"\r"
    line, counted = 1, 0
    entries: list[GameEntry] = []
    for game, offset, length, white, black, event, site, date, rnd, result, _rules in rows:
        line += data.count(breaks, counted, offset)
        counted = offset
        entries.append(
            GameEntry(
                game,
                {
                    "White": white,
                    "Black": black,
                    "Event": event,
                    "Site": site,
                    "Date": date,
                    "Round": rnd,
                    "Result": result,
                },
                offset,
                offset + length,
                line,
            )
        )
    doc.entries = entries
    doc.method = "fast"
    doc.verified = set(range(len(entries)))
    doc.path = index.path
    doc.digest = hashlib.blake2b(data, digest_size=32).digest()
    return doc


Identity = tuple[object, ...]


def replay_identities(
    path: str | Path,
    default_rules: object = None,
    progress: Callable[[int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[Identity | None]:
    """For every game of a file (in order), what makes two games the same: rules, start,
    main-line moves and result, from the fast replay; None for a game with no rules or whose
    main line holds a set-up (never a duplicate)."""
    from ..core import RuleSet
    from .replay import replay_file

    rules = default_rules if isinstance(default_rules, RuleSet) else None
    out: list[Identity | None] = []
    for game in replay_file(path, rules):
        if cancel is not None and cancel():
            raise InterruptedError("cancelled")
        if game.rules is None or any(m is None for m in game.moves) or not game.states:
            out.append(None)
        else:
            moves = tuple((m[0], m[1], m[2]) for m in game.moves if m is not None)
            result = game_result(game.header("Result"), game.result_token)
            out.append((game.rules, game.states[0], moves, result))
        if progress is not None and len(out) % 256 == 0:
            progress(len(out))
    return out
