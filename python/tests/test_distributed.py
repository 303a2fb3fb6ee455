"""Tests of ``qiboard.distributed``, the Ray driver: its plan arithmetic
without Ray, and a family built on a real three-node Ray cluster on this
machine, compared byte for byte with a single-process build.

The cluster is three `ray start --block` processes (a head that runs no
tasks and two workers of one CPU each, each with its own temp dir), the
driver a fourth process that connects with `--address`, as on a real
cluster. Two tests fault it with real solves: a worker node killed while it
solves (a worker is then started in its place), and a solve killed with
`kill -9` while it writes. They run inside a network
namespace made for the test (`ip netns add`), where the only interface is
loopback: Ray then binds everything to 127.0.0.1 and no traffic can leave
the machine. Without the rights to make one the cluster tests are skipped,
unless QIBOARD_RAY_TEST_HOST_NETWORK=1 lets them run on the host's network.

The binary the tasks run: $QIBOARD, else $CARGO_TARGET_DIR/release/qiboard,
else the repository's target/release/qiboard (scripts/test.sh builds it).
Without it, or without ray, the cluster tests skip (fail with
QIBOARD_REQUIRE_TOOLS=1).
"""

from __future__ import annotations

import fcntl
import filecmp
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from qiboard import distributed as driver
import qiboard
from qiboard import xiangqi

REPO = Path(__file__).resolve().parents[2]
FAMILY = ["KRKN", "KRKA", "KNKE"]
# The family with every endgame it reaches by captures.
CLOSURE = {"KK", "KRK", "KNK", "KAK", "KEK", "KRKN", "KRKA", "KNKE"}
PORT = 6379
# An endgame whose solve takes seconds on one thread (4.6 million entries),
# long enough for a fault to land in the middle of it, and what it reaches.
SLOW = "KRKNE"
SLOW_CLOSURE = {"KK", "KRK", "KNK", "KEK", "KRKN", "KRKE", "KNEK", SLOW}


def find_binary() -> Path | None:
    candidates = []
    if os.environ.get("QIBOARD"):
        candidates.append(Path(os.environ["QIBOARD"]))
    if os.environ.get("CARGO_TARGET_DIR"):
        candidates.append(Path(os.environ["CARGO_TARGET_DIR"]) / "release" / "qiboard")
    candidates.append(REPO / "target" / "release" / "qiboard")
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return path
    return None


QIBOARD = find_binary()


def require(what: str | None) -> None:
    """Skips the test for want of ``what`` (fails under QIBOARD_REQUIRE_TOOLS=1)."""
    if what is None:
        return
    if os.environ.get("QIBOARD_REQUIRE_TOOLS") == "1":
        pytest.fail(f"{what}, and QIBOARD_REQUIRE_TOOLS=1 requires it")
    pytest.skip(what)


def tables(directory: Path) -> dict[str, Path]:
    return {p.name: p for p in directory.iterdir() if p.suffix in (".qwdl", ".qdtm")}


def run_module(*args: str, prefix: list[str] | None = None, env: dict[str, str] | None = None,
               timeout: float = 300) -> subprocess.CompletedProcess:
    """``python -m qiboard.distributed ARGS``, as a user runs it."""
    command = (prefix or []) + [sys.executable, "-m", "qiboard.distributed", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)


# --------------------------------------------------------------------------
# Without Ray


