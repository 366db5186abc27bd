"""device tokens (push registration ids per user) and analytics events (tracked views and events, no PII)
(issue 30 item 6)

Revision ID: 0014_device_tokens_analytics
Revises: 0013_hold_executions
Create Date: 2026-11-28 14:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0014_device_tokens_analytics'
down_revision = '0013_hold_executions'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('device_tokens',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('registration_id', sa.String(length=512), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('registration_id'),
    )
    op.create_index(op.f('ix_device_tokens_user_id'), 'device_tokens', ['user_id'], unique=False)
    op.create_table('analytics_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('client_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_analytics_events_user_id_id', 'analytics_events', ['user_id', 'id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_analytics_events_user_id_id', table_name='analytics_events')
    op.drop_table('analytics_events')
    op.drop_index(op.f('ix_device_tokens_user_id'), table_name='device_tokens')
    op.drop_table('device_tokens')
