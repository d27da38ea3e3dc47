"""The action table: menus are laid out by each row's order, whoever adds it when."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from dame_desktop.ui.actions import LAST, ActionSpec, ActionTable, MenuSpec


def layout(table: ActionTable, menu_id: str) -> list[str]:
    return [
        "---" if a.isSeparator() else a.objectName().removesuffix("Action")
        for a in table.menus[menu_id].actions()
    ]


def test_rows_added_later_take_their_place_by_order(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    table = ActionTable(window)
    table.add_menus([MenuSpec("file", lambda: "&File"), MenuSpec("view", lambda: "&View")])
    calls: list[str] = []

    def row(name: str, menu: str, **kw: object) -> ActionSpec:
        return ActionSpec(name, lambda: name, lambda: calls.append(name), menu=menu, **kw)  # type: ignore[arg-type]

    table.add([row("open", "file"), row("quit", "file", order=LAST, separator_before=True)])
    table.add([row("step", "view"), row("variation", "view", order=10, separator_before=True)])
    table.add(
        [
            row("analyse", "file"),
            row("panel", "view", order=20, separator_before=True),
            row("flip", "view"),
        ]
    )
    assert layout(table, "file") == ["open", "analyse", "---", "quit"]
    assert layout(table, "view") == ["step", "flip", "---", "variation", "---", "panel"]
    table["quit"].trigger()
    table["analyse"].trigger()
    assert calls == ["quit", "analyse"], "the actions survive the menus' new layout"
