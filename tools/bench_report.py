#!/usr/bin/env python3
"""Turns Google Benchmark JSON (median aggregates) into the targets table of the README.

Usage: bench_report.py EIGHT_JSON ROTATION_JSON [TSV...]
Each TSV (grpc_benchmark, fifteen_report, fifteen_server_benchmark --tsv_out) has the columns
figure, value, unit, target, verdict; its rows are appended as they are.
Prints a markdown table: figure, measured, target, met/MISS. Run by tools/bench.sh.
"""
import csv
import json
import sys


def medians(path):
    """run_name -> median entry."""
    with open(path) as f:
        data = json.load(f)
    out = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") == "median":
            out[b["run_name"]] = b
    return out


def ns_per_item(entry):
    return 1e9 / entry["items_per_second"]


def ms(entry):
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[entry["time_unit"]]
    return entry["real_time"] * scale


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: bench_report.py EIGHT_JSON ROTATION_JSON [TSV...]")
    eight = medians(sys.argv[1])
    rotation = medians(sys.argv[2])
    rows = []

    def row(figure, value, unit, target, limit, smaller_is_better=True):
        met = value <= limit if smaller_is_better else value >= limit
        rows.append((figure, f"{value:,.2f} {unit}", target, "met" if met else "MISS"))

    row("BFS, all 9 seeds (2 threads)", ms(eight["BM_BfsAllSeeds/threads:2/real_time"]), "ms",
        "<= 60 ms", 60)
    row("BFS, all 9 seeds (1 thread)", ms(eight["BM_BfsAllSeeds/threads:1/real_time"]), "ms",
        "<= 60 ms", 60)
    row("full generate (BFS, compress, write)", ms(eight["BM_FullGenerate/real_time"]), "ms",
        "<= 500 ms", 500)
    rows.append(("verifier, every Eight II entry", f"{ms(eight['BM_Verify/real_time']):,.2f} ms",
                 "-", ""))
    rows.append(("table load (map, check, decompress)",
                 f"{ms(eight['BM_LoadTable/real_time']):,.2f} ms", "-", ""))
    row("in-process solve, one query", ns_per_item(eight["BM_Solve"]), "ns", "<= 150 ns mean", 150)
    row("in-process solve, batches of 1,000", ns_per_item(eight["BM_SolveBatch"]), "ns/query",
        "<= 150 ns mean", 150)
    rows.append(("in-process solve with parsing, one query",
                 f"{ns_per_item(eight['BM_SolveText']):,.2f} ns", "-", ""))
    row("rotation-game table build", ms(rotation["BM_RotationBuildTable/real_time"]), "ms",
        "<= 1000 ms", 1000)
    table_us = ns_per_item(rotation["BM_RotationSolveTable"]) / 1e3
    row("rotation-game query, in-process", table_us, "us", "<= 5 us mean", 5)
    ida_us = ns_per_item(rotation["BM_RotationSolveIdaStar/iterations:64"]) / 1e3
    rows.append(("rotation-game query, the seed's IDA*", f"{ida_us:,.1f} us",
                 f"{ida_us / table_us:,.0f}x the table", ""))
    for tsv in sys.argv[3:]:
        with open(tsv) as f:
            for r in csv.DictReader(f, delimiter="\t"):
                rows.append((r["figure"], f"{float(r['value']):,.2f} {r['unit']}", r["target"],
                             r["verdict"]))
    print("| figure | measured | target | |")
    print("|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
