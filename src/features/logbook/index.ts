// What the garage's other rooms may use of a car's logbook: its list of logs and their statistics.
// Screens (a log's form and page) are not exported here: route files import them directly.
export { LogList } from './log-list';
export { StatsSection } from './stats/stats-section';
