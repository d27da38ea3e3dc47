"""The window's study-with-an-engine glue: the analysis panel (in a dock), the evaluation
graph (under the move list), Game › Analyse game…, File › Analyse file… and the engine in use.

Mounting (the window)::

    self.analysis = AnalysisController(self, self.document, self.study, self)
    self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.analysis.dock)
    column.addWidget(self.analysis.graph)                 # under the move list / tree
    table.add(self.analysis.action_specs())
    self.analysis.follow(navigator)                       # every time the shown line changes
    self.analysis.apply_preferences(prefs)                # with the window's preferences
    self.analysis.shutdown()                              # before the window goes

The session listens to ``preference_changed(key, value)`` (``analysis_panel``,
``analysis_lines``, ``analysis_movetime``) and saves the preferences.

Choices:

- The panel follows whichever navigator the window shows: every change gives it the shown
  position with its history (the panel itself stops while hidden and drops stale lines).
- A click on a move of the panel's line plays the line up to that move into the tree (one
  ``TreeNavigator.play`` per move, so it becomes a variation or follows the existing one)
  -- only while a game is studied.  In a live game the line is only shown: playing it would
  move for the human, or take moves the opponent has not made; the status bar says so.
- While a position is set up (File › Set up a position…) the panel analyses the editor's
  board instead of the shown position: :meth:`AnalysisController.follow_setup` (the window
  calls it when the editor opens) listens to the editor's ``position_edited``; every edit
  restarts the panel, which starts a search only when the edits pause (the panel's start
  delay) and drops the answers of an earlier board.  A board one cannot play from is not
  analysed and the panel says why.  When the editor closes, the panel goes back to the
  shown position (or to the new game the editor started).
- The graph shows the studied game's main line (its ``[%eval]`` values and marks, the panel's
  live value where the line has none); it is hidden while a game is played.
- Analyse game works on the studied game; on a live game it analyses the game's record and
  then opens the annotated record as a new file's game (the document asks before the game
  in progress goes).
- The engine in use is ``prefs.engine`` (a Hub engine the user added) or the built-in one;
  :func:`~dame_desktop.ui.analysis.runner.hub_factory` gives the Hub engine only the rules
  it declares, so the built-in engine speaks for every other rule set and the panel names
  the engine that speaks.
- One verdict on a bad engine: the panel's runner reports a Hub engine's failure only as
  ``external_failed(path, reason)``, which the window hands to
  ``OpponentEngine.report_failure`` (one message, and play leaves the engine too); when
  play finds it broken first, the window calls :meth:`AnalysisController.engine_judged`.
  Either way the panel uses the built-in engine until the engine is chosen anew.  Analyse
  game/file report their engine failures the same way, and start with the built-in
  engine once the verdict is in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QWidget

from dame_desktop import pdn
from dame_desktop.core import Move, Position, RuleSet
from dame_desktop.engines.faults import Fault
from dame_desktop.store.settings import Preferences
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.analysis.graph import EvaluationGraph
from dame_desktop.ui.navigation import Navigator
from dame_desktop.ui.study.navigator import TreeNavigator
from dame_desktop.ui.words.notation import Notation

if TYPE_CHECKING:  # the panel, its engines and the dialogs load when first used
    from dame_desktop.engines import Engine
    from dame_desktop.ui.analysis import (
        AnalyseFileDialog,
        AnalyseGameDialog,
        AnalysisPanel,
        PanelEvaluation,
    )
    from dame_desktop.ui.app.document import DocumentController
    from dame_desktop.ui.engine_thread import EngineLane
    from dame_desktop.ui.study.setup_editor import SetupEditor
    from dame_desktop.ui.study.study import StudyController


class _Dock(QDockWidget):
    """The panel's dock: its title follows the language."""

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setWindowTitle(self.tr("Analysis"))
        super().changeEvent(event)


