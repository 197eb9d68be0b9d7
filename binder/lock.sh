#!/bin/bash
# Regenerate binder/requirements.txt, the lock of the Binder environment: every package pinned,
# resolved with uv (pip install uv) from cardlab's dependencies and its "lab", "app" and "study"
# extras (JupyterLab, Voilà; the explainers' studies and charts), for Binder's Python (binder/runtime.txt) on Linux. Run it after changing
# a dependency in pyproject.toml, and commit the new lock with it. binder/postBuild then installs
# only cardlab itself.
set -euo pipefail
cd "$(dirname "$0")/.."
python_version="$(sed 's/^python-//' binder/runtime.txt)"
uv pip compile pyproject.toml --extra lab --extra app --extra study --python-version "$python_version" \
    --python-platform x86_64-unknown-linux-gnu --no-strip-extras -o binder/requirements.txt
