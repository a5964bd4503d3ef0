import os
import pathlib

import pytest


def pytest_addoption(parser):
    parser.addoption("--gpusort-bench", action="store", default=os.environ.get("GPUSORT_BENCH"),
                     help="path to the gpusort-bench binary")
    parser.addoption("--fault-backends", action="store", default=os.environ.get("GSB_FAULT_BACKENDS"),
                     help="path to libgsb_fault_backends.so (tests/faults)")


@pytest.fixture(scope="session")
def tool(request):
    path = request.config.getoption("--gpusort-bench")
    if not path:
        root = pathlib.Path(__file__).resolve().parents[2]
        path = str(root / "build" / "release" / "gpusort-bench")
    if not pathlib.Path(path).exists():
        pytest.skip(f"gpusort-bench binary not found at {path} (pass --gpusort-bench)")
    return str(pathlib.Path(path).resolve())


@pytest.fixture(scope="session")
def fault_backends(request):
    path = request.config.getoption("--fault-backends")
    if not path or not pathlib.Path(path).exists():
        pytest.skip(f"libgsb_fault_backends.so not found at {path} (pass --fault-backends)")
    return str(pathlib.Path(path).resolve())
