//! The `curl` view: libcurl's URL API (`curl_url_set` with the whole URL,
//! then `curl_url_get` for each part), called through `curl-sys`'s linkage
//! of the system's libcurl.
//!
//! This file is urikit's only foreign-function code, and the only `unsafe`
//! outside `simd/`: reading a URL as curl does needs curl itself, a C
//! library. Every call is wrapped here in a safe function, and every
//! `unsafe` block says why it is sound. `curl-sys` declares no bindings
//! for the URL API (it predates it), so the five functions are declared
//! below from `curl/urlapi.h` (libcurl 7.62 and later; `curl_url_strerror`
//! 7.80).
//!
//! The URL is set with `CURLU_NON_SUPPORT_SCHEME`, as libcurl itself sets
//! `CURLOPT_URL` (any scheme is parsed), and without
//! `CURLU_GUESS_SCHEME`: a string without a scheme is an error, not a host
//! name guessed from a relative reference.

use alloc::borrow::Cow;
use alloc::ffi::CString;
use alloc::string::{String, ToString};
use core::ffi::{CStr, c_char, c_int, c_uint, c_void};

use super::{Reading, View, host_kind_of};

/// `CURLU *`: an opaque handle.
#[repr(C)]
struct Curlu {
    _private: [u8; 0],
}

// `CURLUPart` values (urlapi.h).
const PART_SCHEME: c_int = 1;
const PART_USER: c_int = 2;
const PART_PASSWORD: c_int = 3;
const PART_OPTIONS: c_int = 4;
const PART_HOST: c_int = 5;
const PART_PORT: c_int = 6;
const PART_PATH: c_int = 7;
const PART_QUERY: c_int = 8;
const PART_FRAGMENT: c_int = 9;
const PART_URL: c_int = 0;
/// `CURLU_NON_SUPPORT_SCHEME`.
const NON_SUPPORT_SCHEME: c_uint = 1 << 3;
/// `CURLUE_OK`.
const OK: c_int = 0;

unsafe extern "C" {
    fn curl_url() -> *mut Curlu;
    fn curl_url_cleanup(handle: *mut Curlu);
    fn curl_url_set(handle: *mut Curlu, what: c_int, part: *const c_char, flags: c_uint) -> c_int;
    fn curl_url_get(
        handle: *mut Curlu,
        what: c_int,
        part: *mut *mut c_char,
        flags: c_uint,
    ) -> c_int;
    fn curl_url_strerror(code: c_int) -> *const c_char;
}

/// A `CURLU` handle, freed on drop.
struct Handle(*mut Curlu);

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `curl_url()`, is not null (checked
        // in `read`), and is freed exactly once, here.
        unsafe { curl_url_cleanup(self.0) }
    }
}

impl Handle {
    /// `curl_url_get` of one part with no flags: `None` when curl has no
    /// such part (any error code, `CURLUE_NO_*` among them).
    fn get(&self, what: c_int) -> Option<String> {
        let mut out: *mut c_char = core::ptr::null_mut();
        // SAFETY: the handle is valid for `self`'s life; `out` is a valid
        // place for curl to store a pointer to a string it allocates.
        let code = unsafe { curl_url_get(self.0, what, &mut out, 0) };
        if code != OK || out.is_null() {
            return None;
        }
        // SAFETY: on success `out` points to a NUL-terminated string that
        // curl allocated; it is copied before being freed.
        let text = unsafe { CStr::from_ptr(out) }
            .to_string_lossy()
            .into_owned();
        // SAFETY: `out` was allocated by libcurl and must be freed with
        // `curl_free`, once; it is not used after.
        unsafe { curl_sys::curl_free(out.cast::<c_void>()) };
        Some(text)
    }
}

/// curl's message for an error code.
fn message(code: c_int) -> String {
    // SAFETY: `curl_url_strerror` takes any code and returns a pointer to
    // a static NUL-terminated string (never null, "CURLUcode unknown" for
    // an unknown code), which is only read.
    let p = unsafe { curl_url_strerror(code) };
    if p.is_null() {
        return String::from("unknown curl error");
    }
    // SAFETY: see above: static, NUL-terminated.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

pub(super) fn read(input: &str) -> Reading<'static> {
    let Ok(url) = CString::new(input) else {
        return Err(String::from(
            "a NUL byte in the URL (libcurl reads C strings)",
        ));
    };
    // SAFETY: `curl_url` has no preconditions; a null result (out of
    // memory) is checked before the handle is used.
    let handle = Handle(unsafe { curl_url() });
    if handle.0.is_null() {
        return Err(String::from("curl_url() failed"));
    }
    // SAFETY: the handle is valid and `url` is a NUL-terminated string that
    // outlives the call (curl copies what it keeps).
    let code = unsafe { curl_url_set(handle.0, PART_URL, url.as_ptr(), NON_SUPPORT_SCHEME) };
    if code != OK {
        return Err(message(code));
    }
    let userinfo = handle.get(PART_USER).map(|user| {
        let mut u = user;
        if let Some(options) = handle.get(PART_OPTIONS) {
            u.push(';');
            u.push_str(&options);
        }
        if let Some(password) = handle.get(PART_PASSWORD) {
            u.push(':');
            u.push_str(&password);
        }
        u
    });
    let host = handle.get(PART_HOST);
    Ok(View {
        scheme: handle.get(PART_SCHEME).map(Cow::Owned),
        userinfo: userinfo.map(Cow::Owned),
        host_kind: host.as_deref().map(host_kind_of),
        host: host.map(Cow::Owned),
        port: handle.get(PART_PORT).map(Cow::Owned),
        path: handle.get(PART_PATH).map(Cow::Owned),
        query: handle.get(PART_QUERY).map(Cow::Owned),
        fragment: handle.get(PART_FRAGMENT).map(|f| Cow::Owned(f.to_string())),
    })
}

/// The version string of the libcurl linked in (`curl_version()`), such as
/// `libcurl/7.88.1 OpenSSL/3.0.17 ...`: the curl view is that library's.
pub fn libcurl_version() -> String {
    // SAFETY: `curl_version` takes no argument and returns a pointer to a
    // NUL-terminated string in static storage (never null), only read here.
    let p = unsafe { curl_sys::curl_version() };
    // SAFETY: see above.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}
