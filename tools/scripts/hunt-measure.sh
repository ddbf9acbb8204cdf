#!/usr/bin/env bash
# Runs-to-failure of `reprise hunt` on the seeded bugs of the samples module, per strategy against
# plain runs (no perturbation): each (program, strategy) cell gets RUNS recorded runs, as hunts that
# go on from where the last one stopped (a failure ends a hunt; the next starts with the next seed)
# until the cell's runs are spent. Prints a Markdown table: failures found, and runs per failure
# (the cell's runs divided by its failures; "> RUNS" when none failed). One run at a time, so the
# runs of one cell do not perturb each other. Run from anywhere; builds nothing (REPRISE_NO_BUILD=1):
# package first (mvn -o package -DskipTests, or ./reprise build).
#   tools/scripts/hunt-measure.sh [--runs RUNS] [--strategies plain,mixed,random,slow,pct,bounded] [--programs A,B]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RUNS=25
STRATEGIES=plain,mixed,random,slow
PROGRAMS=RegistryOrderProgram,LostUpdateProgram,TimeoutRaceProgram,RestartRaceProgram
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --strategies) STRATEGIES="$2"; shift 2 ;;
    --programs) PROGRAMS="$2"; shift 2 ;;
    -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "hunt-measure: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

CP="$ROOT/samples/target/classes:$(cat "$ROOT/samples/target/run.classpath")"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/hunt-measure.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# How each program's bug shows: the hunt's options that make it a failure.
failure_options() {
  case "$1" in
    LostUpdateProgram) echo "--until LOST.UPDATE" ;;   # it says so on a line and exits 0
    RestartRaceProgram) echo "--allow-actor-failures" ;; # its crashes are on purpose; exit 1 is the bug
    *) echo "" ;;                                         # an actor's uncaught error, or exit 2
  esac
}

IFS=, read -r -a programs <<<"$PROGRAMS"
IFS=, read -r -a strategies <<<"$STRATEGIES"
header="| program |"
rule="|---|"
for s in "${strategies[@]}"; do header+=" $s |"; rule+="---|"; done
rows=()
cell=0
for p in "${programs[@]}"; do
  row="| \`$p\` |"
  for s in "${strategies[@]}"; do
    cell=$((cell + 1))
    used=0 failures=0 started=$SECONDS
    while [ "$used" -lt "$RUNS" ]; do
      rm -rf "$WORK/kept"
      # shellcheck disable=SC2046
      out="$(REPRISE_NO_BUILD=1 "$ROOT/reprise" hunt --runs $((RUNS - used)) --strategy "$s" \
        --seed $((cell * 100000 + used + 1)) --keep "$WORK/kept" $(failure_options "$p") \
        -- -cp "$CP" "dev.reprise.programs.$p" 2>&1 >/dev/null || true)"
      if n="$(grep -o 'failed after [0-9]* run' <<<"$out" | grep -o '[0-9]*')"; then
        used=$((used + n)) failures=$((failures + 1))
      elif n="$(grep -o 'no run failed: [0-9]* run' <<<"$out" | grep -o '[0-9]*')"; then
        used=$((used + n))
      else
        echo "hunt-measure: $p with $s: the hunt did not say how it ended:" >&2
        echo "$out" >&2
        exit 1
      fi
    done
    if [ "$failures" -eq 0 ]; then
      per="> $used"
    else
      per="$(awk -v u="$used" -v f="$failures" 'BEGIN { printf "%.1f", u / f }')"
    fi
    echo "$p $s: $failures failures in $used runs ($((SECONDS - started)) s)" >&2
    row+=" $per ($failures/$used) |"
  done
  rows+=("$row")
done
echo "$header"
echo "$rule"
printf '%s\n' "${rows[@]}"
