// What the garage's other rooms may use of a car's history: its dossier (the public link, its QR
// code). The import and export screen is not exported here: its route file imports it directly.
export { CarDossier } from './car-dossier';
export { CarExportButtons } from './car-export-buttons';
