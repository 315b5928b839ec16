// For a part of a screen that reads the member's database when it can, and asks the server until
// then: whether the device's data has started on this page (shell-settled.ts). Reading the
// database would start it, with Dexie and the offline engine, before the first screen is done.
import { useEffect, useState } from 'react';
import { deviceDataStarted, shellSettled } from './shell-settled';

/** False until the device's data has started on this page, then true (at once on a later screen). */
export function useDeviceDataStarted(): boolean {
  const [started, setStarted] = useState(deviceDataStarted);
  useEffect(() => {
    if (started) return;
    let mounted = true;
    void shellSettled().then(() => {
      if (mounted) setStarted(true);
    });
    return () => {
      mounted = false;
    };
  }, [started]);
  return started;
}
