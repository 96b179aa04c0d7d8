"""The exceptions: the command line's exit statuses as Python errors.

exit 2 (bad input)      -> ValueError, with the command's one-line message
                           naming the parameter;
exit 1 (failure)        -> LeakproofError (a RuntimeError);
exit 3 (not certified)  -> LeakproofUncertified (a LeakproofError), whose
                           `result` holds the record the command printed (its
                           status says what was reached), or None.
An uncertified answer raises instead of coming back quietly, so that no
number without its guarantee reaches a caller who did not ask for it.
"""


class LeakproofError(RuntimeError):
    """A command failed for a reason that is not the caller's input (exit 1)."""

    def __init__(self, message, result=None):
        super().__init__(message)
        self.result = result


class LeakproofUncertified(LeakproofError):
    """The answer could not be certified to the digits asked (exit 3)."""
