"""Build a family of xiangqi endgame tables on a Ray cluster.

The plan is :class:`qiboard.xiangqi.Plan`, the generator's own: every
endgame with its index entries, the working memory its solve needs, an
estimate of its time and the endgames one capture away that it reads;
signatures are read and oriented by the package (``canonical_material``),
never here. Each endgame becomes one Ray task that runs

    qiboard tb gen MATERIAL --no-subtables --dir DIR --rules RULES

on whichever node Ray picks. A task asks Ray for the endgame's working
memory (the ``memory`` resource) and ``--cpus-per-task`` CPUs, and takes
the ObjectRefs of the tasks of the endgames it needs as arguments, so Ray
starts it only once those have finished. DIR must be one directory that
every node sees at the same path (NFS, a ReadWriteMany volume, a parallel
file system); the binary writes each table under a lock and renames it
into place, and its files are byte-identical whichever node builds them.
The tasks travel by value: a worker needs the binary, not this package.

    python -m qiboard.distributed --attackers 2 --dir /shared/tb --qiboard /opt/qiboard
    python -m qiboard.distributed --materials KRKN,KRKA --dir /shared/tb --address HEAD:6379
    python -m qiboard.distributed --attackers 2 --estimate 16   # figures only, no Ray

Exit status: 0 when every endgame asked for is in DIR, 1 when some failed
or were skipped, 2 for bad usage or a plan that cannot be built as asked.
Ray is an optional dependency: ``pip install qiboard[distributed]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import heapq
import io
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field

from .. import xiangqi

TABLE_EXTENSIONS = (".qwdl", ".qdtm")

__all__ = [
    "Endgame",
    "Outcome",
    "Selection",
    "SolveError",
    "TransientSolveError",
    "UsageError",
    "critical_path",
    "estimate",
    "main",
    "parse_size",
    "select",
    "simulate",
]


class UsageError(Exception):
    """A request the driver refuses before any work."""


def parse_size(text: str) -> int:
    """Bytes from a size as the binary's ``--memory`` takes it: a number,
    or one with K, M, G or T (powers of 1024, an optional "B"/"iB")."""
    stripped = text.strip()
    digits = len(stripped) - len(stripped.lstrip("0123456789"))
    unit = stripped[digits:].upper().rstrip("BI")
    shifts = {"": 0, "K": 10, "M": 20, "G": 30, "T": 40}
    if digits == 0 or unit not in shifts:
        raise UsageError(f"--memory: {text!r} is not a size: write bytes, or a number with K, M or G")
    return int(stripped[:digits]) << shifts[unit]


# --------------------------------------------------------------------------
# The plan


@dataclass
class Endgame:
    material: str
    entries: int
    working_bytes: int
    seconds: float
    needs: list[str]
    blocked: str | None
    # Why it will not be built here: the plan's reason, or a need that
    # will not be built, or no node offering its memory.
    unbuildable: str | None = None


@dataclass
class Selection:
    """The endgames to build, in an order where each comes after those it
    needs."""

    endgames: list[Endgame]
    memory_limit: int | None
    by_material: dict[str, Endgame] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_material = {e.material: e for e in self.endgames}


def select(
    attackers: int | None = None,
    materials: Optional[list[str]] = None,
    rules: str = "asian",
    memory_bytes: int | None = None,
) -> Selection:
    """The plan's endgames: the family of at most ``attackers`` attacking
    pieces, or ``materials`` with everything they reach by captures; each
    marked when it cannot be built."""
    try:
        plan = xiangqi.Plan(attackers, materials=materials, rules=rules, memory_bytes=memory_bytes)
    except ValueError as error:
        raise UsageError(str(error)) from error
    endgames = [
        Endgame(
            material=e.material,
            entries=e.entries,
            working_bytes=e.working_bytes,
            seconds=e.seconds,
            needs=list(e.needs),
            blocked=e.blocked,
        )
        for e in plan.endgames
    ]
    selection = Selection(endgames, plan.memory_limit)
    mark_unbuildable(selection)
    return selection


def mark_unbuildable(selection: Selection, node_memory: int | None = None, factor: float = 1.0) -> None:
    """Marks what the plan blocks, what needs more memory than any node
    offers, and (in plan order, so transitively) what needs either."""
    for e in selection.endgames:
        if e.blocked == "too-large":
            e.unbuildable = "more entries than the index holds"
        elif e.blocked == "not-enough-memory":
            e.unbuildable = f"needs {human(e.working_bytes)} of working memory, more than the limit"
        elif e.blocked:
            e.unbuildable = f"blocked: {e.blocked}"
        elif e.unbuildable:
            pass
        elif node_memory is not None and e.working_bytes * factor > node_memory:
            e.unbuildable = (
                f"needs {human(e.working_bytes)} of working memory ({human(e.working_bytes * factor)} asked of Ray); "
                f"the largest node offers {human(node_memory)}"
            )
        else:
            missing = [n for n in e.needs if n in selection.by_material and selection.by_material[n].unbuildable]
            if missing:
                e.unbuildable = f"needs {missing[0]}, which cannot be built"


def human(size: float) -> str:
    for unit, shift in (("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if size >= 1 << shift:
            return f"{size / (1 << shift):.1f} {unit}"
    return f"{int(size)} B"


def duration(seconds: float) -> str:
    if seconds >= 86400:
        return f"{seconds / 86400:.1f} d"
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} h"
    if seconds >= 60:
        return f"{seconds / 60:.1f} min"
    return f"{seconds:.1f} s"


# --------------------------------------------------------------------------
# Estimates without running


def critical_path(endgames: list[Endgame]) -> tuple[float, list[str]]:
    """The longest chain of estimated seconds along the dependencies: no
    number of machines finishes sooner."""
    finish: dict[str, float] = {}
    before: dict[str, str | None] = {}
    for e in endgames:
        start, via = 0.0, None
        for need in e.needs:
            if need in finish and finish[need] > start:
                start, via = finish[need], need
        finish[e.material] = start + e.seconds
        before[e.material] = via
    if not finish:
        return 0.0, []
    last = max(finish, key=finish.get)
    chain = []
    node: str | None = last
    while node is not None:
        chain.append(node)
        node = before[node]
    return finish[last], chain[::-1]


def simulate(endgames: list[Endgame], slots: int) -> float:
    """Wall time of a greedy schedule on `slots` identical task slots, each
    ready endgame started longest-remaining-chain first (what a scheduler
    that keeps every slot busy does at best without preemption)."""
    tail: dict[str, float] = {}
    needed_by: dict[str, list[str]] = {e.material: [] for e in endgames}
    for e in endgames:
        for need in e.needs:
            if need in needed_by:
                needed_by[need].append(e.material)
    by_material = {e.material: e for e in endgames}
    for e in reversed(endgames):
        tail[e.material] = e.seconds + max((tail[m] for m in needed_by[e.material]), default=0.0)
    waiting = {e.material: sum(1 for n in e.needs if n in by_material) for e in endgames}
    ready = [(-tail[m], m) for m, count in waiting.items() if count == 0]
    heapq.heapify(ready)
    running: list[tuple[float, str]] = []
    now = 0.0
    while ready or running:
        while ready and len(running) < slots:
            _, material = heapq.heappop(ready)
            heapq.heappush(running, (now + by_material[material].seconds, material))
        now, material = heapq.heappop(running)
        for child in needed_by[material]:
            waiting[child] -= 1
            if waiting[child] == 0:
                heapq.heappush(ready, (-tail[child], child))
    return now


def estimate(selection: Selection, machines: int, out=sys.stdout) -> dict:
    buildable = [e for e in selection.endgames if not e.unbuildable]
    skipped = [e for e in selection.endgames if e.unbuildable]
    total_seconds = sum(e.seconds for e in buildable)
    path_seconds, chain = critical_path(buildable)
    lower = max(total_seconds / machines, path_seconds)
    figures = {
        "machines": machines,
        "endgames": len(buildable),
        "unbuildable": len(skipped),
        "total_entries": sum(e.entries for e in buildable),
        "total_seconds": total_seconds,
        "seconds_per_machine": total_seconds / machines,
        "critical_path_seconds": path_seconds,
        "critical_path": chain,
        "lower_bound_seconds": lower,
        "greedy_bound_seconds": total_seconds / machines + path_seconds,
        "simulated_seconds": simulate(buildable, machines),
        "largest": [
            {"material": e.material, "entries": e.entries, "working_bytes": e.working_bytes, "seconds": e.seconds}
            for e in sorted(buildable, key=lambda e: -e.working_bytes)[:5]
        ],
        "memory_limit": selection.memory_limit,
    }
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(f"{len(buildable)} endgames to build, {figures['total_entries']:,} index entries")
    if skipped:
        limit = f"memory limit {human(selection.memory_limit)}" if selection.memory_limit else "no memory limit"
        p(f"{len(skipped)} cannot be built ({limit}), e.g.:")
        for e in sorted(skipped, key=lambda e: e.entries)[:5]:
            p(f"  {e.material}: {e.unbuildable}")
    p("largest working memory (what one machine must have):")
    for e in figures["largest"]:
        p(f"  {e['material']}: {human(e['working_bytes'])}, {e['entries']:,} entries, ~{duration(e['seconds'])}")
    p(f"estimated time, one after another on one two-core machine: {duration(total_seconds)}")
    p(f"on {machines} machines (two-core task slots):")
    p(f"  the work divided evenly: {duration(total_seconds / machines)} (lower bound)")
    p(f"  the critical path ({len(chain)} endgames, {' > '.join(chain)}): {duration(path_seconds)} (lower bound)")
    p(f"  so at least {duration(lower)}; any schedule that never idles a machine with work ready: "
      f"at most {duration(figures['greedy_bound_seconds'])}")
    p(f"  a simulated greedy schedule (longest chain first): {duration(figures['simulated_seconds'])}")
    return figures


# --------------------------------------------------------------------------
# The Ray tasks


class SolveError(RuntimeError):
    """The binary failed on an endgame; carries its stderr."""

    def __init__(self, material: str, command: list[str], code: int, stderr: str):
        self.material = material
        self.command = command
        self.code = code
        self.stderr = stderr
        super().__init__(f"{material}: `{' '.join(command)}` exited with {code}: {stderr.strip()}")

    def __reduce__(self):
        return (type(self), (self.material, self.command, self.code, self.stderr))


class TransientSolveError(SolveError):
    """A failure another try may not have: the process killed by a signal,
    or a sub-endgame not yet seen by this node's file system (its task has
    finished, so its files are in place on the node that wrote them)."""


def solve_endgame(qiboard: str, material: str, directory: str, rules: str, memory: str | None,
                  cpus: int, rebuild: bool, *needs) -> dict:
    """One endgame on one node. `needs` are the results of the tasks of the
    endgames it reads: Ray runs this after them; the values are not used."""
    import os
    import socket
    import subprocess
    import time

    started = time.time()
    node = ""
    try:
        import ray

        node = ray.get_runtime_context().get_node_id()
    except Exception:  # noqa: BLE001 - outside Ray (tests of the function)
        pass
    result = {"material": material, "node": node, "host": socket.gethostname(), "stdout": "", "present": False}
    paths = [os.path.join(directory, material + ext) for ext in TABLE_EXTENSIONS]
    if not rebuild and all(os.path.exists(path) for path in paths):
        result["present"] = True
        result["seconds"] = time.time() - started
        return result
    command = [qiboard, "tb", "gen", material, "--no-subtables", "--dir", directory, "--rules", rules]
    if memory:
        command += ["--memory", memory]
    env = dict(os.environ)
    env.setdefault("RAYON_NUM_THREADS", str(max(1, cpus)))
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    except OSError as error:
        raise SolveError(material, command, -1, f"cannot run the binary: {error}") from None
    if done.returncode != 0:
        stderr = done.stderr
        if done.returncode < 0 or "no table for" in stderr:
            # Another try in a few seconds (NFS attribute caches expire).
            time.sleep(5)
            raise TransientSolveError(material, command, done.returncode, stderr)
        raise SolveError(material, command, done.returncode, stderr)
    result["stdout"] = done.stdout
    result["seconds"] = time.time() - started
    return result


def task_memory(endgame: Endgame, factor: float) -> int:
    """The `memory` a task asks Ray for: the plan's working memory, which
    leaves out the sub-endgames' tables read beside it, times `factor`."""
    return max(1, int(endgame.working_bytes * factor))


