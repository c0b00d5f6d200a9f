"""JSON Schema ``format`` checks for URIs, for the ``jsonschema`` package.

``format_checker()`` returns a ``jsonschema.FormatChecker`` with jsonschema's
own checks plus urikit's for ``uri`` (RFC 3986 ``URI``), ``uri-reference``
(RFC 3986 ``URI-reference``), ``iri`` and ``iri-reference`` (RFC 3987) and
``uri-template`` (RFC 6570); ``register(checker)`` adds them to a checker
you have.

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

from ._urikit import (
    URIError,
    URITemplate,
    _format_iri,
    _format_iri_reference,
    _format_uri,
    _format_uri_reference,
    validate,
)

__all__ = ["FORMATS", "format_checker", "register", "is_uri", "is_uri_reference", "is_uri_template"]

#: The formats urikit checks, and the rule each one is.
FORMATS = {
    "uri": "RFC 3986 URI",
    "uri-reference": "RFC 3986 URI-reference",
    "iri": "RFC 3987 IRI",
    "iri-reference": "RFC 3987 IRI-reference",
    "uri-template": "RFC 6570 URI-Template",
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


def is_uri_template(instance: object) -> bool:
    """The ``uri-template`` format: an RFC 6570 URI Template; other types pass.

    >>> is_uri_template('/users/{id}{?q*}'), is_uri_template('/users/{id')
    (True, False)
    """
    if not isinstance(instance, str):
        return True
    try:
        URITemplate(instance)
    except URIError:
        return False
    return True


def _template(instance: object) -> bool:
    if isinstance(instance, str):
        URITemplate(instance)
    return True


# Native checks (one call per value, no Python frame): True for non-strings
# and valid strings, URIError (the failure's cause) for invalid ones.
_CHECKS = {
    "uri": _format_uri,
    "uri-reference": _format_uri_reference,
    "iri": _format_iri,
    "iri-reference": _format_iri_reference,
    "uri-template": _template,
}


def register(checker: Any) -> Any:
    """Add urikit's checks for ``uri``, ``uri-reference``, ``iri``,
    ``iri-reference`` and ``uri-template`` to a
    ``jsonschema.FormatChecker`` (replacing what it had for them); returns it.

    >>> import jsonschema
    >>> c = register(jsonschema.FormatChecker(formats=()))
    >>> sorted(c.checkers)
    ['iri', 'iri-reference', 'uri', 'uri-reference', 'uri-template']
    """
    for fmt in FORMATS:
        checker.checks(fmt, raises=URIError)(_CHECKS[fmt])
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
