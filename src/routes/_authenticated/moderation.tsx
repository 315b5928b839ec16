import { createFileRoute } from '@tanstack/react-router';
import { ModerationScreen } from '@/features/moderation';

export const Route = createFileRoute('/_authenticated/moderation')({ component: ModerationScreen });
