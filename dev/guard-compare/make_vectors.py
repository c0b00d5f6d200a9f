#!/usr/bin/env python3
"""Writes the refuse vectors of crates/urikit-guard/tests/data/vectors/.

Each file is a category of URLs that a public-internet-only policy must
refuse when the client reads URLs the WHATWG way (Node fetch/undici,
reqwest, browsers). The number forms are generated from the address, so
that every form of every target is there and none is mistyped; then every
line is read by Node's own WHATWG URL parser (whatwg_hosts.js) and the
script fails unless the host Node reads is a denied address or name
(ranges.py), the scheme is not http(s), or Node refuses the URL outright.
The differential file is the exception its header explains.

    python3 dev/guard-compare/make_vectors.py     # needs node on PATH

Sources read for the categories: PayloadsAllTheThings' SSRF page (number
forms, userinfo and fragment tricks, schemes), the 2026 fast-uri advisories
CVE-2026-16221 and CVE-2026-18446 (a backslash in place of `//` before the
authority), the WHATWG URL standard (the IPv4 parser, the characters it
strips, UTS 46 mapping of full-width and ideographic forms) and the IANA
special-purpose address registries.
"""

from __future__ import annotations

import ipaddress
import json
import os
import subprocess
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "crates", "urikit-guard", "tests", "data", "vectors")
sys.path.insert(0, HERE)
import ranges  # noqa: E402

FULLWIDTH = {str(i): chr(0xFF10 + i) for i in range(10)}
CIRCLED = {"0": "\u24ea", **{str(i): chr(0x2460 + i - 1) for i in range(1, 10)}}

# Control pictures stand for the characters a line cannot hold (see the
# whitespace file's header and check_vectors.py).
PICTURES = {"\u2401": "\x01", "\u241f": "\x1f", "\u2409": "\t", "\u240a": "\n", "\u240d": "\r", "\u2420": " "}


def decode_pictures(s: str) -> str:
    return "".join(PICTURES.get(c, c) for c in s)


def v4_forms(addr: str, full: bool) -> list[tuple[str, str]]:
    """The ways a WHATWG client reads `addr`: (host, what form)."""
    a = ipaddress.IPv4Address(addr)
    o = list(a.packed)
    n = int(a)
    octal = lambda x: "0" + format(x, "o") if x else "00"  # noqa: E731
    f: list[tuple[str, str]] = [
        (addr, "dotted decimal"),
        (str(n), "one decimal number"),
        (f"0x{n:x}", "one hex number"),
        (f"0{n:o}", "one octal number"),
        (".".join(f"0x{x:x}" for x in o), "dotted hex"),
        (".".join(octal(x) for x in o), "dotted octal"),
        (f"{o[0]}.{o[1]}.{(o[2] << 8) | o[3]}", "three parts, last 16 bits"),
        (f"{o[0]}.{(o[1] << 16) | (o[2] << 8) | o[3]}", "two parts, last 24 bits"),
        (addr.translate(str.maketrans(FULLWIDTH)).replace(".", "\uff0e"),
         "full-width digits and full stops (UTS 46 maps them)"),
        (addr.replace(".", "\u3002"), "ideographic full stops"),
        (addr + ".", "trailing dot"),
    ]
    if full:
        f += [
            (f"0X{n:X}", "one hex number, upper case"),
            (f"0x{n:08x}", "one hex number, zero-padded"),
            (f"0x00000{n:08x}", "one hex number, many leading zeros"),
            (f"000000{n:o}", "one octal number, many leading zeros"),
            (".".join(f"0X{x:X}" for x in o), "dotted hex, upper case"),
            (".".join("0" + format(x, "o").zfill(4) for x in o), "dotted octal, zero-padded"),
            (f"0x{o[0]:x}.{o[1]}.{o[2]}.{o[3]}", "hex first part"),
            (f"{octal(o[0])}.{o[1]}.{o[2]}.{o[3]}", "octal first part"),
            (f"0x{o[0]:x}.{(o[1] << 16) | (o[2] << 8) | o[3]}", "hex then 24-bit decimal"),
            (f"{octal(o[0])}.{(o[1] << 16) | (o[2] << 8) | o[3]}", "octal then 24-bit decimal"),
            (f"0x{o[0]:x}.0x{(o[1] << 16) | (o[2] << 8) | o[3]:x}", "two hex parts"),
            (f"{octal(o[0])}.0x{o[1]:x}.{o[2]}.{octal(o[3])}", "octal, hex and decimal mixed"),
            (f"{o[0]}.{o[1]}.0x{(o[2] << 8) | o[3]:x}", "three parts, hex last"),
            (".".join("000" if x == 0 else str(x) for x in o), "zero octets written 000"),
            (addr.replace(".", "\uff61"), "halfwidth ideographic full stops"),
            (addr.replace(".", "\uff0e"), "full-width full stops"),
            (addr.translate(str.maketrans(CIRCLED)), "circled digits (UTS 46 maps them)"),
            (f"0x{n:x}".translate(str.maketrans({**FULLWIDTH, "x": "\uff58"})),
             "full-width hex number"),
            (f"0x{o[0]:x}.{o[1]}.{o[2]}.{o[3]}.", "hex first part, trailing dot"),
            (str(n) + ".", "one decimal number, trailing dot"),
        ]
    return f


