// The React hooks over the lib stores re-render their users when the store changes.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('lib hooks', () => {
  it('useT and useLocale follow a locale change', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      json(200, { messages: { 'COMMON.BACK': [url.includes('en-US') ? 'Back' : 'Retour'] } }),
    );
    vi.resetModules();
    const lib = await import('./i18n');
    await lib.initI18n();
    const { result } = renderHook(() => ({ t: lib.useT(), locale: lib.useLocale() }));
    expect(result.current.t('COMMON.BACK')).toBe('Retour');
    expect(result.current.locale).toBe('fr-FR');
    await act(() => lib.changeLocale('en-US'));
    expect(result.current.t('COMMON.BACK')).toBe('Back');
    expect(result.current.locale).toBe('en-US');
  });

  it('useToasts shows what the store holds', async () => {
    vi.useFakeTimers();
    const { toast, useToasts } = await import('./toast');
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast.show({ kind: 'success', message: 'Saved', durationMs: 1000 });
    });
    expect(result.current.map((t) => t.message)).toEqual(['Saved']);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toEqual([]);
  });

  it('useOnline follows the online and offline events', async () => {
    const { useOnline } = await import('./network/online');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(false);
    onLine.mockRestore();
  });

  it('useGoBack navigates to the back target', async () => {
    vi.resetModules();
    const navigation = await import('./navigation');
    const { navigationHistory, useGoBack } = await import('./navigation/history');
    const navigate = vi.fn();
    navigation.registerNavigator(navigate);
    ['/my-cars', '/edit-car/1'].forEach((url) => navigationHistory.record(url));
    const { result } = renderHook(() => useGoBack());
    result.current();
    expect(navigate).toHaveBeenCalledWith('/my-cars', undefined);
  });
});
