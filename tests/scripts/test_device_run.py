"""scripts/device-run.sh without a GPU: a stand-in build folder whose programs only record that they ran, so that
which parts run (GSB_SKIP_*, GSB_SANITIZE_PART, GSB_PARTS) is checked here; what the parts find is the device's."""

import json
import os
import re
import subprocess
import tarfile

from scripts_support import SCRIPTS

PROGRAMS = ("gpusort-bench", "tests/gsb_unit_tests", "tests/gsb_conformance", "tests/radix/gsb_radix_parts_tests")


def stand_in_build(tmp_path):
    build = tmp_path / "build"
    for name in PROGRAMS:
        path = build / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f'#!/bin/sh\necho "ran {name} $*"\n')
        path.chmod(0o755)
    return build


def device_run(tmp_path, **env):
    out = tmp_path / "out"
    full = dict(os.environ, GSB_SOURCE_DIR=str(tmp_path), **env)  # no tests/cli there: that part is left out
    done = subprocess.run(["bash", str(SCRIPTS / "device-run.sh"), str(stand_in_build(tmp_path)), str(out)],
                          capture_output=True, text=True, env=full, timeout=120)
    log = (out / "device.log").read_text() if (out / "device.log").exists() else ""
    return done, log


def summary_of(log):
    return log.split("=== summary", 1)[1].splitlines()[1:]


def test_parts_runs_only_the_parts_it_names(tmp_path):
    done, log = device_run(tmp_path, GSB_SKIP_SANITIZER="1", GSB_PARTS="^unit tests$|pass parts")
    assert done.returncode == 0, done.stderr
    assert "=== unit tests" in log and "ran tests/gsb_unit_tests" in log
    assert "=== radix pass parts" in log and "ran tests/radix/gsb_radix_parts_tests" in log
    assert "=== conformance" not in log and "ran tests/gsb_conformance" not in log
    summary = summary_of(log)
    assert any(line.startswith("unit tests") and "rc=0" in line for line in summary)
    assert any(line.startswith("conformance (GPU)") and "skipped (GSB_PARTS)" in line for line in summary)


def test_parts_splits_the_forced_sanitizer_part(tmp_path):
    done, log = device_run(tmp_path, GSB_SKIP_TESTS="1", GSB_SANITIZE_PART="forced", GSB_SANITIZER_TOOLS="memcheck",
                           GSB_PARTS="by passes")
    assert done.returncode == 0, done.stderr
    ran = [line for line in log.splitlines() if line.startswith("=== compute-sanitizer")]
    assert ran and all("by passes" in line for line in ran), ran
    assert any("radix counting" in line and "skipped (GSB_PARTS)" in line for line in summary_of(log))


def test_without_parts_every_part_runs(tmp_path):
    done, log = device_run(tmp_path, GSB_SKIP_SANITIZER="1")
    assert done.returncode == 0, done.stderr
    assert "skipped (GSB_PARTS)" not in log
    assert "=== conformance (GPU)" in log and "=== radix pass parts" in log


def test_a_bad_sanitize_part_is_exit_2_naming_it(tmp_path):
    done, _ = device_run(tmp_path, GSB_SANITIZE_PART="everything")
    assert done.returncode == 2
    assert "'everything'" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_round_helper_runs_cuts_and_skips_parts_within_the_budget(tmp_path):
    """scripts/device-round.sh (sourced by the device round scripts): a part runs with its own limit, is cut to
    what is left of LIMIT, and is skipped, said so in the log, when that would be under 10 s."""
    script = ("LIMIT=20; source scripts/device-round.sh; part 5 echo short; part 3 sleep 10; part 30 sleep 30; "
              "part 20 echo late")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=SCRIPTS.parent, env=dict(os.environ, OUT=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    log = (tmp_path / "device.log").read_text()
    assert "=== echo short" in log and "short\nrc=0" in log
    assert "=== sleep 10" in log and "limit 3s" in log and "rc=124" in log  # its own limit
    cut = re.search(r"=== sleep 30 \(.*, limit (\d+)s\)", log)
    assert cut and 12 <= int(cut.group(1)) <= 17, log  # cut to what was left of 20 s (about 17; a busy machine less)
    assert "=== skipped (time): echo late" in log and "\nlate\n" not in log


def test_round_helper_bundles_what_a_call_cannot_bring_back(tmp_path):
    """At exit, device-round.sh packs $OUT into round.tar.gz (device.log left beside it) when it holds more files
    than a call brings back (8), folders included; with fewer it leaves them as they are."""
    few, many = tmp_path / "few", tmp_path / "many"
    for out, count in ((few, 3), (many, 10)):
        out.mkdir()
        script = (f"source scripts/device-round.sh; mkdir -p $OUT/dr; for i in $(seq {count}); do "
                  "echo $i > $OUT/r-$i.json; done; echo log > $OUT/dr/device.log")
        done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                              cwd=SCRIPTS.parent, env=dict(os.environ, OUT=str(out)))
        assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in few.rglob("*") if p.is_file()) == ["device.log", "device.log", "r-1.json",
                                                                    "r-2.json", "r-3.json"]
    assert sorted(p.name for p in many.rglob("*") if p.is_file()) == ["device.log", "round.tar.gz"]
    with tarfile.open(many / "round.tar.gz") as tar:
        names = sorted(n.removeprefix("./") for n in tar.getnames())
    assert names == sorted([f"r-{i}.json" for i in range(1, 11)] + ["dr/device.log"])
    assert "bundle: 11 files" in (many / "device.log").read_text()