def test_signatures_and_the_plan_come_from_the_package():
    assert xiangqi.canonical_material("KHKB") == "KNKE"
    assert xiangqi.canonical_material("KAKR") == "KRKA"
    assert xiangqi.canonical_material("kackaa") == "KCAKAA"
    assert xiangqi.canonical_material("KEEARKAAEE") == "KRAEEKAAEE"
    assert xiangqi.material_attackers("KRNKR") == 3 and xiangqi.material_attackers("KAAKEE") == 0
    with pytest.raises(qiboard.MaterialError, match="material"):
        xiangqi.canonical_material("KRX")
    plan = xiangqi.Plan(2)
    names = [e.material for e in plan.endgames]
    assert len(plan) == len(names) == 1845
    for name in names:
        red, black = name[1:].split("K")
        assert xiangqi.canonical_material(name) == name
        assert xiangqi.canonical_material(f"K{black}K{red}") == name
    # The same plan as the binary's JSON, endgame for endgame.
    parsed = json.loads(plan.to_json())
    assert [e["material"] for e in parsed["endgames"]] == names
    assert parsed["total_entries"] == plan.total_entries == sum(e.entries for e in plan.endgames)
    # At 2 GiB, each endgame's reads and what a blocked one needs, as the binary says them.
    small = xiangqi.Plan(2, memory_bytes=2 << 30)
    for endgame, entry in zip(small.endgames, json.loads(small.to_json())["endgames"]):
        assert endgame.probes_subtables == entry["probes_subtables"]
        assert endgame.least_bytes == entry.get("least_bytes")
    assert any(e.probes_subtables for e in small.endgames)
    blocked = [e for e in small.endgames if e.blocked]
    assert blocked and all(e.least_bytes and e.least_bytes > 2 << 30 for e in blocked)
    with pytest.raises(ValueError, match="attackers, materials"):
        xiangqi.Plan()
    with pytest.raises(qiboard.MaterialError, match="materials"):
        xiangqi.Plan(materials=["KRKQ"])


def test_a_selection_is_the_family_with_what_it_reaches_in_plan_order():
    selection = driver.select(materials=["KNKR", "KRKA", "KBKH"])
    order = [e.material for e in selection.endgames]
    assert set(order) == CLOSURE
    for i, endgame in enumerate(selection.endgames):
        assert all(order.index(need) < i for need in endgame.needs)
    seconds, chain = driver.critical_path(selection.endgames)
    assert chain == ["KK", "KRK", "KRKN"] or chain == ["KK", "KNK", "KRKN"]
    assert seconds == pytest.approx(sum(selection.by_material[m].seconds for m in chain))
    with pytest.raises(driver.UsageError, match="materials"):
        driver.select(materials=["KRKX"])


def test_sizes_are_read_as_the_binary_reads_them():
    assert driver.parse_size("16G") == 16 << 30
    assert driver.parse_size("32MiB") == 32 << 20
    assert driver.parse_size("1024") == 1024
    for bad in ("", "G", "12Q", "-1M"):
        with pytest.raises(driver.UsageError, match="--memory"):
            driver.parse_size(bad)


def test_the_estimate_bounds_the_wall_time_on_k_machines():
    done = run_module("--attackers", "2", "--estimate", "8", "--json", "--memory", "16G", timeout=120)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["endgames"] + figures["unbuildable"] == 1845
    assert figures["lower_bound_seconds"] == max(figures["seconds_per_machine"], figures["critical_path_seconds"])
    assert figures["lower_bound_seconds"] <= figures["simulated_seconds"] <= figures["greedy_bound_seconds"]
    assert figures["critical_path"][0] == "KK"
    one = driver.estimate(driver.select(2, memory_bytes=16 << 30), 1, out=io.StringIO())
    assert one["simulated_seconds"] == pytest.approx(figures["total_seconds"])


def test_blocked_endgames_refuse_the_run_before_any_work(tmp_path):
    # 21 MiB: the process's 16, a writer's 4 and room for all but KRKN.
    done = run_module("--materials", ",".join(FAMILY), "--dir", str(tmp_path / "out"), "--memory", "21M",
                      timeout=120)
    assert done.returncode == 2, done.stderr
    assert "KRKN" in done.stderr and "--skip-blocked" in done.stderr
    assert not (tmp_path / "out").exists()
    bad = run_module("--materials", "KRKN,KQK", "--dir", str(tmp_path / "out"), timeout=120)
    assert bad.returncode == 2 and "materials" in bad.stderr and "KQK" in bad.stderr, bad.stderr


# --------------------------------------------------------------------------
# A three-node cluster


