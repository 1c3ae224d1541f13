"""pytest setup for the game tests: the shared helpers' asserts get pytest's detailed
failure messages, as if they were written in the test modules."""

import pytest

pytest.register_assert_rewrite("tests.games.helpers")
