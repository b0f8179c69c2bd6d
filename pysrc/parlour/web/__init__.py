"""The browser front end, run by PyScript. Only :mod:`parlour.web.dom` touches the browser; every
other module here is pure Python (markup from state, routing, local sessions), tested on CPython."""
