"""Tests of crabrules.oh_crab.view."""
