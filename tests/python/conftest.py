"""Shared pytest setup: the module is imported from the source tree (PYTHONPATH, set by ctest) and loads the
build tree's libraries (ACLNN_CPU_LIB_DIR)."""
import os

import pytest


@pytest.fixture(scope="session")
def build_dir():
    path = os.environ.get("ACLNN_CPU_BUILD_DIR")
    if not path:
        pytest.skip("ACLNN_CPU_BUILD_DIR is not set (run through ctest)")
    return path


@pytest.fixture(autouse=True)
def seeded_torch():
    """Every test starts from the same torch global generator state, so a failure reproduces run after run.
    ACLNN_CPU_TEST_SEED picks another state: sweeping it checks that a test's assertions hold for any data, not
    only for the default draw."""
    try:
        import torch
    except ImportError:
        return
    torch.manual_seed(int(os.environ.get("ACLNN_CPU_TEST_SEED", "0")))
