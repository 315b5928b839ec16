import type { ServerLocale } from '../platform/locales';
import type { LegalText } from './legal-documents';

export const TERMS: Record<ServerLocale, LegalText> = {
  'en-US': {
    title: 'Terms of use',
    paragraphs: [
      'Paddock is a community app for car enthusiasts: you can post to a feed, describe your cars, keep maintenance and history logs, make friends, exchange private messages and chat in groups. By creating an account you accept these terms.',
      'Your account is personal. Keep your password to yourself and use a password you do not use elsewhere. You are responsible for what is done with your account; tell us if you think someone else has used it.',
      'You keep the rights to what you publish (texts, photos, videos). You allow Paddock to store it, show it to the members you share it with and copy it to your devices so that the app works offline. Only publish what you have the right to publish.',
      "Be respectful. Paddock has zero tolerance for abuse: harassment, hate speech, illegal content, nudity, violence, scams, spam, other people's personal data and content that endangers others are forbidden. The moderators remove such content and warn or suspend the accounts that post it.",
      'You can block any member (they can no longer reach you or see your things), mute a friend, and report a post, a comment, a message, a chat line, a car or a profile from the app. The moderators act on reports within 24 hours and tell you the outcome. Reporting a private message shares that message, and only it, with them.',
      'Car logs, costs and mileage are notes for your own use. Paddock gives no mechanical, legal or financial advice; check important information with a professional.',
      'The service is provided as is. We do our best to keep it available and your data safe, but an interruption or a loss can happen: keep your own copy of anything precious.',
      'You can stop using Paddock and delete your account at any time. We may change these terms; the date above shows the latest version, and we will tell you of important changes in the app.',
    ],
  },
  'fr-FR': {
    title: 'Conditions d’utilisation',
    paragraphs: [
      'Paddock est une application communautaire pour les passionnés d’automobile : vous pouvez publier dans un fil, décrire vos voitures, tenir des carnets d’entretien et d’historique, vous faire des amis, échanger des messages privés et discuter en groupes. En créant un compte, vous acceptez ces conditions.',
      'Votre compte est personnel. Gardez votre mot de passe pour vous et n’utilisez pas un mot de passe qui sert ailleurs. Vous êtes responsable de ce qui est fait avec votre compte ; prévenez-nous si vous pensez que quelqu’un d’autre l’a utilisé.',
      'Vous gardez les droits sur ce que vous publiez (textes, photos, vidéos). Vous autorisez Paddock à le conserver, à le montrer aux membres avec qui vous le partagez et à le copier sur vos appareils pour que l’application fonctionne hors ligne. Ne publiez que ce que vous avez le droit de publier.',
      'Soyez respectueux. Paddock ne tolère aucun abus : le harcèlement, les propos haineux, les contenus illégaux, la nudité, la violence, les arnaques, le spam, les données personnelles d’autrui et les contenus qui mettent les autres en danger sont interdits. Les modérateurs retirent ces contenus et avertissent ou suspendent les comptes qui les publient.',
      'Vous pouvez bloquer n’importe quel membre (il ne peut plus vous joindre ni voir ce qui est à vous), masquer un ami et signaler une publication, un commentaire, un message, une ligne de discussion, une voiture ou un profil depuis l’application. Les modérateurs traitent les signalements sous 24 heures et vous informent de la suite donnée. Signaler un message privé le transmet, lui seul, aux modérateurs.',
      'Les carnets, coûts et kilométrages sont des notes pour votre propre usage. Paddock ne donne aucun conseil mécanique, juridique ou financier ; vérifiez les informations importantes auprès d’un professionnel.',
      'Le service est fourni en l’état. Nous faisons de notre mieux pour qu’il reste disponible et que vos données soient en sécurité, mais une interruption ou une perte peut arriver : gardez votre propre copie de ce qui compte pour vous.',
      'Vous pouvez cesser d’utiliser Paddock et supprimer votre compte à tout moment. Nous pouvons modifier ces conditions ; la date ci-dessus indique la dernière version, et nous vous signalerons les changements importants dans l’application.',
    ],
  },
};
