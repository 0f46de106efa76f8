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
