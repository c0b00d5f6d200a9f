//! RFC 6570 checks: parsing, expansion and matching never panic, and
//! matching an expansion gives back variables that expand to it.

use urikit::rfc6570::{ExpandErrorKind, Template, TemplateBuf, VarValue};

/// Input: the template, then one value per line for the template's
/// variables in order of appearance. A line with `\x01` is a list of its
/// pieces; one with `\x02` an associative array of `key\x03value` pieces;
/// a line `\x04` leaves its variable undefined.
pub fn check_template(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.split('\n');
    let tpl = lines.next().unwrap_or("");
    let t = match Template::parse(tpl) {
        Ok(t) => t,
        Err(e) => {
            assert!(e.index() <= tpl.len() && tpl.is_char_boundary(e.index()), "{tpl:?}: {e}");
            assert!(TemplateBuf::parse(tpl).is_err());
            return;
        }
    };
    let mut vars: Vec<(&str, VarValue)> = Vec::new();
    for name in t.variables() {
        let Some(line) = lines.next() else { break };
        if line == "\u{4}" || vars.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let v = if line.contains('\u{2}') {
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
    TemplateBuf::parse(tpl).unwrap().as_template().expand_to(&vars, &mut again).unwrap();
    assert_eq!(again, expanded);
    let _ = t.expand_uri(&vars);
    // Matching any text never panics; matching an expansion finds values
    // that expand to the same text.
    if let Ok(m) = t.matcher() {
        let _ = m.matches(tpl);
        let caps = m
            .matches(&expanded)
            .unwrap_or_else(|| panic!("{tpl:?} does not match its expansion {expanded:?} of {vars:?}"));
        let back = t.expand(&caps).unwrap();
        assert_eq!(back, expanded, "{tpl:?}: {vars:?} gave {caps:?}");
    }
}
