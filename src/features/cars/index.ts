// What other features and the garage's rooms may use of the cars: a post's car (a link to it,
// named from this device or the server) and a friend's cars on their profile. Screens are not
// exported here: route files import them directly (each is its own chunk).
export { CarMention } from './components/car-mention';
export { MemberCars } from './member-cars';
export { memberCarsKey } from './api/member-cars';
