import { Type } from 'typebox';
import { CalendarFeed, CalendarFeedQuery } from '../../../src/contract/reminder-delivery';
import { errors, answer, memberRoutes, type RoutePlugin } from '../http/route-schemas';
import { matchesEtag, type CalendarService } from './calendar-service';

/** My reminders as a calendar feed that phones and desktop calendars subscribe to. */
export const calendarRoutes: RoutePlugin<{ calendar: CalendarService }> = async (app, { calendar }) => {
  const tags = ['reminders'];
  const route = memberRoutes(app.authenticate, tags);

  app.get(
    '/reminders/calendar.ics',
    {
      schema: {
        tags,
        summary:
          'My reminders with a due date (a distance-only one on its predicted date) as an iCalendar feed ' +
          '(text/calendar, RFC 5545). No session: the key is the secret; a wrong or renewed key answers 404. ' +
          'Answers an ETag; 304 to an If-None-Match that names it.',
        querystring: CalendarFeedQuery,
        response: {
          200: Type.String({ description: 'text/calendar; charset=utf-8' }),
          304: Type.Null({ description: 'Not modified: the If-None-Match names the current ETag' }),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { body, etag } = await calendar.feed(request.query.key);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="paddock-reminders.ics"')
        .send(body);
    },
  );

  app.get(
    '/reminders/calendar-key',
    route("My calendar feed's URL (made on first ask); keep it secret", {
      response: answer.item(CalendarFeed, 401),
    }),
    async (request) => ({ success: true as const, data: { url: await calendar.url(request.member.id) } }),
  );

  app.post(
    '/reminders/calendar-key/renew',
    route('A new calendar feed URL: the old one stops working at once', {
      response: answer.item(CalendarFeed, 401),
    }),
    async (request) => ({ success: true as const, data: { url: await calendar.renew(request.member.id) } }),
  );
};
