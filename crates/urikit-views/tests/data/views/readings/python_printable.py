#!/usr/bin/env python3
"""Print the table of crates/urikit-views/src/pyrepr.rs: the ranges of non-ASCII
code points that Python's str.isprintable() calls not printable (the
categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs), as the running CPython's
unicodedata has them (3.11.7: Unicode 14.0.0). repr() escapes exactly those.
"""
import sys
import unicodedata

ranges, start = [], None
for c in range(0x80, 0x110000):
    np = not chr(c).isprintable()
    if np and start is None:
        start = c
    if not np and start is not None:
        ranges.append((start, c - 1))
        start = None
if start is not None:
    ranges.append((start, 0x10FFFF))
print(f"// Unicode {unicodedata.unidata_version}, CPython {sys.version.split()[0]}: {len(ranges)} ranges.")
print("#[rustfmt::skip]")
print(f"const NOT_PRINTABLE: [(u32, u32); {len(ranges)}] = [")
for i in range(0, len(ranges), 6):
    print("    " + " ".join(f"(0x{a:X}, 0x{b:X})," for a, b in ranges[i : i + 6]))
print("];")
