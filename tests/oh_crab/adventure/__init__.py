"""Tests of crabrules.oh_crab.adventure."""
