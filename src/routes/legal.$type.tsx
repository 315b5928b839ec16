import { createFileRoute, notFound } from '@tanstack/react-router';
import type { LegalType } from '@/contract/auth';
import { LegalScreen } from '@/features/legal/legal-screen';

const TYPES: readonly LegalType[] = ['terms', 'privacy'];

export const Route = createFileRoute('/legal/$type')({
  params: {
    parse: ({ type }) => {
      if (!(TYPES as readonly string[]).includes(type)) throw notFound();
      return { type: type as LegalType };
    },
    stringify: ({ type }) => ({ type }),
  },
  component: LegalRoute,
});

function LegalRoute() {
  const { type } = Route.useParams();
  return <LegalScreen type={type} />;
}
