# The reference simulator (epfl-labos/eagle simulation/eagle_simulation.py at 371b51f, Python 2)
# at a seed of one's choice, to measure its own seed-to-seed spread (docs/results/compat.md,
# "Hawk's short p90 at YH1_sub 4,000"). The reference's file is NOT part of this project: pass
# its path. This wrapper changes nothing in it; before running it, it
#   - makes its fixed `random.seed(123456798)` use the given seed instead (random.seed is
#     replaced by one that ignores its argument; seed 123456798 gives the reference's own run),
#   - gives its event queue the convention of ../shared/reference (equal-time events in FIFO
#     order; Python 2 would compare the event objects): Queue.PriorityQueue is replaced by a heap
#     ordered by (priority, second field when it is an int, insertion order), which keeps the
#     (load, worker id) order of its LWL queues and orders the (time, event) pairs FIFO,
#   - supplies a stand-in for the PyPI `bitmap` module if it is not installed (BitMap(n) with
#     set/flip/test, all it uses),
# runs it in a scratch directory (it writes finished_file, load_file and stats_file there and
# prints a line per task, discarded) and prints one line: the seed, nearest-rank p50/p90/p99 of
# the short and the long jobs' completion times (its finished_file's total_job_running_time,
# class by_def), and its stealing statistics.
#
#   PYENV_VERSION=2.7.18 python bench/reference-seeds.py /tmp/eagle_sim.py SEED <its 22 arguments>
#
# e.g. Hawk at YH1_sub 4,000 nodes (the arguments of ../shared/reference's row):
#   PYENV_VERSION=2.7.18 python bench/reference-seeds.py /tmp/eagle_sim.py 1 \
#     ../shared/traces/YH1_sub.tr yes yes 90.5811 90.5811 100 98 1 2 5 MEAN 0 0 ATC 10000 10 \
#     4000 no 0 2 no Hawk
import heapq
import math
import os
import random
import shutil
import sys
import tempfile
import types

if len(sys.argv) != 25:
    sys.stderr.write("usage: reference-seeds.py <eagle_simulation.py> <seed> <the reference's 22 arguments>\n")
    sys.exit(2)
source = os.path.abspath(sys.argv[1])
seed = int(sys.argv[2])
args = sys.argv[3:]
args[0] = os.path.abspath(args[0])  # the trace, read from the scratch directory

_seed = random.seed
random.seed = lambda *ignored: _seed(seed)


class FifoPriorityQueue(object):
    """Queue.PriorityQueue's put/get/empty/qsize, ties in insertion order."""

    def __init__(self, maxsize=0):
        self.heap = []
        self.n = 0

    def put(self, item, block=True, timeout=None):
        self.n += 1
        second = item[1] if isinstance(item[1], (int, long)) else 0
        heapq.heappush(self.heap, (item[0], second, self.n, item))

    def get(self, block=True, timeout=None):
        return heapq.heappop(self.heap)[3]

    def empty(self):
        return not self.heap

    def qsize(self):
        return len(self.heap)


import Queue
Queue.PriorityQueue = FifoPriorityQueue

try:
    import bitmap  # noqa: F401
except ImportError:
    class BitMap(object):
        def __init__(self, n):
            self.bits = bytearray(n)

        def set(self, i):
            self.bits[i] = 1

        def flip(self, i):
            self.bits[i] ^= 1

        def test(self, i):
            return self.bits[i] == 1

        def __deepcopy__(self, memo):
            c = BitMap(0)
            c.bits = bytearray(self.bits)
            return c
    shim = types.ModuleType("bitmap")
    shim.BitMap = BitMap
    sys.modules["bitmap"] = shim


def nearest_rank(values, p):
    v = sorted(values)
    return v[max(1, int(math.ceil(p / 100.0 * len(v)))) - 1]


scratch = tempfile.mkdtemp(prefix="reference-seeds-")
here = os.getcwd()
stdout = sys.stdout
try:
    os.chdir(scratch)
    sys.argv = [source] + args
    sys.stdout = open(os.devnull, "w")
    code = compile(open(source).read(), source, "exec")
    exec(code, {"__name__": "__main__", "__file__": source})
    sys.stdout.close()
    sys.stdout = stdout
    classes = {0: [], 1: []}
    for line in open("finished_file"):
        t = line.split()
        classes[int(t[t.index("by_def:") + 1])].append(float(t[-1]))
    stats = {}
    for line in open("stats_file"):
        if ":" in line:
            k, v = line.split(":", 1)
            if v.split():
                stats[k.strip()] = v.split()[0]
    out = ["seed %d" % seed]
    for name, c in (("short", 0), ("long", 1)):
        v = classes[c]
        out.append("%s p50 %.4f p90 %.4f p99 %.4f n %d" % (name, nearest_rank(v, 50), nearest_rank(v, 90), nearest_rank(v, 99), len(v)))
    out.append("steals %s stolen %s stealMessages %s behindLong %s" % (
        stats.get("STATS_SUCCESSFUL_STEAL_ATTEMPTS"), stats.get("STATS_TOTAL_STOLEN_PROBES"),
        stats.get("STATS_STEALING_MESSAGES"), stats.get("STATS_SH_PROBES_QUEUED_BEHIND_BIG")))
    print(" | ".join(out))
finally:
    sys.stdout = stdout
    os.chdir(here)
    shutil.rmtree(scratch, ignore_errors=True)
