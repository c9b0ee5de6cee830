#!/usr/bin/env python3
"""Times python-dateutil on the benchmark rules.

Usage: dateutil_bench.py RUNS < rules.json
rules.json is a list of {"name", "dtstart" (YYYYMMDDTHHMMSS), "tzid", "rule", "count"}.
Prints a JSON object {name: best occurrences per second over RUNS runs}.
"""
import json
import sys
import time
from datetime import datetime
from itertools import islice
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr


def occurrences_per_second(case, runs):
    start = datetime.strptime(case["dtstart"], "%Y%m%dT%H%M%S").replace(tzinfo=ZoneInfo(case["tzid"]))
    best = float("inf")
    produced = 0
    for _ in range(runs):
        rule = rrulestr(case["rule"], dtstart=start, cache=False)
        began = time.perf_counter()
        produced = sum(1 for _ in islice(iter(rule), case["count"]))
        best = min(best, time.perf_counter() - began)
    if produced != case["count"]:
        raise SystemExit(f"{case['name']}: dateutil produced {produced} of {case['count']} occurrences")
    return produced / best


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    cases = json.load(sys.stdin)
    print(json.dumps({case["name"]: occurrences_per_second(case, runs) for case in cases}))


if __name__ == "__main__":
    main()
