import { createFileRoute } from '@tanstack/react-router';
import { FeedScreen } from '@/features/posts/feed-screen';

export const Route = createFileRoute('/_authenticated/feed')({ component: FeedScreen });
