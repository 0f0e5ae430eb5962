# SPDX-License-Identifier: GPL-2.0
"""How config create fails: the two kinds of errors and the words they are
reported with (exit status 1 and 2).
"""


VERB = "config create"


class UsageError(Exception):
    pass


class Refusal(Exception):
    """A fact that cannot be derived or a machine the config cannot cover."""
