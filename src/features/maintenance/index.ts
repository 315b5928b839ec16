// What the garage's other rooms may use of the maintenance tracker: the fuel economy, the fuel
// fill-up and odometer checks a log's form makes, and the car's reminders (the due ones too).
// The reminder form is not exported here: route files import it directly.
export { EconomySection } from './economy/economy-section';
export { averageEconomyText } from './economy/economy-average';
export {
  defaultFuelUnit,
  FUEL_LOG_TYPE,
  FUEL_UNIT_CHOICES,
  FUEL_UNIT_LABEL_KEYS,
  FUEL_UNIT_SYMBOL_KEYS,
  fuelDraft,
  initialFuelState,
  isFillUp,
  typeAmount,
  validateFuel,
  type FuelAmount,
  type FuelField,
  type FuelFormValues,
  type FuelState,
} from './fuel/fuel-values';
export { checkLogReading, estimatedMileage } from './odometer/odometer-check';
export { CarReminders } from './reminders/car-reminders';
export { ReminderRow } from './reminders/reminder-row';
export { DueList } from './reminders/due-list';
