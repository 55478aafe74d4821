"""``--format sarif`` through the CLI, validated against the OASIS SARIF 2.1.0 schema."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
from conftest import run_cli, write_tree

from anchorlint.registry import ENGINE_CODES, all_rules
from anchorlint.reporters.rulepages import DOCS_URL_ENV, is_absolute_uri

SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"
#: Microsoft's SARIF validator (the ``Sarif.Multitool`` binary of the npm package
#: ``@microsoft/sarif-multitool-linux``), when installed: set its path in this variable
MULTITOOL_ENV = "SARIF_MULTITOOL"

BAD_SUMMARY = (
    "# Hand-off\n\n"
    "As noted earlier, the cutover was postponed.\n\n"
    "The ledger lives at doc_7#L3-5 for now.\n"
)
BAD_CODE = (
    "def show(ptr, raw):\n"
    "    summary = condense(raw)\n"
    "    return resolve_span(ptr, source=summary)\n"
)


@pytest.fixture(scope="module")
def sarif_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    root = tmp_path_factory.mktemp("sarif")
    write_tree(
        root,
        {
            "notes/summary one.md": BAD_SUMMARY,
            "src/compactor.py": BAD_CODE,
            "src/broken.py": "def f(:\n",
        },
    )
    os.environ.pop(DOCS_URL_ENV, None)  # the default: no environment set
    proc = run_cli("check", "--no-cache", "--format", "sarif", ".", cwd=root)
    assert proc.returncode == 1, proc.stderr
    (root / "out.sarif").write_text(proc.stdout, encoding="utf-8")
    return json.loads(proc.stdout), root


def schema_errors(log: dict) -> list[str]:
    """Errors against the schema, checking ``format: uri`` as an absolute URI (RFC 3986), which
    jsonschema skips unless an optional package is installed."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    checker = jsonschema.FormatChecker()
    checker.checks("uri")(is_absolute_uri)
    validator = jsonschema.Draft7Validator(schema, format_checker=checker)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    return [f"{list(e.absolute_path)}: {e.message}" for e in errors]


def test_validates_against_the_schema(sarif_run: tuple[dict, Path]) -> None:
    log, _ = sarif_run
    assert not schema_errors(log), "\n".join(schema_errors(log))


def test_the_uri_check_rejects_a_relative_help_link(sarif_run: tuple[dict, Path]) -> None:
    log, _ = sarif_run
    broken = json.loads(json.dumps(log))
    broken["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] = "docs/rules/ANC001.md"
    assert any("helpUri" in e for e in schema_errors(broken))


def test_without_a_docs_base_the_page_is_embedded_not_linked(sarif_run: tuple[dict, Path]) -> None:
    log, _ = sarif_run
    driver = log["runs"][0]["tool"]["driver"]
    for rule in driver["rules"]:
        assert "helpUri" not in rule
        assert rule["help"]["text"] and rule["help"]["markdown"].startswith(f"# {rule['id']}")
    if "informationUri" in driver:
        assert is_absolute_uri(driver["informationUri"])


def test_a_docs_base_gives_absolute_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_tree(tmp_path, {"a.md": BAD_SUMMARY})
    monkeypatch.setenv(DOCS_URL_ENV, "https://docs.example.org/anchorlint/rules/")
    proc = run_cli("check", "--no-cache", "--format", "sarif", "a.md", cwd=tmp_path)
    log = json.loads(proc.stdout)
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == "https://docs.example.org/anchorlint"
    for rule in driver["rules"]:
        assert rule["helpUri"] == f"https://docs.example.org/anchorlint/rules/{rule['id']}.md"
    assert not schema_errors(log)
    monkeypatch.setenv(DOCS_URL_ENV, "docs/rules")  # relative: ignored, never emitted
    proc = run_cli("check", "--no-cache", "--format", "sarif", "a.md", cwd=tmp_path)
    assert "helpUri" not in proc.stdout
    assert not schema_errors(json.loads(proc.stdout))


def test_a_real_sarif_validator_accepts_it(sarif_run: tuple[dict, Path]) -> None:
    tool = os.environ.get(MULTITOOL_ENV) or shutil.which("Sarif.Multitool")
    if not tool:
        pytest.skip(f"no SARIF validator installed (set {MULTITOOL_ENV})")
    _, root = sarif_run
    proc = subprocess.run(
        [tool, "validate", str(root / "out.sarif"), "--output", str(root / "v.sarif"),
         "--log", "ForceOverwrite"],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT": "1"},
    )  # fmt: skip
    errors = [line for line in proc.stdout.splitlines() if ": error " in line]
    assert proc.returncode == 0 and not errors, proc.stdout


def test_findings_from_text_and_code_rules(sarif_run: tuple[dict, Path]) -> None:
    log, _ = sarif_run
    results = log["runs"][0]["results"]
    by_uri = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r for r in results}
    codes = {r["ruleId"] for r in results}
    assert {"ANC101", "ANC106", "ANC302", "ANC002"} <= codes
    assert "notes/summary%20one.md" in by_uri  # relative, forward slashes, percent-encoded
    assert "src/compactor.py" in by_uri
    for r in results:
        assert r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"]


def test_rules_list_registry_and_engine_codes(sarif_run: tuple[dict, Path]) -> None:
    log, _ = sarif_run
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    assert set(ids) == set(all_rules()) | set(ENGINE_CODES)
    for rule in rules:
        assert rule["help"]["markdown"].startswith(f"# {rule['id']} {rule['name']}")
        assert rule["defaultConfiguration"]["level"] in {"error", "warning", "note"}
    for result in log["runs"][0]["results"]:
        assert ids[result["ruleIndex"]] == result["ruleId"]


def test_regions_point_at_the_span(sarif_run: tuple[dict, Path]) -> None:
    log, _ = sarif_run
    anc101 = next(r for r in log["runs"][0]["results"] if r["ruleId"] == "ANC101")
    region = anc101["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (3, 1)
    assert (region["endLine"], region["endColumn"]) == (3, 17)
    for result in log["runs"][0]["results"]:
        r = result["locations"][0]["physicalLocation"]["region"]
        assert (r["endLine"], r["endColumn"]) >= (r["startLine"], r["startColumn"])


def test_output_file_and_clean_run(tmp_path: Path) -> None:
    write_tree(tmp_path, {"ok.md": "Deploys moved to Friday per [[ops/calendar#L4]].\n"})
    target = tmp_path / "out.sarif"
    proc = run_cli(
        "check", "--no-cache", "--select", "ANC101", "--format", "sarif",
        "--output-file", str(target), "ok.md", cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    log = json.loads(target.read_text(encoding="utf-8"))
    assert log["version"] == "2.1.0"
    assert log["runs"][0]["results"] == []
