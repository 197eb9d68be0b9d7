"""The offline JupyterLite site: its size, and how long its first table takes, network cut.

    cardlab lite site --offline
    python benchmarks/lite.py site [other-site ...] [--runs 3]

For each site folder it prints its size (in all, in source maps, by top folder), then opens
the Card Commons tutorial in Chromium with every request outside the site refused, runs all
its cells and waits for the first table, ``--runs`` times in a fresh browser context each (an
empty cache, as a learner's first visit). Several sites are visited in turn, run by run, so
that all meet the same machine load. Each visit is split into phases by what the page asked
the site for, and when:

- page: until the notebook is shown (JupyterLab's own files);
- pyodide: until the first package of Pyodide's lock is asked for (the kernel's worker has
  loaded and compiled Pyodide's WebAssembly and started its standard library);
- packages: until the last wheel is asked for (a site that installs as it goes asks for the
  kernel's packages, then for cardlab's as the first cell's ``%pip install`` resolves them);
- table: until the first table is drawn (the wheels unpacked, the imports, the cells).

It prints each phase's median over the runs, with the load average and the interpreter.
Needs Playwright for Python and the system Chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.labdriver import launch_chromium, missing_browser  # noqa: E402
from helpers.lite_site import Visit, open_first_table, serve, site_only, site_size  # noqa: E402

PHASES = ("page", "pyodide", "packages", "table")


def phases(visit: Visit) -> dict[str, float]:
    """The end of each phase of ``visit``, in seconds after the page was opened."""
    shown = visit.marks["notebook shown"]
    table = visit.marks["first table"]
    wheels = [(t, url.split("?")[0]) for t, url in visit.fetched if url.split("?")[0].endswith(".whl")]
    booted = next((t for t, url in wheels if url.startswith("static/pyodide/")), shown)
    last = max((t for t, _url in wheels), default=booted)
    ends = [shown, max(booted, shown), max(last, booted, shown), table]
    return dict(zip(PHASES, ends, strict=True))


def visit_once(browser, site: Path, timeline: bool) -> tuple[dict[str, float], int]:
    with serve(site) as base, site_only(browser, base) as (page, visit):
        open_first_table(page, visit)
        if visit.outside:
            raise SystemExit(f"{site}: requests left the site: {visit.outside[:5]}")
        if timeline:
            events = [(t, url) for t, url in visit.fetched if url.startswith(("static/", "pypi/", "files/"))]
            events += [(t, f"console: {text}") for t, text in visit.console]
            for t, event in sorted(events):
                print(f"  {t:6.2f} {event[:110]}")
        return phases(visit), len(visit.fetched)


def megabytes(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built sites (cardlab lite DIR --offline)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--timeline", action="store_true", help="print when each file of Pyodide and each wheel was asked for"
    )
    args = parser.parse_args()
    reason = missing_browser()
    if reason:
        raise SystemExit(reason)
    for site in args.sites:
        if not (site / "jupyter-lite.json").is_file():
            raise SystemExit(f"{site} is not a built JupyterLite site")
        sizes = site_size(site)
        parts = ", ".join(f"{k} {megabytes(v)}" for k, v in sorted(sizes.items(), key=lambda kv: -kv[1])[2:8])
        print(f"{site}: {megabytes(sizes['all'])}, of which source maps {megabytes(sizes['source maps'])} ({parts})")

    from playwright.sync_api import sync_playwright

    results: dict[Path, list[dict[str, float]]] = {site: [] for site in args.sites}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            for run in range(args.runs):
                for site in args.sites:
                    ends, requests = visit_once(browser, site, args.timeline)
                    results[site].append(ends)
                    marks = "  ".join(f"{k} {v:5.1f}" for k, v in ends.items())
                    print(f"run {run + 1} {site.name}: {marks}  ({requests} requests)  load {os.getloadavg()[0]:.1f}")
        finally:
            browser.close()

    print(f"\nmedians over {args.runs} runs, seconds after opening the page (phase length in brackets);")
    print(f"CPython {platform.python_version()} drives Chromium; load average {os.getloadavg()}")
    for site, runs in results.items():
        median = {k: statistics.median(r[k] for r in runs) for k in PHASES}
        previous = 0.0
        cells = []
        for k in PHASES:
            cells.append(f"{k} {median[k]:.1f} ({median[k] - previous:.1f})")
            previous = median[k]
        print(f"{site.name}: " + ", ".join(cells) + f"; first table {median['table']:.1f} s (aim 20 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
