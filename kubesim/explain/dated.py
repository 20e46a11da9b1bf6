"""The kubelet of the record's time: a rule that changed in a release is chosen from the
record's dates when the user named no profile, and only when the dates settle it.

Before kubernetes PR #46371 (merged 2017-05-24, first released in 1.7.0; issue #53530) a
liveness worker kept its failure run across the kill, so after the first kill each next
container was killed by its first failure (§1.5 step 14, E3; the setting
`failure_run_after_kill`). A record whose every date precedes the merge was written by such
a kubelet: its kills are counted, and replayed, under that rule, and the output says so.
A record without absolute dates, or with a later one, keeps the profile's rule.
"""

from __future__ import annotations

from kubesim.explain.model import Evidence, Finding, Level
from kubesim.explain.readers.times import utc_text
from kubesim.explain.timebase import Timebase
from kubesim.kubelet.settings import FailureRunAfterKill, KubeletProfile

__all__ = ["RUN_RESET_MERGED", "dated_profile"]

RUN_RESET_MERGED = 1495584000.0  # 2017-05-24T00:00:00Z: kubernetes PR #46371 merged


def dated_profile(profile: KubeletProfile, tb: Timebase) -> tuple[KubeletProfile, list[Finding]]:
    """`profile`, with the failure run kept across a kill when the record's newest date
    (its axis zero, give or take the zero's spread) precedes PR #46371; the finding names the
    choice. The replay then runs this one older rule on the profile's others: its name says
    so, and that no other rule of such a kubelet is modelled."""
    if tb.zero is None or tb.zero + tb.spread >= RUN_RESET_MERGED or (
            profile.failure_run_after_kill is FailureRunAfterKill.KEPT):
        return profile, []
    kept = profile.with_overrides({"failure_run_after_kill": FailureRunAfterKill.KEPT.value})
    kept = kept.model_copy(update={
        "name": f"{profile.name}+run-kept",
        "versions": (f"{profile.versions} with the failure run kept across a kill, as "
                     "before 1.7; no other rule of a kubelet before 1.7 is modelled")})
    day = utc_text(tb.zero + tb.spread)[:10]
    dates = (f"the record's moment ({day}, given with --now)" if tb.basis.endswith("--now")
             else f"the record's dates ({day} and before)")
    return kept, [Finding(Level.FACT, (
        f"{dates} precede kubelet 1.7, which reset the failure "
        "run after a kill (kubernetes#46371, merged 2017-05-24): kills counted under the "
        "older rule, the liveness failure run kept across a kill, so after the first kill "
        "each failure kills (§1.5 step 14, E3; --kubelet failure_run_after_kill=reset counts "
        "under today's rule)"), (Evidence(tb.basis, ""),))]
