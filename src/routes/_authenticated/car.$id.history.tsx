import { createFileRoute } from '@tanstack/react-router';
import { CarDossier, CarExportButtons } from '@/features/car-history';
import { SellCarSection } from '@/features/car-people';
import { CarHistoryLinks } from '@/features/cars/car-home/car-history-links';
import { OwnCarSection } from '@/features/cars/car-home/car-home';
import { Card } from '@/ui/page';

// The car's history section (its owner's): import and export, the resale dossier and its public
// link, and the sale to another member.
export const Route = createFileRoute('/_authenticated/car/$id/history')({ component: HistoryRoute });

function HistoryRoute() {
  return (
    <OwnCarSection ownerOnly>
      {(car) => (
        <>
          <Card>
            <CarHistoryLinks car={car} />
            <CarExportButtons carId={car.id} />
          </Card>
          <Card>
            <CarDossier carId={car.id} />
          </Card>
          <Card>
            <SellCarSection car={car} />
          </Card>
        </>
      )}
    </OwnCarSection>
  );
}
