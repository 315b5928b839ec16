import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { toast } from '@/lib/toast';
import { EmptyState } from './empty-state';
import { SkeletonRows } from './skeleton';
import { Toaster } from './toaster';

describe('feedback components', () => {
  beforeEach(() => activateCatalog('en-US'));
  afterEach(() => toast.list().forEach((t) => toast.dismiss(t.id)));

  it('SkeletonRows renders the asked number of rows, announced once', () => {
    renderWithProviders(<SkeletonRows count={5} label="Loading friends" />);
    expect(screen.getByRole('status', { name: 'Loading friends' })).toBeTruthy();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
  });

  it('EmptyState shows its title and text', () => {
    renderWithProviders(<EmptyState title="No friends yet" text="Add friends to start a conversation." />);
    expect(screen.getByRole('heading', { name: 'No friends yet' })).toBeTruthy();
    expect(screen.getByText('Add friends to start a conversation.')).toBeTruthy();
  });

  it('Toaster: errors and warnings are alerts, the rest status; each can be dismissed', () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toast.show({ kind: 'warning', message: 'Too many requests' });
      toast.show({ kind: 'success', message: 'Saved' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Too many requests');
    expect(screen.getByRole('status').textContent).toContain('Saved');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0] as HTMLElement);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
