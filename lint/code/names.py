"""Name conventions the code rules share: who is a summarizer, a resolver, a source parameter.

Every question is answered from the last segment of a dotted name, lower-cased, with leading
underscores removed, so ``llm.summarize`` and ``self._condense`` match the ``summar`` and
``condens`` prefixes. The helpers are pure functions over strings and LibCST nodes; the
prefix lists come from :class:`~anchorlint.config.CodeSettings` so configuration extends them.
What only reads the syntax (``dotted``, ``call_name``, ``children``, …) is in
:mod:`anchorlint.code.nodes`.
"""

from __future__ import annotations

from typing import NamedTuple

import libcst as cst

from anchorlint.code.field_names import MEASURE_WORDS
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import call_receiver, dotted
from anchorlint.config import CodeSettings

#: classes whose instances are summaries put into the history (``SummaryEvent``,
#: ``CompactionSummary``, ``CondensationMessage``, ``AgentCondensationObservation``)
_SUMMARY_TYPE = LazyPattern(r"Summary|Summari[sz]|Condens|Compacted|Compaction(?!Settings|Config)")


#: classes named for an order to make a summary, not for one: a request or command
#: (``CondensationRequestAction``, ``SummaryRequestFrame``), or a summarizing verb followed
#: by its object (``SummarizeContextFrame``, ``CondenseHistoryCommand``)
_ORDER_TYPE = LazyPattern(r"Request|Command|Trigger|(?:Summari[sz]e|Condense)(?![a-z])")


def summary_type(name: str) -> bool:
    """A class named like a summary put into the history (``SummaryEvent``), not like an
    order to make one (``SummarizeContextFrame``)."""
    last = name.rsplit(".", 1)[-1]
    return bool(_SUMMARY_TYPE.search(last)) and not _ORDER_TYPE.search(last)


#: modules whose ``compress``/``truncate`` functions are byte codecs, never summarizers
CODEC_MODULES = frozenset({"zlib", "gzip", "bz2", "lzma", "brotli", "zstd", "zstandard", "snappy"})
_NOT_SUMMARIZER_MODULES = CODEC_MODULES | {"os", "io", "shutil", "zipfile", "tarfile"}

