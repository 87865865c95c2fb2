"""Embeds a text file in C++ as `inline constexpr char NAME[]`, at build time.

    embed_text(
        name = "eight_view_js",          # a cc_library; its header is <name>.h
        src = "view.js",
        symbol = "kEightViewJs",
    )

The header is `<package>/<name>.h` in namespace `puzzle` unless `namespace` says otherwise. The
text is put in a C++ raw string literal, so it must not contain `)EMBED"`.
"""

load("@rules_cc//cc:defs.bzl", "cc_library")

def embed_text(name, src, symbol, namespace = "puzzle", visibility = None):
    header = name + ".h"
    guard = (native.package_name() + "/" + header).upper().replace("/", "_").replace(".", "_") + "_"
    native.genrule(
        name = name + "_gen",
        srcs = [src],
        outs = [header],
        cmd = ("(echo '// Generated from $< by embed_text. Do not edit.';" +
               " echo '#ifndef %s'; echo '#define %s';" % (guard, guard) +
               " echo 'namespace %s {';" % namespace +
               " printf 'inline constexpr char %s[] = R\"EMBED(';" % symbol +
               " cat $<; echo ')EMBED\";'; echo '}'; echo '#endif') > $@"),
    )
    cc_library(
        name = name,
        hdrs = [header],
        visibility = visibility,
    )
