// Tyres and other equipment of a car (docs/SPEC-NOTES.md "A car's home"): each set with the
// distance it has covered on the car, its age (a tyre's DOT date), whether its reminder by distance
// or age is reached; mounted and removed at an odometer reading and a day. The list is kept on the
// device (it shows offline); changes are sent at once, so they need a connection.
import { useId, useState, type FormEvent } from 'react';
import { EQUIPMENT_KINDS, type CarEquipment, type EquipmentKind } from '@/contract/car-equipment';
import {
  carPermissions,
  DEFAULT_MILEAGE_UNIT,
  localToday,
  parseWholeNumber,
  SelectField,
  type FieldErrors,
  type LocalCar,
} from '@/features/garage';
import { isNetworkError } from '@/lib/http/api-client';
import { useLocale, useT } from '@/lib/i18n';
import { formatDay, formatDistance, unitSymbol } from '@/lib/i18n/format';
import { useReachability } from '@/lib/network/reachability';
import { toast } from '@/lib/toast';
import { Alert, Button, ConfirmDialog, DateField, PlusIcon, SkeletonRows, TextField, TrashIcon } from '@/ui';
import {
  useAddCarEquipment,
  useCarEquipment,
  useDeleteCarEquipment,
  useMoveCarEquipment,
} from '../api/car-equipment';
import {
  emptyEquipment,
  EQUIPMENT_KIND_KEYS,
  equipmentInput,
  formatAge,
  HAS_DOT,
  validateEquipment,
  type EquipmentField,
  type EquipmentValues,
} from './equipment-values';
import './car-equipment.css';

