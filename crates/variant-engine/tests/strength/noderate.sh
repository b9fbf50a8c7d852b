#!/bin/sh
# Node rate of a `variants` build from each game family's start position (docs/engine.md,
# "Search speed"): nodes divided by the process's user CPU time, 300 000 nodes each.
# Usage: noderate.sh PATH_TO_VARIANTS
set -e
bin=$1
t=$(mktemp)
o=$(mktemp)
for spec in "chess3d -c heights=1" "chess3d -c heights=2" "chess3d" "checkers3d -c heights=1" \
    "checkers3d" "chess-t -c ruleset=t1-2024" "chess-t -c ruleset=chess-t-2020" "bishops4p" \
    "bishops4p -c players=3"; do
    # shellcheck disable=SC2086
    /usr/bin/time -o "$t" -f "%U %e" "$bin" analyse $spec --nodes 300000 --json > "$o"
    python3 - "$spec" "$t" "$o" <<'PY'
import json, sys
spec, t, o = sys.argv[1:]
user, wall = map(float, open(t).read().split()[-2:])
d = json.load(open(o))
print(f"| {spec} | {d['nodes']} | {d['depth']} | {user:.2f} | {wall:.2f} | "
      f"{round(d['nodes'] / max(user, 0.01), -4):,.0f} |".replace(",", " "))
PY
done
rm -f "$t" "$o"
