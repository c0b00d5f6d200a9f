//! RFC 6570 checks: parsing, expansion and matching never panic, and
//! matching an expansion gives back variables that expand to it.

use urikit::rfc6570::{ExpandErrorKind, MatchMode, Modifier, Op, Template, TemplateBuf, VarValue};

/// Input: the template, then one value per line for the template's
/// variables in order of appearance. A line with `\x01` is a list of its
/// pieces; one with `\x02` an associative array of `key\x03value` pieces;
/// a line `\x04` leaves its variable undefined.
pub fn check_template(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.split('\n');
    let tpl = lines.next().unwrap_or("");
    let t = match Template::parse(tpl) {
        Ok(t) => t,
        Err(e) => {
            assert!(
                e.index() <= tpl.len() && tpl.is_char_boundary(e.index()),
                "{tpl:?}: {e}"
            );
            assert!(TemplateBuf::parse(tpl).is_err());
            return;
        }
    };
    // Matching reads the non-last variables of a comma-separated (simple)
    // expression as strings: `{a,b}` on `1,2,3` is a=1, b=[2,3]. Those get
    // strings only.
    let strings_only: Vec<&str> = t
        .expressions()
        .filter(|e| e.op() == Op::Simple)
        .flat_map(|e| {
            let n = e.varspecs().count();
            e.varspecs().take(n - 1).map(|v| v.name())
        })
        .collect();
    // With two `*` variables in named expressions, pairs of an associative
    // array could belong to either: those get lists only.
    let named_explode = |ops: &[Op]| -> Vec<&str> {
        let names: Vec<&str> = t
            .expressions()
            .filter(|e| ops.contains(&e.op()))
            .flat_map(|e| {
                e.varspecs()
                    .filter(|v| v.modifier() == Modifier::Explode)
                    .map(|v| v.name())
            })
            .collect();
        if names.len() > 1 { names } else { Vec::new() }
    };
    let mut lists_only = named_explode(&[Op::Query, Op::QueryContinuation]);
    lists_only.extend(named_explode(&[Op::PathParam]));
    let mut vars: Vec<(&str, VarValue)> = Vec::new();
    for name in t.variables() {
        let Some(line) = lines.next() else { break };
        if line == "\u{4}" || vars.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let v = if strings_only.contains(&name) {
            VarValue::String(line.to_string())
        } else if line.contains('\u{2}') && lists_only.contains(&name) {
            VarValue::List(line.split('\u{2}').map(str::to_string).collect())
        } else if line.contains('\u{2}') {
            VarValue::Assoc(
                line.split('\u{2}')
                    .map(|p| {
                        let (k, v) = p.split_once('\u{3}').unwrap_or((p, ""));
                        (k.to_string(), v.to_string())
                    })
                    .collect(),
            )
        } else if line.contains('\u{1}') {
            VarValue::List(line.split('\u{1}').map(str::to_string).collect())
        } else {
            VarValue::String(line.to_string())
        };
        vars.push((name, v));
    }
    let expanded = match t.expand(&vars) {
        Ok(s) => s,
        Err(e) => {
            assert_eq!(e.kind(), ExpandErrorKind::PrefixOnComposite, "{tpl:?}: {e}");
            return;
        }
    };
    let mut again = String::new();
    TemplateBuf::parse(tpl)
        .unwrap()
        .as_template()
        .expand_to(&vars, &mut again)
        .unwrap();
    assert_eq!(again, expanded);
    let _ = t.expand_uri(&vars);
    let _ = t.expand_iri(&vars);
    // Matching any text never panics; matching an expansion finds values
    // that expand to the same text.
    if let Ok(m) = t.matcher() {
        let _ = m.matches(tpl);
        // The lenient modes never panic either, on any text, and every
        // hazard they report names a variable they read.
        for mode in [MatchMode::Lenient, MatchMode::LenientForm] {
            let lm = m.clone().mode(mode).max_uri_len(usize::MAX);
            for text in [tpl, expanded.as_str()] {
                if let Some(c) = lm.matches(text) {
                    for h in c.hazards() {
                        assert!(c.get(h.name()).is_some(), "{tpl:?} on {text:?}: {c:?}");
                    }
                }
            }
        }
        let caps = m.matches(&expanded).unwrap_or_else(|| {
            panic!("{tpl:?} does not match its expansion {expanded:?} of {vars:?}")
        });
        let back = t.expand(&caps).unwrap();
        // An exploded associative array in a named expression may have keys
        // that are the names of other variables: then matching, which takes
        // parameters in any order, may give them to those variables, and the
        // expansion of what it found has the same parameters in another
        // order (or to values that differ in which variable holds such a
        // pair), and matches again.
        let named_explode = t.expressions().any(|e| {
            matches!(e.op(), Op::Query | Op::QueryContinuation | Op::PathParam)
                && e.varspecs().any(|v| v.modifier() == Modifier::Explode)
        });
        if back != expanded && named_explode {
            assert!(
                m.matches(&back).is_some(),
                "{tpl:?}: {vars:?} gave {caps:?}, then {back:?}"
            );
        } else {
            assert_eq!(back, expanded, "{tpl:?}: {vars:?} gave {caps:?}");
        }
    }
}
