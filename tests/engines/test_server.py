"""``dame hub`` speaking the protocol on a real pipe, line by line."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from dame_desktop.core import Position, find_rules
from dame_desktop.engines.protocol import (
    parse_line,
    parse_move,
    parse_position,
    position_text,
)
from tests.engines.helpers import dame_command


class Pipe:
    """``dame hub`` as a child process, with a reader so no read blocks forever."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [*dame_command(), "hub", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, command: str, timeout: float = 120) -> list[tuple[str, dict[str, str]]]:
        """Lines up to and including the first ``command`` line."""
        got = []
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.01))
            parsed = parse_line(line)
            got.append(parsed)
            if parsed[0] == command:
                return got

    def close(self) -> int:
        if self.proc.poll() is None:
            self.send("quit")
        return self.proc.wait(10)


@pytest.fixture()
def hub() -> Iterator[Pipe]:
    pipe = Pipe()
    yield pipe
    pipe.close()


def start(pipe: Pipe, *params: tuple[str, str]) -> list[tuple[str, dict[str, str]]]:
    pipe.send("hub")
    declared = pipe.until("wait")
    for name, value in params:
        pipe.send(f'set-param name={name} value="{value}"')
    pipe.send("init")
    pipe.until("ready")
    return declared


def test_handshake_declares_variants_and_our_rules_parameter(hub: Pipe) -> None:
    declared = start(hub)
    assert declared[0][0] == "id" and declared[0][1]["name"] == "Dame"
    params = {args["name"]: args for command, args in declared if command == "param"}
    assert params["variant"]["value"] == "normal"
    assert {"normal", "german", "english", "losing"} <= set(params["variant"]["values"].split())
    assert params["dame-rules"]["type"] == "string"


def test_international_search_gives_info_and_a_legal_done(hub: Pipe) -> None:
    start(hub)
    rules = find_rules("international")
    begin = Position.start(rules)
    hub.send(f"pos pos={position_text(begin)}")
    hub.send("level move-time=0.3")
    hub.send("go think")
    lines = hub.until("done")
    infos = [args for command, args in lines if command == "info"]
    assert infos and all("depth" in i and "score" in i for i in infos)
    move = parse_move(lines[-1][1]["move"], begin)
    assert move in begin.legal_moves()
    parse_move(lines[-1][1]["ponder"], begin.play(move))


def test_german_by_our_parameter_on_the_8x8_board(hub: Pipe) -> None:
    start(hub, ("dame-rules", "german huffing=on"))
    rules = find_rules("german").with_switches(["huffing=on"])
    pos = Position.from_fen("W:W22,30:B18", rules)
    text = position_text(pos)
    assert len(text) == 33 and parse_position(text, rules) == pos
    hub.send(f"pos pos={text}")
    hub.send("level depth=5")
    hub.send("go analyze")
    lines = hub.until("done")
    assert lines[-1][1]["move"] == "22x15x18"  # from, to, captured
    last_info = [args for command, args in lines if command == "info"][-1]
    assert last_info["mate"] == "1" and float(last_info["score"]) > 99


def test_moves_after_the_position_and_stop_and_ping_during_a_search(hub: Pipe) -> None:
    start(hub, ("variant", "english"))
    rules = find_rules("english")
    begin = Position.start(rules)
    hub.send(f'pos pos={position_text(begin)} moves="11-15 23-19"')
    hub.send("level infinite")
    hub.send("go analyze")
    time.sleep(0.5)
    hub.send("ping")
    assert hub.until("pong")[-1][0] == "pong"  # answered while it thinks
    hub.send("stop")
    lines = hub.until("done", timeout=120)
    after = begin.play(begin.parse_move("11-15"))
    after = after.play(after.parse_move("23-19"))
    assert parse_move(lines[-1][1]["move"], after) in after.legal_moves()


def test_ponder_runs_until_ponder_hit(hub: Pipe) -> None:
    start(hub)
    begin = Position.start(find_rules("international"))
    hub.send(f"pos pos={position_text(begin)}")
    hub.send("level move-time=0.2")
    hub.send("go ponder")
    time.sleep(0.8)
    assert all(parse_line(line)[0] != "done" for line in list(hub.lines.queue))
    hub.send("ponder-hit")
    assert hub.until("done", timeout=120)[-1][0] == "done"


def test_bad_input_is_answered_with_an_error_line(hub: Pipe) -> None:
    start(hub)
    hub.send("pos pos=Wxyz")
    assert "characters" in hub.until("error")[-1][1]["message"]
    hub.send('info this="is not closed')
    assert "unbalanced" in hub.until("error")[-1][1]["message"]
    hub.send("go think")
    assert "no position" in hub.until("error")[-1][1]["message"]
    hub.send("frobnicate now")  # unknown: ignored
    hub.send("ping")
    assert hub.until("pong")[-1][0] == "pong"


def test_unknown_rules_give_an_error_and_the_defaults(hub: Pipe) -> None:
    hub.send("hub")
    hub.until("wait")
    hub.send("set-param name=dame-rules value=checkers-of-mars")
    hub.send("init")
    lines = hub.until("ready")
    assert any(c == "error" and "unknown rule set" in a["message"] for c, a in lines)


def test_quit_and_end_of_input_end_the_process() -> None:
    pipe = Pipe("--rules", "german")
    pipe.send("quit")
    assert pipe.proc.wait(10) == 0
    pipe = Pipe()
    assert pipe.proc.stdin is not None
    pipe.proc.stdin.close()  # the GUI is gone
    assert pipe.proc.wait(10) == 0


def test_default_rules_from_the_command_line() -> None:
    done = subprocess.run(
        [*dame_command(), "hub", "--rules", "german", "--set", "huffing=on"],
        input="hub\nquit\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    params = {a["name"]: a for c, a in map(parse_line, done.stdout.splitlines()) if c == "param"}
    assert params["variant"]["value"] == "german"
    assert params["dame-rules"]["value"] == "german huffing=on"
    bad = subprocess.run(
        [*dame_command(), "hub", "--rules", "nope"], capture_output=True, text=True, timeout=30
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_engines_and_the_commands_are_qt_free() -> None:
    probe = (
        "import json, sys\nimport dame_desktop.engines, dame_desktop.cli.analyse, "
        "dame_desktop.cli.hub, dame_desktop.engines.server\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6'))))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
