import { useT } from '@/lib/i18n';
import { Card } from '@/ui';
import { formatBytes } from '@/lib/media/file-limits';
import type { DeviceStorage } from '../use-device-storage';

function Meter({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const ratio = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div className="files-quota__meter ui-flex ui-column ui-gap-2">
      <div className="files-quota__meter-head ui-flex ui-wrap ui-between ui-gap-2">
        <span className="files-quota__label">{label}</span>
        <span className="files-quota__value">{text}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
        className="files-quota__bar"
        data-level={ratio >= 0.9 ? 'high' : ratio >= 0.7 ? 'medium' : undefined}
      >
        <span style={{ width: `${(ratio * 100).toFixed(1)}%` }} />
      </div>
    </div>
  );
}

/** My storage on the server (used of quota), and what this device keeps for the app. */
export function QuotaCard({
  totalBytes,
  quotaBytes,
  device,
}: {
  totalBytes: number | undefined;
  quotaBytes: number | undefined;
  device: DeviceStorage | undefined;
}) {
  const t = useT();
  return (
    <Card className="files-quota">
      {totalBytes !== undefined && quotaBytes !== undefined ? (
        <Meter
          label={t('FILES.QUOTA_SERVER')}
          value={totalBytes}
          max={quotaBytes}
          text={t('FILES.QUOTA_USED', { used: formatBytes(totalBytes), quota: formatBytes(quotaBytes) })}
        />
      ) : null}
      {device ? (
        <Meter
          label={t('FILES.QUOTA_DEVICE')}
          value={device.usage}
          max={device.quota}
          text={t('FILES.QUOTA_DEVICE_USED', {
            used: formatBytes(device.usage),
            quota: formatBytes(device.quota),
          })}
        />
      ) : null}
    </Card>
  );
}
