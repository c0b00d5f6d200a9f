#!/usr/bin/env python3
"""Ask real Apache Spark what its URL functions answer, and write the answers
down as data (`answers.jsonl` beside this script).

Spark is too slow to start for every test run, so its answers are committed
and the Rust tests of `urikit_datafusion::spark` compare every row and part
against them. Rerun this script to regenerate the file (it needs Java 17 and
PySpark; `bash dev/testdata/spark/regenerate.sh` installs PySpark into a venv).

The inputs are made here, deterministically: every ASCII character in every
component, non-ASCII classes, IPv4/IPv6 and port edge forms, empty and absent
components, opaque and relative references, and samples of the committed
corpora (dev/testdata/corpus). Each output line is one JSON object:

- `{"kind": "meta", ...}`: the Spark and Java versions that answered;
- `{"kind": "parse_url", "url": U, "valid": B, "parts": {PART: V}}`: the
  answers of `try_parse_url(U, PART)` for every part name (V is null for
  SQL NULL), `valid` false when `parse_url(U, 'PROTOCOL')` fails under ANSI
  mode (then `error` holds Spark's error class and message);
- `{"kind": "query_key", "url": U, "key": K, "value": V}` or with `error`:
  `parse_url(U, 'QUERY', K)`;
- `{"kind": "url_encode", "input": S, "value": V}`, and `url_decode` with
  either `value` or `error` (and `try_value`, the answer of
  `try_url_decode`).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, "testdata", "corpus")

PARTS = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO",
         # Part names are case-sensitive, and unknown ones give NULL.
         "host", "Query", "PORT"]


def ascii_cases():
    """Every ASCII character in every position of a URI."""
    slots = [
        "{c}http://h/", "ht{c}tp://h/", "http{c}://h/",
        "http://u{c}i@h/", "http://h{c}o/", "http://{c}h/", "http://h{c}/",
        "http://h:8{c}/", "http://h:{c}8/",
        "http://h/p{c}q", "http://h/{c}", "http://h/p;x{c}y",
        "http://h/?q{c}r", "http://h/?{c}", "http://h/#f{c}g", "http://h/#{c}",
        "mailto:a{c}b", "a:{c}b", "p{c}q", "/p{c}q", "//h{c}/p", "?{c}", "#{c}",
        "http://[::1{c}]/", "http://1.2.3.4{c}/",
    ]
    out = []
    for slot in slots:
        for b in range(128):
            out.append(slot.format(c=chr(b)))
    return out


def nonascii_cases():
    chars = ["\u00a0", "\u1680", "\u2000", "\u2028", "\u3000", "\u0085", "\u0080", "\u009f",
             "\u200e", "\u202e", "\u2066", "\u00e9", "\u4e2d", "\U0001F600", "\ufffd", "\ufeff",
             "\u00ad", "\u0301", "\ud7ff", "\ue000"]
    slots = ["http://u{c}@h/", "http://h{c}/", "http://{c}/", "http://h/{c}", "http://h/?{c}",
             "http://h/#{c}", "mailto:{c}", "{c}:x", "{c}", "http://h:{c}/"]
    return [s.format(c=c) for s in slots for c in chars]


def edge_cases():
    hosts = ["1.2.3.4", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.02.03.04", "1.2.3.04",
             "999.999.999.999", "0.0.0.0", "1.2.3.", "1..3.4", "0x7f.1", "2130706433", "127.1",
             "[::1]", "[::1%eth0]", "[::1%25eth0]", "[v1.x]", "[1:2:3:4:5:6:7:8]",
             "[1:2:3:4:5:6:7:8:9]", "[::ffff:1.2.3.4]", "[::ffff:1.2.3]", "[1::2::3]", "[::]",
             "[:1]", "[1:]", "[fe80::1%1]", "[]", "[", "]", "[::1", "::1",
             "a", "1a", "a1", "1", "12", "-a", "a-", "a-b", "a.1", "1.a", "a..b", "a.", ".a",
             "a.b-.c", "a._b", "a_b", "a_b.c", "xn--nxasmq6b", "A.B.C", "a.b.c.d.e.f", "a.123",
             "a.1b", "a.b1", "localhost", "%41", "a%2eb", "a~b", "a!b", "a$b", "a,b", "a;b",
             "a=b", "a+b", "a'b", "a(b)", "a*b", "a&b", "a b", "a\\b"]
    out = []
    for h in hosts:
        out += ["http://%s/" % h, "http://%s:8080/p?q#f" % h, "http://u@%s/" % h,
                "//%s" % h, "ftp://%s" % h]
    ports = ["", "0", "80", "65535", "65536", "2147483647", "2147483648", "99999999999",
             "-1", "+1", "8a", "00080", " 80", "80 "]
    out += ["http://h:%s/" % p for p in ports]
    out += ["http://[::1]:%s/" % p for p in ports]
    out += [
        "", " ", "a", "a:", "a:b", "a:/b", "a://b", "a:?b", "a:#b", "a:b?c#d", "1a:b",
        "a1+-.:b", "+a:b", ":b", "http:", "http:/", "http://", "http:///", "http:///p",
        "http://@/", "http://@h/", "http://u@/", "http://a@b@c/", "http://a:b@c:d/",
        "http://a:b@c:1/", "http://:@h:/", "http://h:/", "http://:80/", "http://h?q", "http://h#f",
        "http://h/p?q#f#g", "http://h/p?q?r", "http://h/%", "http://h/%4", "http://h/%zz",
        "http://h/%41", "http://h/?%", "http://h/#%", "http://%/", "http://u%@h/",
        "file:///x", "file:/x", "file:x", "file://h/x", "file:////h/x", "file:///c:/x",
        "file:///c|/x", "//h/p", "///p", "////p", "?q", "#f", "/", "./a", "../a", ".", "..",
        "a/b:c", "a:b/c", "./a:b", "mailto:a@b.c", "news:comp.lang", "urn:isbn:123",
        "tel:+1-555", "javascript:alert(1)", "data:text/plain,x", "http://h/a/./b/../c",
        "http://h/a//b", "http://h//a", "http://h/;p;q/r;s", "HTTP://H/", "hTTp://h/",
        "http://h/p?a=1&b=2&a=3", "http://h/p?=x", "http://h/p?&&", "http://h/p#",
        "http://h/p?", "http://h?", "http://h#", "http://user:pass@host.com:8080/p/a.html?q=1#r",
        "http://userinfo@spark.apache.org/path?query=1#Ref",
        "https://www.socs.uts.edu.au:80/MosaicDocs-old/url-primer.html?k1=tps#chapter1",
        "ftp://sites.google.com/a/example.com/site/page", "htttp://", "[invalid url string]",
        "http://facebook.com/path1/p.php?k1=v1&k2=v2#Ref1", "inva lid://spark.apache.org/path",
        "http://spark.apache.org/path?", "http://h\\p", "\\\\h\\p", "http:\\\\h\\p",
    ]
    return out


def corpus_cases():
    out = []
    with open(os.path.join(CORPUS, "gsd-urls.txt"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    out += [l for i, l in enumerate(lines) if l and i % 10 == 0]
    with open(os.path.join(CORPUS, "open-redirect-payloads.txt"), encoding="utf-8") as f:
        out += [l for l in f.read().split("\n") if l]
    with open(os.path.join(CORPUS, "kasztp.txt"), encoding="utf-8-sig") as f:
        lines = f.read().split("\n")
    out += [l for i, l in enumerate(lines) if l and i % 5 == 0]
    return out


def query_key_cases():
    urls = ["http://h/p?a=1&b=2&a=3", "http://h/p?q=x", "http://h/p?k1=v1&k2=v2#Ref1",
            "http://h/p?a=&b", "http://h/p?=x&a=1", "http://h/p?xa=1&a=2", "http://h/p?a.b=1",
            "http://h/p?a%3D=1&a=2", "http://h/p?A=1", "http://h/p?a=b=c", "http://h/p?a=1#a=2",
            "http://h/p", "http://h/p?", "mailto:x?a=1", "http://h/p?a+b=1&a b=2",
            "http://h/p?%E4%B8%AD=1", "http://h/p?a=%zz", "?a=1", "http://h/p?&a=1&&",
            "http://h/p?a|b=1&a=2", "http://h/p?(a)=1", "http://h/p?k[]=1&k=2"]
    keys = ["a", "b", "q", "k1", "k2", "A", "", "x", "a.b", "a+b", "a|b", ".*", "a.", "(a)",
            "(", "[", "\\", "k\\[\\]", "\\Qa.b\\E", "a=1&b", "(?i)a", "k[]", "\u4e2d",
            "%E4%B8%AD", "a%3D"]
    return [(u, k) for u in urls for k in keys]


def codec_cases():
    out = [chr(b) for b in range(128)]
    out += ["", "a b", "a+b", "a%20b", "%", "%2", "%zz", "%41", "%4g", "100%", "%%41",
            "%E4%B8%AD", "%E4", "%E4%B8", "%C3%28", "%FF", "%ED%A0%80", "%F0%9F%98%80",
            "\u4e2d\u6587", "\U0001F600", "\u00e9", "~*'()!", "a%2Bb", "+++", "%2B%20+",
            "http://spark.apache.org/path?query=1", "https%3A%2F%2Fspark.apache.org",
            "a\u0000b", "%00", "\ufffd", "%C0%80", "%e4%b8%ad", "%E4%b8%AD",
            # Integer.parseInt(s, 16) takes a sign: Java's URLDecoder quirks.
            "%+1", "%-1", "%+f", "% 1", "%1", "a%", "%%", "%\u4e2d1", "%E4%B8%AD%"]
    return out


def main():
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    import pyspark

    spark = (SparkSession.builder.master("local[1]")
             .config("spark.ui.enabled", "false")
             .config("spark.sql.ansi.enabled", "true")
             .config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    jvm = spark.sparkContext._jvm
    meta = {"kind": "meta", "spark": pyspark.__version__,
            "java": jvm.java.lang.System.getProperty("java.version"),
            "ansi_default": spark.conf.get("spark.sql.ansi.enabled")}

    seen = set()
    urls = []
    for u in ascii_cases() + nonascii_cases() + edge_cases() + corpus_cases():
        if u not in seen:
            seen.add(u)
            urls.append(u)

    out = [meta]
    df = spark.createDataFrame([(i, u) for i, u in enumerate(urls)], "i int, u string")
    cols = [F.expr("try_parse_url(u, '%s')" % p).alias("p%d" % j) for j, p in enumerate(PARTS)]
    rows = sorted(df.select("i", *cols).collect(), key=lambda r: r[0])
    for r in rows:
        u = urls[r[0]]
        parts = {p: r["p%d" % j] for j, p in enumerate(PARTS)}
        # A valid URI has a scheme or a path (java.net.URI: opaque URIs have
        # a scheme, hierarchical ones a non-null path), so all-NULL parts
        # mean try_parse_url caught an invalid URL. That is checked below
        # by running parse_url under ANSI mode on each such row.
        rec = {"kind": "parse_url", "url": u, "parts": parts}
        if all(v is None for v in parts.values()):
            try:
                spark.sql("SELECT parse_url(?, 'PROTOCOL')", args=[u]).collect()
                rec["valid"] = True
            except Exception as e:  # the error Spark raises, recorded as data
                rec["valid"] = False
                rec["error"] = error_text(e)
        else:
            rec["valid"] = True
        out.append(rec)

    for u, k in query_key_cases():
        rec = {"kind": "query_key", "url": u, "key": k}
        try:
            rec["value"] = spark.sql("SELECT parse_url(?, 'QUERY', ?)", args=[u, k]).collect()[0][0]
        except Exception as e:
            rec["error"] = error_text(e)
        try:
            rec["try_value"] = spark.sql("SELECT try_parse_url(?, 'QUERY', ?)", args=[u, k]).collect()[0][0]
        except Exception as e:
            rec["try_error"] = error_text(e)
        out.append(rec)

    for s in codec_cases():
        r = spark.sql("SELECT url_encode(?), try_url_decode(?)", args=[s, s]).collect()[0]
        out.append({"kind": "url_encode", "input": s, "value": r[0]})
        rec = {"kind": "url_decode", "input": s, "try_value": r[1]}
        try:
            rec["value"] = spark.sql("SELECT url_decode(?)", args=[s]).collect()[0][0]
        except Exception as e:
            rec["error"] = error_text(e)
        out.append(rec)

    # NULL arguments give NULL.
    r = spark.sql("SELECT parse_url(NULL, 'HOST'), parse_url('http://h/', NULL), "
                  "parse_url('http://h/?a=1', 'QUERY', NULL), url_encode(NULL), url_decode(NULL)").collect()[0]
    out.append({"kind": "nulls", "values": list(r)})

    path = os.path.join(HERE, "answers.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for rec in out:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=True) + "\n")
    print("wrote %d records to %s (Spark %s, Java %s)" % (len(out), path, meta["spark"], meta["java"]))
    spark.stop()


def error_text(e):
    """Spark's error class and message, without the JVM stack trace."""
    cls = getattr(e, "getCondition", lambda: None)() or getattr(e, "getErrorClass", lambda: None)()
    msg = str(e).split("\n")[0].strip()
    return {"class": cls, "message": msg}


if __name__ == "__main__":
    sys.exit(main())
