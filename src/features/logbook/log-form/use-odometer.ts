// The log form's odometer: today's estimate pre-filled on a new log, and the reading
// checked on the device before saving, a jump confirmed in a dialog.
import { useMemo, useState } from 'react';
import type { Car, CarLog } from '@/contract/garage';
import { ODOMETER_JUMP_PER_DAY } from '@/contract/maintenance';
import { parseWholeNumber } from '@/features/garage';
import { formatNumber, useT } from '@/lib/i18n';
import { formatDay, formatDistance } from '@/lib/i18n/format';
import type { FieldMessage, LogFormValues } from './log-values';
import { checkLogReading, estimatedMileage } from '@/features/maintenance';

/**
 * A new log starts with today's estimate of the odometer (the latest reading plus the recent
 * distance a day), re-estimated when the date changes as long as the member has not typed over it.
 * Answers the estimate shown, or null.
 */
export function useMileageEstimate({
  car,
  logs,
  editing,
  values,
  setValues,
}: {
  car: Car;
  logs: readonly CarLog[] | undefined;
  editing: boolean;
  values: LogFormValues;
  setValues: (update: (v: LogFormValues) => LogFormValues) => void;
}): string | null {
  const estimate = useMemo(() => {
    if (editing || !logs) return null;
    const value = estimatedMileage(logs, car.mileage, values.startDate);
    return value === null ? null : String(value);
  }, [editing, logs, car.mileage, values.startDate]);
  const [filled, setFilled] = useState<string | null>(null);
  // Adjusted during render (not in an effect): the field never shows a stale figure.
  if (
    estimate !== null &&
    estimate !== filled &&
    ((filled === null && values.mileage === '') || (filled !== null && values.mileage === filled))
  ) {
    setFilled(estimate);
    setValues((v) => ({ ...v, mileage: estimate }));
  }
  return filled;
}

interface JumpDialog {
  message: string;
  confirm: () => void;
  cancel: () => void;
}

/** The reading against the car's other logs on this device, with the server's own rule. */
export function useOdometerCheck({
  car,
  logs,
  logId,
}: {
  car: Car;
  logs: readonly CarLog[] | undefined;
  logId: string | undefined;
}) {
  const t = useT();
  const [dialog, setDialog] = useState<JumpDialog | null>(null);
  const verdict = (values: LogFormValues) => {
    const mileage = parseWholeNumber(values.mileage);
    if (mileage === null || Number.isNaN(mileage)) return null;
    const reading = { ...(logId ? { logId } : {}), date: values.startDate, mileage };
    return { mileage, verdict: checkLogReading(logs ?? [], reading, car.mileageUnit) };
  };
  return {
    dialog,
    /** An out-of-order reading: the field's error, naming the neighbouring log. */
    check(values: LogFormValues): FieldMessage | undefined {
      const found = verdict(values)?.verdict;
      return found?.kind === 'error' ? found.message : undefined;
    },
    /** A jump: opens the dialog (its confirm calls `onConfirm`) and answers true. */
    asksConfirmation(values: LogFormValues, onConfirm: () => void): boolean {
      const found = verdict(values);
      if (found?.verdict.kind !== 'jump') return false;
      const { previous, perDay } = found.verdict;
      setDialog({
        message: t('ODOMETER.JUMP_TEXT', {
          mileage: formatDistance(found.mileage, car.mileageUnit),
          perDay: formatDistance(Math.round(perDay), car.mileageUnit),
          previous: formatDistance(previous.mileage, car.mileageUnit),
          date: formatDay(previous.date),
          limit: formatNumber(ODOMETER_JUMP_PER_DAY),
        }),
        confirm: () => {
          setDialog(null);
          onConfirm();
        },
        cancel: () => setDialog(null),
      });
      return true;
    },
  };
}
