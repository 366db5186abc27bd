"""home sections: banners, highlight heroes, carousels and feature flags ops edit (issue 21 item 5)

Revision ID: 0011_home_sections
Revises: 0010_asset_content
Create Date: 2026-11-27 16:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0011_home_sections'
down_revision = '0010_asset_content'
branch_labels = None
depends_on = None


def _common() -> list[sa.Column]:  # type: ignore[type-arg]
    return [
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('enabled', sa.Boolean(), nullable=False),
    ]


def _modified() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column('modified', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False)


def upgrade() -> None:
    op.create_table('home_banners', *_common(),
    sa.Column('header', sa.String(length=128), nullable=False),
    sa.Column('subheader', sa.String(length=256), nullable=False),
    sa.Column('cta_text', sa.String(length=64), nullable=False),
    sa.Column('cta_enabled', sa.Boolean(), nullable=False),
    sa.Column('cta_reference_type', sa.String(length=8), nullable=False),
    sa.Column('cta_url', sa.String(length=512), nullable=True),
    sa.Column('cta_asset_id', sa.Integer(), nullable=True),
    sa.Column('image_link', sa.String(length=512), nullable=False),
    sa.Column('asset_id', sa.Integer(), nullable=True),
    _modified(),
    sa.CheckConstraint("cta_reference_type IN ('LINK', 'ASSET')", name='ck_home_banners_reference_type'),
    sa.CheckConstraint("(cta_reference_type = 'LINK' AND cta_url IS NOT NULL) OR "
                       "(cta_reference_type = 'ASSET' AND cta_asset_id IS NOT NULL)", name='ck_home_banners_target'),
    sa.ForeignKeyConstraint(['cta_asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('key'),
    )
    op.create_table('home_highlights', *_common(),
    sa.Column('asset_id', sa.Integer(), nullable=False),
    _modified(),
    sa.ForeignKeyConstraint(['asset_id'], ['assets.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('key'),
    )
    op.create_table('home_carousels', *_common(),
    sa.Column('title', sa.String(length=128), nullable=False),
    sa.Column('asset_ids', sa.JSON(), nullable=False),
    _modified(),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('key'),
    )
    op.create_table('feature_flags',
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('name'),
    )


def downgrade() -> None:
    op.drop_table('feature_flags')
    op.drop_table('home_carousels')
    op.drop_table('home_highlights')
    op.drop_table('home_banners')
