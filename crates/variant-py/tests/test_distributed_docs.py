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


SLURM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "slurm")


def _slurm_example():
    """The page's SLURMCluster example: the Python block under the Slurm heading."""
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("### On a Slurm"):]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block, "no Python block in the page's Slurm section"
    return block.group(1)


def _queue(tmp_path):
    """A stand-in Slurm queue (sbatch, squeue, scancel first on PATH) that takes every job and
    starts none, as a busy cluster's does; returns its directory and the environment."""
    queue = tmp_path / "slurm"
    (queue / "bin").mkdir(parents=True)
    (queue / "jobs").mkdir()
    for name in ("sbatch", "squeue", "scancel"):
        target = queue / "bin" / name
        target.write_text(open(os.path.join(SLURM, name), encoding="utf-8").read())
        target.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = str(queue / "bin") + os.pathsep + env.get("PATH", "")
    return queue, env


def test_the_stand_in_queue_takes_jobs_lists_them_and_cancels_them(tmp_path):
    queue, env = _queue(tmp_path)
    job = tmp_path / "job.sh"
    job.write_text("#!/usr/bin/env bash\n#SBATCH -J dask-worker\necho hi\n")
    run = lambda *args: subprocess.run(  # noqa: E731
        list(args), env=env, capture_output=True, text=True, check=True).stdout
    assert run("sbatch", "--parsable", str(job)) == "Submitted batch job 1\n"
    assert run("sbatch", str(job)) == "Submitted batch job 2\n"
    listed = run("squeue").splitlines()
    assert len(listed) == 3 and " PD " in listed[1], listed
    run("scancel", "1")
    assert len(run("squeue").splitlines()) == 2
    assert (queue / "jobs" / "2.sh").read_text() == job.read_text()
    assert (queue / "cancelled").read_text() == "1\n"


def test_the_slurm_example_submits_valid_job_scripts(tmp_path):
    # The page's example as its reader runs it on a Slurm login node, against the stand-in
    # queue: the jobs are submitted and never start, so the count waits for workers until it
    # is stopped; what is checked is what reached the queue.
    pytest.importorskip("dask_jobqueue")
    queue, env = _queue(tmp_path)
    script = tmp_path / "example.py"
    script.write_text(_slurm_example())
    with subprocess.Popen([sys.executable, str(script)], cwd=str(tmp_path), env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as proc:
        try:
            out, _ = proc.communicate(timeout=20)
            pytest.fail(f"the example ended ({proc.returncode}) without workers:\n{out[-3000:]}")
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
    jobs = sorted((queue / "jobs").glob("*.sh"))
    assert len(jobs) == 8, jobs  # cluster.scale(jobs=8)
    for job in jobs:
        text = job.read_text()
        assert "#SBATCH -p compute" in text and "source ~/venvs/variants/bin/activate" in text
        subprocess.run(["bash", "-n", str(job)], check=True)
