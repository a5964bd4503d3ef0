"""Fixtures for the tests of scripts/; the helpers live in scripts_support.py."""

import pytest

from scripts_support import BASE, GPU_SAMPLE, load  # also puts scripts/ on sys.path


@pytest.fixture
def base_doc():
    return load(BASE)


@pytest.fixture
def gpu_doc():
    return load(GPU_SAMPLE)
