"""Tests of crabrules.oh_crab.content."""
