// The garage's shared core: what its rooms (cars, logbook, maintenance, car-history, car-people)
// and other features use of it. The member's cars, logs and reminders (Dexie live queries), their
// refresh and writes, the car the garage opens on, the roles on a shared car, and the pieces the
// car, log and reminder forms share. Screens live in the rooms; route files import them directly
// (each is its own chunk). It pulls Dexie: import it from lazy code only.
export {
  addCarPaper,
  addEquipment,
  deleteCarPaper,
  deleteEquipment,
  moveEquipment,
  updateEquipment,
  useCarEquipment,
  useCarEquipmentRefresh,
  useCarPapers,
  useCarPapersRefresh,
  type Local,
  DEFAULT_MILEAGE_UNIT,
  deleteCar,
  deleteCarLog,
  deleteReminder,
  localToday,
  readCarLogs,
  readDueCount,
  saveCar,
  saveCarLog,
  saveReminder,
  SELECTED_CAR_STORAGE_KEY,
  setSelectedCar,
  syncCarLog,
  syncCarLogs,
  syncCars,
  syncReminders,
  useCar,
  useCarLog,
  useCarLogs,
  useCarLogsAndReminders,
  useCarLogsFirstPage,
  useCarLogsAfterPaint,
  useCarFillUps,
  useLastFillUp,
  useCars,
  useGarageRefresh,
  useMirrorCarWhenMissing,
  useReminders,
  useRemindersRefresh,
  useSelectedCar,
  useSettingsOptions,
  type CarDraft,
  type CarLogDraft,
  type LocalCar,
  type LocalCarLog,
  type LocalReminder,
  type ReminderDraft,
} from './data';
// What my role on a car lets me do (the screens' buttons).
export { actsOnReminder, carPermissions, mayEditLog, roleOf } from './data/car-roles';
// Who is on a shared car, and the invited member's answer to a car invitation.
export { answerCarInvite, useCarMembers, useChangeCarMember } from './api/car-members';
// The one label of each field of a car, a log and a reminder (forms, the sync panel, the notice).
export {
  CAR_FIELD_LABELS,
  EQUIPMENT_KIND_LABELS,
  LOG_FIELD_LABELS,
  PAPER_KIND_LABELS,
  REMINDER_FIELD_LABELS,
} from './data/field-labels';
export { carSubtitle, carTitle, resolveSelectedCar } from './car-selection';
// The first paint of the signed-in garage, before the app (docs/ARCHITECTURE.md).
export {
  firstCarsShown,
  firstDueShown,
  firstRemindersShown,
  forgetFirstCars,
  forgetFirstDue,
  forgetFirstGarage,
  forgetFirstReminders,
  paintFirstGarageEarly,
} from './garage-first-paint';
export { firstCarShown, forgetFirstCar, paintFirstCarHomeEarly } from './car-home-first-paint';
// What the rooms' screens share: a log overwritten elsewhere, a row's sync state, a shared car's line.
export { OverwrittenLogs, OverwrittenNotice } from './components/overwritten-notice';
export { roleKey, SharedLine } from './components/shared-line';
export { SyncBadge } from './components/sync-badge';
// What the car, log and reminder forms share.
export { CarFormPage, CarNotHere, FormSkeleton, NotOnDevice } from './form/car-form-states';
export type { FieldErrors, FieldMessage } from './form/field-errors';
export { CancelAndSave } from './form/form-actions';
export { parseAmount, parseWholeNumber } from './form/parse-number';
export { SelectField, type SelectOption } from './form/select-field';
export { settingsLabel, SettingsSelect } from './form/settings-select';
export { useGarageForm } from './form/use-garage-form';
