"""financial_documents: monthly statements and yearly tax documents, one per (investor, kind, period) (issue 22)

Revision ID: 0010_financial_documents
Revises: 0009_orders
Create Date: 2026-11-27 15:50:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0010_financial_documents'
down_revision = '0009_orders'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('financial_documents',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('period', sa.String(length=7), nullable=False),
    sa.Column('file_key', sa.String(length=64), nullable=False),
    sa.Column('display_name', sa.String(length=100), nullable=False),
    sa.Column('storage_key', sa.String(length=200), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('file_key'),
    sa.UniqueConstraint('user_id', 'kind', 'period'),
    )
    op.create_index(op.f('ix_financial_documents_user_id'), 'financial_documents', ['user_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_financial_documents_user_id'), table_name='financial_documents')
    op.drop_table('financial_documents')
