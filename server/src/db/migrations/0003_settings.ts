// The settings table and the labels it starts with. Migrations are frozen: this one carries its
// own copy of the seed (as it was when the migration shipped) instead of reading live feature
// code, so that a later change to server/src/settings/settings-seed.ts can never change what it
// writes. tests/server/settings-seed-frozen.test.ts checks that both still say the same; a label
// changed later means a new migration that updates the row.
import type { Kysely } from 'kysely';

type Row = [key: string, en: string, fr: string, enDescription?: string, frDescription?: string];

export const SEED: Record<string, Row[]> = {
  energyType: [
    ['gasoline', 'Gasoline', 'Essence'],
    ['diesel', 'Diesel', 'Diesel'],
    ['electric', 'Electric', 'Électrique'],
    ['hybrid', 'Hybrid', 'Hybride'],
    ['plug_in_hybrid', 'Plug-in hybrid', 'Hybride rechargeable'],
    ['lpg', 'LPG', 'GPL', 'Liquefied petroleum gas', 'Gaz de pétrole liquéfié'],
    ['cng', 'CNG', 'GNV', 'Compressed natural gas', 'Gaz naturel pour véhicules'],
    ['ethanol', 'Ethanol (E85)', 'Superéthanol (E85)'],
    ['hydrogen', 'Hydrogen', 'Hydrogène'],
    ['other', 'Other', 'Autre'],
  ],
  gearboxType: [
    ['manual', 'Manual', 'Manuelle'],
    ['automatic', 'Automatic', 'Automatique'],
    ['semi_automatic', 'Semi-automatic', 'Semi-automatique'],
    ['dual_clutch', 'Dual-clutch', 'Double embrayage'],
    ['cvt', 'CVT', 'CVT', 'Continuously variable transmission', 'Transmission à variation continue'],
    ['sequential', 'Sequential', 'Séquentielle'],
    ['other', 'Other', 'Autre'],
  ],
  upholsteryMaterial: [
    ['fabric', 'Fabric', 'Tissu'],
    ['leather', 'Leather', 'Cuir'],
    ['synthetic_leather', 'Synthetic leather', 'Similicuir'],
    ['alcantara', 'Alcantara', 'Alcantara'],
    ['velour', 'Velour', 'Velours'],
    ['vinyl', 'Vinyl', 'Vinyle'],
    ['mixed', 'Mixed materials', 'Matériaux mixtes'],
    ['other', 'Other', 'Autre'],
  ],
  mileageUnit: [
    ['km', 'Kilometres', 'Kilomètres', 'km', 'km'],
    ['mi', 'Miles', 'Miles', 'mi', 'mi'],
  ],
  carLogType: [
    [
      'maintenance',
      'Maintenance',
      'Entretien',
      'Scheduled service: oil, filters, fluids',
      'Entretien courant : vidange, filtres, liquides',
    ],
    ['repair', 'Repair', 'Réparation', 'Fixing something that broke', 'Remise en état après une panne'],
    ['fuel', 'Fuel', 'Carburant', 'A fill-up or a charge', 'Un plein ou une recharge'],
    ['modification', 'Modification', 'Modification', 'Upgrades and tuning', 'Améliorations et préparation'],
    [
      'inspection',
      'Inspection',
      'Contrôle technique',
      'Roadworthiness test or check-up',
      'Contrôle technique ou révision',
    ],
    ['insurance', 'Insurance', 'Assurance'],
    ['tax', 'Tax', 'Taxe', 'Road tax, registration and fees', 'Taxes, carte grise et frais'],
    ['cleaning', 'Cleaning', 'Nettoyage', 'Washing, detailing', 'Lavage, esthétique'],
    [
      'event',
      'Event',
      'Événement',
      'Track day, meet, road trip',
      'Journée circuit, rassemblement, road trip',
    ],
    ['other', 'Other', 'Autre'],
  ],
  currencyCode: [
    ['EUR', 'Euro', 'Euro', '€', '€'],
    ['USD', 'US dollar', 'Dollar américain', '$', '$'],
    ['GBP', 'Pound sterling', 'Livre sterling', '£', '£'],
    ['CHF', 'Swiss franc', 'Franc suisse', 'CHF', 'CHF'],
    ['CAD', 'Canadian dollar', 'Dollar canadien', 'CA$', '$ CA'],
    ['AUD', 'Australian dollar', 'Dollar australien', 'A$', '$ AU'],
    ['NZD', 'New Zealand dollar', 'Dollar néo-zélandais', 'NZ$', '$ NZ'],
    ['JPY', 'Japanese yen', 'Yen japonais', '¥', '¥'],
    ['CNY', 'Chinese yuan', 'Yuan chinois', 'CN¥', 'CN¥'],
    ['SEK', 'Swedish krona', 'Couronne suédoise', 'kr', 'kr'],
    ['NOK', 'Norwegian krone', 'Couronne norvégienne', 'kr', 'kr'],
    ['DKK', 'Danish krone', 'Couronne danoise', 'kr', 'kr'],
    ['PLN', 'Polish złoty', 'Złoty polonais', 'zł', 'zł'],
    ['CZK', 'Czech koruna', 'Couronne tchèque', 'Kč', 'Kč'],
    ['HUF', 'Hungarian forint', 'Forint hongrois', 'Ft', 'Ft'],
    ['MAD', 'Moroccan dirham', 'Dirham marocain', 'MAD', 'MAD'],
    ['XOF', 'West African CFA franc', 'Franc CFA (BCEAO)', 'F CFA', 'F CFA'],
    ['BRL', 'Brazilian real', 'Réal brésilien', 'R$', 'R$'],
    ['MXN', 'Mexican peso', 'Peso mexicain', 'MX$', '$ MX'],
    ['INR', 'Indian rupee', 'Roupie indienne', '₹', '₹'],
    ['ZAR', 'South African rand', 'Rand sud-africain', 'R', 'R'],
    ['AED', 'UAE dirham', 'Dirham des Émirats', 'AED', 'AED'],
  ],
};

/** The jsonPayload of one seeded entry: label_{locale} and, when given, description_{locale}. */
function payload([, en, fr, enDescription, frDescription]: Row): Record<string, string> {
  return {
    'label_en-US': en,
    'label_fr-FR': fr,
    ...(enDescription ? { 'description_en-US': enDescription } : {}),
    ...(frDescription ? { 'description_fr-FR': frDescription } : {}),
  };
}

/** The rows this migration inserts. */
export function seedRows() {
  return Object.entries(SEED).flatMap(([domainId, entries]) =>
    entries.map((row, position) => ({
      domain_id: domainId,
      key: row[0],
      json_payload: JSON.stringify(payload(row)),
      position,
    })),
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('domain_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('json_payload', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('settings_pk', ['domain_id', 'key'])
    .execute();

  await db.insertInto('settings').values(seedRows()).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').ifExists().execute();
}
