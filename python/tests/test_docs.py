"""The Python examples of docs/python.md run and print what the page shows.

Every ```python block of the page (not those fenced ```python norun) runs,
top to bottom, in one Python process and one namespace, as a reader pastes
them into one interpreter; the ```text block that follows a block (only
blank lines between) is what it prints.  A block that has no output block
must print nothing.  An exception a block raises is printed as its last
line, 'ExceptionName: message', and the next blocks run on.  Trailing
blanks and blank lines at the ends of a block are not compared.

The examples connect with psycopg.connect() (libpq's defaults and the PG*
variables): the check sets PGDATABASE to a fresh database of its own,
without the extension (the page creates it).  FK_DOCS_ACCEPT=1 writes the
page with the outputs printed now to tmp_check/docs-accepted/python.md (or
$FK_DOCS_ACCEPT_DIR), to be reviewed and copied over the page.
"""

import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

from conftest import TOP, _admin

PAGE = TOP / "docs" / "python.md"
DB = "fk_python_docs"

RUNNER = r'''
import contextlib, io, json, sys, traceback
blocks = json.load(sys.stdin)
ns = {"__name__": "__main__"}
out = []
for code in blocks:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            exec(compile(code, "<docs/python.md>", "exec"), ns)
        except Exception as exc:
            print("%s: %s" % (type(exc).__name__, exc))
    out.append(buf.getvalue())
json.dump(out, sys.__stdout__)
'''


def parse_page(text):
    """[(line, code, expected or None, (first, last) line indexes of the
    expected block)] of the page's runnable python blocks."""
    lines = text.split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*(.*)$", lines[i])
        if not m:
            i += 1
            continue
        lang, info = m.group(1), m.group(2)
        end = i + 1
        while end < len(lines) and not re.match(r"^```\s*$", lines[end]):
            end += 1
        assert end < len(lines), "docs/python.md line %d: fence never closed" % (i + 1)
        start = i
        i = end + 1
        if lang != "python" or "norun" in info.split():
            continue
        code = "\n".join(lines[start + 1:end]) + "\n"
        j = i
        while j < len(lines) and not lines[j].strip():
            j += 1
        expected, span = None, None
        if j < len(lines) and re.match(r"^```text\s*$", lines[j]):
            k = j + 1
            while k < len(lines) and not re.match(r"^```\s*$", lines[k]):
                k += 1
            expected = "\n".join(lines[j + 1:k]) + "\n"
            span = (j + 1, k)
            i = k + 1
        blocks.append((start + 1, code, expected, span))
    return blocks


def normalise(text):
    lines = [l.rstrip() for l in text.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + ("\n" if lines else "")


BLOCKS = parse_page(PAGE.read_text()) if PAGE.exists() else []


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    with _admin() as conn:
        conn.execute('DROP DATABASE IF EXISTS "%s"' % DB)
        conn.execute('CREATE DATABASE "%s"' % DB)
    env = dict(os.environ, PGDATABASE=DB)
    proc = subprocess.run([sys.executable, "-c", RUNNER],
                          input=json.dumps([b[1] for b in BLOCKS]),
                          capture_output=True, text=True, env=env, timeout=600,
                          # (not the top of the tree: its fusekern.so would
                          # be found by 'import fusekern' before the package)
                          cwd=str(tmp_path_factory.mktemp("docs")))
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    if os.environ.get("FK_DOCS_ACCEPT") == "1":
        lines = PAGE.read_text().split("\n")
        for (line, code, expected, span), out in reversed(list(zip(BLOCKS, got))):
            if span is not None:
                lines[span[0]:span[1]] = normalise(out).rstrip("\n").split("\n")
        d = pathlib.Path(os.environ.get("FK_DOCS_ACCEPT_DIR", TOP / "tmp_check" / "docs-accepted"))
        d.mkdir(parents=True, exist_ok=True)
        (d / "python.md").write_text("\n".join(lines))
    return got


def test_page_has_examples():
    assert PAGE.exists()
    assert len(BLOCKS) >= 10


@pytest.mark.parametrize("index", range(len(BLOCKS)),
                         ids=["python.md:%d" % b[0] for b in BLOCKS])
def test_block(printed, index):
    line, code, expected, _ = BLOCKS[index]
    got = normalise(printed[index])
    want = normalise(expected) if expected is not None else ""
    assert got == want, "docs/python.md line %d prints:\n%s" % (line, got)
