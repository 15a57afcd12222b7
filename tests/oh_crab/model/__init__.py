"""Tests of crabrules.oh_crab.model."""
