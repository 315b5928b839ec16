import type { ServerLocale } from '../platform/locales';
import type { Mail } from './mailer';

const TEXTS: Record<ServerLocale, { subject: string; lines: (link: string, minutes: number) => string[] }> = {
  'en-US': {
    subject: 'Reset your Paddock password',
    lines: (link, minutes) => [
      'Hello,',
      '',
      'Someone (hopefully you) asked to reset the password of your Paddock account.',
      `Open this link within ${minutes} minutes to choose a new password:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      '',
      'Paddock — Home of the car enthusiasts',
    ],
  },
  'fr-FR': {
    subject: 'Réinitialisez votre mot de passe Paddock',
    lines: (link, minutes) => [
      'Bonjour,',
      '',
      'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Paddock.',
      `Ouvrez ce lien dans les ${minutes} minutes pour choisir un nouveau mot de passe :`,
      '',
      link,
      '',
      'Le lien ne sert qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.',
      '',
      'Paddock — Le repaire des passionnés d’automobile',
    ],
  },
};

/** The reset link sits alone on its line so that mail clients make it clickable whole. */
export function resetPasswordMail(to: string, link: string, ttlSeconds: number, locale: ServerLocale): Mail {
  const t = TEXTS[locale];
  return { to, subject: t.subject, text: t.lines(link, Math.round(ttlSeconds / 60)).join('\r\n') };
}
