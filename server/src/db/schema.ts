// Table types for Kysely. One schema for SQLite and PostgreSQL: text ids (UUID), ISO-8601 text
// timestamps (they sort as text), integer 0/1 booleans. Repositories convert rows to API shapes.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  username_lower: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  city: string | null;
  bio: string | null;
  avatar: string | null;
  /** 'en-US' | 'fr-FR', null until the member chooses (migration 0012). */
  language: string | null;
  /** Set when the account was deleted (migration 0018): the row is a tombstone, see there. */
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One signed-in device: a refresh-token family. Access tokens carry its id as `sid`. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  /** Absolute end of the family, whatever the rotations. */
  expires_at: string;
  revoked_at: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ExternalIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  member_id: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  /** null while the first request is still being answered. */
  status_code: number | null;
  response_body: string | null;
  created_at: string;
  /** PostgreSQL: the node answering it while in progress (migration 0013); null otherwise. */
  node_id: string | null;
}

/** A started sign-in through an outside provider; deleted when its callback arrives. */
export interface OidcLoginStatesTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  created_at: string;
  expires_at: string;
}

export interface SettingsTable {
  domain_id: string;
  key: string;
  /** JSON text: { "label_en-US": …, "label_fr-FR": …, "description_en-US"?: … } */
  json_payload: string;
  position: number;
}

/** A member's car. `description` is sanitised Quill HTML. */
export interface CarsTable {
  id: string;
  owner_id: string;
  make: string;
  model: string;
  year: number | null;
  nickname: string | null;
  energy_type: string | null;
  gearbox_type: string | null;
  upholstery_material: string | null;
  mileage: number | null;
  mileage_unit: string;
  description: string | null;
  image: string | null;
  /** The car's papers (migration 0031): VIN upper-case, dates YYYY-MM-DD. */
  vin?: string | null;
  plate?: string | null;
  first_registration_date?: string | null;
  inspection_due_date?: string | null;
  insurance_due_date?: string | null;
  /** JSON text: string[], the main energy first (migration 0031); null: only `energy_type`. */
  energy_types?: string | null;
  /** How many car_logs rows the car has; kept by triggers (migration 0006), never written by code. */
  log_count: Generated<number>;
  /** Grows with every insert, update and delete of the car's logs; kept by the same triggers. */
  log_version: Generated<number>;
  /** Grows with every change to the car's reminders as answered; kept by triggers (migration 0022). */
  reminders_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One entry of a car's log book; private to the car's owner. */
export interface CarLogsTable {
  id: string;
  car_id: string;
  type: string;
  title: string;
  content: string | null;
  location: string | null;
  /** JSON text: string[] */
  tags: string;
  /** Integer cents: exact sums in both dialects. */
  cost_cents: number | null;
  currency_code: string | null;
  /** YYYY-MM-DD */
  start_date: string;
  mileage: number | null;
  /** A fill-up (migration 0015): all null on other logs. */
  fuel_quantity: number | null;
  /** l, gal_us, gal_uk or kwh */
  fuel_unit: string | null;
  /** 0 or 1 */
  fuel_full_tank: number | null;
  /** 0 or 1 */
  fuel_missed_previous: number | null;
  /** Who wrote it (migration 0021): the car's owner or a member it is shared with. */
  author_id: string | null;
  /** Written in a former owner's time (migration 0023): that owner's id; null for the current owner's. */
  former_owner_id?: string | null;
  fuel_price_per_unit: number | null;
  /** 1: "it's right", the economy of the segment this fill-up closes is never suspect (migration 0029). */
  fuel_economy_confirmed?: number | null;
  /** A key of the energyType settings (migration 0029); null: the car's main energy. */
  fuel_energy?: string | null;
  /** The fingerprint of the imported row this log was made from (migration 0017); null otherwise. */
  import_fingerprint?: string | null;
  created_at: string;
  updated_at: string;
}

/** A car's tyre set or other equipment (migration 0030). */
export interface CarEquipmentTable {
  id: string;
  car_id: string;
  kind: string;
  name: string;
  dot_code: string | null;
  reminder_distance: number | null;
  reminder_age_months: number | null;
  /** JSON text: EquipmentStint[], oldest first. */
  stints: string;
  created_at: string;
  updated_at: string;
}

/** A paper of a car (migration 0026): one file of the media store, of a kind. */
export interface CarPapersTable {
  id: string;
  car_id: string;
  media_id: string;
  /** registration, insurance, inspection or other. */
  kind: string;
  created_at: string;
}

/** A member's maintenance reminder on one of their cars (migration 0015); its state is derived. */
export interface RemindersTable {
  id: string;
  owner_id: string;
  car_id: string;
  title: string;
  log_type: string | null;
  interval_months: number | null;
  interval_distance: number | null;
  due_date: string | null;
  due_mileage: number | null;
  soon_days: number | null;
  soon_distance: number | null;
  notes: string | null;
  created_mileage: number | null;
  /** The car field it was made from (migration 0031): inspectionDueDate, insuranceDueDate or null. */
  source?: string | null;
  /**
   * The last state the member was told of: null, 'soon' or 'overdue'. The one column whose update
   * leaves `cars.reminders_version` as it is: a column added here joins migration 0022's list.
   */
  notified_state: string | null;
  /** Grows with each change of the reminder (migration 0027): the calendar's SEQUENCE. */
  sequence: Generated<number>;
  /** The day the calendar feed last showed (migration 0027); null until shown, or after a write. */
  calendar_date: Generated<string | null>;
  /** When the car's logs last moved that day (LAST-MODIFIED when later than `updated_at`). */
  calendar_changed_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** An uploaded file (image re-encoded, or PDF as sent); see server/src/media. */
export interface MediaTable {
  id: string;
  owner_id: string;
  kind: 'image' | 'pdf';
  mime: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  storage_key: string;
  original_name: string;
  created_at: string;
}

export interface CarLogMediaTable {
  car_log_id: string;
  media_id: string;
  position: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  external_identities: ExternalIdentitiesTable;
  idempotency_keys: IdempotencyKeysTable;
  oidc_login_states: OidcLoginStatesTable;
  settings: SettingsTable;
  cars: CarsTable;
  car_logs: CarLogsTable;
  media: MediaTable;
  car_log_media: CarLogMediaTable;
  reminders: RemindersTable;
  car_equipment: CarEquipmentTable;
  car_papers: CarPapersTable;
}

export type { Generated };
