"""The `aclnn-cpu` command: `aclnn-cpu golden`, `aclnn-cpu compare`, `aclnn-cpu ops`.

Each subcommand lives in its own module with register(subparsers), which adds its parser and sets
`func` to a run(args) -> int exit code. Exit codes: 0 pass, 1 fail (compare), 2 usage or input errors.

A reader that stops early (`aclnn-cpu ops | head -1`) closes stdout under us: main() then exits quietly, with
no traceback and no "Exception ignored" at interpreter exit, and returns the code the subcommand had settled
before writing its output (run() sets args.exit_status before printing a verdict it already knows; 0 if unset).
"""

import argparse
import importlib
import os
import sys

_SUBCOMMAND_MODULES = ("aclnn_cpu._cli_golden", "aclnn_cpu._cli_compare", "aclnn_cpu._cli_ops")


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own exit code is 2 as well; keep the message on one line
        self.print_usage(sys.stderr)
        sys.stderr.write(f"aclnn-cpu: error: {message}\n")
        sys.exit(2)


def build_parser():
    parser = _Parser(prog="aclnn-cpu", description="aclnn-cpu golden toolkit")
    subparsers = parser.add_subparsers(dest="command", metavar="{golden,compare,ops}", parser_class=_Parser)
    subparsers.required = True
    for name in _SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:  # pragma: no cover - a subcommand still being written
            continue
        module.register(subparsers)
    return parser


def main(argv=None):
    state = {}
    try:
        return _main(argv, state)
    except BrokenPipeError:
        _stdout_to_devnull()
        args = state.get("args")
        return int(getattr(args, "exit_status", 0) or 0)
    except KeyboardInterrupt:
        return 130


def _main(argv, state):
    try:
        args = build_parser().parse_args(argv)
    except SystemExit:
        sys.stdout.flush()  # --help's text: a closed pipe surfaces here, not at interpreter exit
        raise
    state["args"] = args
    code = int(args.func(args))
    sys.stdout.flush()  # the buffered rest, while a closed pipe can still be caught
    return code


def _stdout_to_devnull():
    """After a BrokenPipeError on stdout: point file descriptor 1 at /dev/null, so the flush of what is still
    buffered (at interpreter exit) neither fails nor prints "Exception ignored ... BrokenPipeError"."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):  # stdout replaced by an object without a descriptor
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
