"""A small campaign fixture: a level-up deck per class, and four test elite classes
(fixture/classes.yaml) with a Mark of Death (fixture/cards.yaml) over the encounter content."""

from __future__ import annotations

from pathlib import Path

import pytest

from towerplay.tactics.campaign.content import CampaignContent, load_campaign_content
from towerplay.tactics.content import load_content

FIXTURE = Path(__file__).parent / "fixture"


@pytest.fixture(scope="session")
def cc() -> CampaignContent:
    return load_campaign_content([FIXTURE], game=load_content([FIXTURE]))
