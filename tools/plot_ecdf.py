#!/usr/bin/env python3
"""Plots the ECDF of unary latency samples, one curve per CSV file, as a PNG.

Each input is a CSV file with a header row and a column `latency_us` (other columns are ignored),
one sample per row, in microseconds. A series is named after its file's stem (`tcp_1.csv` is
`tcp_1`); write `NAME=PATH` to name it yourself. The x axis is logarithmic; each curve's p50 and
p99 are marked on it and given in the legend. Percentiles are nearest-rank (the smallest sample
with at least q of the samples at or below it), i.e. the ECDF's own inverse.

Usage:
  python3 tools/plot_ecdf.py --output=latency_ecdf.png tcp_1.csv "unix, 16 in flight=u16.csv"

Needs matplotlib (Debian: apt-get install python3-matplotlib); without it the script says so and
exits 1. Errors in the data (missing column, a value that is not a positive finite number) name
the file and the line, and exit 1.
"""

import argparse
import csv
import math
import os
import sys

COLUMN = "latency_us"
PERCENTILES = (0.50, 0.99)


class DataError(Exception):
    """A problem with an input file, already phrased for the user."""


def parse_series_arg(arg):
    """Returns (name, path) for `PATH` or `NAME=PATH`."""
    if "=" in arg and not os.path.exists(arg):
        name, path = arg.split("=", 1)
        if not name or not path:
            raise DataError(f"{arg!r}: expected PATH or NAME=PATH")
        return name, path
    return os.path.splitext(os.path.basename(arg))[0], arg


def read_latencies(path):
    """Returns the sorted `latency_us` samples of a CSV file. Raises DataError."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            if header is None:
                raise DataError(f"{path}: empty file; expected a header with column {COLUMN!r}")
            header = [h.strip() for h in header]
            if COLUMN not in header:
                raise DataError(f"{path}:1: no column {COLUMN!r} in header {header}")
            column = header.index(COLUMN)
            samples = []
            for row in reader:
                if not row or all(not cell.strip() for cell in row):
                    continue  # blank line
                line = reader.line_num
                if column >= len(row):
                    raise DataError(f"{path}:{line}: no value in column {COLUMN!r}")
                text = row[column].strip()
                try:
                    value = float(text)
                except ValueError:
                    raise DataError(f"{path}:{line}: {text!r} is not a number") from None
                if not math.isfinite(value) or value <= 0:
                    raise DataError(f"{path}:{line}: latency {text!r} is not a positive "
                                    "finite number (the x axis is logarithmic)")
                samples.append(value)
    except OSError as e:
        raise DataError(f"{path}: {e.strerror}") from None
    if not samples:
        raise DataError(f"{path}: no samples under {COLUMN!r}")
    samples.sort()
    return samples


def percentile(sorted_samples, q):
    """Nearest-rank percentile: the smallest sample whose ECDF value is at least q."""
    n = len(sorted_samples)
    return sorted_samples[max(0, math.ceil(q * n) - 1)]


def import_pyplot():
    """Returns matplotlib.pyplot on the headless Agg backend, or exits 1 with a clear message.

    When this interpreter lacks matplotlib but Debian's /usr/bin/python3 has it (e.g. a pyenv
    python3 shadows the system one), the script re-runs itself under /usr/bin/python3 once.
    """
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        pass
    system_python = "/usr/bin/python3"
    if (os.environ.get("PLOT_ECDF_REEXEC") != "1" and os.path.exists(system_python)
            and os.path.realpath(sys.executable) != os.path.realpath(system_python)):
        import subprocess
        probe = subprocess.run([system_python, "-c", "import matplotlib"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        if probe.returncode == 0:
            os.environ["PLOT_ECDF_REEXEC"] = "1"
            os.execv(system_python, [system_python, os.path.abspath(__file__)] + sys.argv[1:])
    sys.stderr.write(
        "plot_ecdf: matplotlib is not installed for " + sys.executable + ".\n"
        "  Debian: apt-get install python3-matplotlib   (then run with /usr/bin/python3)\n")
    sys.exit(1)


def plot(plt, series, output, title):
    fig, ax = plt.subplots(figsize=(8, 5), dpi=120)
    for name, samples in series:
        n = len(samples)
        ys = [(i + 1) / n for i in range(n)]
        marks = [(q, percentile(samples, q)) for q in PERCENTILES]
        label = f"{name} (n={n}, " + ", ".join(
            f"p{round(q * 100)} {format_us(v)}" for q, v in marks) + ")"
        (line,) = ax.step(samples, ys, where="post", label=label, linewidth=1.4)
        for (q, v), marker in zip(marks, ("o", "^")):
            ax.plot([v], [q], marker=marker, color=line.get_color(), markersize=7,
                    markeredgecolor="black", markeredgewidth=0.6, zorder=3)
            ax.axvline(v, color=line.get_color(), linestyle=":", linewidth=0.9, alpha=0.8)
    for q in PERCENTILES:
        ax.axhline(q, color="gray", linestyle="--", linewidth=0.7)
        ax.annotate(f"p{round(q * 100)}", xy=(0, q), xycoords=("axes fraction", "data"),
                    xytext=(3, 2), textcoords="offset points", fontsize=8, color="gray")
    ax.set_xscale("log")
    ax.set_ylim(0, 1.0)
    ax.set_xlabel("latency (µs, log scale)")
    ax.set_ylabel("fraction of calls ≤ latency")
    ax.set_title(title)
    ax.grid(True, which="major", linestyle="-", linewidth=0.4, alpha=0.5)
    ax.grid(True, which="minor", axis="x", linestyle="-", linewidth=0.2, alpha=0.3)
    ax.legend(loc="lower right", fontsize=8, title="● p50   ▲ p99", title_fontsize=8)
    fig.tight_layout()
    fig.savefig(output)
    plt.close(fig)


def format_us(value):
    return f"{value:.3g} µs" if value < 1000 else f"{value:,.0f} µs"


def main(argv):
    parser = argparse.ArgumentParser(
        description="ECDF of unary latency samples (CSV column latency_us), one curve per file.")
    parser.add_argument("inputs", nargs="+", metavar="[NAME=]CSV",
                        help="a CSV file with a latency_us column; the series is named after the "
                             "file's stem unless NAME= is given")
    parser.add_argument("-o", "--output", default="latency_ecdf.png",
                        help="PNG to write (default: %(default)s)")
    parser.add_argument("--title", default="Unary latency ECDF", help="plot title")
    args = parser.parse_args(argv)

    series = []
    try:
        for arg in args.inputs:
            name, path = parse_series_arg(arg)
            series.append((name, read_latencies(path)))
    except DataError as e:
        sys.stderr.write(f"plot_ecdf: {e}\n")
        return 1
    plt = import_pyplot()  # before any output: it may re-run the script under /usr/bin/python3
    for name, samples in series:
        p50, p99 = (percentile(samples, q) for q in PERCENTILES)
        print(f"{name}: n={len(samples)} p50={p50:g}us p99={p99:g}us max={samples[-1]:g}us")
    plot(plt, series, args.output, args.title)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
