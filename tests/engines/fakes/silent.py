"""Starts and never answers 'hub' (a hang in the handshake); with 'v1', speaks version 1."""

import sys
import time

if len(sys.argv) > 1 and sys.argv[1] == "v1":
    for line in sys.stdin:
        if line.startswith("hub"):
            print("wait", flush=True)
time.sleep(60)
