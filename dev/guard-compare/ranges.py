"""What "not public" means for the vector files: the IANA special-purpose
address registries (IPv4 and IPv6, as of 2026), the IPv6 forms that embed an
IPv4 address (checked by the embedded address), and the names that always
mean this machine or the cloud. Shared by make_vectors.py (every refuse line
must land here), sample_public.py and check_vectors.py (no allow line may).

Written from the registries, not from any guard's code: a vector file checked
against one guard's own table would only test that guard against itself.
"""

from __future__ import annotations

import ipaddress
import re

V4 = ipaddress.IPv4Network
V6 = ipaddress.IPv6Network

# IPv4 rows whose "Globally Reachable" is False (or N/A), and multicast,
# reserved and broadcast from the address space registry.
DENIED_V4 = [
    V4("0.0.0.0/8"),  # "this network" (RFC 791)
    V4("10.0.0.0/8"),  # private-use (RFC 1918)
    V4("100.64.0.0/10"),  # shared address space, CGNAT (RFC 6598)
    V4("127.0.0.0/8"),  # loopback (RFC 1122)
    V4("169.254.0.0/16"),  # link local, cloud metadata (RFC 3927)
    V4("172.16.0.0/12"),  # private-use (RFC 1918)
    V4("192.0.0.0/24"),  # IETF protocol assignments (RFC 6890), but .9 and .10
    V4("192.0.2.0/24"),  # documentation TEST-NET-1 (RFC 5737)
    V4("192.168.0.0/16"),  # private-use (RFC 1918)
    V4("198.18.0.0/15"),  # benchmarking (RFC 2544)
    V4("198.51.100.0/24"),  # documentation TEST-NET-2 (RFC 5737)
    V4("203.0.113.0/24"),  # documentation TEST-NET-3 (RFC 5737)
    V4("224.0.0.0/4"),  # multicast (RFC 5771)
    V4("240.0.0.0/4"),  # reserved (RFC 1112), with 255.255.255.255 broadcast
]
# 192.0.0.9 (PCP anycast) and 192.0.0.10 (TURN anycast) are globally reachable.
GLOBAL_IN_DENIED_V4 = [V4("192.0.0.9/32"), V4("192.0.0.10/32")]

DENIED_V6 = [
    V6("::/128"),  # unspecified (RFC 4291)
    V6("::1/128"),  # loopback (RFC 4291)
    V6("100::/64"),  # discard-only (RFC 6666)
    V6("2001::/23"),  # IETF protocol assignments (RFC 2928); Teredo inside
    V6("2001:db8::/32"),  # documentation (RFC 3849)
    V6("3fff::/20"),  # documentation (RFC 9637)
    V6("fc00::/7"),  # unique local (RFC 4193)
    V6("fe80::/10"),  # link-local unicast (RFC 4291)
    V6("ff00::/8"),  # multicast (RFC 4291)
]
# Rows inside 2001::/23 whose "Globally Reachable" is True.
GLOBAL_IN_DENIED_V6 = [
    V6("2001:1::1/128"),  # PCP anycast (RFC 7723)
    V6("2001:1::2/128"),  # TURN anycast (RFC 8155)
    V6("2001:1::3/128"),  # DNS-SD SRP anycast (RFC 9665)
    V6("2001:3::/32"),  # AMT (RFC 7450)
    V6("2001:4:112::/48"),  # AS112-v6 (RFC 7535)
    V6("2001:20::/28"),  # ORCHIDv2 (RFC 7343)
    V6("2001:30::/28"),  # drone remote ID DETs (RFC 9374)
]
# The only global unicast space (IANA IPv6 address space registry): an
# address outside it (::/8 with the deprecated IPv4-compatible ::/96, and
# the unassigned rest) is on no public network.
GLOBAL_UNICAST_V6 = V6("2000::/3")
MAPPED = V6("::ffff:0:0/96")  # IPv4-mapped (RFC 4291)
NAT64 = V6("64:ff9b::/96")  # IPv4-IPv6 translation, well-known prefix (RFC 6052)
NAT64_LOCAL = V6("64:ff9b:1::/48")  # local-use translation (RFC 8215)
SIX_TO_FOUR = V6("2002::/16")  # 6to4 (RFC 3056)
TEREDO = V6("2001::/32")  # Teredo (RFC 4380)

