//! Naive transcriptions of the RFC text, kept as test oracles: RFC 3986
//! 5.2.2 to 5.2.4 (published remove_dot_segments) and 5.3, and RFC 2396
//! 5.2. Strings and no cleverness: quadratic at worst, fine for the short
//! inputs of property tests and fuzzing. Used by urikit's
//! `tests/it/resolve_props.rs` and the fuzz crate's `resolve` target.

/// Five components; `None` is "undefined" (5.2.1).
#[derive(Clone, Debug, PartialEq)]
pub struct C {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// Appendix B, for a valid reference.
pub fn parse(s: &str) -> C {
    let c = urikit::split(s);
    C {
        scheme: c.scheme.map(str::to_string),
        authority: c.authority.map(str::to_string),
        path: c.path.to_string(),
        query: c.query.map(str::to_string),
        fragment: c.fragment.map(str::to_string),
    }
}

/// 5.3.
pub fn recompose(c: &C) -> String {
    let mut result = String::new();
    if let Some(s) = &c.scheme {
        result += s;
        result += ":";
    }
    if let Some(a) = &c.authority {
        result += "//";
        result += a;
    }
    result += &c.path;
    if let Some(q) = &c.query {
        result += "?";
        result += q;
    }
    if let Some(f) = &c.fragment {
        result += "#";
        result += f;
    }
    result
}

/// 5.2.4, steps A to E as published, on two string buffers.
pub fn naive_remove_dot_segments(path: &str) -> String {
    let mut input = path.to_string();
    let mut output = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input.replace_range(..3, "");
        } else if input.starts_with("./") {
            input.replace_range(..2, "");
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".to_string();
        } else if input.starts_with("/../") || input == "/.." {
            let n = if input == "/.." { 3 } else { 4 };
            input.replace_range(..n, "/");
            match output.rfind('/') {
                Some(i) => output.truncate(i),
                None => output.clear(),
            }
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
        }
    }
    output
}

/// 5.2.3.
pub fn naive_merge(base: &C, r_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{r_path}")
    } else {
        match base.path.rfind('/') {
            Some(i) => format!("{}{}", &base.path[..=i], r_path),
            None => r_path.to_string(),
        }
    }
}

/// 5.2.2.
pub fn naive_resolve(base: &str, reference: &str, strict: bool) -> C {
    let base = parse(base);
    let mut r = parse(reference);
    if !strict
        && r.scheme.as_deref().map(str::to_ascii_lowercase)
            == base.scheme.as_deref().map(str::to_ascii_lowercase)
    {
        r.scheme = None;
    }
    let mut t = C {
        scheme: None,
        authority: None,
        path: String::new(),
        query: None,
        fragment: None,
    };
    if r.scheme.is_some() {
        t.scheme = r.scheme.clone();
        t.authority = r.authority.clone();
        t.path = naive_remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else {
        if r.authority.is_some() {
            t.authority = r.authority.clone();
            t.path = naive_remove_dot_segments(&r.path);
            t.query = r.query.clone();
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                if r.query.is_some() {
                    t.query = r.query.clone();
                } else {
                    t.query = base.query.clone();
                }
            } else {
                if r.path.starts_with('/') {
                    t.path = naive_remove_dot_segments(&r.path);
                } else {
                    t.path = naive_merge(&base, &r.path);
                    t.path = naive_remove_dot_segments(&t.path);
                }
                t.query = r.query.clone();
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    t
}

/// The naive result as text, with the documented `/.` rule: no authority
/// and a path starting with "//" gets "/." in front.
pub fn expected_text(t: &C) -> String {
    let mut t = t.clone();
    if t.authority.is_none() && t.path.starts_with("//") {
        t.path.insert_str(0, "/.");
    }
    recompose(&t)
}

/// RFC 2396 5.2 step 6 c) to f) on a string buffer, literally. A `..` at
/// the start of the buffer (`../x`, or `/../x` where only the root is
/// before it) is kept (g).
pub fn naive_2396_dots(buffer: &str) -> String {
    let mut b = buffer.to_string();
    // c) every "./" whose "." is a complete segment.
    let mut i = 0;
    while let Some(j) = b[i..].find("./") {
        let at = i + j;
        if at == 0 || b.as_bytes()[at - 1] == b'/' {
            b.replace_range(at..at + 2, "");
            i = at;
        } else {
            i = at + 1;
        }
    }
    // d)
    if b == "." {
        b.clear();
    } else if b.ends_with("/.") {
        b.pop();
    }
    // e) leftmost "<segment>/../" with segment complete and not "..";
    // the empty string before a leading "/" is the root, not a segment.
    let is_seg_start = |b: &str, at: usize| at == 0 || b.as_bytes()[at - 1] == b'/';
    'outer: loop {
        let mut k = 0;
        while let Some(j) = b[k..].find("/../") {
            let slash = k + j;
            let seg_start = b[..slash].rfind('/').map_or(0, |p| p + 1);
            let seg = &b[seg_start..slash];
            if is_seg_start(&b, seg_start) && seg != ".." && !(seg_start == 0 && seg.is_empty()) {
                b.replace_range(seg_start..slash + 4, "");
                continue 'outer;
            }
            k = slash + 1;
        }
        break;
    }
    // f)
    if let Some(head) = b.strip_suffix("/..") {
        let seg_start = head.rfind('/').map_or(0, |p| p + 1);
        let seg = &head[seg_start..];
        if seg != ".." && !(seg_start == 0 && seg.is_empty()) {
            b.truncate(seg_start);
        }
    }
    b
}

/// RFC 2396 5.2, with the two repairs the library documents (the "/"
/// merge of 3986 5.2.3 and the `/.` rule, applied by `expected_text`).
pub fn naive_resolve_2396(base: &str, reference: &str, strict: bool) -> C {
    let base = parse(base);
    let mut r = parse(reference);
    // Step 3's backward-compatibility workaround.
    if !strict
        && r.scheme.as_deref().map(str::to_ascii_lowercase)
            == base.scheme.as_deref().map(str::to_ascii_lowercase)
    {
        r.scheme = None;
    }
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        return C {
            fragment: r.fragment,
            ..base
        };
    }
    if r.scheme.is_some() {
        return r;
    }
    let mut t = C {
        scheme: base.scheme.clone(),
        ..r.clone()
    };
    if r.authority.is_some() {
        return t;
    }
    t.authority = base.authority.clone();
    if r.path.starts_with('/') {
        return t;
    }
    t.path = naive_2396_dots(&naive_merge(&base, &r.path));
    t
}
