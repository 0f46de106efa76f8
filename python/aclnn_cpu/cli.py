"""The `aclnn-cpu` command: `aclnn-cpu golden`, `aclnn-cpu compare`, `aclnn-cpu ops`.

Each subcommand lives in its own module with register(subparsers), which adds its parser and sets
`func` to a run(args) -> int exit code. Exit codes: 0 pass, 1 fail (compare), 2 usage or input errors.
"""

import argparse
import importlib
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
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
