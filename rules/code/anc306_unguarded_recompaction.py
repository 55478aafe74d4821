"""ANC306: a compaction output is compacted again with no anchor-set check between passes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from anchorlint.code.prefilter import CodeTrigger, summarizer_calls
from anchorlint.config import CodeSettings, Settings
from anchorlint.rulebase import CodeHit, CodeRule, RuleDoc, python_example

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.taint import Recompaction


class UnguardedRecompaction(CodeRule):
    code = "ANC306"
    name = "unguarded-recompaction"
    summary = "A compaction output is compacted again without comparing anchor sets."
    doc = RuleDoc(
        what=(
            "Flags a summarizer call whose argument is already a compaction output: "
            "`s = summarize(s)` after an earlier pass, a rolling summary in a loop, a chain "
            "such as `truncate(summarize(x))`, or a summary that comes back through state the "
            "compactor keeps between calls: its own attribute (`self.buffer = "
            "self.predict_new_summary(new, self.buffer)`), a state key (`state['summary']`, "
            "`state.summary`), a parameter named like the previous summary (`existing_summary`, "
            "`prior_summary`, `running_summary`), a previous summary event it finds in its input "
            "(`isinstance(e, SummaryEvent)`), or the message list it returns with the summary in "
            "it and is handed back. The summary may reach the model inside a prompt template "
            "filled in on the way (`prompt.invoke({...})`, also by a helper of the same module). "
            "The function must hold no equality test or assertion between "
            "the anchor sets of the old and new summary and no `anchorlint.gate` call. A length "
            "check is not a guard; a one-shot `text = summarize(text)` on raw text is not a "
            "recompaction, nor is cutting a summary to a length for a log or a database."
        ),
        why=(
            "Each pass paraphrases the pointers the previous pass printed, so the anchor set "
            "drifts and density collapses while the text stays fluent. Re-compaction is only safe "
            "when the anchor set is byte-identical to the prior pass."
        ),
        example=(
            "summary = summarize(raw)\nwhile len(summary) > budget:\n"
            "    summary = summarize(summary)  # ANC306"
            '\n\n# instead\nnew = summarize(summary)\nif anchors(new) != anchors(summary):\n    raise RecallError("anchor drift: re-expand from the raw context")'
        ),
        fix=(
            "Compare the anchor sets of the prior and the new summary and stop (re-expand from "
            "the raw context) when they differ, or call `anchorlint.gate(new, prior=old)`."
        ),
    )
    invalid = (
        python_example("""
            PROMPT = "Progressively summarize the new lines, adding onto the previous summary: {summary}\\n{lines}"

            class Memory:
                def __init__(self, llm):
                    self.llm = llm
                    self.buffer = ""

                def save(self, lines):
                    self.buffer = self.llm.predict(PROMPT.format(summary=self.buffer, lines=lines))
        """),
        python_example("""
            def fold(state):
                summary = state.get("summary", "")
                return {"summary": summarize(summary + "\\n" + render(state["messages"]))}
        """),
        python_example("""
            def refresh(prior_summary, new_turns):
                return generate_summary(prior_summary + "\\n" + "\\n".join(new_turns))
        """),
        python_example("""
            def condense(view, llm):
                previous = next((e for e in view if isinstance(e, SummaryEvent)), None)
                return llm.summarize(f"{previous.text if previous else ''}\\n{view[-10:]}")
        """),
        python_example("""
            def compact(messages):
                summary = summarize_messages(messages[:-4])
                return [SystemMessage(content=summary), *messages[-4:]]
        """),
        python_example("""
            EXTEND = Template("Summary so far: {prior}\\n\\nExtend this summary with the new turns: {turns}")

            def fold(turns, model, running_summary, prompt=EXTEND):
                filled = prompt.invoke({"prior": running_summary.text, "turns": turns})
                return model.invoke(filled.messages).content
        """),
        python_example("""
            def shrink(raw):
                s = summarize(raw)
                s = summarize(s)
                return s
        """),
        python_example("""
            def shrink(raw):
                return truncate(summarize(raw), 2000)
        """),
        python_example("""
            def rolling(chunks):
                summary = ""
                for chunk in chunks:
                    summary = summarize(summary + chunk)
                return summary
        """),
        python_example("""
            def fit(raw, limit):
                s = compact(raw)
                while len(s) > limit:
                    s = compact(s)
                return s
        """),
        python_example("""
            class Memory:
                def __init__(self):
                    self.summary = ""

                def add(self, new):
                    self.summary = self.summarize(self.summary + new)
        """),
        python_example("""
            async def twice(llm, raw):
                first = await llm.condense(raw)
                return await llm.condense(first.text)
        """),
        python_example("""
            def shrink(text):
                return compress(text)

            def run(raw):
                return shrink(shrink(raw))
        """),
        python_example("""
            def tidy(raw):
                return rewrite(abridge(raw).strip())
        """),
        python_example("""
            class Buffer:
                def read(self):
                    history = self.store.get_messages("chat")
                    folded = summarize_messages(history[:-8])
                    self.store.set_messages("chat", [folded, *history[-8:]])
                    return history[-8:]
        """),
    )
    valid = (
        python_example("""
            class Buffer:
                def read(self):
                    history = self.store.get_messages("chat")
                    self.summary_store.save(summarize_messages(history[:-8]))
                    self.store.set_messages("chat", history[-8:])
                    return history[-8:]
        """),
        python_example("""
            import logging

            log = logging.getLogger(__name__)

            def fold(raw):
                summary = summarize(raw)
                log.info("summary: %s", truncate(summary, 500))
                return summary
        """),
        python_example("""
            def fold(messages):
                fresh = [m for m in messages if not isinstance(m, SummaryMessage)]
                return [SummaryMessage(content=summarize(fresh))]
        """),
        python_example("""
            class Notes:
                def publish(self):
                    text = self.get_summary()
                    return self.format_summary(text)
        """),
        python_example("""
            def condense(raw):
                summary, stats = condense_with_stats(raw)
                return summary, summarize_stats(stats)

            def condense_with_stats(raw: str) -> tuple[str, dict]:
                return summarize(raw), {"chars": len(raw)}
        """),
        python_example("""
            def shrink(text):
                text = summarize(text)
                return text
        """),
        python_example("""
            def again(old):
                new = summarize(old)
                if anchors(new) != anchors(old):
                    raise RuntimeError("anchor drift")
                return summarize(new)
        """),
        python_example("""
            def compact_with_guarantee(raw_context, prior, summarize, resolver):
                result = summarize(raw_context)
                return result.summary
        """),
        python_example("""
            import re

            KEY = re.compile(r"\\[\\[([^\\]]+)\\]\\]")

            def again(raw):
                old = summarize(raw)
                new = summarize(old)
                assert set(KEY.findall(new)) == set(KEY.findall(old)), "anchor keys drifted"
                return new
        """),
        python_example("""
            import anchorlint

            def again(raw):
                old = summarize(raw)
                new = summarize(old)
                anchorlint.gate(new, prior=old)
                return new
        """),
        python_example("""
            import zlib

            def pack(raw):
                return zlib.compress(summarize(raw).encode())
        """),
        python_example("""
            def save(fh, raw):
                summary = summarize(raw)
                fh.write(summary)
                fh.truncate()
        """),
        python_example("""
            def each(chunks):
                return [summarize(c) for c in chunks]
        """),
        python_example("""
            def wrap(raw):
                return CompactionResult(summarize(raw))
        """),
    )

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        """Only where a compaction output is made by a summarizer call."""
        return (summarizer_calls(settings),)

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        from anchorlint.code.guards import anchor_guard, checks_unchanged

        for fact in _one_per_pass(module, module.flow.recompactions):
            info = fact.function
            body = info.node.body if info is not None else module.module
            if anchor_guard(info, body, module.index):
                continue
            if checks_unchanged(fact.call, fact.argument, body):
                continue  # ``second = rewrite(first)``; ``assert first == second``
            held = module.quote(fact.argument)
            yield module.hit(
                fact.call,
                f"`{fact.summarizer}()` compacts `{held}`, already {_origin(module, fact)}, with "
                "no anchor-set equality check between the passes; each pass re-paraphrases "
                "pointers: compare the old and new anchor sets (or call `anchorlint.gate`) and "
                "re-expand from the raw context on drift",
            )


def _one_per_pass(module: AnalysedModule, facts: list[Recompaction]) -> list[Recompaction]:
    """A summary cut to a length on its way into the prompt of a real pass
    (``prompt += truncate(previous)`` then ``llm.completion(prompt)``) is one re-compaction,
    reported at the pass: the cut alone is dropped when the same function re-compacts the
    same output with another summarizer."""

    def key(fact: Recompaction) -> tuple[int, int]:
        return id(fact.function.node) if fact.function else 0, id(fact.taint.origin)

    truncating = {id(f) for f in facts if module.names.summarizer_stem(f.summarizer) == "truncate"}
    passes = {key(f) for f in facts if id(f) not in truncating}
    return [f for f in facts if id(f) not in truncating or key(f) not in passes]


def _origin(module: AnalysedModule, fact: Recompaction) -> str:
    """Where the summary came from and, for kept state, where it was kept and came back."""
    taint = fact.taint
    line = module.line_of(taint.origin)
    if taint.origin is fact.call:
        origin = "the output of this same call on an earlier pass"
    elif not taint.label.startswith("`"):
        origin = f"{taint.label} (line {line})"
    else:
        origin = f"the output of {taint.label} at line {line}"
    if taint.kept_in and taint.kept_at is not None:
        stored = module.line_of(taint.kept_at)
        origin += (
            f", kept in {taint.kept_in} (stored at line {stored}) and handed back to this "
            "call on the next run"
        )
    return origin
