"""tools/snapshot.py, the refactor check: a record of a few events of every
format (JSON files and workbooks) compares equal to a replay on the same
code, and a changed record is reported as a difference."""

from __future__ import annotations

import json

import pytest

from tests.conftest import load_tool


@pytest.mark.slow
def test_record_then_compare_finds_no_difference_and_reports_a_changed_step(tmp_path, capsys):
    snap = load_tool("snapshot")
    out = tmp_path / "snap.json"
    # events 6 and 7 of each format: 7 is a workbook event (every eighth)
    assert snap.main(["record", str(out), "--events", "2", "--offset", "6", "--workers", "1"]) == 0
    manifest = json.loads(out.read_text(encoding="utf-8"))
    events = manifest["events"]
    assert {e["spec"]["format"] for e in events} == set(snap.FORMATS)
    assert any(e["spec"]["workbook"] for e in events) and not all(e["spec"]["workbook"] for e in events)
    assert all(e["error"] is None for e in events), [e["error"] for e in events if e["error"]]
    for e in events:  # every event was played, not refused at once
        assert len(e["steps"]) > 5, e["id"]
        assert any(s["argv"][0] in ("simulate", "pair", "schedule") and s["rc"] == 0 for s in e["steps"]), e["id"]
    capsys.readouterr()

    assert snap.main(["compare", str(out), "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert f"compared {len(events)} events" in text and ": 0 differences" in text

    manifest["events"] = events[:1]  # one JSON event, two of its hashes changed
    step = events[0]["steps"][2]
    step["stdout"] = "0" * 64
    name = sorted(step["files"])[0]
    step["files"][name] = "0" * 64
    out.write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    assert snap.main(["compare", str(out), "--workers", "1"]) == 1
    text = capsys.readouterr().out
    assert ": 2 differences" in text
    assert f"{events[0]['id']} step 3 ({' '.join(step['argv'])}): stdout differs" in text
    assert f"files {name} differs" in text


def test_workbook_hash_ignores_the_save_time_only(tmp_path):
    import zipfile

    snap = load_tool("snapshot")

    def book(path, modified, body=b"<x/>"):
        with zipfile.ZipFile(path, "w") as z:
            z.writestr(
                "docProps/core.xml",
                b'<cp:coreProperties><dcterms:modified xsi:type="dcterms:W3CDTF">'
                + modified
                + b"</dcterms:modified></cp:coreProperties>",
            )
            z.writestr("xl/workbook.xml", body)
        return path

    a = snap.file_hash(book(tmp_path / "a.xlsx", b"2026-01-01T00:00:00Z"))
    assert snap.file_hash(book(tmp_path / "b.xlsx", b"2027-05-05T10:00:00Z")) == a
    assert snap.file_hash(book(tmp_path / "c.xlsx", b"2026-01-01T00:00:00Z", b"<y/>")) != a
    (tmp_path / "e.json").write_text("{}", encoding="utf-8")
    assert snap.file_hash(tmp_path / "e.json") == snap.sha(b"{}")
