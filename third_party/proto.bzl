"""proto_library-like macro for offline builds: protoc and grpc_cpp_plugin come from Debian.

    cc_grpc_proto_library(
        name = "oracle_cc_grpc",
        src = "puzzleoracle/v1/oracle.proto",
    )

generates <src>.pb.{h,cc} and <src>.grpc.pb.{h,cc} with /usr/bin/protoc and wraps them in one
cc_library named `name` that depends on @system//:grpc and @system//:protobuf. With
`python = True` it also makes `<name>_py`, a filegroup of the _pb2.py and _pb2_grpc.py modules
(grpc_python_plugin), for Python clients.
"""

def cc_grpc_proto_library(name, src, python = False, visibility = None):
    base = src[:-len(".proto")]
    cc_outs = [base + ".pb.h", base + ".pb.cc", base + ".grpc.pb.h", base + ".grpc.pb.cc"]
    native.genrule(
        name = name + "_codegen",
        srcs = [src],
        outs = cc_outs,
        cmd = " ".join([
            "protoc",
            "--proto_path=" + (native.package_name() or "."),
            "--cpp_out=$(GENDIR)/" + native.package_name(),
            "--grpc_out=$(GENDIR)/" + native.package_name(),
            "--plugin=protoc-gen-grpc=/usr/bin/grpc_cpp_plugin",
            "$(location %s)" % src,
        ]),
    )
    native.cc_library(
        name = name,
        srcs = [base + ".pb.cc", base + ".grpc.pb.cc"],
        hdrs = [base + ".pb.h", base + ".grpc.pb.h"],
        # Generated code includes itself as "puzzleoracle/v1/x.pb.h": relative to this package.
        includes = ["."],
        deps = [
            "@system//:grpc",
            "@system//:protobuf",
        ],
        visibility = visibility,
    )
    if python:
        py_outs = [base + "_pb2.py", base + "_pb2_grpc.py"]
        native.genrule(
            name = name + "_py_codegen",
            srcs = [src],
            outs = py_outs,
            cmd = " ".join([
                "protoc",
                "--proto_path=" + (native.package_name() or "."),
                "--python_out=$(GENDIR)/" + native.package_name(),
                "--grpc_out=$(GENDIR)/" + native.package_name(),
                "--plugin=protoc-gen-grpc=/usr/bin/grpc_python_plugin",
                "$(location %s)" % src,
            ]),
        )
        native.filegroup(
            name = name + "_py",
            srcs = py_outs,
            visibility = visibility,
        )
