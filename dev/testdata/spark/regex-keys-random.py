#!/usr/bin/env python3
"""Random query keys in Java's regex syntax, one per line, for a larger run
of RegexKeys.java than the committed one (docs/spark.md gives the numbers):

    python3 dev/testdata/spark/regex-keys-random.py small > /tmp/keys.txt
    javac -d /tmp dev/testdata/spark/RegexKeys.java
    java -cp /tmp RegexKeys /tmp/keys.txt > /tmp/gen.jsonl
    URIKIT_REGEX_KEYS_EXTRA=/tmp/gen.jsonl cargo test -p urikit-arrow \\
        --features spark --test it -- spark_regex:: --nocapture

`small`: 3,000 keys of 1 to 7 symbols (seed 7); `large`: 5,000 keys of 2 to
12 symbols from a larger alphabet (seed 11).
"""
import random
import sys

SMALL = list("ab&=.|?*+(){}[]^$\\-,:<>!#x ") + [
    "\\d", "\\w", "\\s", "\\Q", "\\E", "(?i)", "(?x)", "(?s)", "[^", "&&",
    "\\p{Alpha}", "é", "ſ", "\u212a", "1", "2", "{2}", "{1,}", "(?:", "(?<n>",
    "\\x41", "\\t", "\\n", "\\0", "\\c", "k", "s", "A",
]
LARGE = list("ab&=.|?*+(){}[]^$\\-,:<>!#x ") + [
    "\\d", "\\w", "\\s", "\\S", "\\W", "\\Q", "\\E", "(?i)", "(?x)", "(?s)",
    "(?-i)", "(?i:", "[^", "&&", "\\p{Alpha}", "\\P{Punct}", "é", "ſ", "\u212a",
    "1", "2", "{2}", "{1,}", "{0,2}", "(?:", "(?<n>", "\\x41", "\\u00e9", "\\t",
    "\\0", "\\c", "k", "s", "A", "[a-z]", "[[", "]]", "\\h", "\\v", "(a|)",
    "*?", "+?",
]


def keys(alphabet, seed, count, shortest, longest):
    rng = random.Random(seed)
    out = set()
    while len(out) < count:
        n = rng.randint(shortest, longest)
        out.add("".join(rng.choice(alphabet) for _ in range(n)))
    return sorted(out)


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "small"
    if which == "small":
        ks = keys(SMALL, 7, 3000, 1, 7)
    else:
        ks = keys(LARGE, 11, 5000, 2, 12)
    sys.stdout.write("".join(k + "\n" for k in ks))
