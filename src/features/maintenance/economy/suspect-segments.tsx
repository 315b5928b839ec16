import { useState } from 'react';
import type { CarLog, FuelFill } from '@/contract/garage';
import { mayEditLog, saveCarLog, type LocalCar, type LocalCarLog } from '@/features/garage';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { isOnline } from '@/lib/network/online';
import { StorageFullError } from '@/lib/offline/storage-full';
import { toast } from '@/lib/toast';
import { Button } from '@/ui';
import type { SegmentRow } from './economy-model';

export type SuspectVerdict = 'missed' | 'right';

/** What the toast says: online, then saved on this device only. */
const SAVED_KEYS: Record<SuspectVerdict, [string, string]> = {
  missed: ['ECONOMY.SUSPECT_MARKED', 'ECONOMY.SUSPECT_MARKED_OFFLINE'],
  right: ['ECONOMY.SUSPECT_CONFIRMED', 'ECONOMY.SUSPECT_CONFIRMED_OFFLINE'],
};

/**
 * The member's answer about a suspect segment, said on its closing fill (docs/SPEC-NOTES.md "A
 * car's home"): "mark as missed" is `fuel.missedPrevious: true` (the segment is then not valid),
 * "it's right" is `fuel.economyConfirmed: true` (never suspect again, counted again). An edit of
 * the log like any other: saved on this device first, sent through the outbox.
 */
export function judgeSegment(log: CarLog, verdict: SuspectVerdict): Promise<string> {
  if (!log.fuel) throw new Error(`Log ${log.id} is no fill-up`);
  const fuel: FuelFill =
    verdict === 'missed' ? { ...log.fuel, missedPrevious: true } : { ...log.fuel, economyConfirmed: true };
  // The edit carries only what changes (the garage's edit diff); the rest is the row as it is.
  return saveCarLog({ carId: log.carId, type: log.type, startDate: log.startDate, fuel }, { id: log.id });
}

/**
 * "Probably a missed fill-up": each suspect segment (far from the car's other segments, left out
 * of every figure) with its one-tap answers, for those who may edit its closing fill.
 */
export function SuspectSegments({
  car,
  logs,
  rows,
  range,
  value,
}: {
  car: LocalCar;
  logs: readonly LocalCarLog[];
  rows: readonly SegmentRow[];
  range: (row: SegmentRow) => string;
  value: (economy: number) => string;
}) {
  const t = useT();
  const { user } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const suspects = rows.filter((row) => row.suspect);
  if (suspects.length === 0) return null;
  const byId = new Map(logs.map((log) => [log.id, log]));

  const answer = async (log: CarLog, verdict: SuspectVerdict) => {
    setBusy(log.id);
    try {
      const offline = !isOnline();
      await judgeSegment(log, verdict);
      toast.show({ kind: 'success', message: t(SAVED_KEYS[verdict][offline ? 1 : 0]) });
    } catch (error) {
      toast.show({
        kind: 'error',
        message: t(error instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'ECONOMY.SUSPECT_FAILED'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="economy-suspects ui-flex ui-column ui-gap-2" data-testid="economy-suspects">
      <ul className="economy-suspects__list">
        {suspects.map((row) => {
          const log = byId.get(row.toLogId);
          const editable = log?.fuel !== undefined && mayEditLog(car, log, user?.id);
          return (
            <li key={row.key} className="economy-suspects__item" data-testid="suspect-segment">
              <p className="economy-suspects__title">
                <strong>{t('ECONOMY.SUSPECT_TITLE')}</strong>
                {' · '}
                {range(row)}
                {row.economy !== null ? ` · ${value(row.economy)}` : null}
              </p>
              <p className="economy-suspects__text">{t('ECONOMY.SUSPECT_TEXT')}</p>
              {editable && log ? (
                <div className="economy-suspects__actions ui-flex ui-wrap ui-gap-2">
                  <Button
                    size="small"
                    busy={busy === log.id}
                    disabled={busy !== null}
                    onClick={() => void answer(log, 'missed')}
                  >
                    {t('ECONOMY.SUSPECT_MARK_MISSED')}
                  </Button>
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={busy !== null}
                    onClick={() => void answer(log, 'right')}
                  >
                    {t('ECONOMY.SUSPECT_RIGHT')}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
