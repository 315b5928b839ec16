// The garage's data layer: what the screens read (Dexie live queries), refresh (server → Dexie)
// and write (Dexie + outbox in one transaction). It pulls Dexie: import it from lazy screens only.
export { garageHandlers } from './handlers';
export {
  useCar,
  useCarLog,
  useCarLogs,
  useCars,
  readCarLogs,
  compareLogs,
  FIRST_PAGE_LOGS,
  readCarLogsFirstPage,
  readLastFillUp,
  useCarLogsFirstPage,
  useCarLogsAfterPaint,
  useLastFillUp,
  useCarLogsById,
} from './reads';
export { readCarFillUps, useCarFillUps } from './indexed-reads';
export {
  syncCarLog,
  syncCarLogs,
  syncCars,
  useGarageRefresh,
  useMirrorCarWhenMissing,
  SYNC_PAGE_LIMIT,
} from './sync';
export {
  deleteCar,
  deleteCarLog,
  saveCar,
  saveCarLog,
  CAR_KINDS,
  LOG_KINDS,
  MEDIA_DELETE_KIND,
} from './writes';
export {
  deleteReminder,
  reconcileReminder,
  saveReminder,
  REMINDER_KINDS,
  type LocalReminder,
  type ReminderDraft,
} from './reminders';
export {
  compareReminders,
  localToday,
  readDueCount,
  readReminders,
  useCarLogsAndReminders,
  useReminders,
} from './reminders-reads';
export { syncReminders, syncRemindersAndLogs, useRemindersRefresh } from './reminders-sync';
export { addCarPaper, deleteCarPaper, PAPER_KINDS } from './car-papers';
export {
  addEquipment,
  deleteEquipment,
  moveEquipment,
  updateEquipment,
  EQUIPMENT_KINDS_OUTBOX,
} from './car-equipment';
export {
  readCarEquipment,
  readCarPapers,
  syncCarEquipment,
  syncCarPapers,
  useCarEquipment,
  useCarEquipmentRefresh,
  useCarPapers,
  useCarPapersRefresh,
  type CarSectionRows,
  type Local,
} from './car-home-sync';
export { deletedElsewhere, dropDeletedElsewhere, keepAsNew, type DeletedElsewhere } from './gone';
export { useSettingsOptions, type SettingsOption } from './settings';
export { SELECTED_CAR_STORAGE_KEY, setSelectedCar, useSelectedCar } from './selected-car';
export {
  DEFAULT_MILEAGE_UNIT,
  type CarDraft,
  type CarLogDraft,
  type LocalCar,
  type LocalCarLog,
} from './types';
