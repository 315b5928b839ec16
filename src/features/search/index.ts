// The search (docs/SPEC-NOTES.md "Search"). Its screen is not exported here: the route file
// imports it directly (its own chunk).
export { RECENT_SEARCHES_KEY } from './data/recent-searches';
