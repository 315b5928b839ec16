import { createFileRoute } from '@tanstack/react-router';
import { OwnCarSection } from '@/features/cars/car-home/car-home';
import { CarEquipmentSection } from '@/features/cars/equipment/car-equipment-section';
import { useCarLogs, type LocalCar } from '@/features/garage';
import { EconomySection } from '@/features/maintenance';
import { SkeletonRows } from '@/ui/skeleton';
import { useT } from '@/lib/i18n';

// The car's fuel and odometer section: its economy and readings (from the mirror), its tyres and
// other equipment.
export const Route = createFileRoute('/_authenticated/car/$id/fuel')({ component: FuelRoute });

function FuelRoute() {
  return <OwnCarSection>{(car) => <Fuel car={car} />}</OwnCarSection>;
}

function Fuel({ car }: { car: LocalCar }) {
  const t = useT();
  const logs = useCarLogs(car.id);
  return (
    <>
      {logs ? (
        <EconomySection car={car} logs={logs} />
      ) : (
        <SkeletonRows count={2} label={t('ECONOMY.LOADING')} />
      )}
      <CarEquipmentSection car={car} />
    </>
  );
}