def cluster_capacity(ray) -> tuple[float, int | None]:
    """The most CPUs and the most `memory` resource of any one live node."""
    cpus, memory = 0.0, None
    for node in ray.nodes():
        if not node.get("Alive"):
            continue
        resources = node.get("Resources", {})
        cpus = max(cpus, resources.get("CPU", 0.0))
        if "memory" in resources:
            memory = max(memory or 0, int(resources["memory"]))
    return cpus, memory


@dataclass
class Outcome:
    built: list[str] = field(default_factory=list)
    present: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    not_attempted: dict[str, str] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    # Tasks finished on each node, and the node of each endgame.
    nodes: dict[str, int] = field(default_factory=dict)
    where: dict[str, str] = field(default_factory=dict)


def connect(address: str | None):
    """Ray, connected to the cluster at `address` (None: Ray's default)."""
    try:
        import ray
    except ImportError as error:
        raise UsageError(f"cannot import ray ({error}): pip install 'qiboard[distributed]'") from error

    # The tasks travel by value, so that workers need the binary only, not
    # this package.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(address=address or None, logging_level=logging.WARNING, log_to_driver=False)
    return ray


def wait_for_nodes(ray, count: int, timeout: float) -> int:
    """Waits until `count` nodes are alive (workers still joining)."""
    deadline = time.time() + timeout
    while True:
        alive = sum(1 for node in ray.nodes() if node.get("Alive"))
        if alive >= count:
            return alive
        if time.time() > deadline:
            raise UsageError(f"only {alive} of the {count} nodes asked for (--min-nodes) joined in {timeout:g} s")
        time.sleep(1)


