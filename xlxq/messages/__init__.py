"""The message catalogues, one module per language (see :mod:`xlxq.i18n`)."""
