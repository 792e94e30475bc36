"""The event web site (``xlxq publish``): :mod:`xlxq.presentation.publish.render` and its
Jinja2 templates (``templates/``, package data).  The page data is built by
:mod:`xlxq.operations.publish`."""
