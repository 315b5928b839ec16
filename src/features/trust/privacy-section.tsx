// Account settings, privacy: who may send me a private message (`messagesFrom`, friends by default)
// and the members I blocked, each with "Unblock" (docs/SPEC-NOTES.md "Trust").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { MESSAGES_FROM, type MessagesFrom } from '@/contract/constants';
import { api } from '@/lib/http/api-client';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { Alert, Button, Card, Skeleton } from '@/ui';
import type { BlockedMember } from '@/contract/trust';
import { listBlocks } from './api';
import { unblockMember } from './block-actions';

const blocksKey = ['trust', 'blocks'] as const;
/** The account feature's preferences query: its answer carries `messagesFrom`. */
const preferencesKey = ['account', 'preferences'] as const;

const MESSAGES_FROM_KEYS: Record<MessagesFrom, string> = {
  friends: 'TRUST.MESSAGES_FROM_FRIENDS',
  everyone: 'TRUST.MESSAGES_FROM_EVERYONE',
};

export function PrivacySection() {
  const t = useT();
  const titleId = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.get<{ messagesFrom?: MessagesFrom }>('/users/me/preferences', { signal }),
  });
  const messagesFrom = useMutation({
    mutationFn: (value: MessagesFrom) =>
      api.put<{ messagesFrom: MessagesFrom }>('/users/me/preferences', { messagesFrom: value }),
    onSuccess: (saved) =>
      queryClient.setQueryData(preferencesKey, (old: object | undefined) => ({
        ...old,
        messagesFrom: saved.messagesFrom,
      })),
  });
  const blocks = useQuery({ queryKey: blocksKey, queryFn: ({ signal }) => listBlocks(signal) });
  // Through the outbox: the member leaves the list at once, sent now or once back online.
  const unblock = useMutation({
    mutationFn: (userId: string) => unblockMember(userId),
    onSuccess: (_outcome, userId) =>
      queryClient.setQueryData(blocksKey, (old: BlockedMember[] | undefined) =>
        old?.filter((member) => member.id !== userId),
      ),
  });
  const current = messagesFrom.isPending
    ? messagesFrom.variables
    : (preferences.data?.messagesFrom ?? 'friends');
  return (
    <section className="account-section" aria-labelledby={titleId}>
      <Card className="account-section__card ui-flex ui-column ui-gap-3">
        <h2 id={titleId} className="account-section__title">
          {t('TRUST.PRIVACY_TITLE')}
        </h2>
        <fieldset className="trust-report__reasons" disabled={!preferences.data}>
          <legend>{t('TRUST.MESSAGES_FROM')}</legend>
          {MESSAGES_FROM.map((value) => (
            <label key={value} className="trust-report__reason">
              <input
                type="radio"
                name="messagesFrom"
                value={value}
                checked={current === value}
                onChange={() => messagesFrom.mutate(value)}
              />
              <span>{t(MESSAGES_FROM_KEYS[value])}</span>
            </label>
          ))}
        </fieldset>
        {messagesFrom.isError ? <Alert kind="error">{t('TRUST.ACTION_FAILED')}</Alert> : null}
        <h3>{t('TRUST.BLOCKED_TITLE')}</h3>
        {blocks.data ? (
          blocks.data.length === 0 ? (
            <p>{t('TRUST.BLOCKED_EMPTY')}</p>
          ) : (
            <ul className="ui-bare-list ui-flex ui-column ui-gap-2" aria-label={t('TRUST.BLOCKED_TITLE')}>
              {blocks.data.map((member) => (
                <li key={member.id} className="ui-flex ui-center ui-between ui-gap-2">
                  <span>{displayName(member)}</span>
                  <Button
                    variant="secondary"
                    size="small"
                    busy={unblock.isPending && unblock.variables === member.id}
                    aria-label={t('TRUST.UNBLOCK_NAMED', { name: displayName(member) })}
                    onClick={() => unblock.mutate(member.id)}
                  >
                    {t('TRUST.UNBLOCK')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        ) : blocks.isError ? (
          <Alert kind="error">{t('TRUST.BLOCKED_LOAD_FAILED')}</Alert>
        ) : (
          <Skeleton height="2rem" />
        )}
        {unblock.isError ? <Alert kind="error">{t('TRUST.ACTION_FAILED')}</Alert> : null}
      </Card>
    </section>
  );
}
