"""The Python examples of the pages that are scripts rather than doctests (README.md and docs/,
the dated notes left out): run as their reader runs them, against a Dask cluster of this test
on 127.0.0.1 where the page names one (a page's examples use `tcp://127.0.0.1:8786`). A block's
`<!-- docs-run: for N s — REASON -->` bounds each call (a perft of an hour is interrupted after
N s as by Ctrl-C, and the next statement runs); imports and assignments run to their end, and
every statement must end well or be so interrupted. A block marked `docs-run: skip` is left out
(the page says which test runs it instead)."""

import os
import re
import subprocess
import sys

import pytest

distributed = pytest.importorskip("distributed")

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "statements.py")
PAGE_ADDRESS = "tcp://127.0.0.1:8786"

pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, "docs")),
                                reason="not in the repository")


def pages():
    found = [os.path.join(ROOT, "README.md")]
    for folder, dirs, files in os.walk(os.path.join(ROOT, "docs")):
        dirs[:] = [d for d in dirs if d != "notes"]
        found += [os.path.join(folder, f) for f in files if f.endswith(".md")]
    return sorted(found)


def script_blocks(text):
    """(line, seconds or 0, code) of each Python block without `>>> ` lines that is not
    skipped, with the `for N s` bound of the comments right above it."""
    lines = text.splitlines()
    blocks, at = [], 0
    while at < len(lines):
        if lines[at].strip() not in ("```python", "```py"):
            at += 1
            continue
        end = next(k for k in range(at + 1, len(lines)) if lines[k].strip() == "```")
        code = lines[at + 1:end]
        above, k = [], at - 1
        while k >= 0 and lines[k].rstrip().endswith("-->"):
            above.append(lines[k])
            k -= 1
        directives = " ".join(above)
        bound = re.search(r"docs-run: for (\d+) s", directives)
        if not any(l.startswith(">>> ") for l in code) and "docs-run: skip" not in directives:
            blocks.append((at + 1, int(bound.group(1)) if bound else 0, "\n".join(code) + "\n"))
        at = end + 1
    return blocks


def test_the_blocks_are_found_with_their_bounds():
    page = ("```python\nimport x\n```\n<!-- docs-run: for 3 s — long -->\n```python\nf()\n```\n"
            "```python\n>>> 1\n1\n```\n<!-- docs-run: skip — elsewhere -->\n```python\ng()\n```\n")
    assert script_blocks(page) == [(1, 0, "import x\n"), (5, 3, "f()\n")]


def run_block(code, seconds, cwd):
    script = os.path.join(cwd, "block.py")
    with open(script, "w", encoding="utf-8") as f:
        f.write(code)
    return subprocess.run([sys.executable, DRIVER, script, str(seconds)], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def test_a_long_statement_is_interrupted_and_an_error_fails(tmp_path):
    done = run_block("import time\nx = [3]\ntime.sleep(60)\nprint('got', x)\n", 1, str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "interrupted" in done.stdout and "got [3]" in done.stdout
    failed = run_block("x = 1\ny = x / 0\nprint('after')\n", 1, str(tmp_path))
    assert failed.returncode != 0 and "after" not in failed.stdout


def test_the_pages_python_scripts_run_as_typed(tmp_path):
    blocks = [(page, *b) for page in pages()
              for b in script_blocks(open(page, encoding="utf-8").read())]
    assert blocks, "no Python script block in the pages"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        for page, line, seconds, code in blocks:
            code = code.replace(PAGE_ADDRESS, cluster.scheduler_address)
            work = tmp_path / f"{os.path.basename(page)}-{line}"
            work.mkdir()
            done = run_block(code, seconds, str(work))
            place = f"{os.path.relpath(page, ROOT)}:{line}"
            assert done.returncode == 0, f"{place}\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
            assert "docs-run statements:" in done.stdout, place
