//! `uri_class!`: the component accessors the four value classes share
//! (the library's, with absent, `None`, and empty, `""`, kept apart).
//! The macro's body names what it calls at the place it is used
//! (`types.rs` and `iri.rs` import them).

/// The accessors both types share: the library's, with absent (`None`) and
/// empty (`""`) kept apart.
macro_rules! uri_class {
    ($ty:ident, { $($extra:tt)* }, { $($ops:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($extra)*
            $($ops)*

            /// The authority (``userinfo@host:port``), or ``None`` when absent.
            ///
            /// >>> urikit.URIRef('//u@h:1/p').authority
            /// 'u@h:1'
            /// >>> urikit.URIRef('file:///x').authority
            /// ''
            /// >>> urikit.URIRef('/x').authority is None
            /// True
            #[getter]
            fn authority(&self) -> Option<&str> {
                self.r().authority()
            }

            /// The userinfo, or ``None`` when absent.
            ///
            /// >>> urikit.URIRef('//user@h').userinfo
            /// 'user'
            /// >>> urikit.URIRef('//@h').userinfo
            /// ''
            #[getter]
            fn userinfo(&self) -> Option<&str> {
                self.r().userinfo()
            }

            /// The host as written, or ``None`` when there is no authority.
            ///
            /// >>> urikit.URIRef('http://[::1]:80/').host
            /// '[::1]'
            /// >>> urikit.URIRef('mailto:a@b').host is None
            /// True
            #[getter]
            fn host(&self) -> Option<&str> {
                self.r().host_str()
            }

            /// The host in ASCII: a registered name by IDNA (UTS #46
            /// ToASCII, non-transitional; RFC 3987 3.1) after decoding
            /// percent-encoded UTF-8, an IP address as it is; ``None``
            /// without an authority. ``URIError`` (kind ``'invalid-label'``
            /// or ``'not-utf8'``, component ``'host'``, ``index`` where the
            /// label starts) when the name has no ASCII form.
            ///
            /// >>> urikit.IRIRef('http://r\u00e9sum\u00e9.example.org').host_ascii()
            /// 'xn--rsum-bpad.example.org'
            /// >>> urikit.URIRef('http://r%C3%A9sum%C3%A9.example.org').host_ascii()
            /// 'xn--rsum-bpad.example.org'
            /// >>> urikit.URIRef('http://a.xn--a.example/').host_ascii()
            /// Traceback (most recent call last):
            /// ...
            /// urikit.URIError: invalid label "xn--a" in host at index 9
            fn host_ascii(&self, py: Python<'_>) -> PyResult<Option<String>> {
                let r = self.r();
                let Some(host) = r.host() else { return Ok(None) };
                match host.to_ascii() {
                    Ok(a) => Ok(Some(a.into_owned())),
                    Err(e) => Err(crate::errors::idna_error(py, e, r.as_str(), host.as_str())),
                }
            }

            /// The host with its A-labels shown as U-labels (UTS #46
            /// ToUnicode; RFC 3987 3.2.1); ``None`` without an authority,
            /// ``URIError`` as for ``host_ascii``.
            ///
            /// >>> urikit.URI('http://xn--99zt52a.example.org/').host_unicode()
            /// '納豆.example.org'
            fn host_unicode(&self, py: Python<'_>) -> PyResult<Option<String>> {
                let r = self.r();
                let Some(host) = r.host() else { return Ok(None) };
                match host.to_unicode() {
                    Ok(a) => Ok(Some(a.into_owned())),
                    Err(e) => Err(crate::errors::idna_error(py, e, r.as_str(), host.as_str())),
                }
            }

            /// The kind of host: ``'reg-name'``, ``'ipv4'``, ``'ipv6'`` or
            /// ``'ipvfuture'``, or ``None``.
            ///
            /// >>> urikit.URIRef('http://127.0.0.1/').host_kind
            /// 'ipv4'
            #[getter]
            fn host_kind(&self) -> Option<&'static str> {
                self.r().host_kind().map(|k| k.name())
            }

            /// The port as written (digits, possibly empty), or ``None``.
            ///
            /// >>> urikit.URIRef('http://h:08080/').port_text
            /// '08080'
            /// >>> urikit.URIRef('http://h:/').port_text
            /// ''
            #[getter]
            fn port_text(&self) -> Option<&str> {
                self.r().port()
            }

            /// The port as a number (as ``urikit.arrow.port`` and
            /// ``urllib.parse`` give it), or ``None`` when absent or empty;
            /// ``URIError`` (kind ``'port-overflow'``) past 65535.
            ///
            /// >>> urikit.URIRef('http://h:08080/').port
            /// 8080
            /// >>> urikit.URIRef('http://h:/').port is None
            /// True
            #[getter]
            fn port(&self, py: Python<'_>) -> PyResult<Option<u16>> {
                self.r().port_u16().map_err(|e| {
                    uri_error(py, e.to_string(), None, "port-overflow", Some("port"))
                })
            }

            /// The path (always present, possibly empty).
            ///
            /// >>> urikit.URIRef('http://h').path
            /// ''
            /// >>> urikit.URIRef('a/b?q').path
            /// 'a/b'
            #[getter]
            fn path(&self) -> &str {
                self.r().path()
            }

            /// The query, or ``None`` when absent.
            ///
            /// >>> urikit.URIRef('p?').query
            /// ''
            /// >>> urikit.URIRef('p').query is None
            /// True
            #[getter]
            fn query(&self) -> Option<&str> {
                self.r().query()
            }

            /// The fragment, or ``None`` when absent.
            ///
            /// >>> urikit.URIRef('p#top').fragment
            /// 'top'
            #[getter]
            fn fragment(&self) -> Option<&str> {
                self.r().fragment()
            }

            /// Whether there is an authority (``//`` after the scheme).
            ///
            /// >>> urikit.URIRef('file:///x').has_authority
            /// True
            #[getter]
            fn has_authority(&self) -> bool {
                self.r().has_authority()
            }

            /// The reference as text.
            fn __str__(&self) -> &str {
                self.r().as_str()
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                let text = PyString::new(py, self.r().as_str()).repr()?;
                Ok(format!("{}({})", stringify!($ty).trim_start_matches("Py"), text))
            }

            fn __hash__(&self) -> u64 {
                text_hash(self.r().as_str())
            }

            fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
                compare(self.r().as_str(), other, op)
            }

            /// Pickling: the type and the text, parsed again on load.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
                let text = slf.get().r().as_str().to_owned();
                (slf.get_type(), (text,)).into_pyobject(slf.py())
            }
        }
    };
}

pub(crate) use uri_class;
