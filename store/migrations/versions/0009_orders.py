"""orders: the order list's projection (trading_orders), written by the order workflow (issue 11)

Revision ID: 0009_orders
Revises: 0007_trading_ledger
Create Date: 2026-11-23 22:10:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0009_orders'
down_revision = '0007_trading_ledger'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('trading_orders',
    sa.Column('order_id', sa.String(length=100), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('asset_id', sa.Integer(), nullable=False),
    sa.Column('instrument_id', sa.String(length=64), nullable=False),
    sa.Column('ticker', sa.String(length=64), nullable=False),
    sa.Column('side', sa.String(length=3), nullable=False),
    sa.Column('order_type', sa.String(length=16), nullable=False),
    sa.Column('term', sa.String(length=32), nullable=False),
    sa.Column('status', sa.String(length=40), nullable=False),
    sa.Column('units_requested', sa.Integer(), nullable=False),
    sa.Column('units_filled', sa.Integer(), nullable=False),
    sa.Column('unit_price', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.Column('ats_order_id', sa.String(length=100), nullable=True),
    sa.Column('window_id', sa.String(length=100), nullable=True),
    sa.Column('confirmed_matched_status', sa.String(length=32), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('view', sa.JSON(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('modified', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('order_id')
    )
    op.create_index(op.f('ix_trading_orders_user_id'), 'trading_orders', ['user_id'], unique=False)
    op.create_index(op.f('ix_trading_orders_ats_order_id'), 'trading_orders', ['ats_order_id'], unique=False)
    op.create_index('ix_trading_orders_user_asset', 'trading_orders', ['user_id', 'asset_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_trading_orders_user_asset', table_name='trading_orders')
    op.drop_index(op.f('ix_trading_orders_ats_order_id'), table_name='trading_orders')
    op.drop_index(op.f('ix_trading_orders_user_id'), table_name='trading_orders')
    op.drop_table('trading_orders')
