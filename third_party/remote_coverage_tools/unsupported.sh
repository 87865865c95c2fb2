#!/bin/sh
echo "coverage tools are not available in this offline workspace" >&2
exit 1
