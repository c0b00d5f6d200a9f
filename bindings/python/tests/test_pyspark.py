"""PySpark: urikit.arrow kernels in ``DataFrame.mapInArrow``, in local mode
(local[2], so the function runs in Spark's Python worker processes), checked
row by row against the scalar API. Needs a JVM; scripts/test.sh installs a
JRE when there is none, and pyspark. A missing one skips the test, or fails
it under CI=true."""

import os
import shutil
import sys

import pytest
import urikit
from conftest import CORPUS, missing, require

pa = require("pyarrow")

# The columns the example adds, as Spark declares them.
SCHEMA = (
    "url string, host string, host_ascii string, registrable_domain string, "
    "valid boolean, error_index long, error_kind string"
)


def make_uri_columns():
    """The function for mapInArrow, made here: Spark's workers get it
    pickled by value (a function of this test module would be pickled by
    reference, and the workers cannot import the test module)."""

    def uri_columns(batches):
        """The function for mapInArrow: pyarrow record batches in, record
        batches with the URI columns out, one kernel call per column and batch."""
        import pyarrow as pa
        import urikit.arrow as A

        for batch in batches:
            url = batch.column("url")
            parsed = A.parse(url)
            yield pa.RecordBatch.from_arrays(
                [
                    url,
                    A.host(url),
                    A.host_ascii(url),
                    A.registrable_domain(url),
                    parsed.field("valid"),
                    # Spark has no unsigned types.
                    parsed.field("error_index").cast(pa.int64()),
                    parsed.field("error_kind"),
                ],
                schema=pa.schema(
                    [
                        ("url", url.type),
                        ("host", url.type),
                        ("host_ascii", url.type),
                        ("registrable_domain", url.type),
                        ("valid", pa.bool_()),
                        ("error_index", pa.int64()),
                        ("error_kind", url.type),
                    ]
                ),
            )

    return uri_columns


@pytest.fixture(scope="module")
def spark():
    require("pyspark")
    if not (shutil.which("java") or os.environ.get("JAVA_HOME")):
        missing("no JVM (java) for PySpark")
    from pyspark.sql import SparkSession

    # The workers must run this Python (with urikit and pyarrow), not the
    # first python3 on PATH; and everything stays on the loopback interface.
    saved = {k: os.environ.get(k) for k in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON", "SPARK_LOCAL_IP")}
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    session = (
        SparkSession.builder.master("local[2]")
        .appName("urikit-test")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        # Several batches per partition, so the function sees a stream.
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "2000")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    try:
        yield session
    finally:
        session.stop()
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _scalar(text):
    """What the scalar API says about one row: (host, host_ascii, valid,
    error_index, error_kind)."""
    if text is None:
        return (None, None, None, None, None)
    try:
        ref = urikit.URIRef(text)
    except urikit.URIError as e:
        host_ascii = None
        try:
            host_ascii = urikit.IRIRef(text).host_ascii()
        except urikit.URIError:
            pass
        return (None, host_ascii, False, e.index, e.kind)
    try:
        host_ascii = ref.host_ascii()
    except urikit.URIError:
        host_ascii = None
    return (ref.host, host_ascii, True, None, None)


def test_map_in_arrow_agrees_with_the_scalar_api(spark):
    import urikit.arrow as A

    corpus = spark.read.text(str(CORPUS / "gsd-urls.txt")).withColumnRenamed("value", "url")
    extra = spark.createDataFrame(
        [("http://\u4f8b\u3048.jp/",), ("http://xn--rsum-bpad.example.org/",), ("http://a.xn--a.example/",), (None,)],
        "url string",
    )
    rows = corpus.union(extra).repartition(2).mapInArrow(make_uri_columns(), SCHEMA).collect()
    assert len(rows) > 10_000
    for row in rows:
        got = (row.host, row.host_ascii, row.valid, row.error_index, row.error_kind)
        want = _scalar(row.url)
        # A row that is not a URI reference (an IRI) has no `host` but may
        # have an ASCII host.
        assert got == want, row.url
    # registrable_domain has no scalar function: the same kernel on the
    # driver, outside Spark, gives the same rows.
    urls = [r.url for r in rows]
    assert [r.registrable_domain for r in rows] == A.registrable_domain(pa.array(urls, pa.string())).to_pylist()
    by_url = {r.url: r for r in rows}
    assert by_url["http://\u4f8b\u3048.jp/"].host_ascii == "xn--r8jz45g.jp"
    assert by_url["http://\u4f8b\u3048.jp/"].host is None  # an IRI, not a URI
    assert by_url["http://xn--rsum-bpad.example.org/"].registrable_domain == "example.org"
    assert by_url["http://a.xn--a.example/"].host_ascii is None
    assert by_url[None].valid is None
    assert sum(r.valid is False for r in rows) > 0 and sum(bool(r.registrable_domain) for r in rows) > 1000


def test_readme_example(spark):
    readme = (CORPUS.parents[2] / "bindings" / "python" / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- pyspark-example -->\n```python\n", 1)[1].split("```", 1)[0]
    # A module name that is not importable, so that Spark's cloudpickle sends
    # the example's function by value.
    scope = {"__name__": "readme_example", "spark": spark}
    exec(compile(block, "README.md (PySpark example)", "exec"), scope)
    got = [(r.url, r.host, r.host_ascii, r.domain) for r in scope["rows"]]
    assert got == [
        ("https://www.example.co.uk/a", "www.example.co.uk", "www.example.co.uk", "example.co.uk"),
        ("http://\u4f8b\u3048.jp/", None, "xn--r8jz45g.jp", None),
        ("not a uri", None, None, None),
    ]