def check_cluster(ray, args, selection: Selection) -> None:
    """Refuses tasks no node could run: too many CPUs asked, or (unless
    --ignore-node-memory) more memory than the largest node offers."""
    if args.min_nodes:
        wait_for_nodes(ray, args.min_nodes, args.wait_timeout)
    cpus, node_memory = cluster_capacity(ray)
    if cpus < args.cpus_per_task:
        raise UsageError(f"no node has {args.cpus_per_task:g} CPUs (the most is {cpus:g}); lower --cpus-per-task")
    if not args.ignore_node_memory:
        mark_unbuildable(selection, node_memory, args.memory_factor)


def run(ray, args, selection: Selection, out=sys.stdout) -> Outcome:
    """Submits a task per buildable endgame, each with the ObjectRefs of
    the tasks it needs, and reports each as it finishes."""
    p = lambda *a: print(*a, file=out, flush=True)  # noqa: E731
    outcome = Outcome()
    todo = [e for e in selection.endgames if not e.unbuildable]
    for e in selection.endgames:
        if e.unbuildable:
            outcome.skipped[e.material] = e.unbuildable
            p(f"skipping {e.material}: {e.unbuildable}")
    options = dict(num_cpus=args.cpus_per_task, max_retries=args.max_retries, retry_exceptions=[TransientSolveError])
    if args.spread:
        options["scheduling_strategy"] = "SPREAD"
    remote = ray.remote(**options)(solve_endgame)
    directory = os.path.abspath(args.dir)
    refs: dict[str, object] = {}
    material_of: dict[object, str] = {}
    for e in todo:
        deps = [refs[n] for n in e.needs if n in refs]
        ref = remote.options(memory=task_memory(e, args.memory_factor), name=f"tb-gen-{e.material}").remote(
            args.qiboard, e.material, directory, args.rules, args.memory, int(args.cpus_per_task),
            args.rebuild, *deps,
        )
        refs[e.material] = ref
        material_of[ref] = e.material
    total_entries = sum(e.entries for e in todo)
    done_entries = 0
    # The failed endgame behind each endgame not built.
    root: dict[str, str] = {}
    started = time.time()
    pending = list(refs.values())
    p(f"{len(todo)} endgames submitted ({total_entries:,} entries) to a cluster of "
      f"{len([n for n in ray.nodes() if n.get('Alive')])} nodes")
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            material = material_of[ref]
            endgame = selection.by_material[material]
            try:
                result = ray.get(ref)
            except Exception as error:  # noqa: BLE001 - reported, the run goes on
                cause = getattr(error, "cause", None) or error
                source = getattr(cause, "material", None)
                if source is None:
                    # Ray's own error (a worker or node lost for good): it
                    # reaches the endgames after the one it struck too.
                    source = next((root[n] for n in endgame.needs if n in root), None)
                if source is not None and source != material:
                    root[material] = source
                    outcome.not_attempted[material] = f"needs {source}, which failed"
                    what = f"not built: {source} failed"
                else:
                    text = getattr(cause, "stderr", None) or str(cause)
                    root[material] = material
                    outcome.failed[material] = text.strip()
                    what = f"FAILED: {text.strip()}"
            else:
                done_entries += endgame.entries
                node = result["node"] or result["host"]
                outcome.nodes[node] = outcome.nodes.get(node, 0) + 1
                outcome.where[material] = node
                if result["present"]:
                    outcome.present.append(material)
                    what = f"already in {args.dir}"
                else:
                    outcome.built.append(material)
                    what = f"built on node {node[:12]} in {result['seconds']:.2f} s"
            finished = len(outcome.built) + len(outcome.present) + len(outcome.failed) + len(outcome.not_attempted)
            share = 100.0 * done_entries / total_entries if total_entries else 100.0
            p(f"[{finished}/{len(todo)} endgames, {done_entries:,}/{total_entries:,} entries ({share:.1f}%), "
              f"{time.time() - started:.1f} s] {material} {what}")
    p(f"done in {time.time() - started:.1f} s: {len(outcome.built)} built, {len(outcome.present)} already there, "
      f"{len(outcome.failed)} failed, {len(outcome.not_attempted)} not built after a failure, "
      f"{len(outcome.skipped)} skipped; tasks ran on {len(outcome.nodes)} nodes")
    for material, why in outcome.failed.items():
        p(f"failed: {material}: {why}")
    return outcome