export function CarEquipmentSection({ car }: { car: LocalCar }) {
  const t = useT();
  const query = useCarEquipment(car.id);
  // Sent at once: only while the server answers (not merely while a network is there).
  const online = useReachability() === 'online';
  // Who writes the car's equipment: those who write all its logs (owner, editor).
  const { addAnyLog: canWrite } = carPermissions(car);
  const [adding, setAdding] = useState(false);
  const list = query.data ? [...query.data].sort(mountedFirst) : undefined;

  return (
    <section className="equipment" aria-labelledby={`equipment-${car.id}`} data-testid="car-equipment">
      <div className="equipment__header">
        <h2 id={`equipment-${car.id}`} className="equipment__title">
          {t('EQUIPMENT.TITLE')}
        </h2>
        {canWrite && !adding ? (
          <Button
            variant="secondary"
            size="small"
            icon={<PlusIcon />}
            disabled={!online}
            onClick={() => setAdding(true)}
          >
            {t('EQUIPMENT.ADD')}
          </Button>
        ) : null}
      </div>
      {canWrite && !online ? <p className="equipment__hint">{t('EQUIPMENT.OFFLINE')}</p> : null}
      {adding ? <AddEquipment car={car} onDone={() => setAdding(false)} /> : null}
      {list === undefined ? (
        query.isError ? (
          <p className="equipment__hint" role="status">
            {t(isNetworkError(query.error) ? 'EQUIPMENT.LIST_OFFLINE' : 'EQUIPMENT.LIST_FAILED')}
          </p>
        ) : (
          <SkeletonRows count={2} label={t('EQUIPMENT.LOADING')} />
        )
      ) : list.length === 0 ? (
        <p className="equipment__hint">{t('EQUIPMENT.EMPTY')}</p>
      ) : (
        <ul className="equipment__list">
          {list.map((item) => (
            <EquipmentRow key={item.id} car={car} item={item} canWrite={canWrite} online={online} />
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
  online,
}: {
  car: LocalCar;
  item: CarEquipment;
  canWrite: boolean;
  online: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCarEquipment(car.id);
  const facts = [
    t(EQUIPMENT_KIND_KEYS[item.kind] ?? 'EQUIPMENT.KIND_OTHER'),
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
      {canWrite && !moving ? (
        <div className="equipment__actions">
          <Button variant="secondary" size="small" disabled={!online} onClick={() => setMoving(true)}>
            {t(item.mounted ? 'EQUIPMENT.REMOVE' : 'EQUIPMENT.MOUNT')}
          </Button>
          <Button
            variant="ghost"
            size="small"
            className="ui-button--icon"
            icon={<TrashIcon />}
            aria-label={t('EQUIPMENT.DELETE_LABEL', { name: item.name })}
            disabled={!online}
            onClick={() => setDeleting(true)}
          />
        </div>
      ) : null}
      {moving ? <MoveForm car={car} item={item} onDone={() => setMoving(false)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('EQUIPMENT.DELETE_TITLE', { name: item.name })}
          message={<p>{t('EQUIPMENT.DELETE_TEXT')}</p>}
          confirmLabel={t('EQUIPMENT.DELETE')}
          cancelLabel={t('CARS.CANCEL')}
          busy={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(item.id, {
              onError: (error) =>
                toast.show({
                  kind: 'error',
                  message: t(isNetworkError(error) ? 'EQUIPMENT.NEEDS_CONNECTION' : 'EQUIPMENT.SAVE_FAILED'),
                }),
              onSettled: () => setDeleting(false),
            })
          }
        />
      ) : null}
    </li>
  );
}

/** Mounting or removing a set: at the car's odometer (prefilled) and today, both editable. */
function MoveForm({ car, item, onDone }: { car: LocalCar; item: CarEquipment; onDone: () => void }) {
  const t = useT();
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const move = useMoveCarEquipment(car.id);
  const [mileage, setMileage] = useState(car.mileage === null ? '' : String(car.mileage));
  const [date, setDate] = useState(localToday());
  const [error, setError] = useState<{ mileage?: string; date?: string; form?: string }>({});
  const action = item.mounted ? 'remove' : 'mount';

  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = parseWholeNumber(mileage);
    const found = {
      ...(reading === null || Number.isNaN(reading) ? { mileage: t('EQUIPMENT.MILEAGE_INVALID') } : {}),
      ...(!/^\d{4}-\d{2}-\d{2}$/.test(date) ? { date: t('CAR_PAPERS.DATE_INVALID') } : {}),
    };
    setError(found);
    if (found.mileage || found.date || reading === null) return;
    move.mutate(
      { id: item.id, move: action, at: { mileage: reading, date } },
      {
        onSuccess: onDone,
        onError: (caught) =>
          setError({
            form: t(isNetworkError(caught) ? 'EQUIPMENT.NEEDS_CONNECTION' : 'EQUIPMENT.MOVE_FAILED'),
          }),
      },
    );
  }

  return (
    <form className="equipment__form" noValidate onSubmit={submit}>
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
        <Button type="submit" variant="primary" size="small" disabled={move.isPending}>
          {t(action === 'mount' ? 'EQUIPMENT.MOUNT_CONFIRM' : 'EQUIPMENT.REMOVE_CONFIRM')}
        </Button>
      </div>
    </form>
  );
}

function AddEquipment({ car, onDone }: { car: LocalCar; onDone: () => void }) {
  const t = useT();
  const ids = useId();
  const add = useAddCarEquipment(car.id);
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const [values, setValues] = useState<EquipmentValues>(emptyEquipment);
  const [errors, setErrors] = useState<FieldErrors<EquipmentField>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const set = (field: EquipmentField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (field: EquipmentField) => {
    const m = errors[field];
    return m ? t(m.key, m.values) : undefined;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateEquipment(values);
    setErrors(found);
    if (Object.values(found).some(Boolean) || add.isPending) return;
    setFailed(null);
    add.mutate(equipmentInput(values, crypto.randomUUID()), {
      onSuccess: () => {
        toast.show({ kind: 'success', message: t('EQUIPMENT.ADDED') });
        onDone();
      },
      onError: (error) =>
        setFailed(t(isNetworkError(error) ? 'EQUIPMENT.NEEDS_CONNECTION' : 'EQUIPMENT.SAVE_FAILED')),
    });
  }

  return (
    <form className="equipment__form" noValidate onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="equipment__subtitle">
        {t('EQUIPMENT.NEW')}
      </h3>
      {failed ? <Alert kind="error">{failed}</Alert> : null}
      <SelectField
        label={t('EQUIPMENT.KIND')}
        value={values.kind}
        onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as EquipmentKind }))}
        options={EQUIPMENT_KINDS.map((kind) => ({ value: kind, label: t(EQUIPMENT_KIND_KEYS[kind]) }))}
      />
      <TextField
        label={t('EQUIPMENT.NAME')}
        description={t('EQUIPMENT.NAME_HINT')}
        autoComplete="off"
        required
        value={values.name}
        onChange={set('name')}
        error={message('name')}
      />
      {HAS_DOT.has(values.kind) ? (
        <TextField
          label={t('EQUIPMENT.DOT')}
          description={t('EQUIPMENT.DOT_HINT')}
          inputMode="numeric"
          maxLength={4}
          optional
          value={values.dotCode}
          onChange={set('dotCode')}
          error={message('dotCode')}
        />
      ) : null}
      <TextField
        label={t('EQUIPMENT.REMIND_DISTANCE', { unit: unitSymbol(unit) })}
        inputMode="numeric"
        optional
        value={values.reminderDistance}
        onChange={set('reminderDistance')}
        error={message('reminderDistance')}
      />
      <TextField
        label={t('EQUIPMENT.REMIND_AGE')}
        inputMode="numeric"
        optional
        value={values.reminderAgeYears}
        onChange={set('reminderAgeYears')}
        error={message('reminderAgeYears')}
      />
      <div className="equipment__actions">
        <Button variant="ghost" size="small" onClick={onDone}>
          {t('CARS.CANCEL')}
        </Button>
        <Button type="submit" variant="primary" size="small" disabled={add.isPending}>
          {t(add.isPending ? 'EQUIPMENT.SAVING' : 'EQUIPMENT.SAVE')}
        </Button>
      </div>
    </form>
  );
}
