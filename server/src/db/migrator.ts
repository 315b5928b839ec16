import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_accounts';
import * as m0002 from './migrations/0002_oidc_login_states';
import * as m0003 from './migrations/0003_settings';
import * as m0004 from './migrations/0004_garage';
import * as m0005 from './migrations/0005_media';
import * as m0006 from './migrations/0006_garage_indexes';
import * as m0007 from './migrations/0007_friends';
import * as m0008 from './migrations/0008_messages_notifications';
import * as m0009 from './migrations/0009_posts';
import * as m0010 from './migrations/0010_chat';
import * as m0011 from './migrations/0011_fold_text';
import * as m0012 from './migrations/0012_user_language';
import * as m0013 from './migrations/0013_idempotency_node';
import * as m0014 from './migrations/0014_account_settings';
import * as m0015 from './migrations/0015_maintenance';
import * as m0016 from './migrations/0016_push';
import * as m0017 from './migrations/0017_import_fingerprint';
import * as m0018 from './migrations/0018_deleted_members';
import * as m0019 from './migrations/0019_history_links';
import * as m0020 from './migrations/0020_fuel_index';
import * as m0021 from './migrations/0021_car_members';
import * as m0022 from './migrations/0022_reminders_version';
import * as m0023 from './migrations/0023_car_transfers';
import * as m0024 from './migrations/0024_post_car_logs';
import * as m0025 from './migrations/0025_message_folder_version';
import * as m0027 from './migrations/0027_push_deliveries';
import * as m0028 from './migrations/0028_finite_numbers';
import * as m0029 from './migrations/0029_car_mileage_follows_logs';
import * as m0030 from './migrations/0030_car_equipment';
import * as m0031 from './migrations/0031_car_papers';
import * as m0032 from './migrations/0032_social_push';
import * as m0033 from './migrations/0033_chat_mutes';
import * as m0034 from './migrations/0034_trust';
import * as m0038 from './migrations/0038_attached_images';

// Add each new migration here, in order. Names sort; never rename or edit a landed migration.
const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_oidc_login_states': m0002,
  '0003_settings': m0003,
  '0004_garage': m0004,
  '0005_media': m0005,
  '0006_garage_indexes': m0006,
  '0007_friends': m0007,
  '0008_messages_notifications': m0008,
  '0009_posts': m0009,
  '0010_chat': m0010,
  '0011_fold_text': m0011,
  '0012_user_language': m0012,
  '0013_idempotency_node': m0013,
  '0014_account_settings': m0014,
  '0015_maintenance': m0015,
  '0016_push': m0016,
  '0017_import_fingerprint': m0017,
  '0018_deleted_members': m0018,
  '0019_history_links': m0019,
  '0020_fuel_index': m0020,
  '0021_car_members': m0021,
  '0022_reminders_version': m0022,
  '0023_car_transfers': m0023,
  '0024_post_car_logs': m0024,
  '0025_message_folder_version': m0025,
  '0027_push_deliveries': m0027,
  '0028_finite_numbers': m0028,
  '0029_car_mileage_follows_logs': m0029,
  '0030_car_equipment': m0030,
  '0031_car_papers': m0031,
  '0032_social_push': m0032,
  '0033_chat_mutes': m0033,
  '0034_trust': m0034,
  '0038_attached_images': m0038,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Kysely's migration lock makes concurrent starts safe. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
