"""sessions generation and pending e-mail change on users

Revision ID: 0007_sessions
Revises: 0006
Create Date: 2026-11-23 18:40:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0007_sessions'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('users', sa.Column('session_generation', sa.Integer(), server_default='0', nullable=False))
    op.add_column('users', sa.Column('pending_email_id', sa.Integer(), nullable=True))
    op.create_foreign_key('fk_users_pending_email', 'users', 'emails', ['pending_email_id'], ['id'], ondelete='SET NULL')


def downgrade() -> None:
    op.drop_constraint('fk_users_pending_email', 'users', type_='foreignkey')
    op.drop_column('users', 'pending_email_id')
    op.drop_column('users', 'session_generation')
