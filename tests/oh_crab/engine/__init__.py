"""Tests of crabrules.oh_crab.engine."""
