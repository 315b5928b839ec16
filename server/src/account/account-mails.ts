// The account-settings mails, in the member's language; plain text, each link alone on its line.
import type { Mail } from '../auth/mailer';
import type { ServerLocale } from '../platform/locales';

const SIGNATURE: Record<ServerLocale, string> = {
  'en-US': 'Paddock — Home of the car enthusiasts',
  'fr-FR': 'Paddock — Le repaire des passionnés d’automobile',
};

const mail = (to: string, subject: string, lines: string[], locale: ServerLocale): Mail => ({
  to,
  subject,
  text: [...lines, '', SIGNATURE[locale]].join('\r\n'),
});

/** To the NEW address: the single-use link that makes it the account's. */
export function confirmEmailMail(to: string, link: string, hours: number, locale: ServerLocale): Mail {
  return locale === 'fr-FR'
    ? mail(
        to,
        'Confirmez votre nouvelle adresse e-mail Paddock',
        [
          'Bonjour,',
          '',
          'Quelqu’un (vous, espérons-le) a demandé que cette adresse devienne celle de son compte Paddock.',
          `Ouvrez ce lien dans les ${hours} heures pour le confirmer :`,
          '',
          link,
          '',
          'Le lien ne sert qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.',
        ],
        locale,
      )
    : mail(
        to,
        'Confirm your new Paddock e-mail address',
        [
          'Hello,',
          '',
          'Someone (hopefully you) asked to make this address the one of their Paddock account.',
          `Open this link within ${hours} hours to confirm it:`,
          '',
          link,
          '',
          'The link works once. If you did not ask for it, ignore this e-mail: nothing changes.',
        ],
        locale,
      );
}

/** To a NEW address that already has an account: nothing changes, and its owner knows why they got a mail. */
export function emailTakenMail(to: string, locale: ServerLocale): Mail {
  return locale === 'fr-FR'
    ? mail(
        to,
        'Tentative d’utiliser votre adresse sur Paddock',
        [
          'Bonjour,',
          '',
          'Quelqu’un a demandé que cette adresse devienne celle d’un autre compte Paddock. Elle appartient déjà à votre compte : rien n’a changé.',
          'Si c’était vous, connectez-vous avec cette adresse. Sinon, ignorez cet e-mail.',
        ],
        locale,
      )
    : mail(
        to,
        'Someone tried to use your address on Paddock',
        [
          'Hello,',
          '',
          'Someone asked to make this address the one of another Paddock account. It already belongs to your account: nothing has changed.',
          'If it was you, sign in with this address. Otherwise, ignore this e-mail.',
        ],
        locale,
      );
}

/** To the OLD address, once the change is confirmed. */
export function emailChangedMail(to: string, newEmail: string, locale: ServerLocale): Mail {
  return locale === 'fr-FR'
    ? mail(
        to,
        'L’adresse e-mail de votre compte Paddock a changé',
        [
          'Bonjour,',
          '',
          `L’adresse e-mail de votre compte Paddock est désormais ${newEmail}. Les e-mails du compte n’arriveront plus ici.`,
          'Si vous n’êtes pas à l’origine de ce changement, répondez à cet e-mail pour nous prévenir.',
        ],
        locale,
      )
    : mail(
        to,
        'The e-mail address of your Paddock account changed',
        [
          'Hello,',
          '',
          `The e-mail address of your Paddock account is now ${newEmail}. The account's e-mails will no longer come here.`,
          'If you did not make this change, reply to this e-mail to let us know.',
        ],
        locale,
      );
}

/** To the account's address after a password change. */
export function passwordChangedMail(to: string, locale: ServerLocale): Mail {
  return locale === 'fr-FR'
    ? mail(
        to,
        'Le mot de passe de votre compte Paddock a changé',
        [
          'Bonjour,',
          '',
          'Le mot de passe de votre compte Paddock vient d’être changé ; vos autres appareils ont été déconnectés.',
          'Si vous n’êtes pas à l’origine de ce changement, choisissez-en un nouveau avec « Mot de passe oublié ».',
        ],
        locale,
      )
    : mail(
        to,
        'The password of your Paddock account changed',
        [
          'Hello,',
          '',
          'The password of your Paddock account was just changed; your other devices were signed out.',
          'If you did not make this change, choose a new one with "Forgot password".',
        ],
        locale,
      );
}
