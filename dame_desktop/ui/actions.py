"""The window's one table of actions: id, text, shortcut, menu, handler, enabled-when.

Every part of the window (play, document, study, session) describes its commands as
:class:`ActionSpec` rows; :class:`ActionTable` turns the rows into ``QAction``s, fills the
menus and the toolbar, sets every text again when the language changes and asks every
``enabled`` rule again when the window's state changes.  A menu lists its rows by their
``order`` (rows of the same order in the order they were added), so a part added later can
still put a row before another part's (File › Quit stays last): the order is data, nobody
moves actions around in a built menu.  Texts are
callables (``lambda: self.tr("&Open…")``) so that they are looked up in the language in use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

Shortcut = QKeySequence.StandardKey | str


@dataclass(frozen=True)
class MenuSpec:
    """A menu of the menu bar (or a submenu of the menu ``parent``)."""

    id: str
    text: Callable[[], str]
    parent: str | None = None


@dataclass(frozen=True)
class ActionSpec:
    """One command.  ``menu`` is the menu id (None: a shortcut only); ``checkable`` actions
    call ``handler(checked)`` on toggle, the others ``handler()`` -- never with Qt's
    ``checked`` argument."""

    id: str
    text: Callable[[], str]
    handler: Callable[..., object]
    menu: str | None = None
    shortcuts: Sequence[Shortcut] = ()
    enabled: Callable[[], bool] | None = None
    checkable: bool = False
    checked: bool = False
    toolbar: bool = False
    separator_before: bool = False
    tip: Callable[[], str] | None = None
    role: QAction.MenuRole | None = None
    submenu: QMenu | str | None = None  # the action opens this menu (or the table's menu id)
    order: int = 0  # the place in its menu: lower first (see the module docstring)


LAST = 1000
"""The order of a menu's closing row (File › Quit)."""


class ActionTable:
    """Builds and keeps the actions, menus and toolbar of ``window``."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.specs: dict[str, ActionSpec] = {}
        self.actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        self.menu_specs: dict[str, MenuSpec] = {}
        self._rows: dict[str, list[ActionSpec]] = {}  # menu id -> its rows, as added
        self.toolbar: QToolBar | None = None
        self._toolbar_title: Callable[[], str] | None = None

    def add_menus(self, menus: Sequence[MenuSpec]) -> None:
        bar = self.window.menuBar()
        for spec in menus:
            # a submenu stands where an action with ``submenu=`` its id puts it
            menu = QMenu(spec.text(), self.window) if spec.parent else bar.addMenu(spec.text())
            menu.setObjectName(spec.id + "Menu")
            self.menus[spec.id] = menu
            self.menu_specs[spec.id] = spec

    def add_toolbar(self, name: str, title: Callable[[], str]) -> QToolBar:
        bar = self.window.addToolBar(title())
        bar.setObjectName(name)
        self.toolbar = bar
        self._toolbar_title = title
        return bar

    def add(self, specs: Sequence[ActionSpec]) -> None:
        for spec in specs:
            if spec.id in self.specs:
                raise ValueError(f"two actions are called {spec.id}")
            action = QAction(spec.text(), self.window)
            action.setObjectName(spec.id + "Action")
            if spec.shortcuts:
                action.setShortcuts([QKeySequence(s) for s in spec.shortcuts])
            if spec.role is not None:
                action.setMenuRole(spec.role)
            if spec.submenu is not None:
                sub = self.menus[spec.submenu] if isinstance(spec.submenu, str) else spec.submenu
                action.setMenu(sub)
            if spec.checkable:
                action.setCheckable(True)
                action.setChecked(spec.checked)
                action.toggled.connect(spec.handler)
            else:
                handler = spec.handler
                action.triggered.connect(lambda _checked=False, h=handler: h())
            self.window.addAction(action)
            self.specs[spec.id] = spec
            self.actions[spec.id] = action
            if spec.menu is not None:
                self._rows.setdefault(spec.menu, []).append(spec)
            if spec.toolbar and self.toolbar is not None:
                self.toolbar.addAction(action)
        for menu_id in {spec.menu for spec in specs if spec.menu is not None}:
            self._fill(menu_id)
        self.retranslate()

    def _fill(self, menu_id: str) -> None:
        """Lay out the menu ``menu_id`` from its rows, by ``order`` (a stable sort)."""
        menu = self.menus[menu_id]
        menu.clear()
        for spec in sorted(self._rows[menu_id], key=lambda s: s.order):
            if spec.separator_before and menu.actions():
                menu.addSeparator()
            menu.addAction(self.actions[spec.id])

    def __getitem__(self, action_id: str) -> QAction:
        return self.actions[action_id]

    def retranslate(self) -> None:
        for action_id, spec in self.specs.items():
            action = self.actions[action_id]
            action.setText(spec.text())
            if spec.tip is not None:
                action.setToolTip(spec.tip())
        for menu_id, menu_spec in self.menu_specs.items():
            self.menus[menu_id].setTitle(menu_spec.text())
        if self.toolbar is not None and self._toolbar_title is not None:
            self.toolbar.setWindowTitle(self._toolbar_title())

    def update(self) -> None:
        """Ask every ``enabled`` rule again."""
        for action_id, spec in self.specs.items():
            if spec.enabled is not None:
                self.actions[action_id].setEnabled(bool(spec.enabled()))
