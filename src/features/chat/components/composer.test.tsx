// Keyboard hints only where a keyboard is: Enter sends with a fine pointer; on a touch-only phone
// Enter makes a new line, the Send button sends, and no "Enter sends" hint is read out.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { Composer } from './composer';

function device(finePointer: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(any-pointer: fine)' ? finePointer : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

function renderComposer() {
  activateCatalog('en-US');
  const onSend = vi.fn(async () => undefined);
  render(<Composer onSend={onSend} onTyping={() => undefined} />);
  const box = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'On my way' } });
  return { onSend, box };
}

describe('chat composer and the keyboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with a fine pointer, Enter sends and the hint says so', async () => {
    device(true);
    const { onSend, box } = renderComposer();
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Enter sends, Shift+Enter starts a new line.')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('On my way', []));
  });

  it('on a touch-only device, Enter is left to make a new line and no keyboard hint is given', async () => {
    device(false);
    const { onSend, box } = renderComposer();
    expect(box.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('Enter sends, Shift+Enter starts a new line.')).toBeNull();
    const enter = fireEvent.keyDown(box, { key: 'Enter' });
    expect(enter).toBe(true); // not prevented: the browser adds the new line
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('On my way', []));
  });
});

describe('chat composer and photos', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('picks several photos up to four (a counter, a remove button each) and sends them without text', async () => {
    device(true);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    activateCatalog('en-US');
    const onSend = vi.fn(async () => undefined);
    render(<Composer onSend={onSend} onTyping={() => undefined} />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    const photos = Array.from(
      { length: 5 },
      (_, i) => new File(['jpeg'], `p${i}.jpg`, { type: 'image/jpeg' }),
    );
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: photos } });
    expect(screen.getByText('Photos: 4/4')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('At most 4 photos: the others were left out.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 4' }));
    expect(screen.getByText('Photos: 3/4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('', photos.slice(0, 3)));
    await waitFor(() => expect(screen.getByText('Photos: 0/4')).toBeTruthy());
  });
});
