"""A hanging engine does not outlive a Dame killed with SIGKILL.

A real process plays Dame's part: it starts a fake Hub engine that ignores its input, 'stop'
and SIGTERM, asks it for a move (the engine writes its pid when the search began) and waits.
The test kills that process with SIGKILL -- no Python code of Dame runs after it -- and waits
for the engine to end (polled, with a bound far above what an ending process needs).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.engines.helpers import fake, needs_proc, process_ended, wait_until

ROOT = Path(__file__).resolve().parents[2]

DAME_SIDE = """
import sys, threading
from dame_desktop.ai.search import Limit
from dame_desktop.core import Position, find_rules
from dame_desktop.engines import HubEngine
engine = HubEngine(sys.executable, (sys.argv[1], "--searching", sys.argv[2]), margin=600.0)
rules = find_rules("international")
threading.Thread(
    target=engine.think, args=(Position.start(rules), Limit(movetime=600.0)), daemon=True
).start()
print(engine.process.pid, flush=True)
threading.Event().wait()
"""


@needs_proc
def test_a_hanging_engine_ends_when_dame_is_killed(tmp_path: Path) -> None:
    searching = tmp_path / "searching"
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    dame = subprocess.Popen(
        [sys.executable, "-c", DAME_SIDE, fake("hang"), str(searching)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert dame.stdout is not None
        engine = int(dame.stdout.readline())
        wait_until(lambda: searching.exists() and searching.read_text().strip() != "", "search")
        assert int(searching.read_text().split()[0]) == engine
        dame.send_signal(signal.SIGKILL)
        dame.wait()
        wait_until(lambda: process_ended(engine), f"the engine {engine} ends after Dame's death")
    finally:
        if dame.poll() is None:
            dame.kill()
            dame.wait()
