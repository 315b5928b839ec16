// What other features may use of the garage: the member's cars and logs (Dexie live queries),
// their refresh, and the car the garage opens on. Screens are not exported here: route files
// import them directly (each is its own chunk). It pulls Dexie: import it from lazy code only.
export {
  DEFAULT_MILEAGE_UNIT,
  deletedElsewhere,
  dropDeletedElsewhere,
  keepAsNew,
  saveCarLog,
  setSelectedCar,
  syncCarLog,
  syncCars,
  useCar,
  useCarLog,
  useCars,
  useSelectedCar,
  type DeletedElsewhere,
  type LocalCar,
  type LocalCarLog,
} from './data';
// A post's car: a link to it, named from this device or the server.
export { CarMention } from './cars/components/car-mention';
// A friend's cars on their profile, each linking to its page.
export { MemberCars } from './cars/member-cars';
export { memberCarsKey } from './api/member-cars';
// A log's labels and figures as the garage writes them (a log shared to the feed).
// Shared cars: the invited member's answer to a car invitation.
export { answerCarInvite } from './api/car-members';
// A write refused for lost access, copied to one of the member's own cars (the sync panel).
export { carPermissions } from './data/car-roles';
export { LOG_FIELDS } from './data/fields';
