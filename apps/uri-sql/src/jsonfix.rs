//! A workaround for arrow-json 59's reading of `\u` surrogate pairs.
//!
//! arrow-json (59.3.2, `reader/tape.rs`, `char_from_surrogate_pair`) joins
//! the two halves of a pair with `|` where UTF-16 adds: `0x10000` is ORed
//! into the code point, so every character from U+20000 up that a JSON
//! file spells as `\uD8xx\uDCxx` is read as another one (`\udb40\udc01`,
//! U+E0001, is read as U+D0001). Characters written as UTF-8 are read
//! right. Until the fix is released (docs/sql.md, "Known upstream bugs"),
//! uri-sql reads local JSON files through [`JsonFix`], which writes each
//! valid surrogate-pair escape as the UTF-8 of its character before
//! arrow-json sees the bytes.
//!
//! DataFusion may read a large newline-delimited file as several byte
//! ranges, cut anywhere, each read on its own and aligned to lines by
//! offsets of the file. The rewrite therefore keeps every line's length:
//! the bytes a line loses (12 for an escape pair, 4 for its UTF-8) come
//! back as spaces at its end, before the newline, where JSON allows
//! white space; a range is rewritten from the start of its first line to
//! the end of its last, then cut to the bytes asked for.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use async_trait::async_trait;
use bytes::Bytes;
use datafusion::object_store::path::Path;
use datafusion::object_store::{
    CopyOptions, GetOptions, GetRange, GetResult, GetResultPayload, ListResult, MultipartUpload,
    ObjectMeta, ObjectStore, ObjectStoreExt, PutMultipartOptions, PutOptions, PutPayload,
    PutResult, Result,
};
use futures::StreamExt;
use futures::stream::BoxStream;

/// An object store that reads `.json`, `.ndjson` and `.jsonl` objects of
/// `inner` with their surrogate-pair escapes decoded (see the module
/// documentation); everything else is passed on unchanged.
#[derive(Debug)]
pub struct JsonFix {
    inner: Arc<dyn ObjectStore>,
}

impl JsonFix {
    /// Wraps `inner`.
    pub fn new(inner: Arc<dyn ObjectStore>) -> JsonFix {
        JsonFix { inner }
    }
}

impl fmt::Display for JsonFix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JsonFix({})", self.inner)
    }
}

/// Only uncompressed JSON: the bytes of a `.json.gz` are not text.
fn is_json(path: &Path) -> bool {
    let p = path.as_ref().to_ascii_lowercase();
    p.ends_with(".json") || p.ends_with(".ndjson") || p.ends_with(".jsonl")
}

/// Where a rewrite stands between two blocks of input.
#[derive(Default)]
pub struct Rewrite {
    /// Bytes the current line has lost, given back before its end.
    owed: usize,
    /// The start of an escape cut by the end of the last block.
    carry: Vec<u8>,
}

/// The value of four hexadecimal digits.
fn hex4(b: &[u8]) -> Option<u32> {
    b.iter()
        .try_fold(0u32, |n, &c| Some((n << 4) | char::from(c).to_digit(16)?))
}

/// The character of `\uHHHH\uLLLL` at the start of `b` (12 bytes), when
/// it is a high surrogate followed by a low one.
fn pair(b: &[u8]) -> Option<char> {
    if b.len() < 12 || &b[0..2] != b"\\u" || &b[6..8] != b"\\u" {
        return None;
    }
    let (high, low) = (hex4(&b[2..6])?, hex4(&b[8..12])?);
    if !(0xD800..=0xDBFF).contains(&high) || !(0xDC00..=0xDFFF).contains(&low) {
        return None;
    }
    char::from_u32(0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00))
}

