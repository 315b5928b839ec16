import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { UpdatePrompt } from './update-prompt';
import { updateStore } from './update-store';

describe('update prompt', () => {
  beforeEach(() => activateCatalog('en-US'));

  it('stays hidden until a new worker waits, then applies the update on request', () => {
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByText('A new version of Paddock is available.')).toBeNull();
    const apply = vi.fn();
    act(() => updateStore.setAvailable(apply));
    expect(screen.getByRole('status').textContent).toContain('A new version of Paddock is available.');
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(apply).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version of Paddock is available.')).toBeNull();
  });
});
