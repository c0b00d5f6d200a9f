"""urikit.duckdb_extension in a real DuckDB (the `duckdb` Python package).

Every function answers as `uri-sql` (DataFusion with the same kernels)
answers the same query, row by row: over dev/testdata/corpus/gsd-urls.txt,
over tests/data/edge.txt (one input a line, the cases at the edges of the
grammar), for each function's example and with NULL in each argument.
uri-sql reads the file with `lines()`, and DuckDB gets the very lines
uri-sql printed, so both see the same inputs. Spark's functions are also
compared with real Spark's recorded answers (dev/testdata/spark/answers.jsonl).

The functions and their arguments come from docs/duckdb.md's generated list,
which the crate's Rust test keeps equal to the kernel table.

Needs the built extension (python3 bindings/duckdb/build.py) and uri-sql
(cargo build -p uri-sql --release): without one, a test prints one skip
line, and fails under CI=true. URIKIT_DUCKDB_EXTENSION and URI_SQL name
other files.
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import duckdb
import pytest

ROOT = Path(__file__).resolve().parents[3]
CI = os.environ.get("CI") == "true"
CORPUS = ROOT / "dev/testdata/corpus/gsd-urls.txt"
EDGE = Path(__file__).resolve().parent / "data/edge.txt"
SPARK = ROOT / "dev/testdata/spark/answers.jsonl"
# The default parsers of uri_views but curl, which the extension is built
# without (docs/duckdb.md) and uri-sql with.
PARSERS_NO_CURL = "rfc3986,whatwg,java,urllib,urllib3,go,node-legacy"


def missing(what: str):
    """One skip line; a failure under CI=true."""
    if CI:
        pytest.fail(f"{what} (CI=true: missing is a failure)")
    pytest.skip(what)


def extension_path() -> Path:
    return Path(os.environ.get("URIKIT_DUCKDB_EXTENSION", ROOT / "target/duckdb/urikit.duckdb_extension"))


def uri_sql_path() -> str | None:
    if os.environ.get("URI_SQL"):
        return os.environ["URI_SQL"]
    for p in (ROOT / "target/release/uri-sql", ROOT / "target/debug/uri-sql"):
        if p.exists():
            return str(p)
    return shutil.which("uri-sql")


@pytest.fixture(scope="module")
def con():
    ext = extension_path()
    if not ext.exists():
        missing(f"no {ext}: python3 bindings/duckdb/build.py")
    c = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    c.execute(f"LOAD '{ext}'")
    return c


@pytest.fixture(scope="module")
def uri_sql():
    exe = uri_sql_path()
    if exe is None:
        missing("no uri-sql: cargo build -p uri-sql --release")
    return exe


def sql_str(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


class Function:
    """One function of the generated list in docs/duckdb.md."""

    def __init__(self, name: str, params: list[tuple[str, bool, bool]], example: list[str]):
        self.name = name
        self.params = params  # (name, constant, optional)
        self.example = example

    @property
    def min_args(self) -> int:
        return sum(1 for _, _, opt in self.params if not opt)


def functions() -> list[Function]:
    text = (ROOT / "docs/duckdb.md").read_text()
    out = []
    for section in re.split(r"^### ", text, flags=re.M)[1:]:
        head = re.match(r"`(\w+)\((.*)\)`", section)
        name = head.group(1)
        optional_from = head.group(2).find("[")
        params = []
        for row in re.finditer(r"^\| `(\w+)` \| (.*) \|$", section, flags=re.M):
            pname, what = row.group(1), row.group(2)
            at = head.group(2).find(pname)
            params.append((pname, "A constant." in what, optional_from != -1 and at > optional_from))
        call = re.search(r"^SELECT (.*);$", section, flags=re.M).group(1)
        args = [a.replace("''", "'") for a in re.findall(r"'((?:[^']|'')*)'", call[len(name) :])]
        out.append(Function(name, params, args))
    assert len(out) > 30, "docs/duckdb.md's function list was not found"
    return out


FUNCTIONS = functions()
BY_NAME = {f.name: f for f in FUNCTIONS}
# These fail the query on an invalid row (Spark's ANSI mode): compared with
# Spark's answers below, and over the corpus by their try_ twins.
FAILING = {"parse_url", "url_decode"}


def calls(f: Function, column: str) -> list[str]:
    """The calls compared over a column of inputs: the column in each
    argument that is not a constant, the example's values in the others;
    also with the optional arguments left out."""
    ex = f.example
    out = []
    for at, (_, constant, _) in enumerate(f.params[: len(ex)]):
        if constant:
            continue
        args = [sql_str(a) for a in ex]
        args[at] = column
        out.append(f"{f.name}({', '.join(args)})")
    if len(ex) > f.min_args:
        args = [column] + [sql_str(a) for a in ex[1 : f.min_args]]
        out.append(f"{f.name}({', '.join(args)})")
    if any(p[0] == "parsers" for p in f.params):
        out.append(f"{f.name}({column}, {sql_str(PARSERS_NO_CURL)})")
    # The default parsers differ by curl (see PARSERS_NO_CURL).
    return [c for c in out if not (c == f"{f.name}({column})" and f.name in ("uri_views", "uri_host_confusion"))]


def normal(v):
    """A value as both sides can show it: a struct, and a map, as a list of
    [name, value] pairs in order. uri-sql's JSON writes a map (Arrow's, in
    uri_query_params) as an object, repeated keys and all (read with
    `pairs`), DuckDB gives a list of key/value structs."""
    if isinstance(v, dict):
        return [[k, normal(x)] for k, x in v.items()]
    if isinstance(v, Pairs):
        return [[k, normal(x)] for k, x in v]
    if isinstance(v, list):
        if v and all(isinstance(x, dict) and list(x) == ["key", "value"] for x in v):
            return [[x["key"], normal(x["value"])] for x in v]
        return [normal(x) for x in v]
    return v


class Pairs(list):
    """A JSON object as uri-sql wrote it: its pairs, in order, none lost."""


def pairs(items):
    return Pairs(items)


def run_uri_sql(exe: str, query: str):
    """uri-sql's rows (JSON Lines), or its error message."""
    p = subprocess.run(
        [exe, "--format", "json", "--threads", "1", "--no-progress", query],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if p.returncode != 0:
        return None, p.stderr.strip()
    return [dict(json.loads(line, object_pairs_hook=pairs)) for line in p.stdout.split("\n") if line.strip()], None


def compare_over(con, uri_sql, path: Path):
    exprs = [c for f in FUNCTIONS if f.name not in FAILING for c in calls(f, "line")]
    cols = ", ".join(f"{e} AS c{i}" for i, e in enumerate(exprs))
    rel = path.relative_to(ROOT)
    rows, err = run_uri_sql(uri_sql, f"SELECT line, {cols} FROM lines('{rel}')")
    assert err is None, err
    lines = [r["line"] for r in rows]
    con.execute("CREATE OR REPLACE TEMP TABLE t AS SELECT unnest($1) AS line, unnest(range(len($1))) AS i", [lines])
    got = con.execute(f"SELECT {cols} FROM t ORDER BY i").fetchall()
    assert len(got) == len(rows)
    wrong = []
    for r, g in zip(rows, got):
        for i, e in enumerate(exprs):
            want, ours = normal(r.get(f"c{i}")), normal(g[i])
            if want != ours:
                wrong.append(f"{e} on {r['line']!r}: uri-sql {want!r}, duckdb {ours!r}")
    assert not wrong, f"{len(wrong)} differ:\n" + "\n".join(wrong[:30])
    return len(rows) * len(exprs)


def test_load_and_host(con):
    assert con.execute("SELECT uri_host('http://a.b/c')").fetchone() == ("a.b",)


def test_strings_around_twelve_bytes(con):
    """DuckDB keeps a string of up to 12 bytes inline and a longer one
    behind a pointer, and the extension reads and writes both layouts
    itself: lengths 0 to 30 in and out, NULLs between, over several chunks
    of rows (2,048 each). The expected values are made here by formatting,
    not by any URI code."""
    rows = []
    for i in range(5000):
        host = "h" * (i % 17) + str(i)
        path = "/" + "p" * (i % 23)
        rows.append(None if i % 7 == 3 else f"http://{host}{path}")
    got = con.execute(
        "SELECT uri_host(u), uri_path(u), uri_path_segments(u) FROM (SELECT unnest($1) AS u, generate_subscripts($1, 1) AS i) ORDER BY i",
        [rows],
    ).fetchall()
    want = []
    for u in rows:
        if u is None:
            want.append((None, None, None))
        else:
            rest = u[len("http://") :]
            host, path = rest.split("/", 1)
            want.append((host, "/" + path, [path]))
    assert got == want
    # A constant of exactly 12 bytes and one of 13 (once read as empty).
    assert con.execute("SELECT uri_host('http://a.b/c'), uri_path('http://a.b/cd')").fetchone() == ("a.b", "/cd")
    # Non-ASCII, inline and not.
    assert con.execute("SELECT uri_to_uri('é'), uri_to_uri('/ééééééé')").fetchone() == (
        "%C3%A9",
        "/%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9",
    )


def test_long_strings_in_every_layout(con):
    """The extension reads a long string's bytes where DuckDB keeps them,
    gathering the strings lying side by side into one Arrow buffer (and
    copying them only past a number of separate stretches): the same
    hosts over the layouts DuckDB gives a vector's strings. A stored
    table's (a segment's strings end to end, from its end backwards), a
    computed column's (new strings one after the other), one value
    repeated (the same bytes each row), two columns taken in turn (no two
    rows side by side: past the cap, copied), and a mix with inline rows
    and NULLs, over more than one chunk (2,048 rows). The expected values
    are made here by formatting, not by any URI code."""
    n = 5000
    host = [f"host{i}.example.com" for i in range(n)]
    other = [f"other-{i}.example.org" for i in range(n)]
    url = [f"http://{h}/x" for h in host]
    con.execute(
        "CREATE OR REPLACE TEMP TABLE lay AS SELECT unnest($1) AS u, unnest($2) AS v, unnest(range($3)) AS i",
        [url, [f"http://{h}/y" for h in other], n],
    )
    def col(sql):
        return [r[0] for r in con.execute(sql).fetchall()]
    assert col("SELECT uri_host(u) FROM lay ORDER BY i") == host
    assert col("SELECT uri_host('http://host' || i || '.example.com/x') FROM lay ORDER BY i") == host
    assert col("SELECT uri_host('http://repeated.example.com/' || '') FROM lay") == ["repeated.example.com"] * n
    turns = [host[i] if i % 2 == 0 else other[i] for i in range(n)]
    assert col("SELECT uri_host(CASE WHEN i % 2 = 0 THEN u ELSE v END) FROM lay ORDER BY i") == turns
    mixed = col(
        "SELECT uri_host(CASE WHEN i % 5 = 0 THEN NULL WHEN i % 5 = 1 THEN 'http://a.b/' "
        "WHEN i % 5 = 2 THEN v ELSE u END) FROM lay ORDER BY i"
    )
    assert mixed == [[None, "a.b", other[i], host[i], host[i]][i % 5] for i in range(n)]


SLICES = ["uri_scheme", "uri_userinfo", "uri_host", "uri_port_text", "uri_path", "uri_query", "uri_fragment", "uri_authority"]


def slice_rows(n: int):
    """Rows for the functions whose answer is a slice of the row, which
    the extension runs on DuckDB's strings directly and whose answers it
    writes from where they lie in the row (inline up to 12 bytes, from the
    row's own 16 bytes, a 16-byte read from the answer's start, the row's
    last 16 bytes, or a copy for a row of 13 to 15; copied out when
    longer): every component at lengths 0 to 20 and more, at the row's
    start, middle and end, in rows of every length, with NULL rows and
    invalid rows between. Each row comes with its expected answers, made
    here by formatting, not by any URI code."""
    rows, want = [], []
    for i in range(n):
        if i % 7 == 3:
            rows.append(None)
            want.append((None,) * len(SLICES))
            continue
        if i % 13 == 5:
            # Invalid (a space in the host): NULL for every function.
            rows.append("http://a b/" + "x" * (i % 20))
            want.append((None,) * len(SLICES))
            continue
        if i % 11 == 0:
            # A path alone: the answer is the whole row, of every length.
            path = "/" + "a" * (i % 29)
            rows.append(path)
            want.append((None, None, None, None, path, None, None, None))
            continue
        scheme = "s" * (1 + i % 13)
        user = "u" * (i % 15) if i % 3 == 0 else None
        host = "h" * (i % 17) + ("" if i % 5 else str(i))
        port = str(i % 100000) if i % 4 == 1 else None
        path = ("/" + "p" * (i % 23)) if i % 6 else ""
        query = "q" * (i % 19) if i % 8 < 3 else None
        frag = "f" * (i % 14) if i % 9 < 4 else None
        auth = (f"{user}@" if user is not None else "") + host + (f":{port}" if port is not None else "")
        row = f"{scheme}://{auth}{path}" + (f"?{query}" if query is not None else "") + (f"#{frag}" if frag is not None else "")
        rows.append(row)
        want.append((scheme, user, host, port, path, query, frag, auth))
    return rows, want


def test_slice_functions_at_every_length(con):
    rows, want = slice_rows(6000)
    assert max(len(r) for r in rows if r) > 90 and min(len(r) for r in rows if r) < 5
    calls = ", ".join(f"{f}(u)" for f in SLICES)
    got = con.execute(
        f"SELECT {calls} FROM (SELECT unnest($1) AS u, generate_subscripts($1, 1) AS i) ORDER BY i",
        [rows],
    ).fetchall()
    assert len(got) == len(want)
    wrong = [f"{rows[i]!r}: {g} != {w}" for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not wrong, f"{len(wrong)} differ:\n" + "\n".join(wrong[:20])


def test_slice_functions_over_constant_and_dictionary_vectors(con, tmp_path):
    """A constant vector (one value for every row of a chunk) and a stored
    column compressed to a dictionary (its scan gives dictionary vectors),
    with NULLs, hosts of 12 and 13 bytes and a long one."""
    values = [
        "http://twelve.bytes/a",
        "http://thirteen.byte/bb",
        None,
        "http://a-long-host.example.com/a/long/path?q=1#f",
        "x y",
    ]
    hosts = ["twelve.bytes", "thirteen.byte", None, "a-long-host.example.com", None]
    paths = ["/a", "/bb", None, "/a/long/path", None]
    n = 5000
    for v, h in zip(values, hosts):
        got = con.execute(
            "SELECT uri_host(c), uri_path(c) FROM (SELECT $1::VARCHAR AS c FROM range($2))", [v, n]
        ).fetchall()
        assert got == [(h, paths[hosts.index(h)] if h is not None else None)] * n, v
    db = duckdb.connect(str(tmp_path / "dict.db"), config={"allow_unsigned_extensions": "true"})
    db.execute(f"LOAD '{extension_path()}'")
    db.execute("SET force_compression = 'dictionary'")
    db.execute("CREATE TABLE d AS SELECT i, ($1::VARCHAR[])[1 + i % 5] AS u FROM range($2) t(i)", [values, n])
    db.execute("CHECKPOINT")
    got = db.execute("SELECT uri_host(u), uri_path(u) FROM d ORDER BY i").fetchall()
    assert got == [(hosts[i % 5], paths[i % 5]) for i in range(n)]
    db.close()


def table_functions() -> dict[str, tuple[str, list[str]]]:
    """The table functions the guide lists: name -> (arguments, column names)."""
    text = (ROOT / "docs/duckdb.md").read_text()
    out = {}
    for m in re.finditer(r"^Also a table function: `FROM (\w+)\((.*?)\)` gives a row per item of the list: `(.*)`\.$", text, re.M):
        out[m.group(1)] = (m.group(2), [c.split(" ")[0] for c in re.split(r", (?=\w+ )", m.group(3))])
    return out


TABLES = table_functions()


def test_table_functions_as_their_lists(con):
    """`FROM f(u)` gives a row per item of `SELECT f(u)`: the item's
    fields, then its position from 1; no rows for NULL (a NULL row, an
    invalid one). Over the edge cases and the first corpus lines."""
    assert set(TABLES) >= {"uri_query_params", "uri_path_segments", "uri_host_confusion"}, TABLES
    assert TABLES["uri_query_params"] == ("uri", ["key", "value", "position"])
    lines = EDGE.read_text().split("\n") + CORPUS.read_text().split("\n")[:300] + [None]
    wrong = []
    for name, (args, cols) in TABLES.items():
        extra = f", parsers := {sql_str(PARSERS_NO_CURL)}" if "parsers :=" in args else ""
        scalar_extra = f", {sql_str(PARSERS_NO_CURL)}" if extra else ""
        for u in lines:
            (items,) = con.execute(f"SELECT {name}($1::VARCHAR{scalar_extra})", [u]).fetchone()
            want = [
                (*(item.values() if isinstance(item, dict) else (item,)), i + 1) for i, item in enumerate(items or [])
            ]
            got = con.execute(f"FROM {name}($1::VARCHAR{extra})", [u]).fetchall()
            if got != want:
                wrong.append(f"{name}({u!r}): table {got!r}, list {want!r}")
            assert [d[0] for d in con.description] == cols
    assert not wrong, f"{len(wrong)} differ:\n" + "\n".join(wrong[:20])


def test_table_function_rules(con):
    rows = con.execute("SELECT key, value, position FROM uri_query_params('/p?a=1&b=x%20y&a=3')").fetchall()
    assert rows == [("a", "1", 1), ("b", "x y", 2), ("a", "3", 3)]
    assert con.execute("FROM uri_query_params(NULL)").fetchall() == []
    assert con.execute("FROM uri_query_params('/p')").fetchall() == []
    # More items than one of DuckDB's vectors (2,048 rows).
    u = "/p?" + "&".join(f"k{i}={i}" for i in range(5000))
    got = con.execute("SELECT count(*), sum(position), max(value::INT) FROM uri_query_params($1)", [u]).fetchone()
    assert got == (5000, 5000 * 5001 // 2, 4999)
    # The optional argument by name; a wrong one fails with the kernel's message.
    got = con.execute("SELECT parsers FROM uri_host_confusion('http://a_b.example/', parsers := 'rfc3986,java')")
    assert got.fetchall() == [(["rfc3986", "java"],)]
    with pytest.raises(duckdb.Error, match="unknown parser 'bogus'"):
        con.execute("FROM uri_host_confusion('http://a/', parsers := 'bogus')").fetchall()
    # A column of another table: DuckDB refuses it (the C API's table
    # functions take constants); the list function and unnest serve there.
    with pytest.raises(duckdb.Error, match="lateral"):
        con.execute("SELECT * FROM (VALUES ('/p?a=1')) v(u), uri_query_params(v.u)").fetchall()


def test_every_function_of_the_table_is_registered(con):
    got = {
        (name, n)
        for name, n in con.execute(
            "SELECT function_name, len(parameters) FROM duckdb_functions() WHERE function_type = 'scalar'"
        ).fetchall()
    }
    for f in FUNCTIONS:
        for n in range(f.min_args, len(f.params) + 1):
            assert (f.name, n) in got, f"{f.name} with {n} arguments"


def test_the_corpus_as_uri_sql(con, uri_sql):
    assert compare_over(con, uri_sql, CORPUS) > 18000 * 40


def test_the_edge_cases_as_uri_sql(con, uri_sql):
    compare_over(con, uri_sql, EDGE)


def one(con, uri_sql, expr: str):
    """(uri-sql's answer, DuckDB's) to `SELECT expr`: a value or an error."""
    rows, err = run_uri_sql(uri_sql, f"SELECT {expr} AS v")
    want = ("error", err) if err else ("value", normal(rows[0].get("v")))
    try:
        ours = ("value", normal(con.execute(f"SELECT {expr}").fetchone()[0]))
    except duckdb.Error as e:
        ours = ("error", str(e))
    return want, ours


def test_examples_and_nulls_as_uri_sql(con, uri_sql):
    wrong = []
    checked = 0
    for f in FUNCTIONS:
        ex = [sql_str(a) for a in f.example]
        exprs = [f"{f.name}({', '.join(ex)})"]
        for at in range(len(ex)):
            exprs.append(f"{f.name}({', '.join(ex[:at] + ['NULL'] + ex[at + 1 :])})")
        for e in exprs:
            want, ours = one(con, uri_sql, e)
            checked += 1
            if want[0] != ours[0] or (want[0] == "value" and want != ours):
                wrong.append(f"{e}: uri-sql {want!r}, duckdb {ours!r}")
    assert checked > 80
    assert not wrong, "\n".join(wrong)


def test_errors_are_duckdb_errors_with_our_message(con):
    with pytest.raises(duckdb.Error, match=r"normalize: unknown level 'loud'"):
        con.execute("SELECT uri_normalize('http://a/', 'loud')").fetchall()
    with pytest.raises(duckdb.Error, match=r"\[INVALID_URL\]"):
        con.execute("SELECT parse_url('http://a b/', 'HOST')").fetchall()
    # A bad row in the middle of good ones: an error, the process lives on.
    con.execute("CREATE OR REPLACE TEMP TABLE bad AS SELECT 'http://h/' || i AS u FROM range(5000) r(i)")
    con.execute("INSERT INTO bad VALUES ('http://a b/')")
    with pytest.raises(duckdb.Error, match=r"\[INVALID_URL\]"):
        con.execute("SELECT parse_url(u, 'HOST') FROM bad").fetchall()
    with pytest.raises(duckdb.Error, match="must be a constant"):
        con.execute("SELECT uri_normalize(u, u) FROM bad").fetchall()
    with pytest.raises(duckdb.Error, match="unknown parser 'ie6'"):
        con.execute("SELECT uri_views('http://h/', 'ie6')").fetchall()
    assert con.execute("SELECT count(try_parse_url(u, 'HOST')) FROM bad").fetchone() == (5000,)


def spark_rows(kind: str):
    for line in SPARK.read_text().split("\n"):
        if not line:
            continue
        r = json.loads(line)
        if r["kind"] == kind:
            yield r


def message(e: Exception) -> str:
    """DuckDB's message of a failed query without its prefix (`Invalid
    Input Error: `); a C string, so a NUL in a URL reads `\\0`."""
    return re.sub(r"^[A-Za-z ]+ Error: ", "", str(e)).splitlines()[0].strip()


PARTS = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO", "PORT", "Query", "host"]


def test_parse_url_as_spark(con):
    rows = list(spark_rows("parse_url"))
    assert len(rows) > 5000
    urls = [r["url"] for r in rows]
    con.execute("CREATE OR REPLACE TEMP TABLE s AS SELECT unnest($1) AS url, unnest(range(len($1))) AS i", [urls])
    cols = ", ".join(f"try_parse_url(url, '{p}')" for p in PARTS)
    got = con.execute(f"SELECT {cols} FROM s ORDER BY i").fetchall()
    wrong = []
    for r, g in zip(rows, got):
        want = [r["parts"][p] if r["valid"] else None for p in PARTS]
        if list(g) != want:
            wrong.append(f"{r['url']!r}: spark {want}, duckdb {list(g)}")
    valid = [r["url"] for r in rows if r["valid"]]
    con.execute("CREATE OR REPLACE TEMP TABLE v AS SELECT unnest($1) AS url, unnest(range(len($1))) AS i", [valid])
    ansi = con.execute(f"SELECT {cols.replace('try_parse_url', 'parse_url')} FROM v ORDER BY i").fetchall()
    assert ansi == [tuple(r["parts"][p] for p in PARTS) for r in rows if r["valid"]]
    invalid = 0
    for r in rows:
        if r["valid"]:
            continue
        invalid += 1
        try:
            con.execute("SELECT parse_url($1, 'PROTOCOL')", [r["url"]]).fetchall()
            wrong.append(f"{r['url']!r}: spark fails, duckdb does not")
        except duckdb.Error as e:
            want = r["error"]["message"].replace("\0", "\\0")
            if message(e) != want.splitlines()[0].strip():
                wrong.append(f"{r['url']!r}: spark {want!r}, duckdb {message(e)!r}")
    assert invalid > 100
    assert not wrong, f"{len(wrong)} differ:\n" + "\n".join(wrong[:30])


def test_query_keys_as_spark(con):
    wrong = []
    rows = list(spark_rows("query_key"))
    assert len(rows) > 400
    for r in rows:
        for fn, value, error in (("parse_url", "value", "error"), ("try_parse_url", "try_value", "try_error")):
            try:
                got = ("value", con.execute(f"SELECT {fn}($1, 'QUERY', $2)", [r["url"], r["key"]]).fetchone()[0])
            except duckdb.Error:
                got = ("error", None)
            want = ("error", None) if r.get(error) else ("value", r.get(value))
            if got != want:
                wrong.append(f"{fn}({r['url']!r}, 'QUERY', {r['key']!r}): spark {want}, duckdb {got}")
    assert not wrong, "\n".join(wrong[:30])


def test_url_encode_and_decode_as_spark(con):
    wrong = []
    for r in spark_rows("url_encode"):
        got = con.execute("SELECT url_encode($1)", [r["input"]]).fetchone()[0]
        if got != r["value"]:
            wrong.append(f"url_encode({r['input']!r}): spark {r['value']!r}, duckdb {got!r}")
    for r in spark_rows("url_decode"):
        got = con.execute("SELECT try_url_decode($1)", [r["input"]]).fetchone()[0]
        if got != r["try_value"]:
            wrong.append(f"try_url_decode({r['input']!r}): spark {r['try_value']!r}, duckdb {got!r}")
        try:
            got = ("value", con.execute("SELECT url_decode($1)", [r["input"]]).fetchone()[0])
        except duckdb.Error as e:
            got = ("error", message(e))
        err = r.get("error")
        want = ("error", err["message"].replace("\0", "\\0").splitlines()[0].strip()) if err else ("value", r["value"])
        if got != want:
            wrong.append(f"url_decode({r['input']!r}): spark {want!r}, duckdb {got!r}")
    assert not wrong, "\n".join(wrong[:30])


def test_spark_nulls(con):
    (r,) = spark_rows("nulls")
    got = con.execute(
        "SELECT parse_url(NULL, 'HOST'), parse_url('http://h/', NULL), "
        "parse_url('http://h/?a=1', 'QUERY', NULL), url_encode(NULL), url_decode(NULL)"
    ).fetchone()
    assert list(got) == r["values"]


def test_duckdb_cli():
    """The same extension in the DuckDB command-line program, when one is
    on PATH (pip's duckdb-cli, or DUCKDB_CLI)."""
    cli = os.environ.get("DUCKDB_CLI") or shutil.which("duckdb")
    if cli is None:
        missing("no duckdb CLI (pip install duckdb-cli, or DUCKDB_CLI=path)")
    ext = extension_path()
    if not ext.exists():
        missing(f"no {ext}: python3 bindings/duckdb/build.py")
    p = subprocess.run(
        [cli, "-unsigned", "-csv", "-noheader", "-c", f"LOAD '{ext}'; SELECT uri_host('http://a.b/c'), uri_port('http://h:8080/');"],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "a.b,8080"