def v6_embedding(addr: str, full: bool) -> list[tuple[str, str]]:
    a = ipaddress.IPv4Address(addr)
    h = a.packed.hex()
    hi, lo = h[:4].lstrip("0") or "0", h[4:].lstrip("0") or "0"
    x = bytes(b ^ 0xFF for b in a.packed).hex()
    f = [
        (f"[::ffff:{addr}]", "IPv4-mapped IPv6, dotted"),
        (f"[::ffff:{hi}:{lo}]", "IPv4-mapped IPv6, hex"),
        (f"[0:0:0:0:0:ffff:{addr}]", "IPv4-mapped IPv6, long form"),
        (f"[64:ff9b::{hi}:{lo}]", "NAT64 well-known prefix (RFC 6052)"),
        (f"[2002:{hi}:{lo}::]", "6to4 (RFC 3056)"),
    ]
    if full:
        f += [
            (f"[::FFFF:{addr}]", "IPv4-mapped IPv6, upper case"),
            (f"[0000:0000:0000:0000:0000:ffff:{h[:4]}:{h[4:]}]", "IPv4-mapped IPv6, all zeros written"),
            (f"[0::ffff:{addr}]", "IPv4-mapped IPv6, 0:: prefix"),
            (f"[64:ff9b::{addr}]", "NAT64 well-known prefix, dotted"),
            (f"[64:ff9b:1::{hi}:{lo}]", "NAT64 local-use prefix (RFC 8215)"),
            (f"[2002:{hi}:{lo}::1]", "6to4 with an interface id"),
            (f"[2001:0:{hi}:{lo}::{x[:4]}:{x[4:]}]",
             "Teredo (RFC 4380), server and client both this address"),
        ]
    return f


TEMPLATES = ["http://{h}/", "https://{h}/", "http://{h}:8080/", "http://{h}/admin",
             "https://{h}:443/", "http://{h}:80/"]


def urls(hosts: list[tuple[str, str]], label: str, templates=TEMPLATES) -> list[tuple[str, str]]:
    return [(templates[i % len(templates)].format(h=h), f"{label}: {why}")
            for i, (h, why) in enumerate(hosts)]


