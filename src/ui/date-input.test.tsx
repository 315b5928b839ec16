// Date fields follow the APP's language, not the browser's: "jj/mm/aaaa" and 14/03/2026 in the
// French app, "mm/dd/yyyy" and 03/14/2026 in the English one; the value stays YYYY-MM-DD.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { DateField, formatDayInput, parseDayInput } from './date-input';

describe('parseDayInput / formatDayInput', () => {
  it('reads the locale order with any separator, or ISO', () => {
    expect(parseDayInput('14/03/2026', 'fr-FR')).toBe('2026-03-14');
    expect(parseDayInput('14.3.2026', 'fr-FR')).toBe('2026-03-14');
    expect(parseDayInput('03/14/2026', 'en-US')).toBe('2026-03-14');
    expect(parseDayInput('2026-03-14', 'en-US')).toBe('2026-03-14');
    expect(parseDayInput('  ', 'fr-FR')).toBe('');
  });

  it('a text that is not a real date is null', () => {
    expect(parseDayInput('14/03', 'fr-FR')).toBeNull();
    expect(parseDayInput('31/02/2026', 'fr-FR')).toBeNull();
    expect(parseDayInput('14/03/26', 'fr-FR')).toBeNull();
    expect(parseDayInput('03/14/2026', 'fr-FR')).toBeNull(); // no 14th month
  });

  it('writes the locale order', () => {
    expect(formatDayInput('2026-03-14', 'fr-FR')).toBe('14/03/2026');
    expect(formatDayInput('2026-03-14', 'en-US')).toBe('03/14/2026');
  });
});

function Harness({ initial = '', keepInvalidText = false }: { initial?: string; keepInvalidText?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Date" value={value} onChange={setValue} keepInvalidText={keepInvalidText} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
    </>
  );
}

describe('DateField', () => {
  afterEach(() => {
    cleanup();
    activateCatalog('en-US');
  });

  it('French app: French placeholder, lang and order, whatever the browser', () => {
    activateCatalog('fr-FR');
    render(<Harness initial="2026-03-14" />);
    const input = screen.getByLabelText('Date') as HTMLInputElement;
    expect(input.getAttribute('lang')).toBe('fr-FR');
    expect(input.placeholder).toBe('jj/mm/aaaa');
    expect(input.value).toBe('14/03/2026');
    expect(document.querySelector('input[type=date]')?.getAttribute('lang')).toBe('fr-FR');
    expect(screen.getByRole('button', { name: 'Choisir dans un calendrier' })).toBeTruthy();
  });

  it('follows a language switch', () => {
    activateCatalog('fr-FR');
    render(<Harness initial="2026-03-14" />);
    act(() => activateCatalog('en-US'));
    const input = screen.getByLabelText('Date') as HTMLInputElement;
    expect(input.placeholder).toBe('mm/dd/yyyy');
    expect(input.value).toBe('03/14/2026');
    expect(input.getAttribute('lang')).toBe('en-US');
  });

  it('typing gives YYYY-MM-DD once the date is whole, and the text is rewritten on leaving', () => {
    activateCatalog('fr-FR');
    render(<Harness />);
    const input = screen.getByLabelText('Date') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1/4' } });
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(input.value).toBe('1/4');
    fireEvent.change(input, { target: { value: '1/4/2026' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-04-01');
    fireEvent.blur(input);
    expect(input.value).toBe('01/04/2026');
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(input.value).toBe('');
  });

  it('keepInvalidText hands a wrong date to the form as typed', () => {
    render(<Harness keepInvalidText />);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '02/30/2026' } });
    expect(screen.getByTestId('value').textContent).toBe('02/30/2026');
  });

  it("the browser's calendar writes the value", () => {
    render(<Harness />);
    fireEvent.change(document.querySelector('input[type=date]')!, { target: { value: '2026-12-24' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-12-24');
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('12/24/2026');
  });
});