impl Rewrite {
    /// Rewrites the next block of input onto `out`; `last` when no more
    /// input follows. The output has as many bytes as the input, line by
    /// line, once the last block is in.
    pub fn block(&mut self, block: &[u8], last: bool, out: &mut Vec<u8>) {
        let joined;
        let input: &[u8] = if self.carry.is_empty() {
            block
        } else {
            let mut v = std::mem::take(&mut self.carry);
            v.extend_from_slice(block);
            joined = v;
            &joined
        };
        let n = input.len();
        let mut i = 0;
        while i < n {
            let Some(k) = memchr::memchr2(b'\\', b'\n', &input[i..]) else {
                out.extend_from_slice(&input[i..]);
                i = n;
                break;
            };
            out.extend_from_slice(&input[i..i + k]);
            i += k;
            if input[i] == b'\n' {
                out.resize(out.len() + self.owed, b' ');
                self.owed = 0;
                out.push(b'\n');
                i += 1;
                continue;
            }
            // A backslash: the escape is whole once 12 bytes are here (or
            // the input ends).
            let whole = i + 12 <= n || last;
            if !whole && input[i + 1..].first().is_none_or(|&c| c == b'u') {
                break;
            }
            match pair(&input[i..n.min(i + 12)]) {
                Some(c) => {
                    let mut utf8 = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
                    self.owed += 12 - c.len_utf8();
                    i += 12;
                }
                // Any other escape (`\\` included, so that the backslash
                // after it is not taken as one) is passed on as it is.
                None => {
                    let end = n.min(i + 2);
                    out.extend_from_slice(&input[i..end]);
                    i = end;
                }
            }
        }
        self.carry = input[i..].to_vec();
        if last {
            out.resize(out.len() + self.owed, b' ');
            self.owed = 0;
        }
    }
}

/// `bytes`, a whole number of lines, rewritten.
pub fn rewrite(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    Rewrite::default().block(bytes, true, &mut out);
    out
}

/// How far to look at a time for the line around a range's ends.
const PROBE: u64 = 1 << 16;

impl JsonFix {
    /// The whole object, rewritten as it streams: each block in, its
    /// rewrite out; the end flushes what a cut escape or the last line
    /// still holds.
    async fn whole(&self, location: &Path, options: GetOptions) -> Result<GetResult> {
        let got = self.inner.get_opts(location, options).await?;
        let (meta, range, attributes) =
            (got.meta.clone(), got.range.clone(), got.attributes.clone());
        let input = got.into_stream();
        let rewritten = futures::stream::unfold(
            (Some(Rewrite::default()), input),
            |(state, mut input)| async move {
                let mut rewrite = state?;
                let mut out = Vec::new();
                match input.next().await {
                    Some(Ok(block)) => {
                        rewrite.block(&block, false, &mut out);
                        Some((Ok(Bytes::from(out)), (Some(rewrite), input)))
                    }
                    Some(Err(e)) => Some((Err(e), (None, input))),
                    None => {
                        rewrite.block(&[], true, &mut out);
                        Some((Ok(Bytes::from(out)), (None, input)))
                    }
                }
            },
        );
        Ok(GetResult {
            payload: GetResultPayload::Stream(rewritten.boxed()),
            meta,
            range,
            attributes,
        })
    }

    /// The start of the line that holds the byte at `at`.
    async fn line_start(&self, location: &Path, at: u64) -> Result<u64> {
        let mut end = at;
        while end > 0 {
            let start = end.saturating_sub(PROBE);
            let block = self.inner.get_range(location, start..end).await?;
            if let Some(k) = memchr::memrchr(b'\n', &block) {
                return Ok(start + k as u64 + 1);
            }
            end = start;
        }
        Ok(0)
    }

    /// The end of the line that holds the byte before `at` (past its
    /// newline), or `size`.
    async fn line_end(&self, location: &Path, at: u64, size: u64) -> Result<u64> {
        let mut start = at.saturating_sub(1);
        while start < size {
            let end = size.min(start + PROBE);
            let block = self.inner.get_range(location, start..end).await?;
            if let Some(k) = memchr::memchr(b'\n', &block) {
                return Ok(start + k as u64 + 1);
            }
            start = end;
        }
        Ok(size)
    }

