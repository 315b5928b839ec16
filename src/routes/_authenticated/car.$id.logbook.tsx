import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { OwnCarSection } from '@/features/cars/car-home/car-home';
import {
  DEFAULT_MILEAGE_UNIT,
  OverwrittenLogs,
  useCarLogsAfterPaint,
  useCarLogsFirstPage,
  type LocalCar,
} from '@/features/garage';
import { LogList, StatsSection } from '@/features/logbook';

// The car's logbook section: its statistics and its logs, from the mirror (offline too).
export const Route = createFileRoute('/_authenticated/car/$id/logbook')({ component: LogbookRoute });

function LogbookRoute() {
  return <OwnCarSection>{(car) => <Logbook car={car} />}</OwnCarSection>;
}

function Logbook({ car }: { car: LocalCar }) {
  // First paint: the newest screenful and the count, by the index. The whole logbook (filters,
  // sums, statistics) is read once that has been shown a moment, or at once when the member
  // reaches for the list; leaving before then never reads it (docs/BENCHMARKS.md).
  const firstPage = useCarLogsFirstPage(car.id);
  const [wanted, setWanted] = useState(false);
  const logs = useCarLogsAfterPaint(car.id, firstPage, wanted);
  return (
    <>
      {logs && logs.length > 0 ? (
        <StatsSection logs={logs} mileageUnit={car.mileageUnit || DEFAULT_MILEAGE_UNIT} />
      ) : null}
      <OverwrittenLogs carId={car.id} />
      <LogList car={car} logs={logs} firstPage={firstPage} onNeedAll={() => setWanted(true)} />
    </>
  );
}
