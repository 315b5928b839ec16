// Tyres and other equipment of a car (docs/SPEC-NOTES.md "A car's home"): each set with the
// distance it has covered on the car, its age (a tyre's DOT date), whether its reminder by distance
// or age is reached; mounted and removed at an odometer reading and a day. Read from the mirror
// (its figures derived on the device by the contract's rule), refreshed while shown; every change is
// kept on this device first and sent through the outbox (docs/OFFLINE-FIRST.md), marked pending or
// refused meanwhile.
import { useState, type FormEvent } from 'react';
import type { CarEquipment } from '@/contract/car-equipment';
import {
  addEquipment,
  carPermissions,
  DEFAULT_MILEAGE_UNIT,
  deleteEquipment,
  EQUIPMENT_KIND_LABELS,
  localToday,
  moveEquipment,
  parseWholeNumber,
  SyncBadge,
  updateEquipment,
  useCarEquipment,
  useCarEquipmentRefresh,
  type Local,
  type LocalCar,
} from '@/features/garage';
import { isNetworkError } from '@/lib/http/api-client';
import { useLocale, useT } from '@/lib/i18n';
import { formatDay, formatDistance, unitSymbol } from '@/lib/i18n/format';
import { isOnline } from '@/lib/network/online';
import { StorageFullError } from '@/lib/offline/storage-full';
import { toast } from '@/lib/toast';
import {
  Alert,
  Button,
  ConfirmDialog,
  DateField,
  EditIcon,
  PlusIcon,
  SkeletonRows,
  TextField,
  TrashIcon,
} from '@/ui';
import { EquipmentForm, notKept } from './equipment-form';
import {
  emptyEquipment,
  equipmentInput,
  equipmentUpdate,
  equipmentValues,
  formatAge,
  validateEquipment,
  type EquipmentValues,
} from './equipment-values';
import './car-equipment.css';

export function CarEquipmentSection({ car }: { car: LocalCar }) {
  const t = useT();
  const equipment = useCarEquipment(car.id);
  const { error } = useCarEquipmentRefresh(car.id);
  // Who writes the car's equipment: those who write all its logs (owner, editor).
  const { addAnyLog: canWrite } = carPermissions(car);
  const [adding, setAdding] = useState(false);
  const list = equipment?.known ? [...equipment.rows].sort(mountedFirst) : undefined;

  return (
    <section className="equipment" aria-labelledby={`equipment-${car.id}`} data-testid="car-equipment">
      <div className="equipment__header">
        <h2 id={`equipment-${car.id}`} className="equipment__title">
          {t('EQUIPMENT.TITLE')}
        </h2>
        {canWrite && !adding ? (
          <Button variant="secondary" size="small" icon={<PlusIcon />} onClick={() => setAdding(true)}>
            {t('EQUIPMENT.ADD')}
          </Button>
        ) : null}
      </div>
      {adding ? <AddEquipment car={car} onDone={() => setAdding(false)} /> : null}
      {list === undefined ? (
        equipment && error ? (
          <p className="equipment__hint" role="status">
            {t(isNetworkError(error) ? 'EQUIPMENT.LIST_OFFLINE' : 'EQUIPMENT.LIST_FAILED')}
          </p>
        ) : (
          <SkeletonRows count={2} label={t('EQUIPMENT.LOADING')} />
        )
      ) : list.length === 0 ? (
        <p className="equipment__hint">{t('EQUIPMENT.EMPTY')}</p>
      ) : (
        <ul className="equipment__list">
          {list.map((item) => (
            <EquipmentRow key={item.id} car={car} item={item} canWrite={canWrite} />
          ))}
        </ul>
      )}
    </section>
  );
}

const mountedFirst = (a: CarEquipment, b: CarEquipment) =>
  Number(b.mounted) - Number(a.mounted) || a.name.localeCompare(b.name);

