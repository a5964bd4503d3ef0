"""scripts/sweep.sh: the plumbing (tool arguments, GPU back-end list, baseline, charts) with a stand-in tool."""

import json
import os
import shlex
import subprocess
import sys

import pytest

from scripts_support import BASE, SCRIPTS, make_fake_tool, write
from gsbtools.plot import parse_n


def _sweep(*args, env=None):
    """Run scripts/sweep.sh. python3 on PATH is the interpreter running the tests (it has numpy, scipy,
    matplotlib). Not realpath: in a virtual environment that resolves to the base interpreter, which has none of
    them."""
    path = os.path.dirname(os.path.abspath(sys.executable)) + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin")
    full_env = dict(os.environ, MPLBACKEND="Agg", PATH=path, **(env or {}))
    return subprocess.run(["bash", str(SCRIPTS / "sweep.sh"), *args], capture_output=True, text=True, env=full_env,
                          timeout=300)


def test_quick_sweep_runs_the_tool_and_plots(tmp_path):
    tool = make_fake_tool(tmp_path)
    log = tmp_path / "argv.log"
    out = tmp_path / "out"
    done = _sweep("--quick", "--tool", str(tool), "--out", str(out), "--parts", "n-sweep,baseline",
                  env={"FAKE_RUN": str(BASE), "FAKE_ARGV_LOG": str(log), "PLOT_FORMAT": "png"})
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
    done = _sweep("--quick", "--tool", str(tool), "--out", str(out), "--parts", "out-of-core", "--no-plot",
                  env={"FAKE_RUN": str(BASE), "FAKE_ARGV_LOG": str(log)})
    assert done.returncode == 0, done.stdout + done.stderr
    (argv,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert argv[argv.index("--json") + 1] == str(out / "out-of-core.json")
    assert argv[argv.index("--device-memory") + 1] == "16Mi"
    assert argv[argv.index("--n") + 1] == "2^22"
    assert argv[argv.index("--algo") + 1] == "cub-radix,radix"


# radix-grid (issue 19): radix against cub-radix over n x key type x value mode, in sub-runs.
GRID_TYPES = ["u8", "u16", "u32", "u64", "i32", "i64", "f32", "f64"]
GRID_N = ["1", "100", "1e3", "4864", "1e4", "1e5", "1e6", "1e7", "2^24", "1e8", "2^27", "2^28", "1e9"]


def _dry_run(tmp_path, *args):
    """The tool commands of a --dry-run, as argument lists (its lines are shell-quoted)."""
    out = tmp_path / "out"
    done = _sweep("--dry-run", "--no-plot", "--out", str(out), "--tool", "/nonexistent/gpusort-bench", *args)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not out.exists()  # a dry run writes nothing
    return [shlex.split(line)[1:] for line in done.stdout.splitlines() if line.startswith("+ ")]


def _arg(argv, name):
    return argv[argv.index(name) + 1]


def test_radix_grid_dry_run_lists_every_size_and_type(tmp_path):
    cmds = _dry_run(tmp_path, "--parts", "radix-grid")
    assert all(argv[0] == "/nonexistent/gpusort-bench" for argv in cmds)
    out = tmp_path / "out"
    files = [_arg(argv, "--json") for argv in cmds]
    assert files == [str(out / "radix-grid.json")] + [str(out / f"radix-grid.big-{t}.json") for t in GRID_TYPES] + \
        [str(out / "radix-grid.xl-u32.json")]
    cases = set()
    for argv in cmds:
        # both back-ends in every invocation: they share each input
        assert _arg(argv, "--algo") == "radix,cub-radix"
        assert (_arg(argv, "--dist"), _arg(argv, "--order"), _arg(argv, "--reps")) == ("uniform", "asc", "10")
        for n in _arg(argv, "--n").split(","):
            for t in _arg(argv, "--type").split(","):
                for v in _arg(argv, "--values").split(","):
                    assert (parse_n(n), t, v) not in cases  # no case twice
                    cases.add((parse_n(n), t, v))
    main = cmds[0]
    assert _arg(main, "--n").split(",") == GRID_N[:-1]  # up to 2^28 in one run
    assert _arg(main, "--type").split(",") == GRID_TYPES and _arg(main, "--values") == "none,u32,u64"
    assert [(_arg(c, "--type"), _arg(c, "--n")) for c in cmds[1:-1]] == [(t, "1e9") for t in GRID_TYPES]
    xl = cmds[-1]
    assert (_arg(xl, "--type"), _arg(xl, "--values"), _arg(xl, "--n")) == ("u32", "none,u32", str(2 ** 32 + 17))
    want = {(parse_n(n), t, v) for n in GRID_N for t in GRID_TYPES for v in ("none", "u32", "u64")}
    want |= {(2 ** 32 + 17, "u32", "none"), (2 ** 32 + 17, "u32", "u32")}
    assert cases == want


def test_radix_grid_sub_runs_are_selectable(tmp_path):
    only_main = _dry_run(tmp_path, "--parts", "radix-grid", "--grid-max-n", "2^28", "--grid-xl-n", "none")
    assert len(only_main) == 1 and _arg(only_main[0], "--n").split(",") == GRID_N[:-1]
    small = _dry_run(tmp_path, "--parts", "radix-grid", "--grid-runs", "main", "--grid-max-n", "1e6")
    assert len(small) == 1 and _arg(small[0], "--n") == "1,100,1e3,4864,1e4,1e5,1e6"
    big = _dry_run(tmp_path, "--parts", "radix-grid", "--grid-runs", "big", "--grid-types", "u64,f64")
    assert [(_arg(c, "--type"), _arg(c, "--n")) for c in big] == [("u64", "1e9"), ("f64", "1e9")]
    xl = _dry_run(tmp_path, "--parts", "radix-grid", "--grid-runs", "xl", "--grid-xl-n", "2^32+17,2^33",
                  "--grid-xl-types", "u32,i32", "--grid-xl-values", "u32")
    assert [(_arg(c, "--type"), _arg(c, "--values"), _arg(c, "--n")) for c in xl] == \
        [("u32", "u32", "4294967313,2^33"), ("i32", "u32", "4294967313,2^33")]
    quick = _dry_run(tmp_path, "--parts", "radix-grid", "--quick")
    assert max(parse_n(n) for c in quick for n in _arg(c, "--n").split(",")) <= 2 ** 14 + 17
    # not a default part
    assert not any("radix-grid" in _arg(c, "--json") for c in _dry_run(tmp_path) if "--json" in c)


@pytest.mark.parametrize("args", [["--grid-max-n", "1x"], ["--grid-max-n", "2^60"], ["--grid-runs", "main,huge"],
                                  ["--grid-xl-n", "2^32+"]])
def test_radix_grid_bad_options_exit_2(tmp_path, args):
    done = _sweep("--dry-run", "--parts", "radix-grid", "--out", str(tmp_path / "o"), *args)
    assert done.returncode == 2 and "sweep.sh: error:" in done.stderr, done.stdout + done.stderr


def test_quick_radix_grid_runs_the_tool_and_draws_the_heat_map(tmp_path):
    """--quick --parts radix-grid: every sub-run is one tool run at small n, and plot draws the ratio heat map
    from the files (a stand-in tool writes a synthetic two-back-end run)."""
    from test_plot_ratio import grid_doc
    run = write(grid_doc(), tmp_path / "grid-run.json")
    tool = make_fake_tool(tmp_path)
    log = tmp_path / "argv.log"
    out = tmp_path / "out"
    done = _sweep("--quick", "--tool", str(tool), "--out", str(out), "--parts", "radix-grid",
                  env={"FAKE_RUN": run, "FAKE_ARGV_LOG": str(log), "PLOT_FORMAT": "png"})
    assert done.returncode == 0, done.stdout + done.stderr
    runs = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(runs) == 1 + 8 + 1
    assert sorted(p.name for p in out.glob("*.json")) == sorted(
        ["radix-grid.json", "radix-grid.xl-u32.json"] + [f"radix-grid.big-{t}.json" for t in GRID_TYPES])
    assert all(_arg(argv, "--reps") == "3" for argv in runs)
    assert (out / "charts" / "ratio_cub-radix-over-radix_radix-grid_asc_uniform.png").is_file()
    assert "## Ratio tables" in (out / "charts" / "index.md").read_text()
