"""Which sound goes with what happens in the game, played through
:class:`~dame_desktop.audio.SoundPlayer` (no Qt Multimedia).

:class:`GameSounds` is the glue the window connects: :meth:`on_move_played` after a move
(a crowning sounds over a capture, a capture over a plain move), :meth:`on_game_over` at the
end (the clocks play the low-time sound themselves).  :meth:`apply_preferences` follows the
sound switch and volume of the preferences; :meth:`close` when the window closes.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from dame_desktop.audio import Sound, SoundPlayer
from dame_desktop.core import Move


def move_sound(move: Move) -> Sound:
    """The sound of one move: CROWN when it crowns a man, else CAPTURE or MOVE."""
    if move.promotes:
        return Sound.CROWN
    return Sound.CAPTURE if move.is_capture else Sound.MOVE


class GameSounds(QObject):
    """Plays the game's sounds; ``player`` is the program's one SoundPlayer.

    ``silent(text)`` once per program run when sounds are on but cannot be heard (no
    player program, or it failed), with the reason in the user's language."""

    silent = Signal(str)

    def __init__(self, player: SoundPlayer | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.player = player if player is not None else SoundPlayer()
        self.played: list[Sound] = []  # what was asked for, newest last (kept short)
        self._said = False

    def apply_preferences(self, enabled: bool, volume: int) -> None:
        self.player.enabled = enabled
        self.player.volume = volume
        self._say_why()

    def play(self, sound: Sound) -> bool:
        """Play ``sound``; True when a player program was started."""
        self.played = [*self.played[-19:], sound]
        started = self.player.play(sound)
        if not started:
            self._say_why()
        return started

    def _say_why(self) -> None:
        reason = self.player.silent_because()
        if reason is None or self._said:
            return
        self._said = True
        if reason == "no-player":
            text = self.tr(
                "Sounds are on, but no program to play them was found (looked "
                "for: %1), so nothing can be heard."
            ).replace("%1", ", ".join(self.player.players_looked_for()))
        else:
            text = self.tr(
                "Sounds are on, but the program that plays them failed, so nothing can be heard."
            )
        self.silent.emit(text)

    def on_move_played(self, move: object) -> None:
        if isinstance(move, Move):
            self.play(move_sound(move))

    def on_game_over(self, *_args: object) -> None:
        self.play(Sound.END)

    def close(self) -> None:
        self.player.close()