function EquipmentRow({
  car,
  item,
  canWrite,
}: {
  car: LocalCar;
  item: Local<CarEquipment>;
  canWrite: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  // One form at a time in the row: mounting or removing it, or editing it.
  const [open, setOpen] = useState<'move' | 'edit' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState(false);

  async function remove() {
    setRemoving(true);
    try {
      await deleteEquipment(item.id);
    } catch (caught) {
      toast.show({ kind: 'error', message: t(notKept(caught)) });
    } finally {
      setRemoving(false);
      setDeleting(false);
    }
  }
  const facts = [
    t(EQUIPMENT_KIND_LABELS[item.kind] ?? 'EQUIPMENT.KIND_OTHER'),
    t('EQUIPMENT.DISTANCE', { distance: formatDistance(item.distance, unit) }),
    ...(item.ageMonths !== null ? [t('EQUIPMENT.AGE', { age: formatAge(item.ageMonths, locale) })] : []),
  ];
  const reminder = [
    ...(item.reminderDistance !== null ? [formatDistance(item.reminderDistance, unit)] : []),
    ...(item.reminderAgeMonths !== null ? [formatAge(item.reminderAgeMonths, locale)] : []),
  ];
  const last = item.stints.at(-1);
  return (
    <li className={`equipment__item${item.due ? ' equipment__item--due' : ''}`} data-testid="equipment-row">
      <div className="equipment__main">
        <span className="equipment__name">
          {item.name}
          <span className={`equipment__chip${item.mounted ? ' equipment__chip--on' : ''}`}>
            {t(item.mounted ? 'EQUIPMENT.MOUNTED' : 'EQUIPMENT.STORED')}
          </span>
          {item.due ? (
            <span className="equipment__chip equipment__chip--due">
              {t(item.due === 'distance' ? 'EQUIPMENT.DUE_DISTANCE' : 'EQUIPMENT.DUE_AGE')}
            </span>
          ) : null}
          <SyncBadge state={item.syncState} />
        </span>
        <span className="equipment__facts">{facts.join(' · ')}</span>
        {last ? (
          <span className="equipment__facts">
            {item.mounted
              ? t('EQUIPMENT.MOUNTED_ON', {
                  date: formatDay(last.mountedOn),
                  mileage: formatDistance(last.mountedMileage, unit),
                })
              : last.removedOn !== null && last.removedMileage !== null
                ? t('EQUIPMENT.REMOVED_ON', {
                    date: formatDay(last.removedOn),
                    mileage: formatDistance(last.removedMileage, unit),
                  })
                : null}
          </span>
        ) : null}
        {reminder.length ? (
          <span className="equipment__facts">{t('EQUIPMENT.REMINDER', { when: reminder.join(' · ') })}</span>
        ) : null}
      </div>
      {canWrite && open === null ? (
        <div className="equipment__actions">
          <Button variant="secondary" size="small" onClick={() => setOpen('move')}>
            {t(item.mounted ? 'EQUIPMENT.REMOVE' : 'EQUIPMENT.MOUNT')}
          </Button>
          <Button
            variant="ghost"
            size="small"
            className="ui-button--icon"
            icon={<EditIcon />}
            aria-label={t('EQUIPMENT.EDIT_LABEL', { name: item.name })}
            onClick={() => setOpen('edit')}
          />
          <Button
            variant="ghost"
            size="small"
            className="ui-button--icon"
            icon={<TrashIcon />}
            aria-label={t('EQUIPMENT.DELETE_LABEL', { name: item.name })}
            onClick={() => setDeleting(true)}
          />
        </div>
      ) : null}
      {open === 'move' ? <MoveForm car={car} item={item} onDone={() => setOpen(null)} /> : null}
      {open === 'edit' ? <EditEquipment car={car} item={item} onDone={() => setOpen(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('EQUIPMENT.DELETE_TITLE', { name: item.name })}
          message={<p>{t('EQUIPMENT.DELETE_TEXT')}</p>}
          confirmLabel={t('EQUIPMENT.DELETE')}
          cancelLabel={t('CARS.CANCEL')}
          busy={removing}
          onCancel={() => setDeleting(false)}
          onConfirm={() => void remove()}
        />
      ) : null}
    </li>
  );
}

/** Mounting or removing a set: at the car's odometer (prefilled) and today, both editable. */
function MoveForm({ car, item, onDone }: { car: LocalCar; item: CarEquipment; onDone: () => void }) {
  const t = useT();
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const [saving, setSaving] = useState(false);
  const [mileage, setMileage] = useState(car.mileage === null ? '' : String(car.mileage));
  const [date, setDate] = useState(localToday());
  const [error, setError] = useState<{ mileage?: string; date?: string; form?: string }>({});
  const action = item.mounted ? 'remove' : 'mount';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const reading = parseWholeNumber(mileage);
    const found = {
      ...(reading === null || Number.isNaN(reading) ? { mileage: t('EQUIPMENT.MILEAGE_INVALID') } : {}),
      ...(!/^\d{4}-\d{2}-\d{2}$/.test(date) ? { date: t('CAR_PAPERS.DATE_INVALID') } : {}),
    };
    setError(found);
    if (found.mileage || found.date || reading === null) return;
    setSaving(true);
    try {
      await moveEquipment(item.id, action, { mileage: reading, date });
      onDone();
    } catch (caught) {
      setError({
        form: t(caught instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'EQUIPMENT.MOVE_FAILED'),
      });
      setSaving(false);
    }
  }

  return (
    <form className="equipment__form" noValidate onSubmit={(e) => void submit(e)}>
      {error.form ? <Alert kind="error">{error.form}</Alert> : null}
      <TextField
        label={t('EQUIPMENT.AT_MILEAGE', { unit: unitSymbol(unit) })}
        inputMode="numeric"
        value={mileage}
        onChange={(e) => setMileage(e.target.value)}
        error={error.mileage}
      />
      <DateField
        label={t('EQUIPMENT.ON_DATE')}
        keepInvalidText
        value={date}
        onChange={setDate}
        error={error.date}
      />
      <div className="equipment__actions">
        <Button variant="ghost" size="small" onClick={onDone}>
          {t('CARS.CANCEL')}
        </Button>
        <Button type="submit" variant="primary" size="small" disabled={saving}>
          {t(action === 'mount' ? 'EQUIPMENT.MOUNT_CONFIRM' : 'EQUIPMENT.REMOVE_CONFIRM')}
        </Button>
      </div>
    </form>
  );
}

