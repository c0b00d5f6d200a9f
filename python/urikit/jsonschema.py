"""JSON Schema ``format`` checks for URIs, for the ``jsonschema`` package.

``format_checker()`` returns a ``jsonschema.FormatChecker`` with jsonschema's
own checks plus urikit's for ``uri`` (RFC 3986 ``URI``) and
``uri-reference`` (RFC 3986 ``URI-reference``); ``register(checker)`` adds
them to a checker you have.

``iri``, ``iri-reference`` (RFC 3987) and ``uri-template`` (RFC 6570) are
listed in ``UNAVAILABLE``: this version of the urikit library has neither
IRIs nor templates, and checking them by URI rules would be wrong (an IRI
may hold non-ASCII characters a URI may not). ``register`` leaves those
formats to whatever the checker already has for them.

>>> import jsonschema, urikit.jsonschema
>>> checker = urikit.jsonschema.format_checker()
>>> jsonschema.validate('http://example.com/a', {'format': 'uri'}, format_checker=checker)
>>> jsonschema.validate('/relative', {'format': 'uri'}, format_checker=checker)
Traceback (most recent call last):
...
jsonschema.exceptions.ValidationError: '/relative' is not a 'uri'
...
"""

from typing import Any, Optional

from ._urikit import URIError, validate

__all__ = ["FORMATS", "UNAVAILABLE", "format_checker", "register", "is_uri", "is_uri_reference"]

#: The formats urikit checks, and the RFC 3986 rule each one is.
FORMATS = {"uri": "URI", "uri-reference": "URI-reference"}

#: The formats of the same family that urikit cannot check yet, and why.
UNAVAILABLE = {
    "iri": "no IRI (RFC 3987) support in this version of the urikit library",
    "iri-reference": "no IRI (RFC 3987) support in this version of the urikit library",
    "uri-template": "no URI Template (RFC 6570) support in this version of the urikit library",
}


def is_uri(instance: object) -> bool:
    """The ``uri`` format: a string must be an RFC 3986 ``URI``; other types pass.

    >>> is_uri('urn:isbn:0451450523'), is_uri('//no-scheme'), is_uri(12)
    (True, False, True)
    """
    if not isinstance(instance, str):
        return True
    return validate(instance, "URI")


def is_uri_reference(instance: object) -> bool:
    """The ``uri-reference`` format: an RFC 3986 ``URI-reference``; other types pass.

    >>> is_uri_reference('../a?b'), is_uri_reference('\\\\\\\\WINDOWS\\\\share')
    (True, False)
    """
    if not isinstance(instance, str):
        return True
    return validate(instance, "URI-reference")


def _checker(rule: str):  # type: ignore[no-untyped-def]
    def check(instance: object) -> bool:
        if not isinstance(instance, str):
            return True
        # raise_error: jsonschema reports the URIError (index, component) as
        # the cause of the failed format.
        return validate(instance, rule, raise_error=True)

    return check


def register(checker: Any) -> Any:
    """Add urikit's checks for ``uri`` and ``uri-reference`` to a
    ``jsonschema.FormatChecker`` (replacing what it had for them); returns it.

    >>> import jsonschema
    >>> c = register(jsonschema.FormatChecker(formats=()))
    >>> sorted(c.checkers)
    ['uri', 'uri-reference']
    """
    for fmt, rule in FORMATS.items():
        checker.checks(fmt, raises=URIError)(_checker(rule))
    return checker


def format_checker(formats: Optional[Any] = None) -> Any:
    """A new ``jsonschema.FormatChecker`` (jsonschema's checks for ``formats``,
    all of them by default) with urikit's URI checks registered.

    >>> c = format_checker()
    >>> c.conforms('http://a/', 'uri'), c.conforms('a b', 'uri-reference')
    (True, False)
    """
    import jsonschema

    checker = jsonschema.FormatChecker() if formats is None else jsonschema.FormatChecker(formats)
    return register(checker)
