"""The status of the author's own pod or container stated CrashLoopBackOff in Chinese, the
status word its subject (held-out batch 122, fc55p: a reader's comment under a lesson,
hive-cloudman6-liveness-kubernetes-30's `您好,我的pod的状态一直是CrashLoopBackOff,不清楚什么原因`,
hello, my pod's status has always been CrashLoopBackOff, I don't know why).

The English `the status of my pod is CrashLoopBackOff` (runs._STATUS_OF_SUBJECT) in Chinese
word order: the first person's possessive (我的, 我们的, 我們的: my, our) and the pod's or
container's word (`pod`, `容器`, maybe a name before it, `我的nginx pod`), maybe 的, the status
word (状态, 狀態), up to two adverbs of how long (一直, 始终, 还, 仍然, 也, 都: always, still,
also), the verb (是, 为, 為, 变成, 變成, 处于, 處於: is, became, is in), then the status. The
first person's own pod is the case's (as a lesson's commenter tells their own pod, not the
lesson's demo, whose future tense `会` states none: happened.GENERAL). With the status word
before the verb, no 状态 after the status is needed (fixquoted64's `是 ... CrashLoopBackOff状态`
is the other order). Another's pod (你的, 其他), 不 before the verb (its adverbs hold none: `一直不是`
is not read), a question after it (吗, 嗎, ？) and a sentence of what may happen (如果, 会,
可能: the caller's `general`) state none. Every part bounded: one pass on a long line.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["ZH_STATUS_OF_OWN"]

_OWN = r"(?:\u6211\u7684|\u6211\u4eec\u7684|\u6211\u5011\u7684)"  # 我的, 我们的, 我們的
_NOUN = r"(?:[ \t]*[A-Za-z][\w.-]{0,62})?[ \t]*(?:(?i:pods?|containers?)|\u5bb9\u5668)"  # 容器
_STATUS = r"[ \t]*\u7684?[ \t]*(?:\u72b6\u6001|\u72c0\u614b)"  # 的 状态, 狀態
# 一直, 始终, 始終, 还, 還, 仍然, 也, 都, 总, 總 (还是, 总是: the adverb, then 是)
_STILL = (r"(?:[ \t]*(?:\u4e00\u76f4|\u59cb\u7ec8|\u59cb\u7d42|\u8fd8|\u9084"
          r"|\u4ecd\u7136|\u4e5f|\u90fd|\u603b|\u7e3d)){0,2}")
# 是, 为, 為, 变成, 變成, 处于, 處於
_IS = r"[ \t]*(?:\u662f|\u4e3a|\u70ba|\u53d8\u6210|\u8b8a\u6210|\u5904\u4e8e|\u8655\u65bc)[ \t:\uff1a]*"
# no question after it: 吗, 嗎, a question mark (maybe 状态 between)
_NOT_ASKED = r"(?![ \t]*(?:\u72b6\u6001|\u72c0\u614b)?[ \t]*[\u5417\u55ce\uff1f?])"
ZH_STATUS_OF_OWN = lazy_regex(
    _OWN + _NOUN + _STATUS + _STILL + _IS + r"[`'\"\u201c]?CrashLoopBackOff[`'\"\u201d]?"
    r"(?![A-Za-z])" + _NOT_ASKED)
