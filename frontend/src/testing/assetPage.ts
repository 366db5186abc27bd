/** An asset page fixture of the tests (the asset detail read's content on top of a catalogue asset). */
import type { Asset, AssetPage } from '../api/types'

export function assetOf(over: Partial<Asset> & Pick<Asset, 'id'>): Asset {
  return {
    ticker: '#CAR1', display_name: 'Test Car', short_name: 'Car', category: 'cars', order: 1, asset_status: 'Open ICO',
    progress_bar: 40, is_exited: false, price_per_share: '10.00', ipo_price_per_share: '10.00', asset_value: '1000.00',
    number_of_shares: 100, description: 'A fine car.', offering_ends: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    ...over,
  } as Asset
}

export function pageOf(asset: Asset, over: Partial<AssetPage> = {}): AssetPage {
  return {
    ...asset,
    investor_count: 12,
    pdf: `/media/assets/${asset.id}/offering.pdf`,
    snapchat_deeplink_url: 'https://www.snapchat.com/unlock/?uuid=x',
    asset_media: [
      { file: '/m/2.svg', type: 'image', order: 2, thumbnail: null },
      { file: '/m/1.svg', type: 'image', order: 1, thumbnail: null },
      { file: 'https://video.example/embed/1', type: 'video', order: 3, thumbnail: '/m/2.svg' },
    ],
    document: [{ id: 7, text: 'Certificate of Authenticity', document_media: [{ file: '/m/cert.svg', type: 'image', order: 1, thumbnail: null }] }],
    categories: [{ id: 3, name: 'Overview', details: [{ id: 1, name: 'Engine', value: 'Flat-four' }] }],
    timeline_items: [{ date: '2020-05-01', text: 'Built.' }, { date: '2026-01-02', text: 'Acquired by Vitrine.' }],
    history_value_points: [
      { date: '2021-11-01', value: '500.00' },
      { date: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10), value: '800.00' },
      { date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10), value: '1000.00' },
    ],
    quote: { quote: 'A great car is art.', author: 'Enzo', author_image: '/m/a.svg', author_description: 'Founder', background_image: '/m/b.svg' },
    ...over,
  } as AssetPage
}
