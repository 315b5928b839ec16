// The fill-up at the pump: one screen, ten seconds (docs/SPEC-NOTES.md "A car's home"). Others use
// the button that opens it (the garage, a car's card and home); the screen is not exported here:
// its route file imports it directly (its own chunk).
export { FillUpButton } from './fill-up-button';
