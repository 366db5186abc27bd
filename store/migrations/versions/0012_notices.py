"""notices: the answered "Notify me" subscriptions (in-app notice + mail), one per subscription and event (issue 30)

Revision ID: 0012_notices
Revises: 0011_home_sections
Create Date: 2026-11-28 10:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0012_notices'
down_revision = '0011_home_sections'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('notices',
    sa.Column('asset_id', sa.Integer(), nullable=False),
    sa.Column('event', sa.String(length=32), nullable=False),
    sa.Column('title', sa.String(length=200), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('path', sa.String(length=200), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('idempotency_key', sa.String(length=200), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('read_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('mailed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('idempotency_key'),
    )
    op.create_index(op.f('ix_notices_user_id'), 'notices', ['user_id'], unique=False)
    op.create_index('ix_notices_asset_event', 'notices', ['asset_id', 'event'], unique=False)
    op.create_index('ix_asset_subscriptions_asset_kind', 'asset_subscriptions', ['asset_id', 'kind'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_asset_subscriptions_asset_kind', table_name='asset_subscriptions')
    op.drop_index('ix_notices_asset_event', table_name='notices')
    op.drop_index(op.f('ix_notices_user_id'), table_name='notices')
    op.drop_table('notices')
