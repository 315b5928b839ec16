import type { ServerLocale } from '../platform/locales';
import type { LegalText } from './legal-documents';

export const PRIVACY: Record<ServerLocale, LegalText> = {
  'en-US': {
    title: 'Privacy notice',
    paragraphs: [
      'This notice says what Paddock keeps about you, why, and how to have it deleted.',
      'Account: your e-mail address, username, first and last name, and optionally your city, bio and avatar. Your password is never stored as such, only as a one-way hash. If you sign in through an outside provider (such as Google), we keep the identifier that provider gives us for you.',
      'What you create: your cars, car logs (with costs, mileage, places, tags and attached photos), posts, comments, likes, private messages, chat messages, friend requests and notifications. Photos are re-encoded when they arrive, which removes their hidden data such as the GPS position where they were taken.',
      'Technical data: sign-in sessions (to keep you signed in and let you sign out everywhere), and short-lived server logs used to keep the service running and secure. Logs never contain your password or sign-in tokens. We use no advertising trackers and sell nothing to anyone.',
      "Offline copies on your device: so that Paddock works offline, without a network, the app keeps a copy of your recent data (posts, cars, logs, messages, labels) and the changes you have not sent yet in your browser's storage, plus your sign-in tokens. Signing out removes the tokens; clearing the site data in your browser removes everything else.",
      'Who sees what: your posts and profile are visible to other members; your cars to your friends; your car logs only to you; a private message to you and its recipient; a chat message to the members of its group or room.',
      "Your rights: you can see and correct your data in the app, and ask for a copy or for the deletion of your account. Deleting your account deletes your profile, cars, logs, posts, comments, messages and media from the server; copies on your devices go when you clear the app's data. Write to the contact address of your Paddock service to use these rights.",
    ],
  },
  'fr-FR': {
    title: 'Politique de confidentialité',
    paragraphs: [
      'Cette notice explique ce que Paddock conserve à votre sujet, pourquoi, et comment le faire supprimer.',
      'Compte : votre adresse e-mail, votre nom d’utilisateur, vos prénom et nom, et si vous le souhaitez votre ville, votre bio et votre avatar. Votre mot de passe n’est jamais conservé tel quel, seulement sous forme d’empreinte irréversible. Si vous vous connectez via un fournisseur externe (comme Google), nous gardons l’identifiant que ce fournisseur nous donne pour vous.',
      'Ce que vous créez : vos voitures, vos carnets (avec coûts, kilométrages, lieux, étiquettes et photos jointes), publications, commentaires, mentions j’aime, messages privés, messages de discussion, demandes d’amis et notifications. Les photos sont réencodées à leur arrivée, ce qui efface leurs données cachées comme la position GPS de la prise de vue.',
      'Données techniques : les sessions de connexion (pour vous garder connecté et vous permettre de vous déconnecter partout) et des journaux serveur de courte durée, utiles au bon fonctionnement et à la sécurité du service. Les journaux ne contiennent jamais votre mot de passe ni vos jetons de connexion. Nous n’utilisons aucun traceur publicitaire et ne vendons rien à personne.',
      'Copies hors ligne sur votre appareil : pour que Paddock fonctionne hors ligne, sans réseau, l’application garde dans le stockage de votre navigateur une copie de vos données récentes (publications, voitures, carnets, messages, libellés) et les modifications pas encore envoyées, ainsi que vos jetons de connexion. La déconnexion efface les jetons ; effacer les données du site dans votre navigateur efface le reste.',
      'Qui voit quoi : vos publications et votre profil sont visibles des autres membres ; vos voitures, de vos amis ; vos carnets, de vous seul ; un message privé, de vous et de son destinataire ; un message de discussion, des membres de son groupe ou de son salon.',
      'Vos droits : vous pouvez consulter et corriger vos données dans l’application, et demander une copie ou la suppression de votre compte. La suppression du compte efface du serveur votre profil, vos voitures, carnets, publications, commentaires, messages et médias ; les copies sur vos appareils disparaissent quand vous effacez les données de l’application. Écrivez à l’adresse de contact de votre service Paddock pour exercer ces droits.',
    ],
  },
};
