// What other features and the garage's rooms may use of a car's people: its members (sharing), the
// authors of its logs, the answer to a car invitation, and its sale to another member (transfers).
export { CarMembersSection } from './members/car-members-section';
export { CarAuthorsProvider, useCarAuthors, useLogAuthor } from './members/log-authors';
export { CarOwnersLine } from './transfer/car-owners-line';
export { SellCarSection } from './transfer/sell-car-section';
export { SoldCars } from './transfer/sold-cars';
export { TransferOffers } from './transfer/transfer-offers';
