"""``python -m xlxq`` runs the command line (see :mod:`xlxq.cli`)."""

from xlxq.cli import entry

entry()