def build() -> dict[str, tuple[str, list[tuple[str, str]]]]:
    files: dict[str, tuple[str, list[tuple[str, str]]]] = {}

    lo = v4_forms("127.0.0.1", True) + v6_embedding("127.0.0.1", True)
    lo += [("127.0.0.2", "dotted"), ("127.127.127.127", "dotted"), ("127.255.255.254", "dotted"),
           ("2130706434", "127.0.0.2, decimal"), ("127.0.1", "127.0.0.1, three parts"),
           ("0x7f.1", "127.0.0.1, hex then 24-bit"), ("0177.1", "127.0.0.1, octal then 24-bit"),
           ("127.1", "127.0.0.1, short form"), ("127.000.000.001", "127.0.0.1, zero-padded octets"),
           ("0177.0.0.1", "127.0.0.1, octal first part"),
           ("127.0.0.01", "127.0.0.1, octal last part"),
           ("\uff10\uff58\uff17\uff46.\uff11", "0x7f.1 in full-width"),
           ("127\u30020\u30020\u30021", "ideographic full stops"),
           ("127\u30021", "127.1 with an ideographic full stop"),
           ("\u2460\u2461\u2466.0.0.1", "circled digits"),
           ("[::1]", "IPv6 loopback"), ("[0:0:0:0:0:0:0:1]", "IPv6 loopback, long form"),
           ("[::0001]", "IPv6 loopback, zero-padded"), ("[0000::1]", "IPv6 loopback, zeros first"),
           ("[0:0::1]", "IPv6 loopback"), ("[::127.0.0.1]", "IPv4-compatible IPv6 (deprecated, ::/96)"),
           ("[::ffff:7f00:1]", "IPv4-mapped"), ("[64:ff9b::7f00:1]", "NAT64 of 127.0.0.1"),
           ("[2002:7f00:1::]", "6to4 of 127.0.0.1")]
    files["loopback"] = ("loopback 127.0.0.0/8 (RFC 1122) and ::1 (RFC 4291) in every number "
                         "form a WHATWG client reads", urls(_dedup(lo), "loopback"))

    un = [("0.0.0.0", "dotted"), ("0", "one number"), ("0x0", "hex"), ("00", "octal"),
          ("0.0", "two parts"), ("0.0.0", "three parts"), ("000.000.000.000", "zero-padded"),
          ("0x00000000", "hex, padded"), ("0x0.0x0.0x0.0x0", "dotted hex"), ("0.0.0.0.", "trailing dot"),
          ("\uff10.\uff10.\uff10.\uff10", "full-width digits"), ("0\u30020\u30020\u30020", "ideographic dots"),
          ("[::]", "IPv6 unspecified"), ("[0:0:0:0:0:0:0:0]", "IPv6 unspecified, long"),
          ("[::0]", "IPv6 unspecified"), ("[::ffff:0.0.0.0]", "IPv4-mapped 0.0.0.0"),
          ("[::ffff:0:0]", "IPv4-mapped 0.0.0.0, hex"), ("0.0.0.1", "this network 0.0.0.0/8"),
          ("0.1.2.3", "this network 0.0.0.0/8"), ("0.255.255.255", "this network 0.0.0.0/8"),
          ("16777215", "0.255.255.255 as one number")]
    files["unspecified"] = ("the unspecified addresses 0.0.0.0 and :: (Linux connects them to "
                            "this machine) and 0.0.0.0/8 (RFC 791)", urls(un, "unspecified"))

    pv: list[tuple[str, str]] = []
    for addr, full in [("10.0.0.1", True), ("192.168.1.1", True), ("172.16.0.1", False),
                       ("10.255.255.254", False), ("172.31.255.254", False), ("192.168.0.1", False)]:
        pv += [(h, f"{addr}, {w}") for h, w in v4_forms(addr, full) + v6_embedding(addr, False)]
    files["private"] = ("private-use 10/8, 172.16/12, 192.168/16 (RFC 1918)", urls(_dedup(pv), "private"))

    cg: list[tuple[str, str]] = []
    for addr, full in [("100.64.0.1", True), ("100.127.255.254", False)]:
        cg += [(h, f"{addr}, {w}") for h, w in v4_forms(addr, full) + v6_embedding(addr, False)]
    files["cgnat"] = ("shared address space 100.64/10 (RFC 6598, carrier-grade NAT)", urls(_dedup(cg), "cgnat"))

    md = [(h, f"169.254.169.254, {w}") for h, w in v4_forms("169.254.169.254", True)
          + v6_embedding("169.254.169.254", True)]
    md += [(h, f"100.100.100.200 (Alibaba Cloud metadata, in 100.64/10), {w}")
           for h, w in v4_forms("100.100.100.200", False) + v6_embedding("100.100.100.200", False)]
    md += [("[fd00:ec2::254]", "AWS IPv6 instance metadata (unique local fc00::/7)"),
           ("[FD00:EC2::254]", "AWS IPv6 metadata, upper case"),
           ("[fd00:ec2:0:0:0:0:0:254]", "AWS IPv6 metadata, long form"),
           ("169.254.170.2", "AWS ECS task metadata"), ("169.254.169.253", "AWS VPC DNS"),
           ("169.254.169.123", "AWS time sync"), ("169.254.0.1", "link local 169.254/16"),
           ("169.254.255.254", "link local 169.254/16"), ("[fe80::1]", "IPv6 link local fe80::/10"),
           ("[fe80::a9fe:a9fe]", "IPv6 link local"), ("[FE80::1]", "IPv6 link local, upper case"),
           ("[febf::1]", "IPv6 link local, top of fe80::/10"),
           ("[fe80::1%25eth0]", "IPv6 link local with a zone id (WHATWG refuses the URL; urllib and curl take it)")]
    md_t = ["http://{h}/latest/meta-data/", "http://{h}/computeMetadata/v1/",
            "http://{h}/metadata/instance?api-version=2021-02-01", "http://{h}/",
            "http://{h}/latest/api/token", "http://{h}/opc/v2/instance/"]
    files["metadata"] = ("link local 169.254/16 (RFC 3927) with the cloud metadata address "
                         "169.254.169.254, Alibaba's 100.100.100.200, AWS's fd00:ec2::254, fe80::/10",
                         urls(_dedup(md), "metadata", md_t))

    names = []
    for name in ["metadata.google.internal", "METADATA.GOOGLE.INTERNAL", "Metadata.Google.Internal",
                 "metadata.google.internal.", "metadata", "METADATA", "metadata.",
                 "instance-data", "instance-data.", "INSTANCE-DATA",
                 "instance-data.ec2.internal", "instance-data.ec2.internal.",
                 "\uff4d\uff45\uff54\uff41\uff44\uff41\uff54\uff41.google.internal",
                 "metadata\u3002google\u3002internal", "metadata%2egoogle%2einternal",
                 "%6d%65%74%61%64%61%74%61"]:
        names.append((name, "metadata name"))
    nm_t = ["http://{h}/computeMetadata/v1/", "http://{h}/", "https://{h}/", "http://{h}:80/latest/meta-data/"]
    files["metadata-names"] = ("names that always mean the cloud's metadata service (GCP: "
                               "metadata.google.internal, metadata; AWS: instance-data); the guard "
                               "must refuse them by name, without resolving", urls(names, "name", nm_t))

    lh = [(h, "localhost (RFC 6761 6.3)") for h in
          ["localhost", "LOCALHOST", "Localhost", "LocalHost", "localhost.", "LOCALHOST.",
           "foo.localhost", "a.b.localhost", "api.localhost.", "x.LOCALHOST", "Foo.Localhost",
           "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54", "\uff2c\uff2f\uff23\uff21\uff2c\uff28\uff2f\uff33\uff34",
           "localhost\u3002", "foo\u3002localhost", "local%68ost", "%6c%6f%63%61%6c%68%6f%73%74",
           "LOCAL%48OST", "www.localhost"]]
    lh_t = ["http://{h}/", "https://{h}/", "http://{h}:8080/", "http://{h}:6379/", "http://{h}:22/"]
    files["localhost"] = ("localhost and *.localhost, with a trailing dot, in any case, full-width",
                          urls(_dedup(lh), "localhost", lh_t))

    v6 = [("[::1]", "loopback"), ("[::]", "unspecified"), ("[::ffff:127.0.0.1]", "IPv4-mapped loopback"),
          ("[::ffff:7f00:1]", "IPv4-mapped loopback, hex"),
          ("[0:0:0:0:0:ffff:127.0.0.1]", "IPv4-mapped loopback, long"),
          ("[64:ff9b::7f00:1]", "NAT64 of 127.0.0.1"), ("[64:ff9b:1::a00:1]", "NAT64 local-use of 10.0.0.1"),
          ("[64:ff9b:1::1]", "NAT64 local-use prefix (RFC 8215)"),
          ("[2002:7f00:1::]", "6to4 of 127.0.0.1"), ("[2002:a00:1::1]", "6to4 of 10.0.0.1"),
          ("[2002:c0a8:101::]", "6to4 of 192.168.1.1"),
          ("[2001:0:7f00:1::80ff:fffe]", "Teredo, server 127.0.0.1, client 127.0.0.1"),
          ("[2001:0:a00:1::f5ff:fffe]", "Teredo, server 10.0.0.1, client 10.0.0.1"),
          ("[2001:0:c0a8:101::3f57:fefe]", "Teredo, server 192.168.1.1, client 192.168.1.1"),
          ("[2001:0:a9fe:a9fe::5601:5601]", "Teredo, server and client 169.254.169.254"),
          ("[fe80::1%25eth0]", "link local with zone id"), ("[fe80::1%25lo]", "link local with zone id"),
          ("[fc00::1]", "unique local fc00::/7"), ("[fd00::1]", "unique local"), ("[fdff:ffff::1]", "unique local"),
          ("[fd12:3456:789a:1::1]", "unique local"), ("[ff02::1]", "multicast all nodes"),
          ("[ff05::1:3]", "multicast site-local DHCP"), ("[ff0e::1]", "multicast global scope"),
          ("[ff02::2]", "multicast all routers"), ("[100::1]", "discard-only 100::/64 (RFC 6666)"),
          ("[2001:db8::1]", "documentation 2001:db8::/32"), ("[2001:db8:85a3::8a2e:370:7334]", "documentation"),
          ("[3fff::1]", "documentation 3fff::/20 (RFC 9637)"), ("[2001:2::1]", "benchmarking 2001:2::/48"),
          ("[::127.0.0.1]", "IPv4-compatible (deprecated ::/96), outside 2000::/3"), ("[::7f00:1]", "IPv4-compatible, hex"),
          ("[::a9fe:a9fe]", "IPv4-compatible 169.254.169.254"), ("[::2]", "reserved ::/8, outside 2000::/3, the only global unicast space"),
          ("[0:0:0:0:0:0:0:0]", "unspecified, long"), ("[::ffff:a9fe:a9fe]", "IPv4-mapped metadata"),
          ("[::ffff:10.0.0.1]", "IPv4-mapped private"), ("[::ffff:192.168.0.1]", "IPv4-mapped private"),
          ("[64:ff9b::a9fe:a9fe]", "NAT64 of the metadata address"),
          ("[64:ff9b::169.254.169.254]", "NAT64 of the metadata address, dotted")]
    files["ipv6"] = ("IPv6 literals: loopback, unspecified, the forms that embed a private IPv4 "
                     "address (mapped, NAT64, 6to4, Teredo), link local with zone, unique local, "
                     "multicast, documentation, benchmarking, reserved", urls(v6, "ipv6"))

    rs: list[tuple[str, str]] = []
    for addr, why in [("224.0.0.1", "multicast"), ("239.255.255.250", "multicast (SSDP)"),
                      ("233.252.0.1", "multicast MCAST-TEST-NET"), ("255.255.255.255", "limited broadcast"),
                      ("240.0.0.1", "reserved 240/4"), ("250.1.2.3", "reserved 240/4"),
                      ("254.255.255.254", "reserved 240/4"), ("192.0.2.1", "documentation TEST-NET-1"),
                      ("198.51.100.1", "documentation TEST-NET-2"), ("203.0.113.1", "documentation TEST-NET-3"),
                      ("198.18.0.1", "benchmarking 198.18/15"), ("198.19.255.254", "benchmarking 198.18/15"),
                      ("192.0.0.8", "IETF protocol assignments, IPv4 dummy address"),
                      ("192.0.0.170", "IETF protocol assignments, NAT64 discovery")]:
        for h, w in v4_forms(addr, False)[:4]:
            rs.append((h, f"{addr}, {why}, {w}"))
    rs += [("0xffffffff", "broadcast, hex"), ("4294967295", "broadcast, decimal"),
           ("0xff.0xff.0xff.0xff", "broadcast, dotted hex"), ("037777777777", "broadcast, octal"),
           ("[::ffff:255.255.255.255]", "IPv4-mapped broadcast"), ("[::ffff:e000:1]", "IPv4-mapped multicast")]
    files["reserved"] = ("multicast 224/4, broadcast, reserved 240/4, documentation, benchmarking "
                         "198.18/15, IETF protocol assignments 192.0.0/24", urls(_dedup(rs), "reserved"))

    ui = [("http://example.com@127.0.0.1/", "userinfo before a loopback host"),
          ("http://example.com:80@127.0.0.1/", "userinfo with a colon"),
          ("http://user:pass@127.0.0.1/", "credentials"),
          ("http://example.com@169.254.169.254/latest/meta-data/", "userinfo before the metadata address"),
          ("http://example.com@localhost/", "userinfo before localhost"),
          ("http://example.com@0x7f.1/", "userinfo before a hex form"),
          ("http://example.com@[::1]/", "userinfo before IPv6 loopback"),
          ("http://@127.0.0.1/", "empty userinfo"), ("http://:@127.0.0.1/", "empty user and password"),
          ("http://example.com:@127.0.0.1/", "empty password"),
          ("http://example.com@example.org@127.0.0.1/", "two @: the last one ends the userinfo"),
          ("http://example.com&@127.0.0.1#@example.org/", "& in userinfo and a fragment with @"),
          ("http://127.0.0.1#@example.com/", "# before @: the host is 127.0.0.1"),
          ("http://127.0.0.1?@example.com/", "? before @"), ("http://127.0.0.1/@example.com/", "/ before @"),
          ("http://127.0.0.1:80#@example.com/", "port then # before @"),
          ("http://localhost#@example.com/", "localhost, # before @"),
          ("http://169.254.169.254#@example.com/", "metadata, # before @"),
          ("http://127.0.0.1\\@example.com/", "backslash before @: WHATWG ends the authority at \\"),
          ("http://127.0.0.1:80\\@example.com/", "port, backslash before @"),
          ("http://169.254.169.254\\@example.com/latest/meta-data/", "metadata, backslash before @"),
          ("http://localhost\\@example.com/", "localhost, backslash before @"),
          ("http://example.com%40127.0.0.1/", "percent-encoded @ in the host (WHATWG refuses the URL)"),
          ]
    files["userinfo"] = ("userinfo, fragment and backslash confusions whose host, as a WHATWG "
                         "client reads it, is private", [(u, w) for u, w in ui])

    au = [("http:\\\\127.0.0.1/", "two backslashes for // (fast-uri CVE-2026-18446)"),
          ("http:/\\127.0.0.1/", "slash backslash for // (CVE-2026-18446)"),
          ("http:\\/127.0.0.1/", "backslash slash for // (CVE-2026-18446)"),
          ("https:\\\\169.254.169.254/", "two backslashes, metadata"),
          ("http:\\\\localhost/", "two backslashes, localhost"),
          ("http:\\\\127.0.0.1\\admin", "backslashes throughout"),
          ("http://\\127.0.0.1/", "// then a backslash"),
          ("http:127.0.0.1/", "no slashes: a special scheme still has an authority"),
          ("https:127.0.0.1/", "no slashes, https"), ("http:/127.0.0.1/", "one slash"),
          ("http:///127.0.0.1/", "three slashes"), ("http:////127.0.0.1/", "four slashes"),
          ("http:localhost/", "no slashes, localhost"), ("http:/169.254.169.254/", "one slash, metadata"),
          ("HTTP://127.0.0.1/", "scheme in upper case"), ("hTtP://127.0.0.1/", "scheme in mixed case"),
          ("HTTPS://LOCALHOST/", "all upper case"), ("http:\\\\0x7f.1/", "backslashes and a hex form"),
          ("http:/\\/127.0.0.1/", "slash backslash slash")]
    files["authority"] = ("authority introducers a WHATWG client accepts for http(s) in place of "
                          "`//`: backslashes (the 2026 fast-uri advisories), missing or extra "
                          "slashes, scheme case", au)

    ws = [("http://127.0.0.1\u2409/", "tab after the host"), ("http://127.0.\u24090.1/", "tab inside the host"),
          ("http://loc\u240aalhost/", "newline inside localhost"), ("http://127.0.0.1\u240d\u240a/", "CR LF after the host"),
          ("\u2420http://127.0.0.1/", "leading space"), ("http://127.0.0.1/\u2420", "trailing space"),
          ("\u2420\u2420http://169.254.169.254/latest/meta-data/\u2420", "spaces around"),
          ("\u2409http://localhost/", "leading tab"), ("h\u2409ttp://127.0.0.1/", "tab in the scheme"),
          ("http:\u240a//127.0.0.1/", "newline after the colon"), ("http://\u240d127.0.0.1/", "CR before the host"),
          ("\u2401http://127.0.0.1/", "leading U+0001 (a C0 control WHATWG strips)"),
          ("http://127.0.0.1/\u241f", "trailing U+001F (a C0 control WHATWG strips)"), ("http://example.com\u2409@127.0.0.1/", "tab in the userinfo"),
          ("http://169.254.\u2409169.254/", "tab inside the metadata address"),
          ("http://0x7f\u240a.1/", "newline inside a hex form"), ("http://[::\u24091]/", "tab inside an IPv6 literal"),
          ("http://metadata.google\u2409.internal/", "tab inside a metadata name"),
          ("http://127.0.0.1\u2409:80/", "tab before the port"), ("\u2420\u2409\u240ahttp://10.0.0.1/", "mixed leading whitespace")]
    files["whitespace"] = ("whitespace and controls a WHATWG client strips (tab, LF, CR anywhere; "
                           "C0 controls and space at either end). A line cannot hold them, so the "
                           "control pictures \u2401 \u2409 \u240a \u240d \u241f \u2420 (U+2401, U+2409, "
                           "U+240A, U+240D, U+241F, U+2420) stand for U+0001, TAB, LF, CR, U+001F and "
                           "SPACE in this file: replace them before use. No line holds a NUL, so that "
                           "NUL-separated input (uri guard -0) carries every URL", ws)

    pc = [("http://%31%32%37.0.0.1/", "percent-encoded digits"),
          ("http://%31%32%37%2e%30%2e%30%2e%31/", "every character percent-encoded"),
          ("http://127%2e0%2e0%2e1/", "percent-encoded dots"), ("http://127.0.0.%31/", "last digit encoded"),
          ("http://%30x7f.1/", "hex form, 0 encoded"), ("http://0x%37f.1/", "hex form, 7 encoded"),
          ("http://%32%31%33%30%37%30%36%34%33%33/", "decimal form encoded"),
          ("http://169.254.169.%32%35%34/latest/meta-data/", "metadata, last octet encoded"),
          ("http://%31%36%39.%32%35%34.%31%36%39.%32%35%34/", "metadata, digits encoded"),
          ("http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", "full-width digits, UTF-8 percent-encoded"),
          ("http://127%E3%80%820%E3%80%820%E3%80%821/", "ideographic full stops, percent-encoded"),
          ("http://1%30.0.0.1/", "10.0.0.1, a digit encoded"), ("http://192.168.%31.1/", "192.168.1.1, a digit encoded"),
          ("http://%30/", "0 encoded"), ("http://%30.%30.%30.%30/", "0.0.0.0 encoded"),
          ("http://%5b::1%5d/", "encoded brackets (WHATWG refuses the URL)"),
          ("http://%5B::1%5D/", "encoded brackets, upper case (refused by WHATWG)"),
          ("http://loc%61lhost/", "localhost, a letter encoded"), ("http://LOCAL%68OST/", "localhost, mixed case"),
          ("http://foo.local%68ost/", "*.localhost encoded"),
          ("http://%25%33%31%32%37.0.0.1/", "double-encoded digits (WHATWG refuses the URL)"),
          ]
    files["percent"] = ("percent-encoded hosts: a WHATWG client decodes the host before reading it",
                        urls([(u.split("//", 1)[1].split("/", 1)[0], w) for u, w in pc], "percent",
                             ["http://{h}/"]))

    sc = [("file:///etc/passwd", "file"), ("file://localhost/etc/passwd", "file with localhost"),
          ("file:/etc/passwd", "file, one slash"), ("file:///c:/windows/win.ini", "file, Windows drive"),
          ("file://127.0.0.1/etc/passwd", "file with an address"), ("FILE:///etc/passwd", "file, upper case"),
          ("gopher://127.0.0.1:6379/_INFO", "gopher to Redis"), ("gopher://localhost:25/_HELO", "gopher to SMTP"),
          ("gopher://169.254.169.254:80/_GET%20/latest/meta-data/%20HTTP/1.0", "gopher to metadata"),
          ("dict://127.0.0.1:11211/stat", "dict to memcached"), ("dict://localhost:6379/info", "dict to Redis"),
          ("ftp://127.0.0.1/", "ftp"), ("ftp://10.0.0.1/pub/", "ftp to a private address"),
          ("ftp://anonymous:x@localhost/", "ftp with credentials"), ("sftp://127.0.0.1:22/", "sftp"),
          ("tftp://127.0.0.1:69/file", "tftp"), ("ldap://127.0.0.1:389/dc=example", "ldap"),
          ("ldap://localhost/%0astats%0aquit", "ldap with injected commands"), ("ldaps://127.0.0.1/", "ldaps"),
          ("jar:http://127.0.0.1!/", "jar (Java)"), ("jar:file:///etc/passwd!/", "jar over file"),
          ("netdoc:///etc/passwd", "netdoc (Java)"), ("php://filter/resource=/etc/passwd", "php"),
          ("expect://id", "expect"), ("data:text/plain,hello", "data"),
          ("javascript:fetch('http://127.0.0.1/')", "javascript"), ("ws://127.0.0.1/", "websocket"),
          ("wss://localhost/", "secure websocket"), ("telnet://127.0.0.1:23/", "telnet"),
          ("smb://127.0.0.1/share", "smb"), ("ssh://127.0.0.1/", "ssh"), ("redis://127.0.0.1:6379/", "redis"),
          ("mysql://127.0.0.1:3306/", "mysql"), ("mailto:root@localhost", "mailto"),
          ("imap://127.0.0.1/", "imap"), ("pop3://127.0.0.1/", "pop3"), ("rtsp://127.0.0.1/", "rtsp"),
          ("view-source:http://127.0.0.1/", "view-source"), ("blob:http://127.0.0.1/x", "blob"),
          ("about:blank", "about")]
    files["schemes"] = ("schemes other than http and https (none of them to a public host, so "
                        "the line stands whatever the scheme policy)", sc)

    df = [("http://example.com\\@127.0.0.1/", "WHATWG: example.com; urllib and RFC readers: 127.0.0.1"),
          ("http://example.com\\@169.254.169.254/latest/meta-data/", "WHATWG: example.com; urllib: metadata"),
          ("http://example.com\\@localhost/", "WHATWG: example.com; urllib: localhost"),
          ("http://example.com\\@10.0.0.1/", "WHATWG: example.com; urllib: 10.0.0.1"),
          ("http://example.com\\\\@127.0.0.1/", "two backslashes"),
          ("https://example.com\\@[::1]/", "WHATWG: example.com; urllib: ::1"),
          ("http://example.com:80\\@127.0.0.1/", "port then backslash")]
    files["differential"] = ("URLs that readers disagree on: a WHATWG client goes to a public host, "
                             "urllib, urllib3, requests and RFC 3986 readers read a private one. The "
                             "policy refuses a URL whose host the strict RFC 3986 reading and the "
                             "client's reading disagree on (issue 37), so these are refused although "
                             "the WHATWG reading alone is public", df)
    return files


