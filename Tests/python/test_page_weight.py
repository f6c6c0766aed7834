"""bench/page-weight.py --all on the example site: every form page measured against its budget (issue #36 item 4).

Builds the example site with .build/debug/formgen (run `swift build --product formgen` first). The budgets are the
issue's: seed pages (kyc/*, pet-adoption, lumiform-nested, login, register, in every language) 10 KB gzip, every other
page 12 KB; the script exits 1 and names the pages over it.
"""
import pathlib
import re
import subprocess
import sys

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = REPOSITORY / "bench" / "page-weight.py"
FORMGEN = REPOSITORY / ".build" / "debug" / "formgen"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    assert FORMGEN.exists(), "build formgen first: swift build --product formgen"
    out = tmp_path_factory.mktemp("weight") / "public"
    subprocess.run([str(FORMGEN), "build", "-o", str(out), "-q"], cwd=REPOSITORY, check=True, capture_output=True)
    return out


def weigh(site, *arguments):
    result = subprocess.run([sys.executable, str(SCRIPT), "--site", str(site), "--all", *arguments],
                            capture_output=True, text=True)
    rows = {}
    for line in result.stdout.splitlines():
        match = re.match(r"^(\S+)\s+(\d+)KB\s+(\d+)\s+(\d+) \|", line)
        if match:
            rows[match.group(1)] = (int(match.group(2)) * 1024, int(match.group(4)))
    return result, rows


def test_every_form_page_is_measured_with_the_seed_or_the_other_budget(site):
    result, rows = weigh(site)
    assert {"kyc/nl", "kyc/be", "fr/kyc/be", "pet-adoption", "login", "registration", "household"} <= set(rows)
    assert rows["kyc/nl"][0] == rows["fr/kyc/be"][0] == rows["login"][0] == 10 * 1024
    assert rows["registration"][0] == rows["household"][0] == 12 * 1024
    over = sorted(path for path, (budget, gzip) in rows.items() if gzip > budget)
    assert result.returncode == (1 if over else 0)
    assert ("All pages within budget." in result.stdout) == (not over)


def test_a_page_over_its_budget_is_named_and_fails_the_run(site):
    result, rows = weigh(site, "--budget", "1", "--other-budget", "1")
    assert result.returncode == 1
    assert "Over budget: " in result.stdout and "kyc/nl" in result.stdout.split("Over budget: ")[1]
    roomy, _ = weigh(site, "--budget", "100", "--other-budget", "100")
    assert roomy.returncode == 0 and "All pages within budget." in roomy.stdout


# The pages still over their budget (issue #36 item 4): registration, 446 B over its 12 KB at 22:30 UTC on 2026-11-26
# (12,734 B gzip; 12,817 B at 19:30 UTC, 13,056 B at 16:26 UTC), with a file field, rules, date bounds, a counted
# textarea, masks, a review and 19 fields in one example (the manual's "Page weight", configs/manual/docs/validation.md).
# Every seed page is within 10 KB since then.
# No other page may go over; take a page out of this set as soon as it is within its budget.
STILL_OVER = {"registration"}


def test_no_page_goes_over_its_budget_beyond_those_known(site):
    result, rows = weigh(site)
    over = {path: gzip - budget for path, (budget, gzip) in rows.items() if gzip > budget}
    assert set(over) <= STILL_OVER, f"bytes over budget (gzip): {over}\n{result.stdout}"
    assert STILL_OVER <= set(rows), "every page the set names is still built"
    assert STILL_OVER <= set(over), f"within budget now, take it out of STILL_OVER: {sorted(STILL_OVER - set(over))}"