function AddEquipment({ car, onDone }: { car: LocalCar; onDone: () => void }) {
  const t = useT();
  async function save(values: EquipmentValues) {
    const key = isOnline() ? 'EQUIPMENT.ADDED' : 'CAR_PAPERS.SAVED_OFFLINE';
    const { id: _id, ...input } = equipmentInput(values, '');
    await addEquipment(car.id, input);
    toast.show({ kind: 'success', message: t(key) });
    onDone();
  }
  return (
    <EquipmentForm
      title={t('EQUIPMENT.NEW')}
      unit={car.mileageUnit || DEFAULT_MILEAGE_UNIT}
      initial={emptyEquipment()}
      validate={(values) => validateEquipment(values)}
      onSave={save}
      onCancel={onDone}
    />
  );
}

/**
 * Editing a set: the form opens with its values; only what the member changed is sent (PUT), kept
 * on this device first like every change here, the row showing it at once, pending.
 */
function EditEquipment({ car, item, onDone }: { car: LocalCar; item: CarEquipment; onDone: () => void }) {
  const t = useT();
  // The set as the form opened: what the member changed is measured against it, not a later refresh.
  const [opened] = useState(item);
  const [initial] = useState(() => equipmentValues(opened));
  async function save(values: EquipmentValues) {
    const update = equipmentUpdate(values, opened);
    if (Object.keys(update).length > 0) {
      const key = isOnline() ? 'EQUIPMENT.UPDATED' : 'CAR_PAPERS.SAVED_OFFLINE';
      await updateEquipment(opened.id, update);
      toast.show({ kind: 'success', message: t(key) });
    }
    onDone();
  }
  return (
    <EquipmentForm
      title={t('EQUIPMENT.EDIT_TITLE', { name: opened.name })}
      unit={car.mileageUnit || DEFAULT_MILEAGE_UNIT}
      initial={initial}
      validate={(values) => validateEquipment(values, initial)}
      onSave={save}
      onCancel={onDone}
    />
  );
}
