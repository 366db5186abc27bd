"""What the app itself reports, as SQLModel tables: its devices' push registrations (`device_tokens`) and the
analytics events it tracks (`analytics_events`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index
from sqlmodel import Field, SQLModel

from store.columns import created, stamp, touched


class DeviceToken(SQLModel, table=True):
    """A device's push registration id (`POST /api/device/fcm/`): one row per id, owned by the user who registered
    it last (a device handed to another account moves with its id); deleted on logout (store/devices.py)."""

    __tablename__ = "device_tokens"
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    registration_id: str = Field(max_length=512, unique=True)
    created_at: datetime = created()
    updated_at: datetime = touched(nullable=False)


class AnalyticsEvent(SQLModel, table=True):
    """One tracked view or event (`POST /api/analytics/events/`): its name from the one list (domain/analytics.py),
    its kind, who, the server's time and the client's (if sent). No free text, no amounts."""

    __tablename__ = "analytics_events"
    __table_args__ = (Index("ix_analytics_events_user_id_id", "user_id", "id"),)
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    kind: str = Field(max_length=8)
    name: str = Field(max_length=64)
    client_at: datetime | None = stamp()
    created_at: datetime = created()
