#!/usr/bin/env bash
# The test suite on a loaded machine: runs it RUNS times in a row (default 2) beside
#   stress-ng --cpu 8 --io 4 --vm 2 --hdd 2
# and prints each run's wall time, exit code, result line and the load average. Exit code 0
# only if every run passed.
#
#   benchmarks/stress_suite.sh                  # the whole suite, twice, HYPOTHESIS_PROFILE=ci
#   HYPOTHESIS_PROFILE=dev benchmarks/stress_suite.sh   # as the README's test command runs it
#   benchmarks/stress_suite.sh -m realtime      # only the real-time tests (any pytest args)
#   RUNS=5 STRESS="--cpu 4 --io 2" benchmarks/stress_suite.sh -m realtime
#
# Needs stress-ng (Debian: apt-get install stress-ng) and the venv of the README (.venv;
# PYTHON=... to use another interpreter). The load runs only while this script does: it is
# stopped by its own pid on exit, and its scratch files (--hdd) go to a temporary directory.
# Heavy: it saturates the machine for as long as the runs take (the whole suite: 10-40 min).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-2}
load=${STRESS:---cpu 8 --io 4 --vm 2 --hdd 2}
python=${PYTHON:-.venv/bin/python}
profile=${HYPOTHESIS_PROFILE:-ci}
command -v stress-ng >/dev/null || { echo "stress-ng is not installed (apt-get install stress-ng)" >&2; exit 2; }
[ -x "$python" ] || { echo "no $python: make the venv first (README, first command)" >&2; exit 2; }

scratch=$(mktemp -d)
logs=$(mktemp -d)
# shellcheck disable=SC2086  # $load is a list of options
stress-ng $load --temp-path "$scratch" --quiet &
stress=$!
stop() {
  kill -INT "$stress" 2>/dev/null || true
  wait "$stress" 2>/dev/null || true
  rm -rf "$scratch"
}
trap stop EXIT
sleep 5  # let the load build up

echo "== load: stress-ng $load (pid $stress) on $(nproc) cores; HYPOTHESIS_PROFILE=$profile pytest $*"
failed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s%N)
  set +e
  HYPOTHESIS_PROFILE=$profile "$python" -m pytest -q -p no:cacheprovider "$@" >"$logs/run$i.txt" 2>&1
  code=$?
  set -e
  end=$(date +%s%N)
  result=$(grep -E '(passed|failed|error)' "$logs/run$i.txt" | tail -1)
  printf '== run %d: exit %d, %d s, %s; load average %s\n' "$i" "$code" \
    $(( (end - start) / 1000000000 )) "$result" "$(cut -d' ' -f1-3 /proc/loadavg)"
  if [ "$code" -ne 0 ]; then
    failed=1
    grep -E '^(FAILED|ERROR)' "$logs/run$i.txt" | sed 's/^/   /' || true
  fi
done
echo "== logs: $logs"
exit "$failed"
