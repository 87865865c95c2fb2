"""The Bazel targets of every puzzle's table files, from one line per puzzle in data/BUILD.bazel.

    all_puzzle_tables({
        # puzzle: (its package, its tables, its optional tables[, "heavy_verify"])
        "eight": ("//puzzles/eight", ["eight"], []),
    })

For each table T it makes, in the calling package (data/):
    T_table                 T.tbl, built by //generator:table_generator (a link to the file
                            T_table_generated makes)
    T_table_generated       genrule: generated/T.tbl, built in the host configuration
    T_table_checksum_test   the file's SHA-256 equals the pin <package>:T.tbl.sha256
    T_table_verify_test     //generator:verify_tables passes on it
and `tables`, a filegroup of every required table (what the server serves by default). The
tables are visible to the packages in //puzzle:users (everything that serves, checks or
measures them).
Why the host configuration: every configuration has its own output tree, and the sanitizer
pass's (--config=sanitize, tools/test.sh) is not the -c opt build's, so a table built in the
target configuration was built again there, minutes of breadth-first search for the same bytes
(the generator is a host tool either way). Built in the host configuration, which both share
(Bazel 4: one host output tree, whatever --platform_suffix says; check again on an upgrade, where
"host" becomes "exec"), each table is made once; T_table links to it from the usual place
(bazel-bin/data/T.tbl).
Optional tables (large tiers) are tagged "manual": `bazel build //...` leaves them out; build one
with `bazel build //data:T_table`, and the server serves it whenever it is present.
A line may end with "heavy_verify" (verification takes minutes): its verify tests are tagged
"data" and sized large (optional tables' enormous). tools/test.sh runs them with -c opt and
leaves them out of the sanitizer pass, whose point is the code (the verifiers' own unit tests
cover it there), not the data.
"""

def _table_link_impl(ctx):
    out = ctx.actions.declare_file(ctx.attr.file)
    ctx.actions.symlink(output = out, target_file = ctx.file.generated)
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

# T.tbl in the package, a link to the file built in the host configuration.
_table_link = rule(
    implementation = _table_link_impl,
    attrs = {
        "generated": attr.label(cfg = "host", allow_single_file = True, mandatory = True),
        "file": attr.string(mandatory = True),
    },
)

def _table_targets(puzzle, package, table, optional, heavy):
    tags = ["manual"] if optional else []
    native.genrule(
        name = table + "_table_generated",
        outs = ["generated/%s.tbl" % table],
        cmd = "$(location //generator:table_generator) --puzzle=%s --table=%s --output=$@" % (puzzle, table),
        tools = ["//generator:table_generator"],
        # Manual: built through T_table only (a pattern such as //... would also build it in the
        # target configuration, a second time).
        tags = ["manual"],
    )
    _table_link(
        name = table + "_table",
        generated = ":%s_table_generated" % table,
        file = table + ".tbl",
        tags = tags,
        visibility = ["//puzzle:users"],
    )
    pin = "%s:%s.tbl.sha256" % (package, table)
    native.sh_test(
        name = table + "_table_checksum_test",
        srcs = ["checksum_test.sh"],
        args = ["$(location :%s_table)" % table, "$(location %s)" % pin],
        data = [":%s_table" % table, pin],
        tags = tags,
    )
    native.sh_test(
        name = table + "_table_verify_test",
        srcs = ["verify_test.sh"],
        # An optional (large-tier) table takes longest to verify: fifteen-large 17 minutes.
        size = "enormous" if optional else ("large" if heavy else "medium"),
        args = ["$(location //generator:verify_tables)", "$(location :%s_table)" % table],
        data = [":%s_table" % table, "//generator:verify_tables"],
        tags = tags + (["data"] if heavy else []),
    )

def all_puzzle_tables(puzzles):
    required = []
    for puzzle, line in puzzles.items():
        package, tables, optional_tables = line[0], line[1], line[2]
        heavy = len(line) > 3 and line[3] == "heavy_verify"
        for table in tables:
            _table_targets(puzzle, package, table, False, heavy)
            required.append(":%s_table" % table)
        for table in optional_tables:
            _table_targets(puzzle, package, table, True, heavy)
    native.filegroup(
        name = "tables",
        srcs = required,
        visibility = ["//puzzle:users"],
    )