def mainline_ply(node: pdn.GameNode) -> int:
    """The ply of ``node`` on its game's main line (0: the start), -1 when it is in a
    variation."""
    ply = 0
    while isinstance(node, pdn.ChildNode):
        parent = node.parent
        assert parent is not None
        if parent.variations[0] is not node:
            return -1
        ply += 1
        node = parent
    return ply


def node_ply(node: pdn.GameNode) -> int:
    """Plies from the start of the game to ``node`` (along its own line)."""
    ply = 0
    while node.parent is not None:
        ply += 1
        node = node.parent
    return ply


class AnalysisHost(Protocol):
    """What the analysis glue needs from the window."""

    navigator: Navigator  # the shown line

    def studying(self) -> bool: ...

    def has_played_moves(self) -> bool: ...

    def played_game(self) -> pdn.Game: ...

    def commit_edits(self) -> None: ...

    def current_rules(self) -> RuleSet: ...

    def show_study(self, game: pdn.Game) -> None: ...

    def show_message(self, text: str) -> None: ...

    def action(self, action_id: str) -> QAction: ...

    def find_action(self, action_id: str) -> QAction | None: ...

    def fit_dock(self, dock: QDockWidget) -> None: ...


class AnalysisController(QObject):
    """See the module docstring."""

    preference_changed = Signal(str, object)  # a preferences key and its new value
    external_failed = Signal(str, object)  # the Hub engine's path, its Fault (panel found it)

    def __init__(
        self,
        host: AnalysisHost,
        document: DocumentController,
        study: StudyController,
        dialog_parent: QWidget,
        lane: EngineLane | None = None,
    ) -> None:
        super().__init__(dialog_parent)
        self.host = host
        self.lane = lane  # the engine thread the panel's lines share (None: one of its own)
        self.document = document
        self.study = study
        self.parent_widget = dialog_parent
        self.engine_path = ""  # "" = the built-in engine
        self.engine_name = ""
        self.engine_broken = False  # found broken (here or by play): built-in until chosen anew
        self.movetime = 1.0
        self._panel: AnalysisPanel | None = None  # made when first shown (see panel)
        self._more_lines = False
        self._notation = Notation.RULES
        self.dock = _Dock()
        self.dock.setObjectName("analysisDock")
        self.dock.setWindowTitle(self.tr("Analysis"))
        self.dock.hide()  # View › Analysis (and the preferences) show it
        self.graph = EvaluationGraph()
        self.graph.hide()
        self._graph_game: pdn.Game | None = None
        self.game_dialog: AnalyseGameDialog | None = None
        self.file_dialog: AnalyseFileDialog | None = None
        self.setup_editor: SetupEditor | None = None  # the editor the panel follows
        self.graph.ply_clicked.connect(self._on_ply_clicked)
        self._dock_toggled = self.dock.toggleViewAction().toggled.connect(self._on_dock_toggled)

    @property
    def panel(self) -> AnalysisPanel:
        """The analysis panel in the dock, made the first time it is asked for (shown): the
        window starts without loading the engines.  Until then the shown position is not
        handed to anyone; the new panel starts with the one shown then."""
        if self._panel is None:
            from dame_desktop.ui.analysis.panel import AnalysisPanel

            panel = self._panel = AnalysisPanel(self.make_engine, lane=self.lane)
            panel.set_more_lines(self._more_lines)
            panel.set_notation(self._notation)
            self.dock.setWidget(panel)
            panel.line_clicked.connect(self._on_line_clicked)
            panel.evaluated.connect(self._on_evaluated)
            panel.engine_failed.connect(self.host.show_message)  # the built-in engine's
            panel.runner.external_separately = True
            panel.runner.external_failed.connect(self._on_external_failed)
            panel.more_button.toggled.connect(
                lambda on: self.preference_changed.emit("analysis_lines", 3 if on else 1)
            )
            editor = self.setup_editor
            if editor is not None:
                self._on_setup_edited(editor.playable_position())
            else:
                self.follow(self.host.navigator)
        return self._panel

    # -- the engine ----------------------------------------------------------------------------

    def make_engine(self, rules: RuleSet) -> Engine:
        """The engine factory of the panel and of Analyse game (called in their threads)."""
        from dame_desktop.ui.analysis.runner import builtin_factory, hub_factory

        path = self.engine_path
        if not path or self.engine_broken:
            return builtin_factory(rules)
        return hub_factory(path)(rules)

    def set_engine(self, path: str, name: str = "") -> None:
        """Use the Hub engine at ``path`` ("" = the built-in engine) from now on."""
        self.engine_name = name
        if path != self.engine_path:
            self.engine_path = path
            self.engine_broken = False  # chosen anew: tried again
            if self._panel is not None:
                self._panel.reset_engines()

    def engine_judged(self, path: str) -> None:
        """The engine at ``path`` was found broken (by play, or by the panel): the panel
        leaves it now -- a running analysis starts again with the built-in engine."""
        if path != self.engine_path or self.engine_broken:
            return
        self.engine_broken = True
        if self._panel is not None:
            self._panel.reset_engines()

    def _on_external_failed(self, reason: Fault) -> None:
        """The panel's process of the Hub engine failed (the runner stopped it, the built-in
        engine took over): one verdict for the whole window."""
        path = self.engine_path
        if not path or self.engine_broken:
            return  # judged already: said once
        self.engine_broken = True
        self.external_failed.emit(path, reason)

    # -- actions -------------------------------------------------------------------------------

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "analysis",
                lambda: self.tr("Anal&ysis"),
                self.set_shown,
                menu="view",
                shortcuts=("F4",),
                checkable=True,
                separator_before=True,
                order=20,
                tip=lambda: self.tr("The engine's evaluation and best line of the shown position"),
            ),
            ActionSpec(
                "analyseGame",
                lambda: self.tr("&Analyse game…"),
                self.analyse_game,
                menu="game",
                separator_before=True,
                enabled=self._game_to_analyse,
            ),
            ActionSpec(
                "analyseFile",
                lambda: self.tr("Analyse &file…"),
                self.analyse_file,
                menu="file",
                enabled=self._file_to_analyse,
            ),
        ]

    def _game_to_analyse(self) -> bool:
        if self.host.studying():
            game = self.study.game
            return game is not None and bool(game.variations)
        return self.host.has_played_moves()

    def _file_to_analyse(self) -> bool:
        doc = self.document.doc
        return doc is not None and len(doc) > 0

    # -- the panel -----------------------------------------------------------------------------

    def shown(self) -> bool:
        return self.host.action("analysis").isChecked()

    def set_shown(self, on: bool) -> None:
        if on:
            _ = self.panel  # made on first show
        self.dock.setVisible(on)
        if on:
            self.host.fit_dock(self.dock)  # a quarter of the window, within reason
            self.follow(self.host.navigator)
        self.preference_changed.emit("analysis_panel", on)

    def _on_dock_toggled(self, on: bool) -> None:
        """The dock's own close button: the menu item follows.  The window closing (or
        destroyed) hides its docks too: that closes no panel."""
        if not on and not self.dock.window().isVisible():
            return
        action = self.host.find_action("analysis")
        if action is not None and action.isChecked() != on:
            action.setChecked(on)

    def follow(self, navigator: Navigator) -> None:
        """The shown position changed (or the navigator did): panel and graph follow."""
        if isinstance(navigator, TreeNavigator):
            game, node = navigator.game, navigator.node
            if game is not self._graph_game:
                self._graph_game = game
                self.graph.set_game(game)
            self.graph.setVisible(True)
            ply = mainline_ply(node)
            self.graph.set_current_ply(ply)
            plies = node_ply(node)
            token: object = (game, ply)
        else:
            self._graph_game = None
            self.graph.set_game(None)
            self.graph.setVisible(False)
            history = navigator.history()
            plies = len(history)
            token = None
        if self.setup_editor is not None or self._panel is None:
            return  # the panel analyses the position being set up, or is not made yet
        self._panel.show_position(
            navigator.position(),
            history=navigator.history(),
            quiet_plies=navigator.quiet_plies(),
            ply=plies,
            token=token,
        )

    def follow_setup(self, editor: SetupEditor | None) -> None:
        """Analyse the position being set up in ``editor`` until it closes (see the module
        docstring)."""
        if editor is None or editor is self.setup_editor:
            return
        self._leave_setup()
        self.setup_editor = editor
        editor.position_edited.connect(self._on_setup_edited)
        editor.finished.connect(self._on_setup_closed)
        self._on_setup_edited(editor.playable_position())

    def _on_setup_edited(self, position: Position | None) -> None:
        editor = self.setup_editor
        if editor is None or self._panel is None:
            return
        if position is None:
            self._panel.clear(
                self.tr("The position being set up is not analysed: %1").replace(
                    "%1", editor.problem()
                )
            )
        else:
            self._panel.show_position(position)

    def _on_setup_closed(self, _result: int = 0) -> None:
        if self._leave_setup():
            self.follow(self.host.navigator)

    def _leave_setup(self) -> bool:
        editor = self.setup_editor
        if editor is None:
            return False
        self.setup_editor = None
        editor.position_edited.disconnect(self._on_setup_edited)
        editor.finished.disconnect(self._on_setup_closed)
        return True

    def refresh_graph(self) -> None:
        """The studied game's evaluations or marks changed: draw them again."""
        self._graph_game = None
        self.follow(self.host.navigator)

    def _on_evaluated(self, evaluation: PanelEvaluation) -> None:
        token = evaluation.token
        if isinstance(token, tuple) and token[0] is self._graph_game and token[1] >= 1:
            self.graph.set_live_value(token[1], evaluation.score)

    def _on_line_clicked(self, moves: list[Move]) -> None:
        navigator = self.host.navigator
        if not isinstance(navigator, TreeNavigator):
            self.host.show_message(
                self.tr(
                    "The engine's line is played into the game only "
                    "while a game of a file is studied."
                )
            )
            return
        if self._panel is None or navigator.position() != self._panel.position():
            return  # the line belongs to another position
        for move in moves:
            if not navigator.play(move):
                break

    def _on_ply_clicked(self, ply: int) -> None:
        navigator = self.host.navigator
        if not isinstance(navigator, TreeNavigator):
            return
        game = navigator.game
        node: pdn.GameNode = game
        for _ in range(ply):
            if not node.variations:
                break
            node = node.variations[0]
        navigator.go_to(node)

    # -- Analyse game / file -------------------------------------------------------------------

    def analyse_game(self) -> AnalyseGameDialog | None:
        if not self._game_to_analyse():
            return None
        if self.game_dialog is not None and self.game_dialog.is_running():
            self.game_dialog.raise_()
            return self.game_dialog
        if self.game_dialog is not None:  # the last one (finished) goes: a session keeps one
            self.game_dialog.close()
            self.game_dialog.deleteLater()
        self.host.commit_edits()
        studied = self.host.studying()
        game = self.study.game if studied else self.host.played_game()
        assert game is not None
        doc, index = self.document.doc, self.document.index
        from dame_desktop.ui.analysis.analyse_dialog import AnalyseGameDialog

        dialog = AnalyseGameDialog(game, self.make_engine, self.parent_widget)
        dialog.engine_failed.connect(self._on_external_failed)  # the same one verdict
        dialog.movetime.setValue(self.movetime)
        dialog.movetime.valueChanged.connect(self._on_movetime)
        dialog.analysed.connect(
            lambda g, s=studied, d=doc, i=index: self._on_game_analysed(g, s, d, i)
        )
        self.game_dialog = dialog
        dialog.show()
        return dialog

    def _on_movetime(self, value: float) -> None:
        self.movetime = float(value)
        self.preference_changed.emit("analysis_movetime", float(value))

    def _on_game_analysed(
        self, game: pdn.Game, studied: bool, doc: object, index: int | None
    ) -> None:
        document = self.document
        if not studied:
            document.study_new_game(game)
            return
        if self.study.game is game:
            self.study.edited.emit()  # the tree view redraws, the document marks the edit
            self.host.navigator.changed.emit()  # the annotation panel, board and graph follow
            self.refresh_graph()
            return
        if doc is document.doc and document.doc is not None and index is not None:
            document.doc.mark_edited(index, game)  # the user went on to another game
            document.title_changed.emit()
            document.state_changed.emit()

    def analyse_file(self) -> AnalyseFileDialog | None:
        document = self.document
        doc = document.doc
        if doc is None or not len(doc):
            return None
        if self.file_dialog is not None and self.file_dialog.is_running():
            self.file_dialog.raise_()
            return self.file_dialog
        if self.file_dialog is not None:
            self.file_dialog.close()
            self.file_dialog.deleteLater()
        self.host.commit_edits()
        path = self.engine_path if not self.engine_broken else ""
        from dame_desktop.ui.analysis.analyse_dialog import AnalyseFileDialog

        dialog = AnalyseFileDialog(
            doc,
            engine_path=path or None,
            default_rules=self.host.current_rules(),
            parent=self.parent_widget,
        )
        dialog.engine_failed.connect(self._on_external_failed)  # the same one verdict
        dialog.movetime.setValue(self.movetime)
        dialog.movetime.valueChanged.connect(self._on_movetime)
        dialog.analysed.connect(lambda games, d=doc: self._on_file_analysed(d, games))
        self.file_dialog = dialog
        dialog.show()
        return dialog

    def _on_file_analysed(self, doc: object, games: dict[int, pdn.Game]) -> None:
        document = self.document
        if doc is not document.doc or document.doc is None or not games:
            return  # another file is open now: the analysis belongs to the one that went
        from dame_desktop.ui.analysis.analyse_dialog import apply_file_analysis

        apply_file_analysis(document.doc, games)
        index = document.index
        if document.studying and index is not None and index in games:
            self.host.show_study(games[index])  # the open game, as analysed
        document.title_changed.emit()
        document.state_changed.emit()

    def tables_ready(self, rules: RuleSet, pieces: int) -> None:
        """Endgame tables of ``rules`` up to ``pieces`` pieces were built: a position of
        theirs in the panel is analysed again, so that their verdict shows."""
        panel = self._panel
        position = panel.position() if panel is not None else None
        if panel is None or position is None:
            return
        if (position.white | position.black).bit_count() > pieces:
            return  # the tables do not cover it: the analysis so far stays
        from dame_desktop.ai.egtb import table_key

        if table_key(position.rules) == table_key(rules):
            panel.restart()

    # -- preferences and the end ---------------------------------------------------------------

    def apply_preferences(self, prefs: Preferences) -> None:
        self._more_lines = prefs.analysis_lines > 1
        notation = self._notation = Notation.from_value(prefs.notation)  # as the move list
        if self._panel is not None:
            self._panel.set_more_lines(self._more_lines)
            self._panel.set_notation(notation)
        self.graph.set_notation(notation)
        self.host.action("analysis").setChecked(prefs.analysis_panel)  # may make the panel
        self.movetime = prefs.analysis_movetime
        entry = prefs.engine_entry()
        self.set_engine(
            entry.path if entry is not None else "", entry.name if entry is not None else ""
        )

    def shutdown(self) -> None:
        QObject.disconnect(self._dock_toggled)  # the window's closing hides the dock
        for dialog in (self.game_dialog, self.file_dialog):
            if dialog is not None:
                dialog.shutdown()
        if self._panel is not None:
            self._panel.shutdown()
