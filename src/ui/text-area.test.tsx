import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { TEXT_AREA_MAX_HEIGHT_PX, TEXT_AREA_MIN_HEIGHT_PX, TextArea, textAreaHeight } from './text-area';

describe('text area height (spec §5: 35 to 300)', () => {
  it('pins the limits', () => {
    expect(TEXT_AREA_MIN_HEIGHT_PX).toBe(35);
    expect(TEXT_AREA_MAX_HEIGHT_PX).toBe(300);
  });

  it('clamps the content height into [35, 300]', () => {
    expect(textAreaHeight(0)).toBe(35);
    expect(textAreaHeight(34)).toBe(35);
    expect(textAreaHeight(120.2)).toBe(121);
    expect(textAreaHeight(300)).toBe(300);
    expect(textAreaHeight(301)).toBe(300);
    expect(textAreaHeight(5000)).toBe(300);
  });

  describe('rendered', () => {
    let contentHeight = 0;
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
    beforeEach(() => {
      activateCatalog('en-US');
      Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
        configurable: true,
        get: () => contentHeight,
      });
    });
    afterEach(() => {
      if (original) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', original);
    });

    function Harness() {
      const [value, setValue] = useState('');
      return <TextArea label="Body" value={value} onChange={(e) => setValue(e.target.value)} />;
    }

    it('grows with its content and stops at 300 px', () => {
      contentHeight = 10;
      renderWithProviders(<Harness />);
      const area = screen.getByLabelText('Body');
      expect(area.style.height).toBe('35px');
      contentHeight = 180;
      fireEvent.change(area, { target: { value: 'a\nb\nc\nd\ne\nf' } });
      expect(area.style.height).toBe('180px');
      contentHeight = 900;
      fireEvent.change(area, { target: { value: 'long'.repeat(400) } });
      expect(area.style.height).toBe('300px');
      expect(area.style.maxHeight).toBe('300px');
      expect(area.style.minHeight).toBe('35px');
    });
  });
});
