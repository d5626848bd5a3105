#!/usr/bin/env python3
"""The shared bench's wallet_flow.py, with a terminal that answers status queries as real ones do.

usage: answering_flow.py BENCH_FOLDER [wallet_flow.py's arguments]

pyte, the emulator the shared driver reads the screen with, answers a device status report
(DSR 5, ESC [ 5 n) by calling its write_process_input, which does nothing unless it is given
somewhere to write. xterm, tmux, Terminal.app, iTerm2 and every VT100 descendant answer
ESC [ 0 n. Here pyte's answer goes back to the program, as a real terminal's would: the wallet
asks after a lone ESC, and knows from the answer that no sequence is coming (issue 21).
"""
import os
import runpy
import sys

bench = sys.argv[1]
sys.path.insert(0, bench)
import tui  # noqa: E402

plain_init = tui.Term.__init__


def answering_init(self, *args, **kwargs):
    plain_init(self, *args, **kwargs)
    # Straight to the pty: pexpect's write sleeps its delaybeforesend (50 ms) first, which the
    # driver's own keys pay before their timing starts, and an answer would pay inside it.
    self.screen.write_process_input = lambda data: os.write(self.child.child_fd, data.encode())


tui.Term.__init__ = answering_init
flow = os.path.join(bench, "wallet_flow.py")
sys.argv = [flow] + sys.argv[2:]
runpy.run_path(flow, run_name="__main__")
