import { createFileRoute } from '@tanstack/react-router';
import { SearchScreen } from '@/features/search/search-screen';

export const Route = createFileRoute('/_authenticated/search')({ component: SearchScreen });