def parent_of(pid: int) -> int:
    """The parent process of `pid` (0 once it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    # The command name, in parentheses, may hold spaces: the fields after it.
    return int(stat.rsplit(")", 1)[1].split()[1])


def running(pid: int) -> bool:
    """Whether `pid` is a live process (not gone, not a zombie)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def descendants(root: int) -> list[int]:
    """`root` and every live process that descends from it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            children.setdefault(parent_of(int(entry.name)), []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def solving(material: str, directory: Path) -> list[int]:
    """The processes running `qiboard tb gen MATERIAL ... --dir DIRECTORY`
    now."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if words[1:4] == [b"tb", b"gen", material.encode()] and str(directory).encode() in words:
            found.append(int(entry.name))
    return found


def leftovers(directory: Path) -> list[str]:
    """What writers leave only when they die: lock files, temporaries,
    scratch directories (all hidden)."""
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


def unlocked(path: Path) -> bool:
    """Whether no process holds `path`'s lock (the writers' `flock`)."""
    with open(path, "rb") as file:
        try:
            fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(file, fcntl.LOCK_UN)
        return True


class Cluster:
    """A head and two workers started with `ray start --block`, in a
    network namespace of their own when one can be made."""

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="qbray", dir="/tmp"))
        self.netns: str | None = None
        self.nodes: list[tuple[str, subprocess.Popen, Path]] = []
        # Nodes killed by a test, and how many were started in their place.
        self.dead: list[tuple[str, subprocess.Popen, Path]] = []
        self.replaced = 0
        self.ray = shutil.which("ray", path=os.path.dirname(sys.executable)) or shutil.which("ray")
        if not self.ray:
            require("the ray command is not installed")
        self.address = f"127.0.0.1:{PORT}"
        self.probe = "none yet"
        # The same for every process of the test whatever ~/.ray holds: no
        # token authentication (the cluster is alone in its namespace), no
        # usage statistics.
        self.env = dict(os.environ, RAY_AUTH_MODE="disabled", RAY_USAGE_STATS_ENABLED="0")

    def prefix(self) -> list[str]:
        return ["ip", "netns", "exec", self.netns] if self.netns else []

    def make_namespace(self) -> None:
        name = f"qiboard-ray-{os.getpid()}"
        host_network = os.environ.get("QIBOARD_RAY_TEST_HOST_NETWORK") == "1"
        if shutil.which("ip") is None:
            if host_network:
                return
            require("the ip command (Debian's iproute2), which makes the test cluster's network namespace, "
                    "is not installed")
        made = subprocess.run(["ip", "netns", "add", name], capture_output=True, text=True)
        if made.returncode == 0:
            self.netns = name
            subprocess.run(self.prefix() + ["ip", "link", "set", "lo", "up"], check=True)
            return
        if host_network:
            return
        pytest.skip(f"cannot make a network namespace for the test cluster ({made.stderr.strip()}); "
                    "QIBOARD_RAY_TEST_HOST_NETWORK=1 runs it on the host's network")

    def start_node(self, name: str, head: bool, agent_port: int) -> None:
        temp = self.root / name
        log = open(self.root / f"{name}.log", "w")
        command = self.prefix() + [
            self.ray, "start", "--block", "--num-cpus", "0" if head else "1", "--num-gpus", "0",
            "--resources", json.dumps({name: 1}), "--temp-dir", str(temp),
            "--object-store-memory", str(100 * 1024 * 1024), "--disable-usage-stats",
            "--dashboard-agent-listen-port", str(agent_port),
        ]
        if head:
            command += ["--head", "--port", str(PORT), "--node-ip-address", "127.0.0.1",
                        "--include-dashboard", "false"]
        else:
            command += ["--address", self.address]
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=self.env,
                                   start_new_session=True)
        self.nodes.append((name, process, self.root / f"{name}.log"))

    def start(self) -> "Cluster":
        self.make_namespace()
        self.start_node("head", True, 52365)
        self.wait(1, 180)
        self.start_node("worker1", False, 52366)
        self.start_node("worker2", False, 52367)
        self.wait(3, 240)
        return self

    def node_of(self, pid: int) -> str | None:
        """The node whose `ray start` process `pid` descends from."""
        roots = {process.pid: name for name, process, _ in self.nodes}
        while pid > 1:
            if pid in roots:
                return roots[pid]
            pid = parent_of(pid)
        return None

    def kill_node(self, name: str) -> list[int]:
        """SIGKILL to every process of the node `name`, as when its machine
        is lost: its `ray start` process group and every process that
        descends from it, in another group or not; the node is then gone
        from the cluster (`wait` no longer looks at it). Returns the ids."""
        (entry,) = [node for node in self.nodes if node[0] == name]
        process = entry[1]
        victims = descendants(process.pid)
        os.killpg(process.pid, signal.SIGKILL)
        for pid in victims:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.wait(timeout=30)
        self.nodes.remove(entry)
        self.dead.append(entry)
        return victims

    def replace_node(self, name: str) -> None:
        """A new worker for one killed, with a temp dir and ports of its own,
        so that the cluster has three live nodes again."""
        self.replaced += 1
        self.start_node(f"{name}-again{self.replaced}", False, 52367 + self.replaced)
        self.wait(3, 240)

    def alive(self) -> int:
        probe = ("import ray, sys; ray.init(address=sys.argv[1], logging_level='error'); "
                 "print(sum(1 for n in ray.nodes() if n['Alive']))")
        try:
            done = subprocess.run(self.prefix() + [sys.executable, "-c", probe, self.address],
                                  capture_output=True, text=True, timeout=120, env=self.env)
        except subprocess.TimeoutExpired:
            self.probe = "timed out"
            return 0
        self.probe = f"exit {done.returncode}: {done.stdout.strip()[-300:]} {done.stderr.strip()[-600:]}"
        return int(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 and done.stdout.strip() else 0

    def wait(self, count: int, timeout: float) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            for name, process, log in self.nodes:
                if process.poll() is not None:
                    raise RuntimeError(f"ray node {name} exited ({process.returncode}):\n{log.read_text()[-3000:]}")
            if self.alive() >= count:
                return
            time.sleep(1)
        logs = "\n".join(f"--- {name}:\n{log.read_text()[-2000:]}" for name, _, log in self.nodes)
        raise RuntimeError(f"fewer than {count} ray nodes came up in {timeout} s; last probe: {self.probe}\n{logs}")

    def driver_command(self, *args: str) -> list[str]:
        return self.prefix() + [sys.executable, "-m", "qiboard.distributed", "--address", self.address,
                                "--cpus-per-task", "1", *args]

    def run_driver(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return run_module("--address", self.address, "--cpus-per-task", "1", *args, prefix=self.prefix(),
                          env=self.env, timeout=timeout)

    def stop(self) -> None:
        # Workers first, then the head: each `ray start --block` drains its
        # node and ends the processes it started on SIGTERM. Whatever is
        # left of a node's process group then is killed by that group's id.
        for _, process, _ in reversed(self.nodes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.time() + 45
        for _, process, _ in reversed(self.nodes):
            try:
                process.wait(timeout=max(0.1, deadline - time.time()))
            except subprocess.TimeoutExpired:
                pass
        for _, process, _ in self.nodes + self.dead:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        if self.netns:
            subprocess.run(["ip", "netns", "delete", self.netns], capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster():
    try:
        import ray  # noqa: F401
    except ImportError:
        require("ray is not installed (pip install 'qiboard[distributed]')")
    if QIBOARD is None:
        require("the qiboard binary is not built (cargo build --release -p qiboard-cli)")
    cluster = Cluster()
    try:
        started = time.time()
        cluster.start()
        print(f"cluster of 3 nodes up in {time.time() - started:.1f} s")
        yield cluster
    finally:
        cluster.stop()


def built_by_one_process(tmp_path_factory, materials: list[str]) -> Path:
    """`materials` and what they reach built by one process, the way a user
    would."""
    if QIBOARD is None:
        require("the qiboard binary is not built (cargo build --release -p qiboard-cli)")
    directory = tmp_path_factory.mktemp("single")
    subprocess.run([str(QIBOARD), "tb", "gen", *materials, "--dir", str(directory)],
                   check=True, capture_output=True, timeout=300)
    return directory


@pytest.fixture(scope="module")
def single_process(tmp_path_factory):
    return built_by_one_process(tmp_path_factory, FAMILY)


@pytest.fixture(scope="module")
def single_process_slow(tmp_path_factory):
    return built_by_one_process(tmp_path_factory, [SLOW])


def assert_same_tables(mine: Path, theirs: Path, materials) -> None:
    found, expected = tables(mine), tables(theirs)
    assert set(found) == set(expected) == {m + ext for m in materials for ext in (".qwdl", ".qdtm")}
    for name in sorted(found):
        assert filecmp.cmp(found[name], expected[name], shallow=False), f"{name} differs"


def test_a_family_built_on_three_nodes_is_byte_identical_to_one_process(cluster, single_process, tmp_path):
    out, summary = tmp_path / "tables", tmp_path / "summary.json"
    started = time.time()
    done = cluster.run_driver("--materials", ",".join(FAMILY), "--dir", str(out), "--qiboard", str(QIBOARD),
                              "--min-nodes", "3", "--spread", "--summary", str(summary))
    print(done.stdout, f"driver run {time.time() - started:.1f} s", sep="\n")
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(summary.read_text())
    assert set(result["built"]) == CLOSURE
    assert not result["failed"] and not result["not_attempted"] and not result["skipped"]
    # Progress: a line per endgame as it finished, the last with everything.
    progress = [line for line in done.stdout.splitlines() if line.startswith("[")]
    assert len(progress) == len(CLOSURE)
    assert progress[-1].startswith(f"[{len(CLOSURE)}/{len(CLOSURE)} endgames, ")
    assert "(100.0%)" in progress[-1]
    # Each endgame came after those it needs, whichever node ran it.
    finished = [line.split("] ")[1].split()[0] for line in progress]
    assert finished.index("KK") < finished.index("KRK") < finished.index("KRKN")
    # The work was spread: more than one node ran tasks.
    assert len(result["nodes"]) >= 2, result["nodes"]
    assert_same_tables(out, single_process, CLOSURE)

    # A second run finds everything there and solves nothing.
    again = cluster.run_driver("--materials", ",".join(FAMILY), "--dir", str(out), "--qiboard", str(QIBOARD),
                               "--summary", str(summary))
    assert again.returncode == 0, again.stdout + again.stderr
    result = json.loads(summary.read_text())
    assert set(result["present"]) == CLOSURE and not result["built"]


def test_a_failing_task_reports_its_stderr_and_a_killed_one_is_tried_again(cluster, tmp_path):
    # A stand-in binary: killed by a signal the first time it solves KNK,
    # failing with a message every time it solves KRK.
    fake = tmp_path / "qiboard"
    fake.write_text(
        "#!/bin/sh\n"
        f'if [ "$1 $2 $3" = "tb gen KNK" ] && [ ! -e "{tmp_path}/killed" ]; then\n'
        f'  touch "{tmp_path}/killed"; kill -9 $$\n'
        "fi\n"
        'if [ "$1 $2 $3" = "tb gen KRK" ]; then echo "error: injected failure for KRK" >&2; exit 2; fi\n'
        f'exec "{QIBOARD}" "$@"\n'
    )
    fake.chmod(0o755)
    out, summary = tmp_path / "tables", tmp_path / "summary.json"
    done = cluster.run_driver("--materials", ",".join(FAMILY), "--dir", str(out), "--qiboard", str(fake),
                              "--summary", str(summary))
    print(done.stdout)
    assert done.returncode == 1, done.stdout + done.stderr
    result = json.loads(summary.read_text())
    assert (tmp_path / "killed").exists()
    assert set(result["built"]) == {"KK", "KNK", "KAK", "KEK", "KNKE"}
    assert set(result["failed"]) == {"KRK"}
    assert "injected failure for KRK" in result["failed"]["KRK"]
    assert result["not_attempted"] == {"KRKN": "needs KRK, which failed", "KRKA": "needs KRK, which failed"}
    assert "FAILED: error: injected failure for KRK" in done.stdout


def test_skip_blocked_builds_the_rest(cluster, tmp_path):
    out, summary = tmp_path / "tables", tmp_path / "summary.json"
    done = cluster.run_driver("--materials", ",".join(FAMILY), "--dir", str(out), "--qiboard", str(QIBOARD),
                              "--memory", "21M", "--skip-blocked", "--summary", str(summary))
    assert done.returncode == 1, done.stdout + done.stderr
    result = json.loads(summary.read_text())
    assert set(result["skipped"]) == {"KRKN"}
    assert set(result["built"]) == CLOSURE - {"KRKN"}
    assert "skipping KRKN: needs 22.7 MiB of working memory" in done.stdout


def test_endgames_no_node_has_the_memory_for_are_refused(cluster, tmp_path):
    # Each node offers some GiB; every endgame's 20 MiB and more (the
    # process's own and a writer's counted) times 100,000 is more.
    done = cluster.run_driver("--materials", ",".join(FAMILY), "--dir", str(tmp_path / "out"), "--qiboard",
                              str(QIBOARD), "--memory-factor", "100000")
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"{len(CLOSURE)} of the {len(CLOSURE)} endgames cannot be built" in done.stderr, done.stderr
    (kk,) = [e for e in xiangqi.Plan(materials=["KK"]).endgames if e.material == "KK"]
    assert f"KK (needs {driver.human(kk.working_bytes)}" in done.stderr, done.stderr
    assert "the largest node offers" in done.stderr
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------
# Faults: a node lost in the middle of a solve, solves killed while one
# writes and another works out of core


def wait_for(what: str, condition, timeout: float, process: subprocess.Popen | None = None):
    """Polls `condition` until it is true (returned); fails after `timeout`
    seconds, or as soon as `process` (the driver, a solve) has exited."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        if process is not None and process.poll() is not None:
            out, err = process.communicate()
            pytest.fail(f"{process.args} exited ({process.returncode}) before {what}:\n{out}\n{err}")
        time.sleep(0.02)
    pytest.fail(f"no {what} in {timeout} s")


def test_a_node_lost_in_the_middle_of_a_solve_costs_only_that_solve(cluster, single_process_slow, tmp_path):
    out, summary = tmp_path / "tables", tmp_path / "summary.json"
    driver = subprocess.Popen(
        cluster.driver_command("--materials", SLOW, "--dir", str(out), "--qiboard", str(QIBOARD),
                               "--spread", "--summary", str(summary)),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cluster.env)
    killed = None
    try:
        # The slow solve under way on a worker: its process, then its lock
        # taken (the tables it reads are loaded by then).
        (solver,) = wait_for(f"{SLOW} solve", lambda: solving(SLOW, out), 240, driver)
        killed = cluster.node_of(solver)
        assert killed is not None and killed != "head", f"{SLOW} solved outside the workers ({killed})"
        wait_for(f"{SLOW} lock", (out / f".{SLOW}.lock").exists, 60, driver)
        victims = cluster.kill_node(killed)
        assert solver in victims
        # The kill landed before the table was in place.
        assert not (out / f"{SLOW}.qwdl").exists() and not (out / f"{SLOW}.qdtm").exists()
        wait_for(f"end of the killed {SLOW} solve", lambda: not running(solver), 30)
        stdout, stderr = driver.communicate(timeout=300)
    finally:
        if driver.poll() is None:
            driver.kill()
            driver.communicate()
        if killed is not None:
            cluster.replace_node(killed)
    print(stdout)
    assert driver.returncode == 0, stdout + stderr
    result = json.loads(summary.read_text())
    # Ray ran the lost task again on the worker left, which built it.
    assert set(result["built"]) == SLOW_CLOSURE
    assert not result["failed"] and not result["not_attempted"], result
    assert f"] {SLOW} built on node" in stdout
    assert_same_tables(out, single_process_slow, SLOW_CLOSURE)
    # The dead writer's lock went with it: nothing of it is left, and a
    # writer of that endgame now solves at once, without waiting.
    assert leftovers(out) == []
    again = subprocess.run([str(QIBOARD), "tb", "gen", SLOW, "--no-subtables", "--dir", str(out)],
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "waiting" not in again.stderr, again.stderr
    assert_same_tables(out, single_process_slow, SLOW_CLOSURE)
    # And the driver finds the family there.
    second = cluster.run_driver("--materials", SLOW, "--dir", str(out), "--qiboard", str(QIBOARD),
                                "--summary", str(summary))
    assert second.returncode == 0, second.stdout + second.stderr
    result = json.loads(summary.read_text())
    assert set(result["present"]) == SLOW_CLOSURE and not result["built"]


def test_solves_killed_writing_or_out_of_core_leave_no_table_lock_or_litter(cluster, single_process_slow, tmp_path):
    out, summary = tmp_path / "tables", tmp_path / "summary.json"
    out.mkdir()
    for name, path in tables(single_process_slow).items():
        if not name.startswith(SLOW + "."):
            shutil.copy(path, out / name)
    solver = subprocess.Popen([str(QIBOARD), "tb", "gen", SLOW, "--no-subtables", "--dir", str(out)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env=dict(os.environ, RAYON_NUM_THREADS="1"))
    temporary = out / f".{SLOW}.qwdl.{solver.pid}.tmp"
    # Killed as soon as its first file is being written.
    while not temporary.exists() and solver.poll() is None:
        time.sleep(0.001)
    solver.send_signal(signal.SIGKILL)
    assert solver.wait(timeout=60) == -signal.SIGKILL
    # Mid-write: the file half written under its temporary name, none
    # under the table's; the lock file left, but held by nobody.
    assert temporary.exists()
    assert not (out / f"{SLOW}.qwdl").exists() and not (out / f"{SLOW}.qdtm").exists()
    assert (out / f".{SLOW}.lock").exists() and unlocked(out / f".{SLOW}.lock")
    # Nothing reads the half-written file as a table.
    stats = subprocess.run([str(QIBOARD), "tb", "stats", SLOW, "--dir", str(out)], capture_output=True,
                           text=True, timeout=60)
    assert stats.returncode != 0 and "no table" in stats.stderr, stats.stderr
    # A second try, out of core (a node with less memory), killed in its
    # solve: its scratch directory stays too.
    (planned,) = [e for e in xiangqi.Plan(materials=[SLOW], memory_bytes=28 << 20).endgames if e.material == SLOW]
    assert planned.out_of_core and not planned.blocked
    solver = subprocess.Popen([str(QIBOARD), "tb", "gen", SLOW, "--no-subtables", "--dir", str(out),
                               "--memory", "28M"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    def spilled() -> list[Path]:
        return [path for path in out.iterdir() if "-scratch-" in path.name and any(path.iterdir())]

    scratch = wait_for("scratch files", spilled, 60, solver)
    solver.send_signal(signal.SIGKILL)
    assert solver.wait(timeout=60) == -signal.SIGKILL
    assert all(path.is_dir() for path in scratch)

    # The family run again (in memory) finds the rest there and builds the
    # lost table; what the dead solves left goes.
    done = cluster.run_driver("--materials", SLOW, "--dir", str(out), "--qiboard", str(QIBOARD),
                              "--summary", str(summary))
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(summary.read_text())
    assert result["built"] == [SLOW] and set(result["present"]) == SLOW_CLOSURE - {SLOW}
    assert_same_tables(out, single_process_slow, SLOW_CLOSURE)
    assert leftovers(out) == []
