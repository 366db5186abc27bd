"""asset content: media, documents, detail categories, timeline, value history, quote; pdf, Snap link, investor count (issue 21)

Revision ID: 0010_asset_content
Revises: 0010_financial_documents
Create Date: 2026-11-27 15:48:16.589556
"""
from alembic import op
import sqlalchemy as sa


revision = '0010_asset_content'
down_revision = '0010_financial_documents'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('asset_detail_categories',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('asset_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('order', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_asset_detail_categories_asset_id'), 'asset_detail_categories', ['asset_id'], unique=False)
    op.create_table('asset_documents',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('asset_id', sa.Integer(), nullable=False),
    sa.Column('text', sa.String(length=200), nullable=False),
    sa.Column('order', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_asset_documents_asset_id'), 'asset_documents', ['asset_id'], unique=False)
    op.create_table('asset_media',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('asset_id', sa.Integer(), nullable=False),
    sa.Column('file', sa.String(length=512), nullable=False),
    sa.Column('type', sa.String(length=16), nullable=False),
    sa.Column('order', sa.Integer(), nullable=False),
    sa.Column('thumbnail', sa.String(length=512), nullable=True),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_asset_media_asset_id'), 'asset_media', ['asset_id'], unique=False)
    op.create_table('asset_quotes',
    sa.Column('asset_id', sa.Integer(), nullable=False),
    sa.Column('quote', sa.Text(), nullable=False),
    sa.Column('author', sa.String(length=100), nullable=False),
    sa.Column('author_image', sa.String(length=512), nullable=False),
    sa.Column('author_description', sa.String(length=200), nullable=False),
    sa.Column('background_image', sa.String(length=512), nullable=False),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('asset_id')
    )
    op.create_table('asset_timeline_items',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('asset_id', sa.Integer(), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('text', sa.String(length=300), nullable=False),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_asset_timeline_items_asset_id'), 'asset_timeline_items', ['asset_id'], unique=False)
    op.create_table('asset_value_points',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('asset_id', sa.Integer(), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('value', sa.Numeric(precision=14, scale=2), nullable=False),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('asset_id', 'date')
    )
    op.create_index(op.f('ix_asset_value_points_asset_id'), 'asset_value_points', ['asset_id'], unique=False)
    op.create_table('asset_details',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('category_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('value', sa.String(length=200), nullable=False),
    sa.Column('order', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['category_id'], ['asset_detail_categories.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_asset_details_category_id'), 'asset_details', ['category_id'], unique=False)
    op.create_table('asset_document_media',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('document_id', sa.Integer(), nullable=False),
    sa.Column('file', sa.String(length=512), nullable=False),
    sa.Column('type', sa.String(length=16), nullable=False),
    sa.Column('order', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['document_id'], ['asset_documents.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_asset_document_media_document_id'), 'asset_document_media', ['document_id'], unique=False)
    op.add_column('assets', sa.Column('pdf', sa.String(length=512), server_default='', nullable=False))
    op.add_column('assets', sa.Column('snapchat_deeplink_url', sa.String(length=512), nullable=True))
    op.add_column('assets', sa.Column('investor_count', sa.Integer(), server_default='0', nullable=False))


def downgrade() -> None:
    op.drop_column('assets', 'investor_count')
    op.drop_column('assets', 'snapchat_deeplink_url')
    op.drop_column('assets', 'pdf')
    op.drop_index(op.f('ix_asset_document_media_document_id'), table_name='asset_document_media')
    op.drop_table('asset_document_media')
    op.drop_index(op.f('ix_asset_details_category_id'), table_name='asset_details')
    op.drop_table('asset_details')
    op.drop_index(op.f('ix_asset_value_points_asset_id'), table_name='asset_value_points')
    op.drop_table('asset_value_points')
    op.drop_index(op.f('ix_asset_timeline_items_asset_id'), table_name='asset_timeline_items')
    op.drop_table('asset_timeline_items')
    op.drop_table('asset_quotes')
    op.drop_index(op.f('ix_asset_media_asset_id'), table_name='asset_media')
    op.drop_table('asset_media')
    op.drop_index(op.f('ix_asset_documents_asset_id'), table_name='asset_documents')
    op.drop_table('asset_documents')
    op.drop_index(op.f('ix_asset_detail_categories_asset_id'), table_name='asset_detail_categories')
    op.drop_table('asset_detail_categories')
