"""scripts/sweep.sh: the plumbing (tool arguments, GPU back-end list, baseline, charts) with a stand-in tool."""

import json
import os
import subprocess
import sys

from scripts_support import BASE, SCRIPTS, make_fake_tool


def test_quick_sweep_runs_the_tool_and_plots(tmp_path):
    tool = make_fake_tool(tmp_path)
    log = tmp_path / "argv.log"
    out = tmp_path / "out"
    # python3 on PATH is the interpreter running the tests (it has numpy, scipy, matplotlib). Not realpath: in a
    # virtual environment that resolves to the base interpreter, which has none of them.
    path = os.path.dirname(os.path.abspath(sys.executable)) + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin")
    env = dict(os.environ, FAKE_RUN=str(BASE), FAKE_ARGV_LOG=str(log), MPLBACKEND="Agg", PATH=path, PLOT_FORMAT="png")
    done = subprocess.run(["bash", str(SCRIPTS / "sweep.sh"), "--quick", "--tool", str(tool), "--out", str(out),
                           "--parts", "n-sweep,baseline"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    runs = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(runs) == 2
    sweep, baseline = runs
    assert sweep[sweep.index("--json") + 1] == str(out / "n-sweep.json")
    assert sweep[sweep.index("--n") + 1] == "2^10:2^20:x4"
    # GPU back-ends from --list, without the time-limited ones
    assert baseline[baseline.index("--algo") + 1] == "cub-radix,radix"
    assert (out / "baseline-quick.json").is_file()
    assert any(p.suffix == ".png" for p in (out / "charts").iterdir())
    assert "+ " in (out / "sweep.log").read_text()


def test_out_of_core_part_caps_the_device_memory(tmp_path):
    tool = make_fake_tool(tmp_path)
    log = tmp_path / "argv.log"
    out = tmp_path / "out"
    path = os.path.dirname(os.path.abspath(sys.executable)) + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin")
    env = dict(os.environ, FAKE_RUN=str(BASE), FAKE_ARGV_LOG=str(log), MPLBACKEND="Agg", PATH=path)
    done = subprocess.run(["bash", str(SCRIPTS / "sweep.sh"), "--quick", "--tool", str(tool), "--out", str(out),
                           "--parts", "out-of-core", "--no-plot"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    (argv,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert argv[argv.index("--json") + 1] == str(out / "out-of-core.json")
    assert argv[argv.index("--device-memory") + 1] == "16Mi"
    assert argv[argv.index("--n") + 1] == "2^22"
    assert argv[argv.index("--algo") + 1] == "cub-radix,radix"
