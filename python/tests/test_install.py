"""The package installs as docs/python.md says, where no package index is
reachable: a virtual environment that sees the system's packages, and
pip install --no-build-isolation (setuptools from the system)."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import TOP


def test_pip_install_into_a_venv(tmp_path):
    pytest.importorskip("pip", reason="python3-pip is not installed")
    src = tmp_path / "src"
    shutil.copytree(TOP / "python", src, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__", ".pytest_cache"))
    venv = tmp_path / "venv"
    env = dict(os.environ, PIP_NO_CACHE_DIR="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               PIP_NO_INPUT="1")
    env.pop("PYTHONPATH", None)
    # (without a pip of its own: the system's, which it sees, installs into it)
    made = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip",
                           str(venv)], env=env, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    py = venv / "bin" / "python"
    pip = subprocess.run([str(py), "-m", "pip", "install", "--no-index",
                          "--no-build-isolation", str(src)],
                         env=env, capture_output=True, text=True)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    assert "Successfully installed fusekern-0.5.0" in pip.stdout
    # imported from the environment, not from the tree
    out = subprocess.run(
        [str(py), "-c", "import fusekern, fusekern.psycopg, importlib.metadata as m; "
         "print(fusekern.__file__); print(m.version('fusekern'))"],
        env=env, capture_output=True, text=True, cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr
    path, version = out.stdout.split()
    assert path.startswith(str(venv)) and version == "0.5.0"
