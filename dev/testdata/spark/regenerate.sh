#!/usr/bin/env bash
# Regenerate dev/testdata/spark/answers.jsonl by running real Apache Spark (local
# mode, one core) over the inputs made by oracle.py. Needs Java 17 or later;
# installs PySpark (the version pinned below, ~450 MB) into a venv of its own.
# Takes a few minutes; the Rust tests read the committed answers, so CI does
# not run Spark.
set -euo pipefail
# Spark binds to loopback only.
export SPARK_LOCAL_IP=127.0.0.1
here="$(cd "$(dirname "$0")" && pwd)"
venv="${SPARK_VENV:-$here/.venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "pyspark==4.3.0"
"$venv/bin/python" "$here/oracle.py"