def test_round_helper_alternates_builds_twice(tmp_path):
    """alternate (scripts/device-round.sh): each build of BUILDS in turn, twice, each run's JSON named by the
    comparison, the build and the round; without BUILDS it stops, naming the variable."""
    for name in ("one", "two"):
        folder = tmp_path / name
        folder.mkdir()
        tool = folder / "gpusort-bench"
        tool.write_text(f'#!/usr/bin/env bash\necho "{name}: $*"\n')
        tool.chmod(0o755)
    script = (f"source scripts/device-round.sh; BUILDS='main={tmp_path}/one new={tmp_path}/two'; "
              "alternate 20 r1 --algo radix --n 1e9")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=SCRIPTS.parent, env=dict(os.environ, OUT=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    runs = re.findall(r"^(one|two): --algo radix --n 1e9 --json (\S+)$", (tmp_path / "device.log").read_text(), re.M)
    assert runs == [("one", f"{tmp_path}/r1-main-a.json"), ("two", f"{tmp_path}/r1-new-a.json"),
                    ("one", f"{tmp_path}/r1-main-b.json"), ("two", f"{tmp_path}/r1-new-b.json")]
    unset = subprocess.run(["bash", "-c", "source scripts/device-round.sh; alternate 20 r1 --n 1"], capture_output=True,
                           text=True, timeout=60, cwd=SCRIPTS.parent, env=dict(os.environ, OUT=str(tmp_path)))
    assert unset.returncode != 0 and "BUILDS" in unset.stderr


def test_round_helper_summary_gives_each_case_its_ratio_and_names_what_did_not_pass(tmp_path):
    """summary A B PREFIX (scripts/device-round.sh): the log's part lines, each case that failed (its run or its
    validation), their count, the count of cases timed without validation, and one line a case of the PREFIX files
    with A's median (us) and B / A from the same file."""
    def case(backend, ms, n=1000, status="ok", validation="passed"):
        return {"backend": backend, "key_type": "u32", "values": "none", "n": n, "distribution": "uniform",
                "status": status, "timing": {"median_ms": ms}, "validation": {"status": validation}}
    files = {"t-0-a": [case("radix", 0.010), case("cub-radix", 0.012)],
             "t-1-a": [case("radix", 0.008), case("cub-radix", 0.012), case("radix", 1.0, n=5, validation="failed")],
             "t-2-a": [case("radix", 0.004, validation="not-run"), case("cub-radix", 0.006, validation="not-run"),
                       case("radix", 1.0, n=7, status="error", validation="not-run")],
             "other": [case("radix", 0.001), case("cub-radix", 0.002)]}
    for name, cases in files.items():
        (tmp_path / f"{name}.json").write_text(json.dumps({"cases": cases}))
    (tmp_path / "notes.json").write_text("[1, 2]")  # not a result file: passed over
    script = "source scripts/device-round.sh; part 5 echo '[  PASSED  ] 3 tests.'; summary radix cub-radix t-"
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=SCRIPTS.parent, env=dict(os.environ, OUT=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "[  PASSED  ] 3 tests." in lines
    assert "NOT PASSED t-1-a radix u32 none 5 uniform ok" in lines and "cases not passed: 2" in lines
    assert "NOT PASSED t-2-a radix u32 none 7 uniform error" in lines  # a run that failed, validated or not
    # Cases timed with --validate none are tabled and counted apart, not listed as failures.
    assert "cases timed without validation (--validate none): 2" in lines
    assert not any("NOT PASSED t-2-a" in line and " 1000 " in line for line in lines)
    assert "u32 none 1000 uniform t-0-a:10.0(1.200) t-1-a:8.0(1.500) t-2-a:4.0(1.500)" in lines
    assert not any("other:" in line for line in lines)


def test_round_helper_profile_runs_ncu_over_the_build_one_quiet_repetition(tmp_path):
    """profile NAME SECONDS BUILD NCU-ARGS -- ARGS (scripts/device-round.sh): one part running ncu on the GPU's own
    clocks with NCU-ARGS, its CSV into $OUT/ncu-NAME.csv, over BUILD's gpusort-bench with ARGS, one repetition, no
    warm-up, no validation, quiet; without the -- it stops, naming it."""
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "ncu").write_text('#!/usr/bin/env bash\necho "ncu: $*"\n')
    (tools / "ncu").chmod(0o755)
    out = tmp_path / "out"
    out.mkdir()
    env = dict(os.environ, OUT=str(out), PATH=f"{tools}:{os.environ['PATH']}")
    script = "source scripts/device-round.sh; profile b-2p29 20 /x/build --section A --launch-count 1 -- --n 2^29"
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60, cwd=SCRIPTS.parent,
                          env=env)
    assert done.returncode == 0, done.stderr
    log = (out / "device.log").read_text()
    assert (f"ncu: --clock-control none --section A --launch-count 1 --csv --log-file {out}/ncu-b-2p29.csv "
            "/x/build/gpusort-bench --reps 1 --warmup 0 --validate none -q --n 2^29") in log
    unmarked = subprocess.run(["bash", "-c", "source scripts/device-round.sh; profile b 20 /x/build --section A"],
                              capture_output=True, text=True, timeout=60, cwd=SCRIPTS.parent, env=env)
    assert unmarked.returncode != 0 and "no -- before" in unmarked.stderr
