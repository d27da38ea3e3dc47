"""The game in progress, saved after every move so a crash loses nothing.  No Qt.

The file records the rule set (preset key + switches), the start FEN and every event in
order: moves as full-path text ("10x19x26") and the huffing decisions ("Blasen") as small
objects.  Replaying the events through :class:`~dame_desktop.core.Game` rebuilds the game
state by state, counters and pending decisions included.  The player setup is an opaque
JSON object the UI passes in and gets back.

Event forms::

    "11-15"                          a move (every landing square for a capture)
    {"huff": "accept"}               a missed capture accepted explicitly
    {"huff": "blow", "square": 12}   the piece on 12 blown away
    {"huff": "correct"}              the missed capture taken back; the offender must capture
    {"resign": "W"} / {"draw": "agreed"}

Each running program has an autosave of its own (a slot: ``autosave.json``,
``autosave-2.json``, ...), so two windows never overwrite or delete each other's game; see
"one autosave per program" below.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from dame_desktop.core import (
    Color,
    Game,
    GameError,
    HuffChoice,
    Move,
    Position,
    Reason,
)
from dame_desktop.core.game import State
from dame_desktop.core.numbering import numbered_at
from dame_desktop.store.files import (
    Damage,
    PathArg,
    StorageError,
    StorageWarning,
    StoreFile,
    WarningKind,
    data_dir,
    move_file,
    problem_of,
    read_json,
    report_damage,
    shorten,
    write_json,
)
from dame_desktop.store.locking import hold
from dame_desktop.store.settings import rules_from_spec, rules_spec

AUTOSAVE_FILE = "autosave.json"
AUTOSAVE_FORMAT = "dame-autosave"
AUTOSAVE_VERSION = 1
EVENTS_MAX = 20_000
"""More events than this (a game of 10,000 moves) are not replayed: the rest is reported."""
_FILE_LIMIT = 16 * 1024 * 1024
_MOVE_TEXT_MAX = 400  # "1x10x19x28x37x46..." of the longest capture fits easily
_FEN_MAX = 1000
_PLAYER_TEXT_MAX = 200
_PLAYER_KEYS_MAX = 32

log = logging.getLogger(__name__)


class AutosaveError(ValueError):
    """Autosave data that cannot give a game at all; the message names the problem and
    ``damage`` its kind."""

    def __init__(self, message: str, damage: Damage = Damage.WRONG_SHAPE) -> None:
        super().__init__(message)
        self.damage = damage


@dataclass(frozen=True)
class AutosaveMeta:
    """What came with the game: the UI's player setup, when it was saved, and whether every
    recorded move could be replayed (``problems`` says why not)."""

    player: dict[str, object] = field(default_factory=dict)
    saved_at: datetime | None = None
    moves: int = 0  # moves replayed
    moves_in_file: int = 0
    problems: tuple[str, ...] = ()
    stopped_early: bool = False  # an event could not be replayed; later ones were skipped

    @property
    def complete(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class AutosaveLoad:
    """The outcome of :func:`load_autosave`: ``game`` is None when there was nothing to
    continue; ``warnings`` name damaged files (already moved aside)."""

    game: Game | None = None
    meta: AutosaveMeta | None = None
    warnings: tuple[StorageWarning, ...] = ()


# -- writing -----------------------------------------------------------------------------------


def _missed(prev: State, state: State) -> bool:
    """True when ``state``'s move ignored a compulsory capture (a huffing move)."""
    return state.move is not None and state.move not in prev.position.legal_moves()


