import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EditIcon, PlusIcon, TrashIcon, Button, ConfirmDialog } from '@/ui';
import {
  SyncBadge,
  deleteCar,
  DEFAULT_MILEAGE_UNIT,
  type LocalCar,
  carTitle,
  carPermissions,
  SharedLine,
} from '@/features/garage';
import { formatDistance, unitSymbol } from '@/lib/i18n/format';
import { StorageFullError } from '@/lib/offline/storage-full';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { FillUpButton } from '@/features/fill-up';
import { carFacts, CarDetailsFrame } from './car-facts';

/** The selected car's page head: photo, name, details with translated settings labels, description, actions. */
export function CarDetails({
  car,
  logCount,
  onDeleted,
}: {
  car: LocalCar;
  logCount: number | undefined;
  onDeleted: () => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const title = carTitle(car);
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  // What my role allows: only the owner edits or deletes the car.
  const can = carPermissions(car);

  const rows = carFacts(t, car);
  rows.push({
    label: t('CARS.MILEAGE'),
    value:
      car.mileage === null || car.mileage === undefined
        ? t('CARS.MILEAGE_UNKNOWN', { unit: unitSymbol(unit) })
        : formatDistance(car.mileage, unit),
  });

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteCar(car.id);
      toast.show({ kind: 'success', message: t('CARS.DELETED', { name: title }) });
      setConfirming(false);
      onDeleted();
    } catch (error) {
      toast.show({
        kind: 'error',
        message: t(error instanceof StorageFullError ? 'CARS.STORAGE_FULL' : 'CARS.DELETE_FAILED'),
      });
      setDeleting(false);
    }
  };

  return (
    <CarDetailsFrame
      car={car}
      facts={rows}
      names={
        <>
          <SharedLine car={car} className="car-details__shared" />
          <SyncBadge state={car.syncState} />
        </>
      }
      actions={
        <>
          <FillUpButton car={car} />
          {can.addFuelLog ? (
            <Link
              to="/new-car-log/$carId"
              params={{ carId: car.id }}
              className="ui-button ui-button--secondary ui-button--small"
            >
              <PlusIcon />
              {t('CAR_LOGS.ADD')}
            </Link>
          ) : null}
          {can.ownCar ? (
            <>
              <Link
                to="/edit-car/$id"
                params={{ id: car.id }}
                className="ui-button ui-button--secondary ui-button--small"
              >
                <EditIcon />
                {t('CARS.EDIT')}
              </Link>
              <Button variant="ghost" size="small" icon={<TrashIcon />} onClick={() => setConfirming(true)}>
                {t('CARS.DELETE')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {confirming ? (
        <ConfirmDialog
          title={t('CARS.DELETE_CONFIRM_TITLE', { name: title })}
          message={
            <p>
              {logCount
                ? t('CARS.DELETE_CONFIRM_TEXT', { count: logCount })
                : t('CARS.DELETE_CONFIRM_TEXT_NO_LOGS')}
            </p>
          }
          confirmLabel={t('CARS.DELETE_CONFIRM')}
          cancelLabel={t('CARS.CANCEL')}
          busy={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </CarDetailsFrame>
  );
}
