//! Java's `\Q…\E` pre-pass.

/// Java's pre-pass that turns `\Q…\E` (an unclosed `\Q` quotes to the end)
/// into escaped characters before anything else is read.
pub(super) fn remove_qe_quoting(pattern: &str) -> (Vec<u32>, Vec<usize>) {
    let src: Vec<(u32, usize)> = pattern.char_indices().map(|(i, c)| (c as u32, i)).collect();
    let end = pattern.len();
    let get = |i: usize| src.get(i).map_or(0, |e| e.0);
    let n = src.len();
    let mut i = 0;
    while i + 1 < n {
        if get(i) != '\\' as u32 {
            i += 1;
        } else if get(i + 1) != 'Q' as u32 {
            i += 2;
        } else {
            break;
        }
    }
    let mut t: Vec<u32> = Vec::with_capacity(n + 2);
    let mut at: Vec<usize> = Vec::with_capacity(n + 2);
    if i + 1 >= n {
        t.extend(src.iter().map(|e| e.0));
        at.extend(src.iter().map(|e| e.1));
    } else {
        t.extend(src[..i].iter().map(|e| e.0));
        at.extend(src[..i].iter().map(|e| e.1));
        i += 2;
        let (mut in_quote, mut begin_quote) = (true, true);
        while i < n {
            let (c, pos) = src[i];
            i += 1;
            let mut push = |s: &[u32]| {
                for &x in s {
                    t.push(x);
                    at.push(pos);
                }
            };
            if c >= 0x80 || (c as u8).is_ascii_alphabetic() {
                push(&[c]);
            } else if (c as u8).is_ascii_digit() {
                // Java writes the first digit of a quote as `\x3d`, so
                // that it cannot extend an escape before the quote.
                if begin_quote {
                    push(&['\\' as u32, 'x' as u32, '3' as u32]);
                }
                push(&[c]);
            } else if c != '\\' as u32 {
                if in_quote {
                    push(&['\\' as u32]);
                }
                push(&[c]);
            } else if in_quote {
                if get(i) == 'E' as u32 {
                    i += 1;
                    in_quote = false;
                } else {
                    push(&['\\' as u32, '\\' as u32]);
                }
            } else if get(i) == 'Q' as u32 {
                i += 1;
                in_quote = true;
                begin_quote = true;
                continue;
            } else {
                push(&[c]);
                if i != n {
                    let (c2, p2) = src[i];
                    t.push(c2);
                    at.push(p2);
                    i += 1;
                }
            }
            begin_quote = false;
        }
    }
    t.extend([0, 0]);
    at.extend([end, end]);
    (t, at)
}