SUMMARY_PARAM_PREFIXES = ("summar", "compact", "compressed")


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class NameSets(NamedTuple):
    """The configured prefix lists, lower-cased once per module."""

    summarizers: tuple[str, ...]
    resolvers: tuple[str, ...]
    sources: tuple[str, ...]
    provenance: frozenset[str]
    pointer_words: tuple[str, ...]
    #: functions of the module named like summarizers that only look a summary up
    #: (:mod:`anchorlint.code.summary_lookups`), lower-cased, leading underscores removed
    lookups: frozenset[str] = frozenset()
    #: functions of the module named like summarizers that only cut, pick or format text
    #: (:mod:`anchorlint.code.plain_helpers`), lower-cased, leading underscores removed
    plain: frozenset[str] = frozenset()

    @classmethod
    def from_settings(cls, code: CodeSettings) -> NameSets:
        return cls(
            summarizers=_lower(code.summarizer_names + code.extra_summarizer_names),
            resolvers=_lower(code.resolver_names + code.extra_resolver_names),
            sources=_lower(code.source_parameter_names),
            provenance=frozenset(a.lower() for a in code.provenance_attributes),
            pointer_words=tuple(code.pointer_class_words),
        )

    def is_lookup(self, name: str) -> bool:
        """A function of the module that finds a summary kept earlier and makes none."""
        return bool(self.lookups) and name.lstrip("_").lower() in self.lookups

    def is_summarizer(self, name: str) -> bool:
        """A call name that produces a compaction output (lower-case names only)."""
        return self.summarizer_stem(name) is not None

    def summarizer_stem(self, name: str) -> str | None:
        """The stem that makes ``name`` a summarizer, or None (RULES.md, "Names").

        A prefix of the name (``summarize``, ``_condense_events``), or a whole word segment
        after a verb (``predict_new_summary``, ``generate_summary``), not after a verb that
        inspects, stores or formats (``check_summary``, ``log_summary``) nor after a word that
        names a step around it (``…_for_summary``, ``…_before_summarization``).
        A name whose summary word is a noun followed by a thing it names (``summary_config``,
        ``summarizer_cls``, ``summary_mode``, ``get_summary_prompt``) is no summarizer.
        """
        if not _callable_name(name):
            return None
        if self.is_lookup(name):
            return None  # ``_extract_summary_text(msgs)``: finds a summary, makes none
        if self.plain and name.lstrip("_").lower() in self.plain:
            return None  # ``_summary_text(value)`` that strips and cuts: no pass
        parts = [p for p in name.lstrip("_").lower().split("_") if p]
        for position, part in enumerate(parts):
            if _adjective(part):
                continue  # ``_compactable_session``: what could be compacted, no pass
            stem = next((p for p in self.summarizers if part.startswith(p)), None)
            if stem is None and part.startswith("a"):  # an async twin: ``_asummarize_with``
                # (of the words that only summarize: ``acompress`` is as often a codec's)
                stem = next((p for p in _SEGMENT_STEMS if part[1:].startswith(p)), None)
            if stem is not None and position > 0 and not stem.startswith(_SEGMENT_STEMS):
                stem = None  # ``extract_compact``, ``maybe_compress_request``: a format, a codec
            if stem is None:
                if position == 0 and _has_prefix(name, self.summarizers):
                    return _prefix_stem(name, self.summarizers)  # a configured ``fold_in``
                continue
            if position > 0 and (
                parts[0] in _NOT_SUMMARIZING_VERBS or parts[position - 1] in _PREPARING
            ):
                return None
            if part in _NOUN_FORMS and _fetched_or_counted(parts, position):
                return None  # ``get_all_app_summaries``, ``get_classification_summary``
            following = parts[position + 1] if position + 1 < len(parts) else ""
            if part in _NOUN_FORMS and (
                (parts[-1] in _THING_NOUNS and parts[-1] != part) or following in _THING_NOUNS
            ):
                return None  # ``summary_config``, ``_build_summary_input_text``
            if position > 0 and _names_a_function_made(parts, position):
                return None  # ``build_summarize_fn``: makes a function, calls no model
            if part in _PARTICIPLES and parts[-1] in MEASURE_WORDS:
                return None  # ``get_highest_summarized_message_id``: an id, not the text
            if part in _NOUN_FORMS and _loaded_from(parts[position + 1 :]):
                return None
            if following in _RECORD_WORDS:
                return None  # ``_compact_provenance(node)``: a record made smaller, no text
            if position == 0 and _names_a_form(part, parts):
                return None  # ``compact_dict``, ``_compact_event_line``, ``compacted_…_error``
            return stem
        return None

    def is_resolver(self, name: str) -> bool:
        return _callable_name(name) and _has_prefix(name, self.resolvers)

    def is_source_param(self, name: str) -> bool:
        """``source*``, ``original*``, ``raw*``, ``document*`` or ``doc``-like; never ``*_id``."""
        low = name.lower().lstrip("_")
        if low.endswith("_id") or low.endswith("_ids"):
            return False
        exact = {"doc", "doc_text", "doc_bytes"}
        for prefix in self.sources:
            if prefix in exact or prefix == "doc":
                if low == prefix:
                    return True
            elif low.startswith(prefix):
                return True
        return False

    def is_pointer_class(self, name: str, words: tuple[str, ...] | None = None) -> bool:
        return any(word in name for word in (words or self.pointer_words))


def _adjective(part: str) -> bool:
    """``compactable``, ``compressible``, ``summarizable``: a word that says what a pass may
    be run on, not a call that runs one."""
    return part.endswith(("able", "ible"))


def _lower(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n.lower().lstrip("_") for n in names if n)


def _callable_name(name: str) -> bool:
    stripped = name.lstrip("_")
    return bool(stripped) and not stripped[0].isupper()


#: stems that also count as a later word of a name (``generate_summary``,
#: ``batch_condense``); ``compact``/``compress``/``rewrite``/``truncate`` after another word
#: name serialisation formats and codecs far more often (``extract_compact``)
_SEGMENT_STEMS = ("summar", "condens", "abridg")
#: verbs that inspect, store, find or format a summary rather than make one (``as`` converts
#: one: ``as_user_summary`` hands the made summary over as a user message), that put made
#: summaries in order or in place (``rank_…``, ``place_graph_summaries_incrementally``), or
#: that assert, repair or split one (``assert_summary_grounded_in_transcript``,
#: ``repair_summary_json``, ``split_summary_into_steps``): a check, a parse, a cut into parts
_NOT_SUMMARIZING_VERBS = frozenset(
    """check validate is has log save store load parse format print show render display should
    needs need can set persist write read record emit to from with on count estimate trim add
    append attach prepare locate find as package pack wrap apply review critique evaluate grade
    judge assess score rate inspect verify normalize normalise sanitize sanitise place insert
    rank rerank sort assert ensure repair split""".split()
)
#: a last word that names a function made, not a text: ``_build_emergency_summarize_fn``
_CALLABLE_WORDS = frozenset({"fn", "func", "function", "callable", "factory", "builder", "maker"})
#: of those, the words that name the function itself (``llm_summarize_fn``), not what makes it
_FUNCTION_WORDS = frozenset({"fn", "func", "function", "callable"})
#: verbs that hand a function back rather than run one (``get_summarize_fn``, ``make_…_fn``)
_BUILDER_VERBS = frozenset(
    "build make create get new init setup construct produce resolve select choose pick".split()
)


