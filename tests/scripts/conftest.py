"""Fixtures for the tests of scripts/; the helpers live in scripts_support.py."""

import pytest

from scripts_support import BASE, GPU_SAMPLE, load  # also puts scripts/ on sys.path


@pytest.fixture
def base_doc():
    return load(BASE)


@pytest.fixture
def gpu_doc():
    return load(GPU_SAMPLE)


@pytest.fixture(autouse=True)
def _no_github_step_summary(monkeypatch):
    """Tests run inside GitHub Actions must not append to the job's real summary."""
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