def game_events(game: Game) -> list[object]:
    """The events that rebuild ``game`` from its start position (see the module doc)."""
    states = game.states
    events: list[object] = []
    for index, state in enumerate(states):
        if index:
            prev = states[index - 1]
            if state.move is not None:
                events.append(state.move.full_text())
                if _missed(prev, state) and state.pending_huff is None:
                    events.append({"huff": "accept"})
            elif state.blown is not None:
                events.append({"huff": "blow", "square": state.blown})
            else:  # pragma: no cover - Game never makes such a state
                raise ValueError(f"state {index} has neither a move nor a blown piece")
        if state.must_capture:
            events.append({"huff": "correct"})
    result = game.result
    if result is not None and result.reason is Reason.RESIGNATION and result.winner is not None:
        events.append({"resign": result.winner.opponent.value})
    elif result is not None and result.reason is Reason.AGREEMENT:
        events.append({"draw": "agreed"})
    return events


def autosave_record(
    game: Game, player: Mapping[str, object] | None = None, now: datetime | None = None
) -> dict[str, object]:
    """The JSON object :func:`save_autosave` writes.

    Raises ValueError when the rule set is not a preset with switches and TypeError when
    ``player`` is not plain JSON data.
    """
    key, switches = rules_spec(game.rules)
    setup = dict(player or {})
    try:
        json.dumps(setup, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"the player setup is not plain JSON data: {exc}") from exc
    return {
        "format": AUTOSAVE_FORMAT,
        "version": AUTOSAVE_VERSION,
        "saved_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "rules": {"preset": key, "switches": list(switches)},
        "start": game.states[0].position.fen(),
        "events": game_events(game),
        "player": setup,
        "check": {"fen": game.position.fen(), "states": len(game.states)},
    }


# -- one autosave per program -------------------------------------------------------------------
#
# Two programs of the same user each have a game in progress: each keeps its own file, a
# slot (``autosave.json``, ``autosave-2.json``, ...), owned while the program runs by holding
# the slot's lock file (``.autosave-2.json.owner``; the system lets go when the program ends,
# however it ends).  A program saves to and clears only its own slot, so one window's move or
# finished game never overwrites or deletes the other's game.  At start, a program whose own
# slot is empty takes over a game that a program no longer running left in another slot.

SLOTS_MAX = 16
_CLAIMS_MAX = 64  # folders one process keeps a slot in (a test run uses many)
_claims: dict[str, tuple[int, int]] = {}  # data folder -> (slot, descriptor of its owner lock)
_claims_lock = threading.Lock()


def slot_path(folder: Path, slot: int) -> Path:
    """The autosave of ``slot`` in ``folder``: ``autosave.json``, ``autosave-2.json``, ..."""
    return folder / (AUTOSAVE_FILE if slot == 1 else f"autosave-{slot}.json")


def _owner_lock(path: Path) -> Path:
    return path.with_name(f".{path.name}.owner")


def _claimed_slot(folder: Path) -> int:
    """This program's slot in ``folder`` (claimed on first use, kept while it runs)."""
    key = os.path.abspath(folder)
    with _claims_lock:
        if key in _claims:
            return _claims[key][0]
        for slot in range(1, SLOTS_MAX + 1):
            fd = hold(_owner_lock(slot_path(folder, slot)))
            if fd is not None:
                break
        else:  # every slot taken, or no lock file can be made (a read-only folder)
            return 1
        if len(_claims) >= _CLAIMS_MAX:  # let go of the folder claimed first
            os.close(_claims.pop(next(iter(_claims)))[1])
        _claims[key] = (slot, fd)
        return slot


def release_slots() -> None:
    """Let go of every slot this process holds (a test playing two programs in one)."""
    with _claims_lock:
        for _, fd in _claims.values():
            os.close(fd)
        _claims.clear()


def _take_over_orphan(folder: Path, mine: Path) -> None:
    """Move a game a program that no longer runs left in another slot into ``mine``."""
    for slot in range(1, SLOTS_MAX + 1):
        other = slot_path(folder, slot)
        if other == mine or not os.path.lexists(other):
            continue
        fd = hold(_owner_lock(other))
        if fd is None:
            continue  # its program is running: its game is its own
        try:
            move_file(other, mine)
            log.info("took over the autosave %s as %s", other, mine)
            return
        except OSError as exc:
            log.warning("could not take over the autosave %s: %s", other, exc)
        finally:
            os.close(fd)