def _names_a_function_made(parts: list[str], position: int) -> bool:
    """Whether a name with its summary word at ``position`` (after the first) names a
    function that is made or handed back (``_build_emergency_summarize_fn``,
    ``llm_summarize_factory``), not called to summarize.

    ``llm_summarize_fn`` (qualifiers, the verb, then ``fn``) is the summarizing function
    itself, held in an attribute and called; a builder verb before the stem, a noun or
    participle form (``summary_fn`` is ambiguous), or a word naming a maker keeps it out.
    """
    last, part = parts[-1], parts[position]
    if last not in _CALLABLE_WORDS or last == part:
        return False
    return not (
        last in _FUNCTION_WORDS
        and position == len(parts) - 2
        and part not in _NOUN_FORMS
        and part not in _PARTICIPLES
        and not _BUILDER_VERBS.intersection(parts[:position])
    )


#: a summary word after one of these names a step around the pass, not the pass
#: (``tokens_for_summary``, ``_adjust_messages_before_summarization``, ``clean_after_compaction``,
#: ``get_messages_to_summarize``: what goes into the pass; ``health_status_from_summary``:
#: what is read off one)
_PREPARING = frozenset({"for", "before", "after", "to", "from"})
#: the summary word used as a noun, so that a following word may name a thing around it
_NOUN_FORMS = frozenset(
    """summary summaries summarizer summariser summarization summarisation compaction compression
    condensation condenser compressor compactor""".split()
)
#: the summary word as a participle (``summarized_message_id``): what follows is a thing the
#: pass touched, and a last word that counts or names it (an id, a count) holds no text
_PARTICIPLES = frozenset(
    """summarized summarised condensed compacted compressed abridged""".split()
)
#: things named after the summary: ``summary_config``, ``summarizer_cls``, ``summary_tokens``,
#: and what shows one (``compaction_summary_lines``, ``summary_rows``: a display's formatter),
#: writes one (``create_summary_writer``), holds one as a message (``summary_turn(text)``) or
#: gathers what a report shows (``_build_check_summary_context``)
_THING_NOUNS = frozenset(
    """config configs prompt prompts template templates cls class mode tokens token settings
    setting options model llm key id ids len length limit threshold budget size ratio count
    type kind path file dir message msg event node block field store buffer schema style
    parser callback hook handler enabled trigger interval max min index chain result results
    boundary boundaries payload payloads part parts item items data request requests frame
    frames input inputs override overrides kwargs params pair pairs line lines row rows table
    panel writer writers turn turns context continuation""".split()
)


#: verbs that read summaries kept elsewhere when ``all`` follows (``get_all_app_summaries``)
_FETCHING_VERBS = frozenset({"get", "fetch", "list", "query"})
#: what a report of counts is about: a summary noun after one of these holds numbers, not a
#: paraphrase (``get_classification_summary`` returns totals, ``usage_summary`` token counts)
_REPORT_WORDS = frozenset(
    """classification usage cost costs stats statistics metric metrics health status telemetry
    billing coverage timing timings latency performance accuracy""".split()
)


def _fetched_or_counted(parts: list[str], position: int) -> bool:
    """Whether a summary noun at ``position`` names summaries fetched all at once
    (``get_all_app_summaries(since=…)``) or a report of counts (``get_usage_summary``);
    ``get_summary`` and ``get_conversation_summary`` are left to the other readings."""
    if position == 0:
        return False
    if parts[position - 1] in _REPORT_WORDS:
        return True
    return parts[0] in _FETCHING_VERBS and "all" in parts[1:position]


