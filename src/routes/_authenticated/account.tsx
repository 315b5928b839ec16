import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsScreen } from '@/features/account/account-settings-screen';

export const Route = createFileRoute('/_authenticated/account')({ component: AccountSettingsScreen });
