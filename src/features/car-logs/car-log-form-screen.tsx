import { NotBuiltYet } from '@/features/layout/not-built-yet';

/** One screen for new-car-log/{carId} and edit-car-log/{carId}/{logId} (spec §2). */
export function CarLogFormScreen({ logId }: { carId: string; logId?: string }) {
  return <NotBuiltYet titleKey={logId ? 'CAR_LOGS.EDIT_TITLE' : 'CAR_LOGS.NEW_TITLE'} />;
}
