"""The analysis thread on its own: request ids, stale updates, per-depth updates, closing."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, Qt, Slot

from dame_desktop.ui.analysis import AnalysisRunner, AnalysisUpdate

from .helpers import Emitted, hold_gui_thread, midgame, start


class Relay(QObject):
    """Lives in the GUI thread: records updates in the order they are delivered there."""

    def __init__(self) -> None:
        super().__init__()
        self.got: list[AnalysisUpdate] = []

    @Slot(object)
    def take(self, update: AnalysisUpdate) -> None:
        self.got.append(update)

    @Slot(int, object)
    def take_sent(self, _request_id: int, update: AnalysisUpdate) -> None:
        """An update as the worker sends it (its request's id, the update)."""
        self.got.append(update)


def test_updates_of_an_old_request_never_come_out(qtbot) -> None:
    runner = AnalysisRunner()
    try:
        sent, out = Relay(), Relay()
        # counted in the thread, as it sends
        with Emitted(runner._lane.worker.progressed) as emitted:
            runner._lane.worker.progressed.connect(sent.take_sent)  # everything the thread sent
            runner.updated.connect(out.take)  # what the runner passes on
            old, new = midgame(), start()
            old_id = runner.start(old)
            qtbot.waitUntil(lambda: bool(sent.got), timeout=60_000)
            # the thread queues more lines for the old position while the GUI thread is busy
            hold_gui_thread(lambda: emitted.count() > len(sent.got))
            new_id = runner.start(new)  # at once, before those are delivered
            assert new_id != old_id and runner.current_id == new_id
            at_switch, sent_at_switch = len(out.got), len(sent.got)
            qtbot.waitUntil(
                lambda: any(u.request_id == new_id and u.analysis.depth >= 3 for u in out.got),
                timeout=60_000,
            )
            assert any(u.request_id == old_id for u in sent.got[sent_at_switch:]), (
                "the scenario needs old updates delivered after the switch"
            )
            late = [u for u in out.got[at_switch:] if u.request_id != new_id]
            assert late == [], "an update of the old request came out after the switch"
            assert all(u.position == new for u in out.got[at_switch:])
            depths = [u.analysis.depth for u in out.got[at_switch:]]
            assert depths == sorted(depths) and len(set(depths)) > 1  # one update per depth
    finally:
        assert runner.close()
    assert runner.worker_thread.isFinished()


def test_several_lines_come_at_the_same_depth(qtbot) -> None:
    runner = AnalysisRunner()
    try:
        got: list[AnalysisUpdate] = []
        runner.updated.connect(got.append)
        with qtbot.waitSignal(runner.finished, timeout=60_000):
            runner.start(start(), lines=3, max_depth=5)
        assert [u.analysis.depth for u in got if not u.final] == [1, 2, 3, 4]
        assert got[-1].final and got[-1].analysis.depth == 5
        for update in got:
            assert len(update.analysis.lines) == 3
            assert {line.depth for line in update.analysis.lines} == {update.analysis.depth}
    finally:
        assert runner.close()


def test_closing_during_a_long_analysis_is_quick(qtbot) -> None:
    runner = AnalysisRunner()
    got: list[AnalysisUpdate] = []
    runner.updated.connect(got.append)
    runner.start(midgame(), max_seconds=60)
    qtbot.waitUntil(lambda: bool(got), timeout=60_000)  # the search is under way
    began = time.perf_counter()
    assert runner.close()
    # the search is stopped, not waited for (60 s): generous for a loaded machine
    assert time.perf_counter() - began < 10.0
    assert runner.worker_thread.isFinished()


def test_the_hub_factory_speaks_for_declared_variants_only(qtbot) -> None:
    import sys

    from dame_desktop.core import Position, find_rules
    from dame_desktop.ui.analysis.runner import hub_factory
    from tests.engines.helpers import dame_command, fake

    international = Position.start(find_rules("international"))

    def run(runner: AnalysisRunner, position: Position) -> list[AnalysisUpdate]:
        got: list[AnalysisUpdate] = []
        runner.updated.connect(got.append)
        with qtbot.waitSignal(runner.finished, timeout=60_000):
            runner.start(position, max_depth=3, max_seconds=5)
        runner.updated.disconnect(got.append)
        return got

    command = dame_command()
    runner = AnalysisRunner(hub_factory(command[0], (*command[1:], "hub")))
    try:
        got = run(runner, international)
        assert got and not got[-1].builtin and got[-1].engine == "Dame"  # `dame hub` speaks
    finally:
        assert runner.close()
    # a fake engine that declares International only and crashes in a search
    runner = AnalysisRunner(hub_factory(sys.executable, (fake("crash"),)))
    failures: list[str] = []
    runner.engine_failed.connect(failures.append)
    try:
        got = run(runner, start())  # German: not declared, the built-in engine speaks
        assert got and got[-1].builtin and failures == []
        got = run(runner, international)  # declared: it crashes, the built-in one takes over
        assert got and got[-1].builtin and len(failures) == 1
    finally:
        assert runner.close()


def test_a_stopped_requests_tables_are_freed_later_not_during_the_repaint(qtbot) -> None:
    from dame_desktop.ai.search import SearchMemory
    from dame_desktop.engines.builtin import BuiltinEngine
    from dame_desktop.ui.analysis import runner as runner_module

    memories: list[SearchMemory] = []

    def small(rules):  # a small table, so the search sets tables aside while it runs
        # (generations of 100 entries: a search of the midgame fills several of them well
        # before depth 7, however late the stop reaches it)
        memory = SearchMemory(limit=300, keep_dropped=True)
        memories.append(memory)
        return BuiltinEngine(memory)

    runner = AnalysisRunner(small)
    try:
        # what the tables set aside hold at the moment the stopped search answers, seen in the
        # worker's thread as it answers (a busy machine may bring the answer to this thread
        # only after the idle free ran)
        set_aside: list[bool] = []
        updates = Relay()
        runner._lane.worker.answered.connect(
            lambda *sent: set_aside.append(bool(memories[0].dropped)),
            Qt.ConnectionType.DirectConnection,
        )
        runner.updated.connect(updates.take)
        runner.start(midgame(), max_seconds=5.0)
        qtbot.waitUntil(lambda: any(u.analysis.depth >= 7 for u in updates.got), timeout=60_000)
        began = time.monotonic()
        runner.stop()  # the shown position changed: the window repaints now
        qtbot.waitUntil(lambda: bool(set_aside), timeout=60_000)
        assert set_aside == [True]  # not freed while the change is painted
        qtbot.waitUntil(lambda: not memories[0].dropped, timeout=60_000)
        assert time.monotonic() - began >= runner_module.IDLE_FREE_MS / 1000 * 0.9
    finally:
        assert runner.close()
