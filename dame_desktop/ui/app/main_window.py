"""The main window: the layout, the one action table, and the wiring of the parts.

Parts: the :class:`GameController` (the game being played), the :class:`PlayController` (the
game commands and the words for the game's state), the navigator (the shown line:
:class:`LiveNavigator` while playing, a tree cursor while a file's game is studied), the
:class:`DocumentController` (the open file), the :class:`StudyController` (tree, annotations)
and, attached from outside, the session (preferences, autosave, help).  Each part exposes
actions, signals and widgets; only the window places widgets and builds menus.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QModelIndex, QObject, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QFont,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dame_desktop import pdn
from dame_desktop.core import (
    Color,
    Move,
    Position,
    RulesError,
    RuleSet,
    TimeControl,
    differences,
    find_rules,
    matching_preset,
)
from dame_desktop.store.settings import Preferences
from dame_desktop.ui import screen_fit
from dame_desktop.ui.actions import LAST, ActionSpec, ActionTable, MenuSpec
from dame_desktop.ui.ai_worker import AiClient
from dame_desktop.ui.app.analysis_controller import AnalysisController
from dame_desktop.ui.app.announcer import Announcer
from dame_desktop.ui.app.board_area import BoardArea
from dame_desktop.ui.app.clock_controller import ClockController
from dame_desktop.ui.app.diagrams import DiagramController
from dame_desktop.ui.app.document import DocumentController, game_record
from dame_desktop.ui.app.endgame_tables import EndgameTables
from dame_desktop.ui.app.family_controller import FamilyController
from dame_desktop.ui.app.game_controller import (
    GameController,
)
from dame_desktop.ui.app.hints import HintAdvisor
from dame_desktop.ui.app.huff_bar import HuffBar
from dame_desktop.ui.app.marks_keeper import MarksKeeper
from dame_desktop.ui.app.navigator import LiveNavigator
from dame_desktop.ui.app.opponent_engine import OpponentEngine
from dame_desktop.ui.app.play import PlayController
from dame_desktop.ui.board.accessible import install as install_accessible
from dame_desktop.ui.board.keyboard import BoardKeyboard
from dame_desktop.ui.board.theme import theme_named
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.models.move_list import MoveListModel
from dame_desktop.ui.navigation import END, HOME, Navigator
from dame_desktop.ui.study.explorer import ExplorerController
from dame_desktop.ui.study.position_search import PositionSearch, open_hit
from dame_desktop.ui.study.study import StudyController
from dame_desktop.ui.words import texts
from dame_desktop.ui.words.notation import Notation

if TYPE_CHECKING:  # puzzles mode is imported when first opened (a fast start)
    from dame_desktop.ui.puzzles.controller import PuzzleController

SIDE_MIN = 220  # the side panel's narrowest width (pixels)
STUDY_SIDE = 340  # its width while a file's game is studied (comments, variations)
SIDE_MAX = 340  # its widest at the base font size: the move list needs no more
STUDY_BOARD_SHARE = 0.85  # the central height the board keeps while the side panel widens to study
TABBED_DOCKS_BELOW = 1200  # a window narrower than this shows its right-hand docks as tabs
MIN_WINDOW = QSize(620, 440)  # the smallest window that still shows a usable board
FIRST_WINDOW = QSize(1040, 740)  # the first window where the screen has room for it


def first_window_size(window: QWidget) -> QSize:
    """The first window's size: :data:`FIRST_WINDOW`, or about nine tenths of the screen's
    room on a large screen, never more than the room there is."""
    room = screen_fit.room_on_screen(window).size()
    wanted = QSize(
        max(FIRST_WINDOW.width(), room.width() * 9 // 10),
        max(FIRST_WINDOW.height(), room.height() * 9 // 10),
    )
    return wanted.boundedTo(room).expandedTo(MIN_WINDOW)


class MainWindow(QMainWindow):
    shut_down = Signal()  # shutdown() began: listeners to the window's parts let go
    closing = Signal()  # the close goes ahead (no save question was cancelled), before shutdown

    def __init__(self, parent: QWidget | None = None, start_game: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.client = AiClient(self)
        self.controller = GameController(self.client, self)
        self.live = LiveNavigator(self.controller, self)
        self.navigator: Navigator = self.live
        self.hints = HintAdvisor(self.client, self._shown_or_none, self)
        self.opponent = OpponentEngine(self.client, self)  # a Hub engine as the computer
        self.study = StudyController(self)
        self.document = DocumentController(self, self, self)
        self.analysis = AnalysisController(
            self, self.document, self.study, self, lane=self.client.lane
        )  # one engine thread
        self.last_message = ""
        self.puzzles: PuzzleController | None = None  # made when Game › Puzzles is opened
        self._docks_aside: list[str] = []  # the docks closed while the puzzles are shown
        self.explorer = ExplorerController(self, self)  # the opening explorer dock
        self.position_search = PositionSearch(self, self, self)
        self._build()
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.explorer.dock)
        # the docks are where the program put them until the user moves one (see fit_dock)
        self.docks_arranged = False
        self._arranging = False  # the program itself moves a dock: not the user's arrangement
        for dock in (self.explorer.dock, self.analysis.dock):
            dock.dockLocationChanged.connect(self._dock_moved)
            dock.topLevelChanged.connect(self._dock_moved)
        self.marks = MarksKeeper(self.board, self.study, self)
        self.diagrams = DiagramController(self, self.board, self)
        self.family = FamilyController(
            self, self.board, self.controller, self.live, self.client, self
        )
        self.clocks = ClockController(self, self.controller, self.live, self.family.sounds, self)
        self.board_area.set_clocks(self.clocks.panel)
        self.play = PlayController(
            self,
            self.controller,
            self.live,
            self.board,
            self.huff_bar,
            self.hints,
            self.opponent,
            self.clocks.panel,
            self,
            self,
        )
        self._make_actions()
        self._connect()
        self.clocks.attach()  # before the family's: a turn's clock runs when it looks
        self.family.attach()
        self.setAcceptDrops(True)
        self._show_navigator(animate=False)
        if start_game:
            self.play.start_game(self.play.settings)

    # -- construction ----------------------------------------------------------------------

    def _build(self) -> None:
        screen_fit.install()  # every dialog fits its screen when shown
        self.board = BoardWidget()
        self.board.setObjectName("board")
        self.board.setAccessibleName(self.tr("Board"))
        self.keyboard = BoardKeyboard(self.board, self)
        install_accessible()  # the board as a table of cells for screen readers
        self.announcer = Announcer(self.board, self.move_text, self)
        self.board_area = BoardArea(self.board)  # the board first; the clocks beside it
        self.board_area.room_changed.connect(self._fit_board)

        self.side = QWidget()
        self.side.setObjectName("sidePanel")
        self.side.setMinimumWidth(SIDE_MIN)
        rcol = QVBoxLayout(self.side)
        rcol.setContentsMargins(6, 6, 6, 6)
        self.huff_bar = HuffBar()  # asked beside the board: the board never moves for it
        rcol.addWidget(self.huff_bar)
        self.players_label = QLabel()
        self.players_label.setWordWrap(True)
        self.players_label.setTextFormat(Qt.TextFormat.PlainText)
        rcol.addWidget(self.players_label)
        self.rules_label = QLabel()
        self.rules_label.setWordWrap(True)
        rcol.addWidget(self.rules_label)
        self.model = MoveListModel(self)
        self.move_view = QTableView()
        self.move_view.setObjectName("moveList")
        self.move_view.setModel(self.model)
        self.move_view.verticalHeader().hide()
        self.move_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.move_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.move_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.move_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.lines = QStackedWidget()  # the played game's move list, or the studied tree
        self.lines.addWidget(self.move_view)
        self.lines.addWidget(self.study.panel)
        self.lines.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        rcol.addWidget(self.lines, 1)
        rcol.addWidget(self.analysis.graph)

        self.splitter = QSplitter()
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.board_area)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)
        self.splitter.installEventFilter(self)  # its resizes fit the board (_fit_board)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.analysis.dock)
        self._base_font = QFont(self.side.font())
        self._fitted = False  # the first show fits the window to its screen

        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        self.turn_label.setContentsMargins(0, 0, 8, 0)  # clear of the window's edge
        self.statusBar().addPermanentWidget(self.turn_label)
        # the endgame tables, built on the engine's first use under a rule set
        self.tables = EndgameTables(self.statusBar(), self)
        self._accessible_names()
        self.setMinimumSize(MIN_WINDOW)
        self.resize(first_window_size(self))

    def _accessible_names(self) -> None:
        self.board.setAccessibleName(self.tr("Board"))
        self.move_view.setAccessibleName(self.tr("Moves"))
        self.turn_label.setAccessibleName(self.tr("Status"))
        self.players_label.setAccessibleName(self.tr("Players"))
        self.rules_label.setAccessibleName(self.tr("Rules"))

    def _make_actions(self) -> None:
        table = self.actions_table = ActionTable(self)
        table.add_menus(
            [
                MenuSpec("file", lambda: self.tr("&File")),
                MenuSpec("edit", lambda: self.tr("&Edit")),
                MenuSpec("game", lambda: self.tr("&Game")),
                MenuSpec("view", lambda: self.tr("&View")),
                MenuSpec("marks", lambda: self.tr("Move &mark"), parent="edit"),
            ]
        )
        table.add_toolbar("gameToolBar", lambda: self.tr("Game"))
        table.add(self.document.action_specs())
        table.add(
            [
                ActionSpec(
                    "quit",
                    lambda: self.tr("&Quit"),
                    self.close,
                    menu="file",
                    shortcuts=(QKeySequence.StandardKey.Quit,),
                    separator_before=True,
                    order=LAST,
                    role=QAction.MenuRole.QuitRole,
                ),
            ]
        )
        table.add(self.study.action_specs())
        table.add(
            [
                ActionSpec(
                    "marksMenu",
                    lambda: self.tr("Move &mark"),
                    lambda: None,
                    menu="edit",
                    submenu="marks",
                ),
            ]
        )
        table.add(self.play.action_specs())
        table.add(
            [
                ActionSpec(
                    "numbers",
                    lambda: self.tr("Show square &numbers"),
                    self.board.set_show_numbers,
                    menu="view",
                    shortcuts=("N",),
                    checkable=True,
                ),
                ActionSpec(
                    "animate",
                    lambda: self.tr("&Animate moves"),
                    self.board.set_animated,
                    menu="view",
                    checkable=True,
                    checked=True,
                ),
                ActionSpec(
                    "first",
                    lambda: self.tr("First position"),
                    lambda: self.step(HOME),
                    menu="view",
                    shortcuts=("Home",),
                    separator_before=True,
                ),
                ActionSpec(
                    "prev",
                    lambda: self.tr("Previous move"),
                    lambda: self.step(-1),
                    menu="view",
                    shortcuts=("Left", "Ctrl+Left"),
                ),
                ActionSpec(
                    "next",
                    lambda: self.tr("Next move"),
                    lambda: self.step(1),
                    menu="view",
                    shortcuts=("Right", "Ctrl+Right"),
                ),
                ActionSpec(
                    "last",
                    lambda: self.tr("Last move"),
                    lambda: self.step(END),
                    menu="view",
                    shortcuts=("End",),
                ),
            ]
        )
        table.add(self.family.action_specs())
        table.add(self.clocks.action_specs())
        table.add(self.analysis.action_specs())
        table.add(
            [
                ActionSpec(
                    "puzzles",
                    lambda: self.tr("Pu&zzles"),
                    self.open_puzzles,
                    menu="game",
                    shortcuts=("F7",),
                    separator_before=True,
                    enabled=lambda: not self.in_puzzles(),
                ),
                ActionSpec(
                    "leavePuzzles",
                    lambda: self.tr("Back to the &game"),
                    self.leave_puzzles_mode,
                    menu="game",
                    enabled=self.in_puzzles,
                ),
            ]
        )
        table.add(self.diagrams.action_specs())
        table.add(self.explorer.action_specs() + self.position_search.action_specs())

    def action(self, action_id: str) -> QAction:
        """The action called ``action_id`` in the window's table."""
        return self.actions_table[action_id]

    def _connect(self) -> None:
        self.controller.position_changed.connect(self.show_moves)
        self.controller.error.connect(self.show_message)
        self.play.message.connect(self.show_message)
        self.play.labels_changed.connect(self._update_labels)
        self.play.clocks_chosen.connect(self.clocks.set_time_controls)
        self.hints.failed.connect(self.show_message)
        self.client.lane.submitted.connect(self.tables.consider)
        self.tables.message.connect(self.show_message)
        self.tables.ready.connect(self.analysis.tables_ready)  # the panel shows their verdict
        self.opponent.changed.connect(self._update_labels)
        self.opponent.message.connect(self.show_message)
        self.controller.game_started.connect(self.opponent.game_started)  # a choice waited
        self.analysis.external_failed.connect(self.opponent.report_failure)  # one verdict
        self.opponent.judged.connect(self.analysis.engine_judged)
        self.board.move_chosen.connect(self._on_board_move)
        self.board.illegal_drop.connect(self.show_message)
        self.board.step_requested.connect(self.step)  # Left/Right/Home/End on the board
        self.move_view.clicked.connect(self._on_move_clicked)
        self.keyboard.cursor_moved.connect(lambda text: self.statusBar().showMessage(text, 4000))
        self.live.changed.connect(self._on_navigator_changed)
        self.live.moves_changed.connect(self._on_moves_changed)
        self.study.edited.connect(self._on_study_edited)
        self.marks.edited.connect(self.study.edited)
        self.study.headers_changed.connect(self._on_headers_changed)
        self.study.message.connect(self.show_message)
        self.study.context_menu_requested.connect(self._fill_tree_menu)
        self.document.title_changed.connect(self._update_title)
        self.document.state_changed.connect(self.update_actions)
        self.document.state_changed.connect(self.explorer.follow)  # the open file may change
        # after the document's own handler, which opens the editor: the panel follows it
        self.action("setup").triggered.connect(
            lambda: self.analysis.follow_setup(self.document.setup_dialog)
        )

    # -- the parts' questions (DocumentHost) -----------------------------------------------

    def current_rules(self) -> RuleSet:
        return self.navigator.position().rules

    def shown_position(self) -> Position:
        return self.navigator.position()

    def _shown_or_none(self) -> Position | None:
        return self.navigator.position()

    def played_game(self) -> pdn.Game:
        names = self.play.result_names()  # "You" means nothing in a file
        record = game_record(self.controller.game, {c: n or "?" for c, n in names.items()})
        self.clocks.add_clocks_to(record)
        return record

    def printed_game(self) -> pdn.Game:
        """The game File › Print prints: the studied one, else the one being played."""
        self.commit_edits()
        return self.study.game or self.played_game()

    def shown_last_move(self) -> Move | None:
        return self.navigator.last_move()

    def studied_game(self) -> pdn.Game | None:
        return self.study.game

    def commit_edits(self) -> None:
        self.study.commit()

    def is_playing(self) -> bool:
        return self.navigator is self.live

    def studying(self) -> bool:
        return not self.is_playing()

    def may_replace_game(self) -> bool:
        return self.play.may_replace_game()

    def may_close_document(self) -> bool:
        return self.document.may_close_document()

    def dialog_parent(self) -> QWidget:
        return self

    def has_played_moves(self) -> bool:
        return bool(self.controller.game.moves)

    def find_action(self, action_id: str) -> QAction | None:
        table = getattr(self, "actions_table", None)
        return table.actions.get(action_id) if table is not None else None

    def fit_dock(self, dock: QDockWidget) -> None:
        """A dock a quarter of the window wide, within reason (on a large screen wide enough
        for the opening explorer's columns and titles).  In a narrow window a second dock on
        the same side becomes a tab of the one already shown (two columns of docks beside the
        side panel would leave the board a stamp) -- only while the docks are where the
        program put them: once the user has moved, floated, split or docked one elsewhere
        (:attr:`docks_arranged`), their arrangement is kept as it is."""
        if self.docks_arranged:
            return
        if not dock.isFloating() and self.width() < TABBED_DOCKS_BELOW:
            area = self.dockWidgetArea(dock)
            for other in (self.explorer.dock, self.analysis.dock):
                if (
                    other is not dock
                    and other.isVisible()
                    and not other.isFloating()
                    and self.dockWidgetArea(other) == area
                    and dock not in self.tabifiedDockWidgets(other)
                ):
                    with self._own_dock_moves():
                        self.tabifyDockWidget(other, dock)
                    dock.raise_()  # the one just asked for in front
                    break
        self.resizeDocks([dock], [max(220, min(520, self.width() // 4))], Qt.Orientation.Horizontal)

    @contextmanager
    def _own_dock_moves(self) -> Iterator[None]:
        """The program moves docks: that is no arrangement of the user's."""
        before, self._arranging = self._arranging, True
        try:
            yield
        finally:
            self._arranging = before

    def _dock_moved(self, *_args: object) -> None:
        """A dock went to another place (the user dragged, floated or docked it): from now on
        the program leaves the docks where the user puts them."""
        if not self._arranging:
            self.docks_arranged = True

    def restore_layout(self, state: QByteArray, arranged: bool) -> bool:
        """The toolbars and docks as a session saved them (``saveState``), and whether that
        arrangement was the user's own (the program then leaves it alone)."""
        with self._own_dock_moves():
            done = self.restoreState(state)
        self.docks_arranged = arranged if done else self.docks_arranged
        return done

    def play_move(self, move: Move) -> None:
        """A move chosen outside the board (the opening explorer): as if made on it."""
        self._on_board_move(move)

    def open_file_path(self) -> Path | None:
        doc = self.document.doc
        return doc.path if doc is not None else None

    def library_files(self) -> tuple[str, ...]:
        return self.explorer.library_files

    def open_hit(self, path: str, game: int, ply: int) -> bool:
        """Show game ``game`` of ``path`` at ``ply`` (a found game)."""
        return open_hit(self.document, self.study, path, game, ply, self.show_message)

    def status_message(self) -> str:
        return self.statusBar().currentMessage()

    def clear_status_message(self) -> None:
        self.statusBar().clearMessage()

    def result_names(self) -> dict[Color, str]:
        return self.play.result_names()

    def settings_name(self, colour: Color) -> str:
        return self.play.settings_name(colour)

    def game_over_box(self) -> QMessageBox | None:
        return self.play.over_box

    def engine_speaker(self, rules: RuleSet) -> str:
        return self.opponent.speaker(rules)

    def squares_text(self, squares: Iterable[int]) -> str:
        return self.family.squares_text(squares)

    def next_clocks(self) -> tuple[TimeControl, TimeControl]:
        return self.clocks.time_controls

    def move_text(self, position: Position, move: Move) -> str:
        return self.family.move_text(position, move)

    # -- modes -------------------------------------------------------------------------------

    def _set_navigator(self, navigator: Navigator) -> None:
        old = self.navigator
        if old is navigator:
            return
        if old is not self.live:
            old.changed.disconnect(self._on_navigator_changed)
        if navigator is not self.live:
            navigator.changed.connect(self._on_navigator_changed)
        self.navigator = navigator
        self.lines.setCurrentIndex(0 if navigator is self.live else 1)
        self._on_navigator_changed(animate=False)

    def show_study(self, game: pdn.Game) -> None:
        """Show ``game`` of the open file: both sides moved by hand, the tree as move list."""
        self.play.enter_study(game)
        navigator = self.study.start(game)
        self._set_navigator(navigator)
        self._widen_side()
        self._update_title()

    def leave_study(self) -> None:
        """The live game again, in place of a file's game."""
        if self.is_playing():
            return
        if self.in_puzzles():
            self.leave_puzzles_mode()
            return
        self.study.stop()
        self.document.leave_study()
        self._set_navigator(self.live)
        self.play.leave_study()
        self._fit_board()  # the move table needs less room than the studied tree
        self._update_title()

    # -- puzzles mode (the controller is made, and imported, when first opened) -------------

    def open_puzzles(self) -> None:
        if self.puzzles is None:
            from dame_desktop.ui.puzzles.controller import PuzzleController

            self.puzzles = PuzzleController(self, self.board, self)
            self.lines.addWidget(self.puzzles.panel)
        self.puzzles.start()

    def in_puzzles(self) -> bool:
        return self.puzzles is not None and self.navigator is self.puzzles.navigator

    def enter_puzzles(self, navigator: Navigator, panel: QWidget) -> None:
        """The puzzles' navigator and panel in place of the game's (the game waits)."""
        if self.studying() and not self.in_puzzles():
            self.leave_study()
        self.controller.pause()
        self.play.close_game_over()
        self.huff_bar.hide()
        self.action("hint").setVisible(False)  # the engine's hint would give puzzles away
        self.players_label.hide()  # the game's players and rules: the panel says its own
        self.rules_label.hide()
        self.clocks.set_aside(True)
        self._docks_aside = self._set_docks_aside()
        self._set_navigator(navigator)
        self.lines.setCurrentWidget(panel)
        self._widen_side()

    def leave_puzzles(self) -> None:
        self.action("hint").setVisible(True)
        self.players_label.show()
        self.rules_label.show()
        self.clocks.set_aside(False)
        for action_id in self._docks_aside:  # the docks put aside for the puzzles come back
            self.action(action_id).setChecked(True)
        self._docks_aside = []
        self._set_navigator(self.live)
        self.controller.resume()  # the game goes on where it was paused

    def _set_docks_aside(self) -> list[str]:
        """The docks closed while the puzzles are shown (their View items follow, the user may
        open them again); they come back when the puzzles are left.  The engine's analysis
        always goes (its line would give the puzzle away, as its hint would); in a narrow
        window the docked explorer goes too (beside the puzzles panel it would leave the
        puzzle a small board).  The ids of those closed."""
        narrow = self.width() < TABBED_DOCKS_BELOW
        aside = [
            action_id
            for action_id, dock, always in (
                ("explorer", self.explorer.dock, False),
                ("analysis", self.analysis.dock, True),
            )
            if self.action(action_id).isChecked() and (always or (narrow and not dock.isFloating()))
        ]
        for action_id in aside:
            self.action(action_id).setChecked(False)
        return aside

    def leave_puzzles_mode(self) -> None:
        if self.puzzles is not None and self.in_puzzles():
            self.puzzles.stop()

    def _widen_side(self) -> None:
        """Comments and variations need more room than the plain move table."""
        self._fit_board()

    # -- what the parts say ------------------------------------------------------------------

    def show_moves(self) -> None:
        """The played game's move list, its end named by player at the bottom."""
        self.model.set_game(
            self.controller.game, result=self.play.result_text(), notation=self.family.notation
        )
        row = self.model.result_row()
        self.move_view.clearSpans()
        if row is not None:
            self.move_view.setSpan(row, 1, 1, 2)
        if self.is_playing():
            self._select_current()  # the rebuilt list marks the shown move again

    def _on_navigator_changed(self, animate: bool = True) -> None:
        self.hints.forget()  # a hint belongs to the position it was asked for
        self._show_navigator(animate)

    def _show_navigator(self, animate: bool = True) -> None:
        nav = self.navigator
        live_end = nav is self.live and self.live.is_live()
        self.play.turn_board()
        self.board.set_position(
            nav.position(),
            nav.playable(),
            last_move=nav.last_move(),
            animate=animate and live_end,
            blown=nav.blown(),
        )
        self.marks.show()
        self.board.bind_touch(nav.touched())
        self.board.set_idle_reason(self.play.idle_reason())
        self.board.setAccessibleDescription(self._position_text())
        if nav is self.live:
            self._select_current()
        self._update_labels()
        history = nav.history()
        self.announcer.position_shown(
            nav.position(),
            history[-1] if history else None,
            nav.last_move(),
            self.play.status_text(),
        )
        self.update_actions()
        self.analysis.follow(nav)
        self.explorer.follow()
        self.family.follow_view()  # the board's labels for the shown rules
        self.clocks.follow_view()  # the live clocks stand still while it is not shown

    def _position_text(self) -> str:
        return self.family.position_text(self.navigator.position())

    def position_text(self, position: Position) -> str:
        """``position`` in words as the window says it (Edit › Copy position as text)."""
        return self.family.position_text(position)

    def notation(self) -> Notation:
        """How the window names squares now (the preference; the set-up editor too)."""
        return self.family.notation

    def _on_moves_changed(self) -> None:
        if self.is_playing():
            self.board.set_moves(self.live.playable())
            self.board.bind_touch(self.live.touched())
            self.board.set_idle_reason(self.play.idle_reason())
            self._update_labels()
            self.update_actions()

    def _on_study_edited(self) -> None:
        game = self.study.game
        if game is not None:
            self.document.game_edited(game)

    def _on_headers_changed(self) -> None:
        """The studied game's names may have changed: the labels show the new ones."""
        game = self.study.game
        if game is not None:
            self.play.studied_names_changed(game)
        self._update_labels()

    def _fill_tree_menu(self, menu: QMenu) -> None:
        for name in ("promote", "deleteVariation", "deleteAfter"):
            menu.addAction(self.action(name))
        menu.addSeparator()
        menu.addMenu(self.actions_table.menus["marks"])
        menu.addAction(self.action("headers"))

    # -- what the user does ----------------------------------------------------------------

    def _on_board_move(self, move: Move) -> None:
        self.board.set_hint(None)
        if not self.navigator.play(move):
            self.show_message(self.tr("It is not your turn."))

    def step(self, delta: int) -> None:
        self.navigator.step(delta)

    def _on_move_clicked(self, index: QModelIndex) -> None:
        entry = self.model.entry_at(index)
        if entry is not None and self.is_playing():
            self.live.show_step(entry)

    def _select_current(self) -> None:
        entries = self.model.entries()
        index = self.live.index
        current = (len(entries) - 1 if index is None else index) if entries else None
        if current is None or current < 0:
            self.model.set_current(None)
            self.move_view.clearSelection()
            return
        self.model.set_current(current)
        model_index = self.model.index_of(current)
        self.move_view.setCurrentIndex(model_index)
        self.move_view.scrollTo(model_index)

    # -- status ------------------------------------------------------------------------------

    def _update_labels(self) -> None:
        self.turn_label.setText(self.play.status_text())
        names = self.play.names()
        lines = []
        for colour in (Color.WHITE, Color.BLACK):
            side = self.play.colour_text(colour)
            lines.append(side if names[colour] == side else f"{side}: {names[colour]}")
        self.players_label.setText("\n".join(lines))
        rules = self.current_rules()
        self.rules_label.setText(self.tr("Rules: %1").replace("%1", texts.rules_name(rules)))
        try:
            base = matching_preset(rules) or find_rules(rules.key)
        except RulesError:
            base = None
        changed = differences(rules, base) if base is not None else {}
        self.rules_label.setToolTip(
            "\n".join(f"{name} = {value}" for name, value in changed.items())
        )

    def _update_title(self) -> None:
        self.setWindowTitle(self.document.title() or self.tr("Dame"))

    def update_actions(self) -> None:
        self.actions_table.update()

    def show_message(self, text: str) -> None:
        self.last_message = text
        self.statusBar().showMessage(text, 6000)
        self.announcer.message(text)

    # -- preferences ---------------------------------------------------------------------------

    def apply_preferences(self, prefs: Preferences) -> None:
        """Show the window as ``prefs`` say (the language is the session's business)."""
        board = self.board
        colors = prefs.board_colors()
        board.set_theme(
            theme_named(
                prefs.board_theme,
                (colors.light_square, colors.dark_square, colors.light_piece, colors.dark_piece),
            )
        )
        self.action("numbers").setChecked(prefs.show_square_numbers)
        self.action("animate").setChecked(prefs.animate)
        self.action("turn").setChecked(prefs.turn_board_hot_seat)
        self.play.apply_preferences(prefs)
        board.animation_ms = prefs.animation_ms
        self.family.apply_preferences(prefs)
        self.clocks.apply_preferences(prefs)
        self.study.set_notation(self.family.notation)  # a studied file's moves too
        self.analysis.apply_preferences(prefs)
        self.explorer.apply_preferences(prefs)
        self.tables.apply_preferences(prefs)
        game = self.controller.game
        running = self.controller.against_computer() and bool(game.moves) and not game.is_over
        self.opponent.apply_preferences(prefs, game_running=running)
        self.sync_numbers_action()

    def sync_numbers_action(self) -> None:
        """View › Show square numbers shows the board's own state (the user's choice, which
        the board keeps; the preference is not touched); it has nothing to switch where the
        texts name squares by coordinates."""
        action = self.action("numbers")
        blocked = action.blockSignals(True)
        action.setChecked(self.board.numbers_wanted())
        action.setEnabled(self.board.numbers_for_notation())
        action.blockSignals(blocked)

    # -- layout ------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.splitter and event.type() == QEvent.Type.Resize:
            self._fit_board()  # the splitter's own new size, not the window's
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted:  # the first show: the window (maybe restored) fits its screen
            self._fitted = True
            screen_fit.fit_window(self)

    def _clocks_given(self) -> bool:
        return self.board_area.clocks is not None

    def _side_needs(self) -> int:
        """The side panel's narrowest width for the page it shows (a page that scrolls, or
        has a part that scrolls, such as the puzzles', needs the width of what scrolls)."""
        need = self.side.minimumSizeHint().width()
        page = self.lines.currentWidget()
        scroll = page if isinstance(page, QScrollArea) else None
        if scroll is None and page is not None:
            scroll = page.findChild(QScrollArea)
        content = scroll.widget() if scroll is not None else None
        layout = self.side.layout()
        if scroll is not None and content is not None and layout is not None:
            margins = layout.contentsMargins()
            scrollbar = scroll.verticalScrollBar().sizeHint().width()
            width = content.minimumSizeHint().width() + scrollbar
            need = max(need, width + margins.left() + margins.right())
        return need

    def _fit_board(self) -> None:
        """The board as tall as the central area, the clocks beside it; the side panel as
        wide as its content needs (its text grows with the window) and the rest of the width
        around the board."""
        total = self.splitter.width() - self.splitter.handleWidth()
        height = self.splitter.height()
        if total <= 0 or height <= 0:
            return
        scale = max(1.0, min(1.6, height / 640))
        side_max = round(SIDE_MAX * scale)
        wanted = total - self.board_area.width_for_height(height)
        side = max(SIDE_MIN, min(side_max, wanted))
        if self.studying():  # comments and variations need more room than the move table,
            # but not at the board's cost: it keeps most of the height (a small screen, docks)
            board = max(
                self.board_area.minimumSizeHint().width(),
                self.board_area.width_for_height(round(height * STUDY_BOARD_SHARE)),
            )
            side = max(side, min(STUDY_SIDE, total - board))
        # never narrower than the page shown needs (a scrolling page such as the puzzles'
        # does not scroll sideways: its content would be cut off)
        side = max(side, min(self._side_needs(), total - self.board_area.minimumSizeHint().width()))
        self.splitter.setSizes([total - side, side])
        font = QFont(self._base_font)
        if self._base_font.pointSizeF() > 0:
            font.setPointSizeF(self._base_font.pointSizeF() * max(1.0, min(scale, side / 260)))
        # the side panel's text, the huffing question (its style sheet stops the font from
        # being passed down) and the clocks' names grow with the window
        if font != self.side.font():
            self.side.setFont(font)
            self.explorer.panel.setFont(font)  # the explorer's lists read like the side panel
            for top in (self.huff_bar, self.clocks.panel if self._clocks_given() else None):
                if top is None:
                    continue
                for widget in (top, *top.findChildren(QWidget)):
                    if getattr(widget.parentWidget(), "time_label", None) is not widget:
                        widget.setFont(font)  # not the clocks' big times: their own size

    # -- drops, language, closing ------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _dropped_path(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = _dropped_path(event)
        if path is not None:
            event.acceptProposedAction()
            self.document.open_path(path)

    def retranslate_ui(self) -> None:
        """Every text of the window again, in the language now installed."""
        self.actions_table.retranslate()
        self.study.retranslate()
        self._accessible_names()
        self.show_moves()  # entries carry translated notes
        self.board.set_idle_reason(self.play.idle_reason())
        self.play.retranslate()
        self.tables.retranslate_ui()
        self._update_labels()
        self._update_title()
        self.board.setAccessibleDescription(self._position_text())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.document.may_close_document():
            event.ignore()
            return
        self.closing.emit()
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Cancel the engine and stop its thread (also done on close)."""
        self.shut_down.emit()
        self.controller.shutdown()
        self.document.shutdown()
        self.family.close()
        self.clocks.close()
        self.analysis.shutdown()
        self.explorer.shutdown()
        self.hints.forget()
        self.tables.close()
        self.client.close()


def _dropped_path(event: QDropEvent | QDragEnterEvent) -> Path | None:
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            return Path(url.toLocalFile())
    return None