#: what a record keeps about its text, not the text: ``compact`` before one of these is an
#: adjective or acts on the record (``_compact_provenance``, ``compress_metadata``)
_RECORD_WORDS = frozenset(
    """provenance metadata meta ids keys attrs attributes headers schema""".split()
)


#: what ``compact`` as the first word makes smaller or shows when it is no text: a mapping
#: with its empty entries dropped (``compact_dict({...})``), or a display form where the word
#: is an adjective (``_compact_event_line``, ``compact_repr``, ``_compact_tool_identity``)
_COMPACT_FORMS = frozenset(
    """dict dicts mapping kwargs params args headers json line lines label labels view repr
    preview display identity title gutter str""".split()
)
#: what ``compact`` as the first word names when it is a codec's adjective: a short encoding
#: and its check (``_compact_decode(value)`` of base64, ``_compact_signature(fields, key)``
#: an HMAC); ``digest`` is left out, as a text digest is a summary (``_compact_digest_value``)
_CODEC_WORDS = frozenset(
    """encode decode encoded decoded encoder decoder encoding decoding signature sign signed
    hmac hash checksum base64 b64 hex encrypt decrypt cipher""".split()
)
#: the last word of a name that starts with a summary participle and names a verdict on what
#: was compacted (``compacted_replay_execution_error``): a check, not a pass
_VERDICT_WORDS = frozenset(
    "error errors failure failures warning warnings violation violations reason".split()
)


def _names_a_form(part: str, parts: list[str]) -> bool:
    """Whether a name whose first word is ``part`` names a form of something rather than a
    pass over text: ``compact_dict(…)`` drops a mapping's empty entries and
    ``_compact_event_line(…)`` formats a one-line display (``compact`` an adjective there);
    ``compacted_replay_error(params)`` says what is wrong with arguments that were compacted
    earlier. ``compact_messages`` and ``compact_history_text`` stay passes."""
    if part == "compact":
        following = parts[1] if len(parts) > 1 else ""
        forms = _COMPACT_FORMS | _CODEC_WORDS
        return following in forms or parts[-1] in forms
    return part in _PARTICIPLES and len(parts) > 1 and parts[-1] in _VERDICT_WORDS


#: where a stored summary is read back from: ``session_summary_from_metadata``,
#: ``summary_from_json`` load or rebuild one (``summary_from_messages`` may make one)
_STORED_PLACES = frozenset(
    """metadata meta store storage db database cache disk file json dict record row checkpoint
    payload yaml""".split()
)


def _loaded_from(after: list[str]) -> bool:
    """Whether the words after a summary noun say where it is read from, not made from."""
    return len(after) >= 2 and after[0] == "from" and after[1] in _STORED_PLACES


def _prefix_stem(name: str, prefixes: tuple[str, ...]) -> str | None:
    low = name.lstrip("_").lower()
    return next((p for p in prefixes if low.startswith(p)), None)


def _has_prefix(name: str, prefixes: tuple[str, ...]) -> bool:
    low = name.lstrip("_").lower()
    return any(low.startswith(p) for p in prefixes)


def is_summary_param(name: str) -> bool:
    low = name.lower().lstrip("_")
    return low.startswith(SUMMARY_PARAM_PREFIXES)


#: the last word of a receiver that writes out what it is handed: its ``summary(text)``
#: method records a text as the summary of a run (``output_writer.summary(final_text)``)
_WRITER_WORDS = frozenset(
    """writer output out printer console reporter logger log sink emitter renderer
    display""".split()
)


def is_library_call(call: cst.Call, name: str, codec_names: frozenset[str]) -> bool:
    """``zlib.compress``, an imported codec function, a file's argument-less ``.truncate()``,
    or the bare ``summary`` method of a writer (``output.summary(final_response)`` writes the
    agent's final text out as its summary; ``llm.summary(text)`` is left a summarizer)."""
    receiver = call_receiver(call)
    if receiver is not None:
        path = dotted(receiver) or ""
        if path.split(".")[0] in _NOT_SUMMARIZER_MODULES:
            return True
        if name.lstrip("_").lower().startswith("truncate") and not call.args:
            return True
        if name in ("summary", "summaries") and _writer(path):
            return True
    return isinstance(call.func, cst.Name) and call.func.value in codec_names


def _writer(path: str) -> bool:
    """A receiver named for what writes output (``output``, ``self.output_writer``)."""
    last = path.rsplit(".", 1)[-1].lower().strip("_")
    return bool(last) and last.rsplit("_", 1)[-1] in _WRITER_WORDS