def autosave_path(directory: PathArg | None = None) -> Path:
    """This program's autosave: its slot in the data folder (``autosave.json`` unless
    another running program has that one)."""
    folder = data_dir(directory)
    return slot_path(folder, _claimed_slot(folder))


def save_autosave(
    game: Game, player: Mapping[str, object] | None = None, directory: PathArg | None = None
) -> Path:
    """Save ``game`` (and the UI's player setup) atomically; return the file.

    Raises StorageError naming the file when it cannot be written, ValueError/TypeError as
    :func:`autosave_record`.
    """
    path = autosave_path(directory)
    write_json(path, autosave_record(game, player))
    return path


def clear_autosave(directory: PathArg | None = None) -> bool:
    """Delete the autosave (the game ended or the user declined to continue it); True when
    there was one.  Raises StorageError when it exists but cannot be removed."""
    path = autosave_path(directory)
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise StorageError(
            f"could not remove {path}: {reason}", path, problem_of(exc, creating=True), reason
        ) from exc
    return True


# -- reading -----------------------------------------------------------------------------------


def _move_label(ply: int, start: Position, first: Color) -> str:
    """ "move 12 (ply 23)": the move number counts pairs from the first side's move."""
    return f"move {numbered_at(ply - 1, start.turn is first).number} (ply {ply})"


def _find_move(game: Game, text: str) -> Move:
    """The move ``text`` names; an exact landing-square path wins over looser readings.
    Raises DameError subclasses naming the problem."""
    if game.is_over:
        raise GameError("the game was already over")
    allowed = game.legal_moves()
    squares = tuple(game.position.parse_squares(text))
    exact = [m for m in allowed if squares in (m.paths or (m.path,))]
    if exact:
        return exact[0]
    return game.position.parse_move(text, allowed)


def _apply_decision(game: Game, event: Mapping[str, object]) -> None:
    """Apply a huff, resignation or draw event; raises GameError/ValueError naming it."""
    if "huff" in event:
        choice = event["huff"]
        if choice == "accept":
            game.huff(HuffChoice.ACCEPT)
        elif choice == "blow":
            square = event.get("square")
            if isinstance(square, bool) or not isinstance(square, int):
                raise ValueError(f"blow needs a square number, got {square!r}")
            game.huff(HuffChoice.BLOW, square)
        elif choice == "correct":
            if game.is_over:
                raise GameError("the game was already over")
            strict = game.position.legal_moves()
            missed = [m for m in game.legal_moves() if m not in strict]
            if not missed:
                raise GameError("no capture was missed here, so there is nothing to correct")
            game.play(missed[0])
            game.huff(HuffChoice.CORRECT)
        else:
            raise ValueError(f"unknown huff decision {choice!r}")
    elif "resign" in event:
        side = event["resign"]
        colours = {c.value: c for c in Color}
        if not isinstance(side, str) or side not in colours:
            raise ValueError(f"resign needs 'W' or 'B', got {side!r}")
        game.resign(colours[side])
    elif "draw" in event:
        game.agree_draw()
    else:
        raise ValueError(f"unknown event {dict(event)!r}")


def _parse_time(value: object) -> datetime | None:
    """The save time, if it is a sane ISO time (1970-2200); None otherwise."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        when = datetime.fromisoformat(value)
        if not 0 <= when.timestamp() <= 7_258_118_400:  # 1970 .. 2200
            return None
    except (ValueError, OverflowError, OSError):
        return None
    return when


def _player_setup(value: object, problems: list[str]) -> dict[str, object]:
    """The UI's player setup, keeping only plain short values (names, flags, keys)."""
    if not isinstance(value, dict):
        problems.append(f"'player' is {shorten(value)}, not an object; it was ignored")
        return {}
    kept: dict[str, object] = {}
    for key, item in list(value.items())[:_PLAYER_KEYS_MAX]:
        if _plain(item, 2):
            kept[key] = item
        else:
            problems.append(f"player setting {shorten(key)} = {shorten(item)} was ignored")
    return kept


