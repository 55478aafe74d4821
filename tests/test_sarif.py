"""``--format sarif`` through the CLI, validated against the OASIS SARIF 2.1.0 schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from conftest import run_cli, write_tree

from anchorlint.registry import ENGINE_CODES, all_rules

SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"

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
    proc = run_cli("check", "--no-cache", "--format", "sarif", ".", cwd=root)
    assert proc.returncode == 1, proc.stderr
    return json.loads(proc.stdout), root


def test_validates_against_the_schema(sarif_run: tuple[dict, Path]) -> None:
    log, _ = sarif_run
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(
        schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER
    )
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


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
        assert rule["helpUri"] == f"docs/rules/{rule['id']}.md"
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
