"""Start-up: a run imports only what the kinds of file it meets need.

Each check runs ``anchorlint check`` in a fresh interpreter and asserts on ``sys.modules``
afterwards (never on timings, which depend on the machine): a plain Python file must not
pull in spaCy or LibCST, a compactor module not the text rules, a summary not the code rules.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.registry import (
    DEFAULT_OFF_RULES,
    all_rules,
    catalogue,
    default_enabled,
    rule_name,
    rules_of_kind,
)
from anchorlint.rulebase import RunRule

PROBE = textwrap.dedent(
    """
    import contextlib, gc, io, json, os, sys
    from anchorlint.cli.app import main
    from anchorlint.code.lazy_pattern import LazyPattern
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(sys.argv[1:])
    compiled = sorted(
        f"{name}.{attr}"
        for name, module in list(sys.modules.items())
        if name.startswith("anchorlint.")
        for attr, value in vars(module).items()
        if isinstance(value, LazyPattern) and "search" in vars(value)
    )
    print(
        json.dumps(
            {
                "status": status,
                "out": out.getvalue(),
                "modules": sorted(sys.modules),
                "compiled": compiled,
                "frozen": gc.get_freeze_count(),
                "collecting": gc.isenabled(),
                "blas": os.environ.get("OPENBLAS_NUM_THREADS"),
                "threads": (
                    len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else None
                ),
            }
        )
    )
    """
)

PLAIN = 'import os\n\n\ndef home() -> str:\n    return os.path.expanduser("~")\n'

COMPACTOR = textwrap.dedent(
    '''
    def compact(messages, llm):
        """Fold the older turns into one summary message."""
        summary = llm.summarize(messages[:-4])
        kept = messages[-4:]
        return [{"role": "system", "content": summary}, *kept]


    def quote(messages, compacted, start):
        return compacted[start : start + 40]
    '''
).lstrip()

SUMMARY = "# Session summary\n\nWe fixed the parser, as discussed earlier.\n"


def probe(
    tmp_path: Path, name: str, text: str, *extra: str, blas: str | None = None
) -> dict[str, object]:
    """``anchorlint check`` of one file in a fresh interpreter, ``OPENBLAS_NUM_THREADS`` unset
    (or ``blas``), and what it left in ``sys.modules`` and the collector."""
    target = tmp_path / name
    target.write_text(text, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if blas is not None:
        env["OPENBLAS_NUM_THREADS"] = blas
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "check", str(target), "--no-cache", *extra],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def loaded(result: dict[str, object], prefix: str) -> list[str]:
    modules = result["modules"]
    assert isinstance(modules, list)
    return [m for m in modules if m == prefix or m.startswith(prefix + ".")]


def test_plain_python_imports_neither_spacy_nor_libcst_nor_text_rules(tmp_path: Path) -> None:
    result = probe(tmp_path, "plain.py", PLAIN)
    assert result["status"] == 0
    for heavy in ("spacy", "libcst", "regex", "anchorlint.text", "concurrent.futures"):
        assert not loaded(result, heavy), heavy
    # nor the optional report formats, nor the cache of a --no-cache run
    for unused in (
        "anchorlint.reporters.sarif",
        "anchorlint.reporters.full",
        "anchorlint.run.cache",
        "anchorlint.run.cache_keys",
        "anchorlint.run.cache_packs",
        "anchorlint.run.cache_pack_format",
    ):
        assert not loaded(result, unused), unused
    # the code rules are read (their prefilter decides), never the other families
    assert loaded(result, "anchorlint.rules.code.anc301_offset_from_compacted_buffer")
    for family in ("text", "store", "history"):
        assert loaded(result, f"anchorlint.rules.{family}") == [f"anchorlint.rules.{family}"]


def test_compactor_module_parses_without_text_rules(tmp_path: Path) -> None:
    result = probe(tmp_path, "compactor.py", COMPACTOR)
    assert loaded(result, "libcst")
    assert not loaded(result, "spacy")
    assert not loaded(result, "regex")
    assert loaded(result, "anchorlint.rules.text") == ["anchorlint.rules.text"]


def test_libcst_objects_are_frozen_out_of_collections_only_when_imported(
    tmp_path: Path,
) -> None:
    """The code pass imports LibCST with the collector paused and then freezes what it made;
    a file that is not parsed changes nothing, and the collector runs on afterwards."""
    plain = probe(tmp_path, "plain.py", PLAIN)
    assert plain["frozen"] == 0 and plain["collecting"]
    compactor = probe(tmp_path, "compactor.py", COMPACTOR)
    assert isinstance(compactor["frozen"], int) and compactor["frozen"] > 10_000
    assert compactor["collecting"]


def test_plain_python_compiles_only_the_generated_header_test(tmp_path: Path) -> None:
    """The code modules' patterns are compiled at first use: a file the prefilter rejects
    needs only the test for a generated header."""
    result = probe(tmp_path, "plain.py", PLAIN)
    assert result["compiled"] == ["anchorlint.code.prefilter._GENERATED"]


def test_compactor_module_compiles_only_the_patterns_it_meets(tmp_path: Path) -> None:
    result = probe(tmp_path, "compactor.py", COMPACTOR)
    compiled = result["compiled"]
    assert isinstance(compiled, list)
    assert "anchorlint.code.prefilter._OPEN_CALL" in compiled  # the summarizer call it holds
    # no tool results, prompts or carried provenance here: their patterns stay text
    for unused in (
        "anchorlint.code.retrieval._TOOL_CLASS",
        "anchorlint.code.prompt_asks.ASKS",
        "anchorlint.code.prompt_asks._CAPABILITY",
        "anchorlint.code.eviction_records._ID_KEY",
        "anchorlint.code.relabel._CARRIER",
        "anchorlint.code.prefilter._MODEL_CALL",
    ):
        assert unused not in compiled, unused


def test_summary_imports_no_code_rule_and_no_libcst(tmp_path: Path) -> None:
    result = probe(tmp_path, "summary.md", SUMMARY)
    assert result["status"] == 1 and "ANC101" in str(result["out"])
    assert not loaded(result, "libcst")
    assert loaded(result, "anchorlint.rules.code") == ["anchorlint.rules.code"]


def test_plain_summary_imports_no_markdown_parser(tmp_path: Path) -> None:
    """Plain Markdown is read without markdown-it; a link, inline HTML or a table brings it
    in, where the findings need it."""
    plain = probe(tmp_path, "plain.md", SUMMARY)
    assert plain["status"] == 1 and "ANC101" in str(plain["out"])
    assert not loaded(plain, "markdown_it") and not loaded(plain, "mdit_py_plugins")
    linked = SUMMARY + "\nThe plan is in [the design](docs/design.md).\n"
    for name, text in (
        ("link.md", linked),
        ("html.md", SUMMARY + "\nThe retry <b>stays</b>.\n"),
        ("table.md", SUMMARY + "\n| step | state |\n| --- | --- |\n| parser | done |\n"),
    ):
        result = probe(tmp_path, name, text)
        assert result["status"] == 1 and "ANC101" in str(result["out"]), name
        assert loaded(result, "markdown_it"), name


def test_a_summary_run_loads_numpy_with_one_blas_thread(tmp_path: Path) -> None:
    """numpy, which spaCy imports, would start an OpenBLAS thread per core that spins waiting
    for matrix work a linter never gives it."""
    result = probe(tmp_path, "summary.md", SUMMARY)
    assert result["status"] == 1 and loaded(result, "numpy")  # spaCy was loaded
    assert result["blas"] == "1"
    if result["threads"] is not None:  # Linux: the process is its main thread alone
        assert result["threads"] == 1


def test_a_users_own_number_of_blas_threads_is_kept(tmp_path: Path) -> None:
    result = probe(tmp_path, "summary.md", SUMMARY, blas="2")
    assert result["status"] == 1 and result["blas"] == "2"


def test_importing_anchorlint_leaves_the_blas_threads_alone() -> None:
    """A program that imports anchorlint (the API, the flake8 plugin) keeps its threads."""
    code = (
        "import os, anchorlint.api, anchorlint.editor.flake8;"
        " print(os.environ.get('OPENBLAS_NUM_THREADS'))"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "None"


def test_unknown_code_is_still_a_configuration_error(tmp_path: Path) -> None:
    target = tmp_path / "plain.py"
    target.write_text(PLAIN, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "anchorlint", "check", str(target), "--select", "ANC399"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert "unknown rule code or prefix 'ANC399'" in done.stderr


# --- the catalogue read from module names agrees with the rules themselves ----------------


def test_catalogue_names_every_rule_as_its_class_does() -> None:
    rules = all_rules()
    assert list(catalogue()) == list(rules)
    for code, rule in rules.items():
        entry = catalogue()[code]
        assert entry.module == type(rule).__module__
        assert rule_name(code) == rule.name == entry.name


def test_every_rule_module_in_the_rule_packages_is_catalogued() -> None:
    import importlib
    import pkgutil

    from anchorlint.registry import RULE_PACKAGES

    for package_name in RULE_PACKAGES:
        package = importlib.import_module(package_name)
        names = {info.name for info in pkgutil.iter_modules(package.__path__)}
        listed = {e.module.rpartition(".")[2] for e in catalogue().values()}
        assert names <= listed, f"a module of {package_name} is not named after its rule"


def test_default_off_rules_and_kinds_are_declared_where_they_are_read() -> None:
    rules = all_rules()
    assert {c for c, r in rules.items() if not r.default_enabled} == DEFAULT_OFF_RULES
    for code, rule in rules.items():
        assert default_enabled(code) == rule.default_enabled
        assert catalogue()[code].kind == rule.kind, code
    for kind in ("code", "text", "run"):
        chosen = rules_of_kind(kind, rules)
        assert [r.code for r in chosen] == [c for c, r in rules.items() if r.kind == kind]


@pytest.mark.parametrize("code", [c for c, r in all_rules().items() if isinstance(r, RunRule)])
def test_a_run_rule_finds_nothing_without_facts(code: str) -> None:
    """The run skips the run rules (and their imports) when no summary gave facts."""
    rule = all_rules()[code]
    assert isinstance(rule, RunRule)
    assert list(rule.check_run((), Settings(), None)) == []
