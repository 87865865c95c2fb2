"""Builds the package, generating the service's gRPC stubs first.

The stubs (puzzleoracle/v2/oracle_pb2.py and oracle_pb2_grpc.py) come from proto/ at the top of
the repository (or $PUZZLE_ORACLE_PROTO_DIR), through protoc and grpc_python_plugin, so they
always match the server they are built with. Everything else is in pyproject.toml.
"""
import os
import shutil
import subprocess

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))


def generate_stubs():
    """Writes puzzleoracle/v2/oracle_pb2{,_grpc}.py from the .proto (before setuptools looks for
    the packages: its metadata step already needs them)."""
    proto_dir = os.environ.get("PUZZLE_ORACLE_PROTO_DIR",
                               os.path.join(HERE, "..", "..", "proto"))
    source = os.path.join(proto_dir, "puzzleoracle", "v2", "oracle.proto")
    if not os.path.exists(source):
        raise SystemExit("puzzle-oracle: %s not found (set PUZZLE_ORACLE_PROTO_DIR)" % source)
    plugin = shutil.which("grpc_python_plugin")
    if plugin is None:
        raise SystemExit("puzzle-oracle: grpc_python_plugin not found "
                         "(Debian: apt-get install protobuf-compiler-grpc)")
    out = os.path.join(HERE, "puzzleoracle", "v2")
    os.makedirs(out, exist_ok=True)
    for package in (os.path.join(HERE, "puzzleoracle"), out):
        open(os.path.join(package, "__init__.py"), "a").close()
    subprocess.check_call([
        "protoc", "-I", proto_dir, "--python_out=" + HERE, "--grpc_python_out=" + HERE,
        "--plugin=protoc-gen-grpc_python=" + plugin, source,
    ])


generate_stubs()
setup()
