#!/usr/bin/env python3
"""Runs a command and prints the CPU time of its whole process tree.

    python3 bench/tree-cpu.py npx vitest run --project playground-e2e playground/test/site-reader.e2e.test.ts

This process becomes a child subreaper (prctl PR_SET_CHILD_SUBREAPER, Linux): descendants
orphaned on the way (Chromium's renderers, which its zygote never waits for) are reparented here
and waited for, so their CPU counts in this process's children usage. /usr/bin/time alone counts
only the descendants that each parent waited for (20 s instead of 91 s for a browser file).
Exits with the command's status.
"""
import ctypes
import os
import resource
import sys

PR_SET_CHILD_SUBREAPER = 36

libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
    sys.exit(f"prctl(PR_SET_CHILD_SUBREAPER) failed: errno {ctypes.get_errno()}")
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
status = 0
while True:
    try:
        child, wait_status = os.wait()
    except ChildProcessError:
        break
    if child == pid:
        status = os.waitstatus_to_exitcode(wait_status)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(
    f"[tree-cpu] user {usage.ru_utime:.1f} s, sys {usage.ru_stime:.1f} s, "
    f"total {usage.ru_utime + usage.ru_stime:.1f} s",
    file=sys.stderr,
)
sys.exit(status)
