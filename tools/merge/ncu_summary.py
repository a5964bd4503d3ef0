#!/usr/bin/env python3
"""Sum an `ncu --csv --metrics gpu__time_duration.sum` log per kernel (template arguments kept): count, total
and mean microseconds, in launch order of first appearance. Usage: ncu_summary.py ncu.csv"""
import csv
import sys
from collections import OrderedDict

rows = OrderedDict()
with open(sys.argv[1], newline="") as f:
    lines = [l for l in f if l.startswith('"')]
for r in csv.DictReader(lines):
    if r.get("Metric Name") != "gpu__time_duration.sum":
        continue
    name = r["Kernel Name"]
    unit = r.get("Metric Unit", "ns")
    v = float(r["Metric Value"].replace(",", ""))
    us = v / 1000.0 if unit in ("ns", "nsecond") else (v * 1000.0 if unit in ("ms", "msecond") else v)
    c, t = rows.get(name, (0, 0.0))
    rows[name] = (c + 1, t + us)
for name, (c, t) in rows.items():
    short = name.replace("gsb::merge::samples::", "").replace("gsb::", "")[:150]
    print(f"{c:4d} x {t / c:9.1f} us = {t:9.1f} us  {short}")
