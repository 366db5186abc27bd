// @vitest-environment happy-dom
/**
 * The asset's sub-pages as an investor meets them: /app/details (documents in a lightbox, the detail categories),
 * /app/gallery (media by order, the lightbox's previous / next / Esc, the Snap button on mobile only), /app/legal (the
 * PDF embedded), /app/chat ('Coming Soon!', okay goes back).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CatalogueContext } from '../catalogue/catalogueContext'
import { assetOf, pageOf } from '../../../testing/assetPage'
import { catalogueStub } from '../../../testing/catalogue'
import { json, loggedInEachTest, renderApp, stubApi } from '../../../testing/render'
import { ChatPage } from './ChatPage'
import { DetailsPage } from './DetailsPage'
import { GalleryPage, SNAP_UNLOCK } from './GalleryPage'
import { LegalPage } from './LegalPage'

const CAR = assetOf({ id: 1 })

function renderAt(path: string) {
  stubApi({ 'GET /api/v2/assets/1/': () => json(pageOf(CAR)) })
  return renderApp(
    [
      { path: '/app/details', element: <DetailsPage /> },
      { path: '/app/gallery', element: <GalleryPage /> },
      { path: '/app/legal', element: <LegalPage /> },
      { path: '/app/chat', element: <ChatPage /> },
      { path: '/app/assets/cars/CAR1', element: <p>the asset</p> },
    ],
    path,
    (children) => <CatalogueContext.Provider value={catalogueStub([CAR])}>{children}</CatalogueContext.Provider>,
  )
}

function mobile(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }))
}

describe('asset sub-pages', () => {
  loggedInEachTest()

  it('details: the header, the categories, a document in a lightbox', async () => {
    renderAt('/app/details?asset=1')
    expect(await screen.findByRole('heading', { name: 'Test Car' })).toBeTruthy()
    expect(screen.getByText('#CAR1')).toBeTruthy()
    const overview = screen.getByRole('region', { name: 'Overview' })
    expect(within(overview).getByText('Engine')).toBeTruthy()
    expect(within(overview).getByText('Flat-four')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Certificate of Authenticity' }))
    const box = await screen.findByTestId('lightbox')
    expect(within(box).getByText('Certificate of Authenticity · 1 of 1')).toBeTruthy()
    expect(within(box).getByRole('img').getAttribute('src')).toBe('/m/cert.svg')
  })

  it('gallery: media by order, previous / next, Esc closes; no Snap button on desktop', async () => {
    mobile(false)
    renderAt('/app/gallery?asset=1')
    const open = await screen.findAllByRole('button', { name: /^Open / })
    expect(open.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual(['/m/1.svg', '/m/2.svg', '/m/2.svg'])
    expect(screen.queryByText(SNAP_UNLOCK)).toBeNull()
    fireEvent.click(open[0] as HTMLElement)
    const box = await screen.findByTestId('lightbox')
    expect(within(box).getByText('Test Car · 1 of 3')).toBeTruthy()
    fireEvent.click(within(box).getByRole('button', { name: /Previous/ }))
    expect(within(box).getByText('Test Car · 3 of 3')).toBeTruthy()
    expect(box.querySelector('iframe')?.getAttribute('src')).toBe('https://video.example/embed/1')
    fireEvent.keyDown(window, { key: 'ArrowRight' })
    expect(within(box).getByText('Test Car · 1 of 3')).toBeTruthy()
    fireEvent.keyDown(box, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('lightbox')).toBeNull())
  })

  it("gallery on mobile: 'TAP TO UNLOCK IN SNAP' opens the asset's Snap link", async () => {
    mobile(true)
    renderAt('/app/gallery?asset=1')
    const snap = await screen.findByRole('link', { name: SNAP_UNLOCK })
    expect(snap.getAttribute('href')).toBe('https://www.snapchat.com/unlock/?uuid=x')
  })

  it("legal: the asset's PDF embedded", async () => {
    renderAt('/app/legal?asset=1')
    const frame = await screen.findByTestId('legal-pdf')
    expect(frame.getAttribute('data')).toBe('/media/assets/1/offering.pdf')
    expect(frame.getAttribute('type')).toBe('application/pdf')
    expect(frame.getAttribute('title')).toBe('Test Car offering circular')
  })

  it('a sub-page without an asset says so', async () => {
    renderAt('/app/details')
    expect(await screen.findByText('This asset is not available.')).toBeTruthy()
  })

  it("chat: 'Coming Soon!' and okay goes back", async () => {
    const { router } = renderAt('/app/assets/cars/CAR1')
    await router.navigate('/app/chat')
    const popup = await screen.findByTestId('chat-coming-soon')
    expect(within(popup).getByText('Coming Soon!')).toBeTruthy()
    expect(within(popup).getByText('Check back soon for chat & in-app messaging!')).toBeTruthy()
    fireEvent.click(within(popup).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/assets/cars/CAR1'))
  })
})
