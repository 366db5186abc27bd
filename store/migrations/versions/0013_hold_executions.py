"""hold executions: an order's hold knows its end and its executions not posted yet, so a cancel gives the unfilled
rest back at once and a bid filled below its limit the difference (issue 30 item 5)

Revision ID: 0013_hold_executions
Revises: 0012_notices
Create Date: 2026-11-28 12:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0013_hold_executions'
down_revision = '0012_notices'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('trading_holds', sa.Column('ended_filled', sa.Integer(), nullable=True))
    op.create_table('trading_hold_executions',
    sa.Column('order_id', sa.String(length=100), nullable=False),
    sa.Column('execution_id', sa.String(length=100), nullable=False),
    sa.Column('units', sa.Integer(), nullable=False),
    sa.Column('unit_price', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('voided', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['trading_holds.order_id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('order_id', 'execution_id')
    )


def downgrade() -> None:
    op.drop_table('trading_hold_executions')
    op.drop_column('trading_holds', 'ended_filled')
