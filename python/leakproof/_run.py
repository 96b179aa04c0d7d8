"""One command from Python: arguments in, a Result (or an exception) out."""

from . import _library
from .errors import LeakproofError, LeakproofUncertified
from .result import Result

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_UNCERTIFIED = 0, 1, 2, 3


def _message(messages, status):
    if messages:
        return messages.strip()
    return "leakproof: the command ended with status %d and no message" % status


# the budget's decline (leakproof(1), BUDGETS): exit 2 with this in the message
_DECLINED = "give --max-seconds to allow it"


def _for_python(message):
    """The command's message worded for Python: the function's name in place of
    the command's, help() in place of --help, and the Python spelling of each
    option named (--sample-rate is sample_rate=) beside it."""
    import re
    message = re.sub(r"^leakproof ([a-z-]+):", lambda m: "leakproof.%s():" % m.group(1).replace("-", "_"),
                     message)
    message = re.sub(r"\(see leakproof ([a-z-]+) --help\)",
                     lambda m: "(see help(leakproof.%s))" % m.group(1).replace("-", "_"), message)
    message = message.replace("unknown option '--", "unknown parameter '--")
    named = []
    for opt in re.findall(r"(?<![\w-])--([a-z][a-z0-9-]*)", message):
        keyword = opt.replace("-", "_") + "="
        if keyword not in named and keyword not in message:
            named.append(keyword)
    if named:
        message += " [in Python: %s]" % ", ".join(named)
    return message


def run_text(args):
    """Runs a command; (status, output text, messages), raising on bad input.

    A run declined for its work estimate (beyond --max-seconds) is bad input
    too: ValueError, whose message says how to raise the budget from Python
    (max_seconds=S, which every function passes on as --max-seconds S)."""
    status, output, messages = _library.call(args)
    if status == EXIT_USAGE:
        message = _message(messages, status)
        if _DECLINED in message:
            message += " (from Python: max_seconds=S)"
        raise ValueError(_for_python(message))
    return status, output, messages


def run(args):
    """Runs a command that prints one JSON record and returns it as a Result.

    Exit 2 raises ValueError, 1 LeakproofError, 3 LeakproofUncertified (see
    errors.py)."""
    status, output, messages = run_text(args)
    result = None
    if output:
        try:
            result = Result(output, messages)
        except ValueError:
            if status == EXIT_OK:
                raise LeakproofError("leakproof: the command's output is not one JSON "
                                     "record: %.200s" % output)
    if status == EXIT_UNCERTIFIED:
        if not messages and result is not None and result.get("why"):
            messages = "leakproof %s: not certified: %s" % (args[0], result["why"])
        raise LeakproofUncertified(_message(messages, status), result)
    if status != EXIT_OK:
        raise LeakproofError(_message(messages, status), result)
    if result is None:
        raise LeakproofError("leakproof: the command printed no record")
    return result
