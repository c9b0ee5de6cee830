#!/usr/bin/env python3
"""Runs `write-benchmark` against several tally builds, alternating them round after round, and prints
each figure's range per build: on a noisy two-core machine a change worth 5% shows only this way.

    swift build -c release --package-path Benchmarks --product write-benchmark
    Benchmarks/write-side-by-side.py --rounds 3 /tmp/tally-before .build/release/tally

Each build runs on a fresh store, in turn: A B A B ... `--seconds` sets each load's length (4 s).
The figures compared are writes/s (with the server's CPU per write) for every client and connection count,
the reads of `GET /api/v1/today`, and bare SQLite's own rate measured in each run. A run that reports lost
writes stops the comparison.
"""

import argparse
import os
import re
import subprocess
import sys

BENCHMARK = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".build", "release", "write-benchmark")

# "tally serve,  8 clients:   5732 writes/s (...); ... server 247 µs" and the like.
LOAD = re.compile(r"^tally serve, (?P<what>[^:]+):\s+(?P<rate>\d+) (?P<unit>writes|reads)/s")
SERVER_CPU = re.compile(r"server(?: CPU per write)? (?P<cpu>\d+) µs")
BARE = re.compile(r"^bare SQLite.*?: (?P<rate>\d+) commits/s from 1 writer")


def run(binary, seconds):
    environment = dict(os.environ, TALLY_BINARY=binary, TALLY_BENCH_SECONDS=str(seconds))
    done = subprocess.run([BENCHMARK], env=environment, capture_output=True, text=True, check=True)
    figures = {}
    for line in done.stdout.splitlines():
        if "WRITES LOST" in line or "REFUSED" in line:
            sys.exit(f"{binary}: {line}")
        if bare := BARE.match(line):
            figures["bare SQLite, commits/s from 1 writer"] = (int(bare["rate"]), None)
        elif load := LOAD.match(line):
            cpu = SERVER_CPU.search(line)
            name = f"{' '.join(load['what'].split())}, {load['unit']}/s"
            figures[name] = (int(load["rate"]), int(cpu["cpu"]) if cpu else None)
    return figures


def span(values):
    values = [value for value in values if value is not None]
    if not values:
        return "-"
    low, high = min(values), max(values)
    return f"{low:,}" if low == high else f"{low:,}-{high:,}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+", help="tally binaries to compare")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=4)
    arguments = parser.parse_args()
    if not os.access(BENCHMARK, os.X_OK):
        sys.exit(f"no {BENCHMARK}: swift build -c release --package-path Benchmarks --product write-benchmark")
    for binary in arguments.binaries:
        if not os.access(binary, os.X_OK):
            sys.exit(f"no tally binary at {binary}")
    results = {binary: [] for binary in arguments.binaries}
    for round_number in range(arguments.rounds):
        for binary in arguments.binaries:
            print(f"round {round_number + 1} of {arguments.rounds}: {binary}", file=sys.stderr, flush=True)
            results[binary].append(run(binary, arguments.seconds))
    names = list(dict.fromkeys(name for runs in results.values() for figures in runs for name in figures))
    width = max(len(name) for name in names)
    print(f"{'':{width}}  " + "  ".join(f"{binary:>28}" for binary in arguments.binaries))
    for name in names:
        cells = []
        for binary in arguments.binaries:
            rates = [figures[name][0] for figures in results[binary] if name in figures]
            cpus = [figures[name][1] for figures in results[binary] if name in figures]
            cell = span(rates) + (f" ({span(cpus)} µs)" if any(cpu is not None for cpu in cpus) else "")
            cells.append(f"{cell:>28}")
        print(f"{name:{width}}  " + "  ".join(cells))
    print(f"\n{arguments.rounds} runs of each build, alternating; in brackets the server's CPU per write.")


if __name__ == "__main__":
    main()
