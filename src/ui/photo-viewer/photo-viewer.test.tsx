import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { PhotoViewer, type ViewerPhoto } from './photo-viewer';
import { openMediaFile } from './photo-source';

const loadMedia = vi.hoisted(() => vi.fn());
vi.mock('@/lib/offline/media', () => ({ loadMedia }));

const photos: ViewerPhoto[] = [1, 2, 3, 4, 5].map((n) => ({
  url: `/api/v1.0/media/p${n}`,
  alt: `Photo ${n} of the log`,
}));

function Harness({ start = 0, list = photos }: { start?: number; list?: ViewerPhoto[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the photos
      </button>
      {open ? (
        <PhotoViewer photos={list} startIndex={start} label="Oil change" onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

async function openViewer(start = 0, list = photos) {
  renderWithProviders(<Harness start={start} list={list} />);
  const opener = screen.getByRole('button', { name: 'Open the photos' });
  opener.focus();
  fireEvent.click(opener);
  await act(async () => undefined);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Oil change' }) };
}

const stage = () => screen.getByTestId('photo-viewer-stage');
const shown = () => screen.getByRole('img');
const counter = () => screen.getByText(/^Photo \d of \d$/);
const zoomLevel = () => screen.getByText(/^Zoom \d+%$/).textContent;

describe('PhotoViewer', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    loadMedia.mockImplementation(async (url: string) => new Blob([url], { type: 'image/webp' }));
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is a named dialog that announces "Photo 2 of 5" and shows the photo read through the media cache', async () => {
    const { dialog } = await openViewer(1);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(counter().textContent).toBe('Photo 2 of 5');
    expect(counter().getAttribute('aria-live')).toBe('polite');
    expect(dialog.getAttribute('aria-describedby')).toBe(counter().id);
    expect(shown().getAttribute('alt')).toBe('Photo 2 of the log');
    expect(shown().getAttribute('src')).toMatch(/^blob:photo-/);
    expect(loadMedia).toHaveBeenCalledWith('/api/v1.0/media/p2');
    // The focus is in the dialog, on its close button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close the photo' }));
  });

  it('goes between the photos of the set with the arrow keys and the buttons, wrapping around', async () => {
    await openViewer(0);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    await act(async () => undefined);
    expect(counter().textContent).toBe('Photo 2 of 5');
    expect(shown().getAttribute('alt')).toBe('Photo 2 of the log');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    await act(async () => undefined);
    expect(counter().textContent).toBe('Photo 5 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    await act(async () => undefined);
    expect(counter().textContent).toBe('Photo 1 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    await act(async () => undefined);
    expect(counter().textContent).toBe('Photo 5 of 5');
  });

  it('turns to the next photo on a swipe to the left and the previous on a swipe to the right', async () => {
    await openViewer(2);
    fireEvent.pointerDown(stage(), { pointerId: 1, pointerType: 'touch', clientX: 300, clientY: 200 });
    fireEvent.pointerMove(stage(), { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 210 });
    fireEvent.pointerUp(stage(), { pointerId: 1, pointerType: 'touch', clientX: 180, clientY: 210 });
    await act(async () => undefined);
    expect(counter().textContent).toBe('Photo 4 of 5');
    fireEvent.pointerDown(stage(), { pointerId: 2, pointerType: 'touch', clientX: 100, clientY: 200 });
    fireEvent.pointerUp(stage(), { pointerId: 2, pointerType: 'touch', clientX: 260, clientY: 200 });
    await act(async () => undefined);
    expect(counter().textContent).toBe('Photo 3 of 5');
    // A short or mostly vertical drag turns nothing.
    fireEvent.pointerDown(stage(), { pointerId: 3, pointerType: 'touch', clientX: 100, clientY: 100 });
    fireEvent.pointerUp(stage(), { pointerId: 3, pointerType: 'touch', clientX: 160, clientY: 300 });
    await act(async () => undefined);
    expect(counter().textContent).toBe('Photo 3 of 5');
  });

  it('zooms with the buttons, the keys, a double click and the wheel, and a new photo starts fitted', async () => {
    await openViewer(0);
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoomLevel()).toBe('Zoom 100%');
    expect((zoomOut as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(zoomIn);
    expect(zoomLevel()).toBe('Zoom 150%');
    expect(shown().style.transform).toContain('scale(1.5)');
    fireEvent.click(zoomOut);
    expect(zoomLevel()).toBe('Zoom 100%');
    fireEvent.keyDown(zoomIn, { key: '+' });
    expect(zoomLevel()).toBe('Zoom 150%');
    fireEvent.keyDown(zoomIn, { key: '0' });
    expect(zoomLevel()).toBe('Zoom 100%');
    fireEvent.doubleClick(stage(), { clientX: 0, clientY: 0 });
    expect(zoomLevel()).toBe('Zoom 200%');
    fireEvent.doubleClick(stage(), { clientX: 0, clientY: 0 });
    expect(zoomLevel()).toBe('Zoom 100%');
    fireEvent.wheel(stage(), { deltaY: -100 });
    expect(zoomLevel()).toBe('Zoom 150%');
    for (let i = 0; i < 10; i += 1) fireEvent.click(zoomIn);
    expect(zoomLevel()).toBe('Zoom 400%');
    expect((zoomIn as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(zoomIn, { key: 'ArrowRight' });
    await act(async () => undefined);
    expect(zoomLevel()).toBe('Zoom 100%');
  });

  it('zooms with a pinch and a double tap on a touch screen', async () => {
    await openViewer(0);
    fireEvent.pointerDown(stage(), { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 });
    fireEvent.pointerDown(stage(), { pointerId: 2, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerMove(stage(), { pointerId: 2, pointerType: 'touch', clientX: 400, clientY: 100 });
    expect(zoomLevel()).toBe('Zoom 300%');
    fireEvent.pointerUp(stage(), { pointerId: 2, pointerType: 'touch', clientX: 400, clientY: 100 });
    fireEvent.pointerUp(stage(), { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 });
    // Zoomed in, a drag moves the photo rather than turning it.
    fireEvent.pointerDown(stage(), { pointerId: 3, pointerType: 'touch', clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage(), { pointerId: 3, pointerType: 'touch', clientX: 100, clientY: 100 });
    expect(counter().textContent).toBe('Photo 1 of 5');
    // Two taps on the same spot: back to fitted.
    fireEvent.pointerDown(stage(), { pointerId: 4, pointerType: 'touch', clientX: 50, clientY: 50 });
    fireEvent.pointerUp(stage(), { pointerId: 4, pointerType: 'touch', clientX: 50, clientY: 50 });
    fireEvent.pointerDown(stage(), { pointerId: 5, pointerType: 'touch', clientX: 52, clientY: 50 });
    fireEvent.pointerUp(stage(), { pointerId: 5, pointerType: 'touch', clientX: 52, clientY: 50 });
    expect(zoomLevel()).toBe('Zoom 100%');
  });

  it('keeps the focus inside, closes on Escape and gives the focus back to the opener', async () => {
    const { opener } = await openViewer(0);
    const close = screen.getByRole('button', { name: 'Close the photo' });
    const next = screen.getByRole('button', { name: 'Next photo' });
    next.focus();
    fireEvent.keyDown(next, { key: 'Tab' });
    // The last control wraps to the first (fitted, "Zoom out" is disabled and skipped).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Zoom in' }));
    close.focus();
    fireEvent.keyDown(close, { key: 'Escape' });
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('says so when the photo cannot be had (offline, never fetched), and shows no arrows for one photo', async () => {
    loadMedia.mockResolvedValue(null);
    await openViewer(0, [photos[0] as ViewerPhoto]);
    expect((await screen.findByRole('alert')).textContent).toContain('not on this device');
    expect(screen.getByText('Photo 1 of 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
  });

  it('speaks French', async () => {
    activateCatalog('fr-FR');
    await openViewer(3);
    expect(screen.getByText('Photo 4 sur 5').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: 'Fermer la photo' })).toBeTruthy();
  });
});

describe('openMediaFile', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
  });

  it('opens the tab inside the click, then loads the file into it from an object URL', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    loadMedia.mockResolvedValue(new Blob(['%PDF'], { type: 'application/pdf' }));
    const opening = openMediaFile('/api/v1.0/media/r1');
    expect(open).toHaveBeenCalledWith('', '_blank');
    await expect(opening).resolves.toBe(true);
    expect(tab.location.href).toBe('blob:receipt');
  });

  it('closes the tab again when the file cannot be had', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    loadMedia.mockResolvedValue(null);
    await expect(openMediaFile('/api/v1.0/media/r1')).resolves.toBe(false);
    expect(tab.close).toHaveBeenCalled();
  });
});
