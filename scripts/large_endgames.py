#!/usr/bin/env python3
"""Checks the plan's time and memory model on large two-attacker endgames.

Picks endgames between 10^8 and 10^10 index entries from `qiboard tb plan
--attackers 2 --json`, spaced evenly on a log scale (the one nearest each
mark), builds what each needs (`tb gen M --dir D`), then times the endgame
itself from its sub-endgames (`/usr/bin/time tb gen M --no-subtables
--memory LIMIT`), and prints one row per endgame: entries, planned and
measured wall seconds and peak memory, file sizes and bits per legal
position. With `--in-memory` each is built a second time without the limit
into another directory (where the machine has the memory) and the files
are compared byte for byte. The last column is the load average when the
timed run started: on a shared machine, compare CPU seconds, not wall.

    scripts/large_endgames.py --qiboard target/release/qiboard --dir D \\
        [--count 10] [--memory 2G] [--in-memory] [--only KRNAEEKAAEE,...] [--dry-run]

Rows go to stdout as a tab-separated table (and `D/large-endgames.tsv`),
progress to stderr. Endgames whose rows are in the file already are not
built again, so an interrupted run resumes.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

COLUMNS = ("endgame entries planned_s wall_s cpu_s planned_mib peak_mib out_of_core "
           "wdl_bytes dtm_bytes legal wdl_bits dtm_bits identical_in_memory load").split()


def plan(qiboard: str, memory: str) -> dict:
    done = subprocess.run([qiboard, "tb", "plan", "--attackers", "2", "--json", "--memory", memory],
                          capture_output=True, text=True, check=True)
    return {e["material"]: e for e in json.loads(done.stdout)["endgames"]}


def pick(endgames: dict, count: int) -> list[str]:
    """The buildable endgame nearest each of `count` log-spaced marks."""
    large = sorted((e["entries"], m) for m, e in endgames.items()
                   if 1e8 <= e["entries"] <= 1e10 and not e["blocked"])
    chosen: list[str] = []
    for i in range(count):
        mark = 8 + 2 * i / max(1, count - 1)
        _, best = min((abs(math.log10(n) - mark), m) for n, m in large if m not in chosen)
        chosen.append(best)
    return chosen


def timed(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MiB of a command (which must succeed)."""
    done = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *command],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    wall, user, system, kib = done.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(kib) / 1024


def legal_positions(qiboard: str, material: str, directory: Path) -> int:
    """Legal positions with either side to move, from `tb stats`'s lines."""
    done = subprocess.run([qiboard, "tb", "stats", material, "--dir", str(directory)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return 0
    return sum(int(field.split("=")[1]) for line in done.stdout.splitlines()
               for field in line.split() if field.startswith("legal="))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--qiboard", default="target/release/qiboard")
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--memory", default="2G")
    parser.add_argument("--in-memory", action="store_true")
    parser.add_argument("--in-memory-up-to", type=float, default=12.0, metavar="GIB",
                        help="build the in-memory twin only where the plan without a limit needs at most this")
    parser.add_argument("--only", help="comma-separated endgames instead of the picked ones")
    parser.add_argument("--dry-run", action="store_true", help="print the choice and the plan only")
    args = parser.parse_args()

    endgames = plan(args.qiboard, args.memory)
    unlimited = plan(args.qiboard, "1024G") if args.in_memory else {}
    chosen = args.only.split(",") if args.only else pick(endgames, args.count)
    for material in chosen:
        e = endgames[material]
        print(f"{material}: {e['entries']:.3e} entries, planned {e['seconds']:.0f} s, "
              f"{e['working_bytes'] / 2**20:.0f} MiB{' out of core' if e['out_of_core'] else ''}",
              file=sys.stderr)
    if args.dry_run:
        return

    args.dir.mkdir(parents=True, exist_ok=True)
    table = args.dir / "large-endgames.tsv"
    done_rows = {}
    if table.exists():
        done_rows = {line.split("\t")[0]: line for line in table.read_text().splitlines()[1:]}
    else:
        table.write_text("\t".join(COLUMNS) + "\n")
    print("\t".join(COLUMNS))
    for material in chosen:
        if material in done_rows:
            print(done_rows[material])
            continue
        e = endgames[material]
        started = time.time()
        print(f"{material}: building what it needs", file=sys.stderr)
        for needed in e["needs"]:
            if all((args.dir / f"{needed}.{kind}").exists() for kind in ("qwdl", "qdtm")):
                continue  # `tb gen` would build it again
            subprocess.run([args.qiboard, "tb", "gen", needed, "--dir", str(args.dir), "--memory", args.memory],
                           check=True, stdout=subprocess.DEVNULL)
        print(f"{material}: solving ({time.time() - started:.0f} s so far)", file=sys.stderr)
        load = os.getloadavg()[0]
        wall, cpu, peak = timed([args.qiboard, "tb", "gen", material, "--no-subtables", "--memory", args.memory,
                                 "--dir", str(args.dir)])
        wdl, dtm = (args.dir / f"{material}.qwdl"), (args.dir / f"{material}.qdtm")
        legal = legal_positions(args.qiboard, material, args.dir)
        identical = "-"
        if args.in_memory and unlimited[material]["working_bytes"] <= args.in_memory_up_to * 2**30:
            twin = args.dir / "in-memory"
            twin.mkdir(exist_ok=True)
            for path in args.dir.glob("*.qdtm"):
                for sibling in (path, path.with_suffix(".qwdl")):
                    if sibling.stem != material and not (twin / sibling.name).exists():
                        (twin / sibling.name).symlink_to(sibling.resolve())
            timed([args.qiboard, "tb", "gen", material, "--no-subtables", "--dir", str(twin)])
            identical = str(all(filecmp.cmp(args.dir / name, twin / name, shallow=False)
                                for name in (wdl.name, dtm.name)))
        bits = (lambda size: f"{8 * size / legal:.3f}" if legal else "-")
        row = [material, str(e["entries"]), f"{e['seconds']:.0f}", f"{wall:.0f}", f"{cpu:.0f}",
               f"{e['working_bytes'] / 2**20:.0f}", f"{peak:.0f}", str(e["out_of_core"]).lower(),
               str(wdl.stat().st_size), str(dtm.stat().st_size), str(legal),
               bits(wdl.stat().st_size), bits(dtm.stat().st_size), identical, f"{load:.1f}"]
        line = "\t".join(row)
        with table.open("a") as out:
            out.write(line + "\n")
        print(line, flush=True)


if __name__ == "__main__":
    main()
