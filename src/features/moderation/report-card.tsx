// One open report in the moderators' queue: what was reported, why, by how many, when, and the
// thing as it was reported (kept whatever its author did since), with the four actions.
import type { ModerationAction, ModerationReport } from '@/contract/trust';
import { MODERATION_ACTIONS } from '@/contract/constants';
import { formatDate, useT } from '@/lib/i18n';
import { Button } from '@/ui';
import { ACTION_KEYS } from './action-dialog';

export const TARGET_KEYS: Record<string, string> = {
  user: 'MODERATION.TARGET_USER',
  post: 'MODERATION.TARGET_POST',
  comment: 'MODERATION.TARGET_COMMENT',
  message: 'MODERATION.TARGET_MESSAGE',
  'chat-message': 'MODERATION.TARGET_CHAT_MESSAGE',
  car: 'MODERATION.TARGET_CAR',
};

/** The reasons' names, the report form's own (one wording for the member and the moderator). */
const REASON_KEYS: Record<string, string> = {
  spam: 'TRUST.REASON_SPAM',
  harassment: 'TRUST.REASON_HARASSMENT',
  hate: 'TRUST.REASON_HATE',
  nudity: 'TRUST.REASON_NUDITY',
  violence: 'TRUST.REASON_VIOLENCE',
  scam: 'TRUST.REASON_SCAM',
  other: 'TRUST.REASON_OTHER',
};

/** The fields of a reported thing a moderator reads (ids and file addresses are left out). */
const FIELD_KEYS: Record<string, string> = {
  subject: 'MODERATION.FIELD_SUBJECT',
  username: 'MODERATION.FIELD_USERNAME',
  firstName: 'MODERATION.FIELD_FIRST_NAME',
  lastName: 'MODERATION.FIELD_LAST_NAME',
  city: 'MODERATION.FIELD_CITY',
  make: 'MODERATION.FIELD_MAKE',
  model: 'MODERATION.FIELD_MODEL',
  nickname: 'MODERATION.FIELD_NICKNAME',
};

/** A profile or a car cannot be removed (warn or suspend its owner); a thing without author only dismissed. */
export function actionsFor(report: ModerationReport): ModerationAction[] {
  if (!report.content.authorId) return ['dismiss'];
  const removable = report.targetType !== 'user' && report.targetType !== 'car';
  return MODERATION_ACTIONS.filter((action) => removable || action !== 'remove-content');
}

/**
 * A post's or a message's text is sanitised HTML: shown as plain text (never as markup), the way
 * the moderator must read it whatever it holds.
 */
export function plainText(text: string): string {
  if (!/[<&]/.test(text)) return text;
  const doc = new DOMParser().parseFromString(text, 'text/html');
  doc.querySelectorAll('p, br, li, h1, h2, h3, blockquote').forEach((el) => el.append('\n'));
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

export const labelOf = (t: (key: string) => string, keys: Record<string, string>, value: string) =>
  keys[value] ? t(keys[value]) : value;

export function ReportCard({
  report,
  onAct,
}: {
  report: ModerationReport;
  onAct: (action: ModerationAction) => void;
}) {
  const t = useT();
  const headingId = `report-${report.id}`;
  const text = plainText(report.content.text);
  const fields = Object.entries(report.content.fields).filter(
    ([name, value]) => value && FIELD_KEYS[name],
  ) as [string, string][];
  return (
    <li className="moderation__item">
      <article className="ui-card moderation__card" aria-labelledby={headingId}>
        <header className="moderation__head">
          <h2 id={headingId} className="moderation__title">
            {t('MODERATION.REPORT_TITLE', {
              target: labelOf(t, TARGET_KEYS, report.targetType),
              reason: labelOf(t, REASON_KEYS, report.reason),
            })}
          </h2>
          <p className="moderation__meta">
            <span>{t('MODERATION.REPORTERS', { count: report.reporterCount })}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={report.reportedAt}>
              {t('MODERATION.REPORTED_AT', {
                when: formatDate(report.reportedAt, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </time>
          </p>
        </header>
        {report.details ? (
          <p className="moderation__details">
            <span className="moderation__caption">{t('MODERATION.DETAILS')}</span> {report.details}
          </p>
        ) : null}
        <figure className="moderation__content">
          <figcaption className="moderation__caption">{t('MODERATION.CONTENT')}</figcaption>
          {fields.length ? (
            <dl className="moderation__fields">
              {fields.map(([name, value]) => (
                <div key={name}>
                  <dt>{t(FIELD_KEYS[name]!)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {text ? (
            <blockquote className="moderation__text">{text}</blockquote>
          ) : (
            <p className="moderation__empty-text">{t('MODERATION.NO_TEXT')}</p>
          )}
        </figure>
        <div
          className="moderation__actions ui-flex ui-wrap ui-gap-2"
          role="group"
          aria-labelledby={headingId}
        >
          {actionsFor(report).map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'dismiss' ? 'secondary' : 'primary'}
              className={action === 'dismiss' ? undefined : 'ui-button--danger'}
              onClick={() => onAct(action)}
            >
              {t(ACTION_KEYS[action].label)}
            </Button>
          ))}
        </div>
      </article>
    </li>
  );
}
