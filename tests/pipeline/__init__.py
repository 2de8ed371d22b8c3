"""Tests of the pipeline: pr-check, deadline, init and the workflows (issue: the loop on GitHub)."""
