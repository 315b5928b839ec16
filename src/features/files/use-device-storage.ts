import { useEffect, useState } from 'react';

export type DeviceStorage = { usage: number; quota: number };

/**
 * What this browser keeps for the app and what it may keep (docs/OFFLINE-FIRST.md property 9), from
 * navigator.storage.estimate(). undefined while asking or where the browser cannot say.
 */
export function useDeviceStorage(): DeviceStorage | undefined {
  const [estimate, setEstimate] = useState<DeviceStorage | undefined>(undefined);
  useEffect(() => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (typeof storage?.estimate !== 'function') return;
    let mounted = true;
    storage
      .estimate()
      .then(({ usage, quota }) => {
        if (mounted && typeof usage === 'number' && typeof quota === 'number' && quota > 0) {
          setEstimate({ usage, quota });
        }
      })
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, []);
  return estimate;
}
