// The visible side of paused live updates (src/lib/realtime/socket.ts decides when and how it retries).
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { socketStatus as socket } from '@/testing/realtime-status-double';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { LiveUpdatesBanner } from './components/live-updates-banner';

vi.mock(
  '@/lib/realtime/socket',
  async () => (await import('@/testing/realtime-status-double')).realtimeStatusModule,
);

describe('live updates paused', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    socket.retryNow.mockClear();
    socket.set('connected');
  });

  it('says nothing while live updates flow, and keeps an empty polite live region', () => {
    renderWithProviders(<LiveUpdatesBanner />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says live updates are paused, offers to retry now, and goes away once connected', () => {
    renderWithProviders(<LiveUpdatesBanner />);
    act(() => socket.set('paused'));
    expect(screen.getByRole('status').textContent).toContain('Live updates paused — retrying');
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(socket.retryNow).toHaveBeenCalledTimes(1);
    act(() => socket.set('connected'));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('is translated', () => {
    activateCatalog('fr-FR');
    socket.set('paused');
    renderWithProviders(<LiveUpdatesBanner />);
    expect(screen.getByRole('status').textContent).toContain(
      'Mises à jour en direct en pause — nouvel essai en cours',
    );
    expect(screen.getByRole('button', { name: 'Réessayer maintenant' })).toBeTruthy();
  });

  it('a short connection loss (disconnected, connecting) is not announced', () => {
    renderWithProviders(<LiveUpdatesBanner />);
    act(() => socket.set('disconnected'));
    act(() => socket.set('connecting'));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