def _plain(item: object, depth: int) -> bool:
    """Short text, a flag, a modest number, null, small lists/objects of them, or a list of
    numbers as long as a game (one a move)."""
    if item is None or isinstance(item, bool):
        return True
    if isinstance(item, int):
        return abs(item) < 10**9
    if isinstance(item, float):
        return item == item and abs(item) < 1e9
    if isinstance(item, str):
        return len(item) <= _PLAYER_TEXT_MAX and "\x00" not in item
    if depth <= 0:
        return False
    if isinstance(item, list):
        if all(isinstance(i, int | float) and not isinstance(i, bool) for i in item):
            # one number a move (the clock times, the computer's scores): a game's worth
            return len(item) <= EVENTS_MAX and all(_plain(i, 0) for i in item)
        return len(item) <= _PLAYER_KEYS_MAX and all(_plain(i, depth - 1) for i in item)
    if isinstance(item, dict):
        return len(item) <= _PLAYER_KEYS_MAX and all(
            _plain(k, 0) and _plain(v, depth - 1) for k, v in item.items()
        )
    return False


def _start(data: dict[str, object]) -> tuple[Game, Position]:
    """The rule set and the start position; raises AutosaveError naming the problem."""
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= 10**6:
        raise AutosaveError(f"'version' is {shorten(version)}, expected a positive whole number")
    spec = data.get("rules")
    if not isinstance(spec, dict):
        raise AutosaveError("'rules' is missing or not an object")
    key, switches = spec.get("preset"), spec.get("switches", [])
    if not isinstance(key, str) or len(key) > 100:
        raise AutosaveError(
            f"'rules.preset' is {shorten(key)}, expected a rule set key", Damage.UNKNOWN_RULES
        )
    if (
        not isinstance(switches, list)
        or len(switches) > 64
        or not all(isinstance(s, str) and len(s) <= 200 for s in switches)
    ):
        raise AutosaveError(
            f"'rules.switches' is {shorten(switches)}, expected NAME=VALUE texts",
            Damage.UNKNOWN_RULES,
        )
    try:
        rules = rules_from_spec(key, switches)
    except Exception as exc:
        raise AutosaveError(f"rule set: {exc}", Damage.UNKNOWN_RULES) from None
    fen = data.get("start")
    if not isinstance(fen, str) or len(fen) > _FEN_MAX:
        raise AutosaveError(f"'start' is {shorten(fen)}, expected a FEN", Damage.BAD_START)
    try:
        start = Position.from_fen(fen, rules)
    except Exception as exc:
        raise AutosaveError(f"start position: {exc}", Damage.BAD_START) from None
    return Game(rules, start), start


