/* A thin C shim over uriparser (the C library, RFC 3986) for the
 * differential tests: parse one URI reference and report, as byte offsets,
 * whether it is valid, where it failed, and every component range. Offsets
 * are -1 for a component uriparser reports as absent (a NULL range), and -2
 * for an empty one that uriparser points at a static empty string instead
 * of into the input (it does so for an empty host and empty segments). */
#include <stddef.h>
#include <stdint.h>
#include <uriparser/Uri.h>

struct urikit_up_result {
    int valid;
    int host_kind; /* 0 reg-name (or none), 4 IPv4, 6 IPv6, 7 IPvFuture */
    int absolute_path;
    int has_host_text;
    long error_pos;
    long segments;
    long scheme[2];
    long userinfo[2];
    long host[2];
    long port[2];
    long query[2];
    long fragment[2];
};

static void range(const char *base, size_t len, const UriTextRangeA *r, long out[2]) {
    if (r->first == NULL) {
        out[0] = -1;
        out[1] = -1;
    } else if ((uintptr_t)r->first < (uintptr_t)base
               || (uintptr_t)r->first > (uintptr_t)base + len) {
        out[0] = -2;
        out[1] = -2;
    } else {
        out[0] = (long)(r->first - base);
        out[1] = (long)(r->afterLast - base);
    }
}

int urikit_up_parse(const char *s, size_t len, struct urikit_up_result *out) {
    UriUriA uri;
    const char *error_pos = NULL;
    const UriPathSegmentA *seg;
    int rc = uriParseSingleUriExA(&uri, s, s + len, &error_pos);

    out->valid = rc == URI_SUCCESS;
    out->error_pos = -1;
    out->host_kind = 0;
    out->absolute_path = 0;
    out->has_host_text = 0;
    out->segments = 0;
    out->scheme[0] = out->scheme[1] = -1;
    out->userinfo[0] = out->userinfo[1] = -1;
    out->host[0] = out->host[1] = -1;
    out->port[0] = out->port[1] = -1;
    out->query[0] = out->query[1] = -1;
    out->fragment[0] = out->fragment[1] = -1;
    if (rc != URI_SUCCESS) {
        if (error_pos != NULL) {
            out->error_pos = (long)(error_pos - s);
        }
        /* On failure uriparser frees what it allocated itself. */
        return rc;
    }
    range(s, len, &uri.scheme, out->scheme);
    range(s, len, &uri.userInfo, out->userinfo);
    range(s, len, &uri.hostText, out->host);
    out->has_host_text = uri.hostText.first != NULL;
    range(s, len, &uri.portText, out->port);
    range(s, len, &uri.query, out->query);
    range(s, len, &uri.fragment, out->fragment);
    if (uri.hostData.ip4 != NULL) {
        out->host_kind = 4;
    } else if (uri.hostData.ip6 != NULL) {
        out->host_kind = 6;
    } else if (uri.hostData.ipFuture.first != NULL) {
        out->host_kind = 7;
    }
    out->absolute_path = uri.absolutePath == URI_TRUE;
    if (uri.pathHead != NULL) {
        for (seg = uri.pathHead; seg != NULL; seg = seg->next) {
            out->segments++;
        }
    }
    uriFreeUriMembersA(&uri);
    return rc;
}
