"""docs/distributed.md as the README's environment reads it: its doctests pass (or skip where
they need a package that environment does not install) with `[dask]` alone, and its examples'
scheduler is on this machine."""

import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("distributed")

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
PAGE = os.path.join(ROOT, "docs", "distributed.md")

pytestmark = pytest.mark.skipif(not os.path.exists(PAGE), reason="not in the repository")


def test_the_doctests_run_without_dask_jobqueue(tmp_path):
    # dask-jobqueue hidden, as in the README's environment, even where it is installed (.ci/run
    # installs it for the page's Slurm example before the doctests).
    hidden = tmp_path / "hidden" / "dask_jobqueue"
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'dask_jobqueue'\", name='dask_jobqueue')\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(tmp_path / "hidden")] + [p for p in [env.get("PYTHONPATH")] if p])
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
         "--doctest-glob=*.md", PAGE],
        capture_output=True, text=True, timeout=900, cwd=str(tmp_path), env=env)
    # (Without the log lines Dask's clusters write while the doctests run.)
    report = "\n".join(line for line in done.stdout.splitlines() if "INFO" not in line)
    assert done.returncode == 0, report[:3000] + done.stderr[-2000:]
    assert "dask_jobqueue" in done.stdout  # skipped at the Slurm example, and said why


def test_the_examples_scheduler_is_a_loopback_address():
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    # The scheduler the page starts for its examples, and every address it gives one.
    assert "dask scheduler --host 127.0.0.1 --port 8786 &" in text
    addresses = re.findall(r"tcp://([0-9.]+):([0-9]+)", text)
    assert addresses
    assert all(host.startswith("127.") for host, _ in addresses), addresses
    # No address of another machine on a private network anywhere on the page.
    assert not re.search(r"\b(10\.[0-9]+|192\.168|172\.(1[6-9]|2[0-9]|3[01]))\.[0-9]+\.[0-9]+",
                         text)