def _dedup(items: list[tuple[str, str]]) -> list[tuple[str, str]]:
    seen, out = set(), []
    for h, w in items:
        if h not in seen:
            seen.add(h)
            out.append((h, w))
    return out


def whatwg(inputs: list[str]) -> dict[str, dict]:
    p = subprocess.run(["node", os.path.join(HERE, "whatwg_hosts.js")],
                       input="".join(json.dumps(i) + "\n" for i in inputs),
                       capture_output=True, text=True, check=True)
    return {o["input"]: o for o in map(json.loads, p.stdout.splitlines())}


def main() -> int:
    files = build()
    # A URL a second category generates again stays in the first one only.
    seen: set[str] = set()
    for name, (title, items) in files.items():
        kept = [(u, w) for u, w in items if u not in seen]
        seen.update(u for u, _ in kept)
        files[name] = (title, kept)
    every = [decode_pictures(u) for _, (_, items) in files.items() for u, _ in items]
    read = whatwg(every)
    bad = []
    for name, (_, items) in files.items():
        for u, why in items:
            r = read[decode_pictures(u)]
            if name == "differential":
                other = urllib.parse.urlsplit(u).hostname or ""
                ok = r["ok"] and not ranges.host_denied(r["hostname"]) and ranges.host_denied(other)
            elif not r["ok"]:
                ok = True  # the WHATWG client refuses the URL: nothing is fetched
            elif r["protocol"] not in ("http:", "https:"):
                ok = name == "schemes"
            else:
                ok = name != "schemes" and ranges.host_denied(r["hostname"])
            if not ok:
                bad.append((name, u, r))
    for b in bad:
        print("not a refuse line:", b)
    if bad:
        return 1
    os.makedirs(os.path.join(OUT, "refuse"), exist_ok=True)
    total = 0
    for name, (title, items) in files.items():
        path = os.path.join(OUT, "refuse", f"payloads-{name}.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"# {title}.\n")
            f.write("# Written by dev/guard-compare/make_vectors.py; every line checked with Node's\n"
                    "# WHATWG URL parser. Format: one URL per line, then optionally a TAB and a comment.\n")
            for u, why in items:
                assert "\t" not in u and "\n" not in u
                f.write(f"{u}\t{why}\n")
        total += len(items)
        print(f"{len(items):4} {path}")
    invalid = sum(1 for u in every if not read[u]["ok"])
    print(f"{total} refuse lines ({invalid} of them refused by the WHATWG parser itself)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