# Names that always mean this machine (RFC 6761 6.3) or a cloud's metadata
# service, compared lower-case after removing one trailing dot.
DENIED_NAMES = {
    "localhost",
    "metadata.google.internal",  # GCP
    "metadata",  # GCP, the short name the metadata server answers to
    "instance-data",  # AWS EC2, resolved through the VPC resolver
    "instance-data.ec2.internal",  # AWS EC2
}


def v4_denied(a: ipaddress.IPv4Address) -> bool:
    if any(a in n for n in GLOBAL_IN_DENIED_V4):
        return False
    return any(a in n for n in DENIED_V4)


def embedded_v4(a: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries, by its prefix."""
    if a in MAPPED or a in NAT64:
        return [ipaddress.IPv4Address(a.packed[-4:])]
    if a in SIX_TO_FOUR:
        return [ipaddress.IPv4Address(a.packed[2:6])]
    if a in TEREDO:
        server = ipaddress.IPv4Address(a.packed[4:8])
        client = ipaddress.IPv4Address(bytes(b ^ 0xFF for b in a.packed[-4:]))
        return [server, client]
    return []


def v6_denied(a: ipaddress.IPv6Address, strict_embedded: bool = True) -> bool:
    """Denied by the registry. With `strict_embedded`, an address that embeds
    an IPv4 address counts only when every embedded address is denied too, so
    that the answer does not hang on whether a guard reads the prefix or the
    embedded address."""
    if a.scope_id:
        a = ipaddress.IPv6Address(str(a).split("%")[0])
    inner = embedded_v4(a)
    if inner:
        return all(v4_denied(x) for x in inner) if strict_embedded else True
    if a in NAT64_LOCAL:
        return True
    if any(a in n for n in GLOBAL_IN_DENIED_V6):
        return False
    if any(a in n for n in DENIED_V6):
        return True
    # Outside 2000::/3 is never public unicast (::/8 reserved, IPv4-compatible).
    return a not in GLOBAL_UNICAST_V6


def ip_denied(text: str) -> bool | None:
    """True/False for an IP literal (brackets allowed), None for a name."""
    t = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        a = ipaddress.ip_address(t)
    except ValueError:
        return None
    return v4_denied(a) if a.version == 4 else v6_denied(a)


def name_denied(host: str) -> bool:
    h = host.lower()
    if h.endswith("."):
        h = h[:-1]
    return h in DENIED_NAMES or h.endswith(".localhost")


def host_denied(host: str) -> bool:
    d = ip_denied(host)
    return name_denied(host) if d is None else d


# Top-level names that never resolve on the public internet (RFC 2606,
# RFC 6761, RFC 6762, RFC 7686, RFC 8375, ICANN's .internal) and the ones
# commonly used inside private networks.
NON_PUBLIC_TLDS = {
    "localhost", "local", "internal", "test", "example", "invalid", "onion",
    "arpa", "lan", "home", "corp", "intranet", "private", "localdomain",
}

LDH_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")


def public_dns_name(host: str) -> bool:
    """A name that looks like a public DNS name: ASCII (IDNA already
    applied), at least two labels, letter-only top-level label (or xn--),
    not a reserved top-level name."""
    h = host.lower()
    if h.endswith("."):
        h = h[:-1]
    labels = h.split(".")
    if len(labels) < 2 or name_denied(h):
        return False
    if not all(LDH_LABEL.match(x) for x in labels):
        return False
    tld = labels[-1]
    if tld in NON_PUBLIC_TLDS:
        return False
    return bool(re.fullmatch(r"[a-z]{2,63}|xn--[a-z0-9-]{1,59}", tld))