# --------------------------------------------------------------------------
# Command line


def parse_args(argv: list[str] | None = None):
    parser = argparse.ArgumentParser(
        prog="python -m qiboard.distributed",
        description="Build xiangqi endgame tables on a Ray cluster, one task per endgame.",
        epilog="Every node must see --dir at the same path and have the binary at --qiboard.",
    )
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--attackers", type=int, metavar="N",
                       help="every endgame of at most N rooks, horses, cannons and pawns (both sides)")
    which.add_argument("--materials", metavar="LIST",
                       help="comma-separated signatures (KRKN,KRKA), each with the endgames it reaches by captures")
    parser.add_argument("--dir", help="the shared directory the tables are read from and written to")
    parser.add_argument("--rules", default="asian", choices=["asian", "none"], help="repetition rules (default asian)")
    parser.add_argument("--qiboard", default=os.environ.get("QIBOARD") or shutil.which("qiboard") or "qiboard",
                        help="the qiboard binary, at this path on every node (default $QIBOARD, else on PATH)")
    parser.add_argument("--address", default=None,
                        help="Ray cluster address (HOST:PORT, ray://HOST:10001, auto); default: $RAY_ADDRESS "
                             "or a cluster started on this machine, else a new local one; 'local' for a new one")
    parser.add_argument("--min-nodes", type=int, default=0, metavar="K",
                        help="wait until K nodes have joined before submitting (default: start at once)")
    parser.add_argument("--wait-timeout", type=float, default=300, metavar="SECONDS",
                        help="how long --min-nodes waits (default 300)")
    parser.add_argument("--cpus-per-task", type=float, default=2, help="CPUs each task asks for (default 2)")
    parser.add_argument("--memory", metavar="SIZE",
                        help="working memory limit per solve (bytes or with K, M, G), for the plan and each solve; "
                             "default none in the plan, each solve held to what its node has available")
    parser.add_argument("--memory-factor", type=float, default=1.4, metavar="F",
                        help="each task asks Ray for F times the plan's memory (which counts the tables it reads, "
                             "the indexes and the process, and bounds its peak): headroom (default 1.4)")
    parser.add_argument("--spread", action="store_true",
                        help="spread the tasks over the nodes (Ray's SPREAD strategy) instead of packing them")
    parser.add_argument("--max-retries", type=int, default=3,
                        help="tries again after a node or worker dies, or the binary is killed (default 3)")
    parser.add_argument("--skip-blocked", action="store_true",
                        help="build what can be built when the plan blocks some endgames (default: refuse)")
    parser.add_argument("--ignore-node-memory", action="store_true",
                        help="submit endgames that need more memory than any node offers now "
                             "(for autoscaling clusters); by default they count as blocked")
    parser.add_argument("--rebuild", action="store_true", help="solve endgames whose files are already in --dir")
    parser.add_argument("--summary", metavar="FILE",
                        help="write what happened as JSON: built, present, failed (with stderr), "
                             "not_attempted, skipped, and the node of each endgame")
    parser.add_argument("--estimate", type=int, metavar="K",
                        help="print the plan's figures for K machines and exit, without Ray")
    parser.add_argument("--json", action="store_true", help="with --estimate, the figures as JSON")
    args = parser.parse_args(argv)
    if args.estimate is None and not args.dir:
        parser.error("--dir is required (unless --estimate)")
    if args.estimate is not None and args.estimate < 1:
        parser.error("--estimate needs at least one machine")
    if args.memory_factor <= 0:
        parser.error("--memory-factor must be positive")
    if args.cpus_per_task <= 0:
        parser.error("--cpus-per-task must be positive")
    return args


