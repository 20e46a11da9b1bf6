"""The English words of a sentence that says what may, would or usually happens, not what
happened (the corpus README's prose rules: a conditional, a modal, a guide's general present
state nothing of the case). One list, which each prose reader's pattern is made from (runs'
`_GENERAL`, said_failing's `_UNSAID`, quoted_message's `_MAY`), each adding the words of its
own reading (runs: `when`, `such as`, the corpus's other languages; quoted_message: `will`,
`e.g.`)."""

from __future__ import annotations

__all__ = ["HEDGES", "PLACES_WEIGHED", "SENTENCE_REACH"]

# an alternation for a regular expression, used inside `(?i:...)` between word boundaries
HEDGES = ("if|unless|whenever|should|may|might|could|would|can|typically|usually|often|"
          "generally|normally|sometimes")

# how far every prose reader reads a line: a sentence's reach (a longer line is read up to it,
# so a 2 MB line costs one pass)
SENTENCE_REACH = 2000
# how many places of its anchor word (or statements) a prose reader weighs on a page at most: a
# page states its case in few sentences, and a hostile one is not looked around without end
PLACES_WEIGHED = 64