    /// A range of the object, rewritten: its lines whole, then cut.
    async fn part(&self, location: &Path, range: GetRange) -> Result<GetResult> {
        let head = self.inner.head(location).await?;
        let size = head.size;
        let wanted: Range<u64> = match range {
            GetRange::Bounded(r) => r.start.min(size)..r.end.min(size),
            GetRange::Offset(o) => o.min(size)..size,
            GetRange::Suffix(n) => size.saturating_sub(n)..size,
        };
        if wanted.is_empty() {
            return self
                .inner
                .get_opts(
                    location,
                    GetOptions {
                        range: Some(GetRange::Bounded(wanted)),
                        ..GetOptions::default()
                    },
                )
                .await;
        }
        let start = self.line_start(location, wanted.start).await?;
        let end = self.line_end(location, wanted.end, size).await?;
        let raw = self.inner.get_range(location, start..end).await?;
        let fixed = Bytes::from(rewrite(&raw));
        let cut = fixed.slice((wanted.start - start) as usize..(wanted.end - start) as usize);
        Ok(GetResult {
            payload: GetResultPayload::Stream(futures::stream::once(async { Ok(cut) }).boxed()),
            meta: head,
            range: wanted,
            attributes: Default::default(),
        })
    }
}

#[async_trait]
impl ObjectStore for JsonFix {
    async fn put_opts(
        &self,
        location: &Path,
        payload: PutPayload,
        opts: PutOptions,
    ) -> Result<PutResult> {
        self.inner.put_opts(location, payload, opts).await
    }

    async fn put_multipart_opts(
        &self,
        location: &Path,
        opts: PutMultipartOptions,
    ) -> Result<Box<dyn MultipartUpload>> {
        self.inner.put_multipart_opts(location, opts).await
    }

    async fn get_opts(&self, location: &Path, options: GetOptions) -> Result<GetResult> {
        if !is_json(location) || options.head {
            return self.inner.get_opts(location, options).await;
        }
        match options.range.clone() {
            None => self.whole(location, options).await,
            Some(range) => self.part(location, range).await,
        }
    }

    fn delete_stream(
        &self,
        locations: BoxStream<'static, Result<Path>>,
    ) -> BoxStream<'static, Result<Path>> {
        self.inner.delete_stream(locations)
    }

    fn list(&self, prefix: Option<&Path>) -> BoxStream<'static, Result<ObjectMeta>> {
        self.inner.list(prefix)
    }

    async fn list_with_delimiter(&self, prefix: Option<&Path>) -> Result<ListResult> {
        self.inner.list_with_delimiter(prefix).await
    }

    async fn copy_opts(&self, from: &Path, to: &Path, options: CopyOptions) -> Result<()> {
        self.inner.copy_opts(from, to, options).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_becomes_its_character_and_the_line_keeps_its_length() {
        let line = br#"{"u":"\udb40\udc01x"}"#;
        let input = [&line[..], &b"\n"[..], &line[..]].concat();
        let out = rewrite(&input);
        assert_eq!(out.len(), input.len());
        let text = String::from_utf8(out).unwrap();
        let first = text.lines().next().unwrap();
        assert_eq!(first.trim_end(), "{\"u\":\"\u{E0001}x\"}");
    }

    #[test]
    fn an_escaped_backslash_is_not_an_escape() {
        let input = br#"{"u":"\\udb40\udc01"}"#;
        assert_eq!(rewrite(input), input.to_vec());
    }

    #[test]
    fn every_cut_of_the_input_gives_the_same_output() {
        let input =
            "{\"a\":\"\\ud83d\\ude00 \\\\ \\udb40\\udc01\\u0041\"}\n{\"b\":\"\\uDBFF\\uDFFF\"}"
                .as_bytes();
        let whole = rewrite(input);
        for cut in 0..input.len() {
            let mut r = Rewrite::default();
            let mut out = Vec::new();
            r.block(&input[..cut], false, &mut out);
            r.block(&input[cut..], true, &mut out);
            assert_eq!(out, whole, "cut at {cut}");
        }
        assert!(String::from_utf8(whole).unwrap().contains("\u{10FFFF}"));
    }
}
