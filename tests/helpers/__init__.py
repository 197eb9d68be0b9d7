"""Helpers shared by the tests: a conformance check every game passes, a toy fifth game, a
JupyterLab driver, installs from a built wheel, colour maths and table measurements."""