def refuse_blocked(args, selection: Selection) -> None:
    """Without --skip-blocked, nothing starts while any endgame cannot be
    built."""
    blocked = [e for e in selection.endgames if e.unbuildable]
    if blocked and not args.skip_blocked:
        shown = "; ".join(f"{e.material} ({e.unbuildable})" for e in blocked[:5])
        raise UsageError(
            f"{len(blocked)} of the {len(selection.endgames)} endgames cannot be built, e.g. {shown}; "
            "nothing was started (--skip-blocked builds the rest; --memory sets the limit)"
        )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        materials = None
        if args.materials is not None:
            materials = [m for m in (t.strip() for t in args.materials.split(",")) if m]
            if not materials:
                raise UsageError("--materials names no endgame")
        # Without --memory the plan is not held to this machine's memory:
        # the nodes' memory decides (check_cluster), and each solve checks
        # its own node's.
        memory_bytes = parse_size(args.memory) if args.memory else None
        selection = select(args.attackers, materials, args.rules, memory_bytes)
        if args.estimate is not None:
            if args.json:
                figures = estimate(selection, args.estimate, out=io.StringIO())
                print(json.dumps(figures, indent=1))
            else:
                estimate(selection, args.estimate)
            return 0
        refuse_blocked(args, selection)
        ray = connect(args.address)
        try:
            check_cluster(ray, args, selection)
            refuse_blocked(args, selection)
            os.makedirs(args.dir, exist_ok=True)
            outcome = run(ray, args, selection)
            if args.summary:
                with open(args.summary, "w") as file:
                    json.dump(dataclasses.asdict(outcome), file, indent=1)
        finally:
            ray.shutdown()
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0 if not (outcome.failed or outcome.not_attempted or outcome.skipped) else 1