def restore_game(data: object) -> tuple[Game, AutosaveMeta]:
    """Rebuild the game from autosave data (the decoded JSON object).

    An illegal or unreadable event stops the replay there: the game up to it is returned
    and ``meta.problems`` names the move number.  Raises AutosaveError (with ``damage``) when
    no game can be built at all (not an autosave object, unknown rule set, bad start FEN, no
    event list); nothing else.
    """
    if not isinstance(data, dict):
        raise AutosaveError(f"expected a JSON object, found {shorten(data)}")
    if data.get("format") != AUTOSAVE_FORMAT:
        raise AutosaveError(
            f"not a Dame autosave (format is {shorten(data.get('format'))})", Damage.NOT_AUTOSAVE
        )
    game, start = _start(data)
    rules = game.rules
    events = data.get("events")
    if not isinstance(events, list):
        raise AutosaveError(f"'events' is {shorten(events)}, expected a list")
    problems: list[str] = []
    player = _player_setup(data.get("player", {}), problems)
    stopped = False
    if len(events) > EVENTS_MAX:
        problems.append(
            f"the file holds {len(events)} events; only the first {EVENTS_MAX} were replayed"
        )
        events = events[:EVENTS_MAX]
        stopped = True
    moves_in_file = sum(1 for e in events if isinstance(e, str))
    ply = 0
    for index, event in enumerate(events, start=1):
        if isinstance(event, str):
            ply += 1
            label = _move_label(ply, start, rules.first)
            try:
                if len(event) > _MOVE_TEXT_MAX:
                    raise ValueError("the move text is too long")
                game.play(_find_move(game, event))
            except Exception as exc:
                problems.append(
                    f"{label} {shorten(event)} cannot be played: {exc}; "
                    f"the game was restored up to the move before"
                )
                stopped = True
                break
        else:
            where = f"after {_move_label(ply, start, rules.first)}" if ply else "at the start"
            try:
                if not isinstance(event, dict):
                    raise ValueError(f"{shorten(event)} is neither move text nor an object")
                _apply_decision(game, event)
            except Exception as exc:
                problems.append(
                    f"event {index} ({where}): {exc}; the game was restored up to that point"
                )
                stopped = True
                break
    if not stopped:
        check = data.get("check")
        if isinstance(check, dict):
            want_fen, want_states = check.get("fen"), check.get("states")
            if want_fen is not None and want_fen != game.position.fen():
                problems.append(
                    f"the replayed position {game.position.fen()} differs from "
                    f"the recorded {shorten(want_fen)}"
                )
            if want_states is not None and want_states != len(game.states):
                problems.append(
                    f"the replay has {len(game.states)} states, the file "
                    f"recorded {shorten(want_states)}"
                )
    meta = AutosaveMeta(
        player=player,
        saved_at=_parse_time(data.get("saved_at")),
        moves=len(game.moves),
        moves_in_file=moves_in_file,
        problems=tuple(problems),
        stopped_early=stopped,
    )
    return game, meta


def load_autosave(directory: PathArg | None = None) -> AutosaveLoad:
    """Read and replay the autosave; never raises (whatever the file holds).

    No file: an empty AutosaveLoad.  Damaged file (bad JSON, absurd numbers, deep nesting,
    not an autosave, unknown rules, a bad start position): moved aside to
    ``autosave.json.damaged-<timestamp>``, one DAMAGED warning (``damage`` says why), no
    game.  A file whose replay stopped early (an illegal or unreadable move): the game up to
    there (PARTIAL_GAME), and the file moved aside too so the rest is not overwritten by the
    next autosave; a replay that ends elsewhere than recorded: MISMATCH, the same way.
    """
    path = autosave_path(directory)
    try:
        return _load_autosave(path)
    except Exception as exc:
        log.exception("loading %s failed", path)
        warning = report_damage(
            path,
            f"unexpected {type(exc).__name__}: {exc}",
            file=StoreFile.AUTOSAVE,
            damage=Damage.UNEXPECTED,
        )
        return AutosaveLoad(warnings=(warning,))


def _load_autosave(path: Path) -> AutosaveLoad:
    if not os.path.lexists(path):
        _take_over_orphan(path.parent, path)
    read = read_json(path, file=StoreFile.AUTOSAVE, limit=_FILE_LIMIT)
    if not read.found:
        return AutosaveLoad(warnings=read.warnings)
    try:
        game, meta = restore_game(read.data)
    except AutosaveError as exc:
        warning = report_damage(path, str(exc), file=StoreFile.AUTOSAVE, damage=exc.damage)
        return AutosaveLoad(warnings=(warning,))
    if meta.complete:
        return AutosaveLoad(game, meta)
    kind = WarningKind.PARTIAL_GAME if meta.stopped_early else WarningKind.MISMATCH
    aside = report_damage(path, "; ".join(meta.problems), kind, file=StoreFile.AUTOSAVE)
    return AutosaveLoad(game, meta, (aside,))
