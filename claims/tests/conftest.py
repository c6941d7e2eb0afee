import pytest

from fake_client import FakeProvider


@pytest.fixture
def provider() -> FakeProvider:
    return FakeProvider()
