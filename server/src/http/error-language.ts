// Error messages in the member's language (docs/DESIGN-NOTES.md "API conventions"): the `code` never changes
// (the client keys its own texts by it); the `message` is a last resort for the client, written in
// the language the request asks for (Accept-Language), else the one the member chose (users.language),
// else English as always. The server's messages are written in English; this turns them into French
// by sentence, by pattern ("Car not found."), and at worst by code.
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../../src/contract/envelope';
import { matchAcceptLanguage } from '../platform/locale';
import type { ServerLocale } from '../platform/locales';

/** When nothing better fits: one sentence per code. */
const BY_CODE: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Certains champs sont manquants ou invalides.',
  INVALID_JSON: 'Le corps de la requête n’est pas du JSON valide.',
  UNAUTHORIZED: 'Veuillez vous connecter.',
  FORBIDDEN: 'Vous n’avez pas le droit de faire cela.',
  NOT_FOUND: 'Élément introuvable.',
  CONFLICT: 'Cette action est en conflit avec l’état actuel. Réessayez.',
  IDEMPOTENCY_CONFLICT: 'Cette clé d’idempotence a déjà servi pour une autre requête.',
  PAYLOAD_TOO_LARGE: 'L’envoi est trop volumineux.',
  UNSUPPORTED_MEDIA_TYPE: 'Ce type de contenu n’est pas accepté ici.',
  TOO_MANY_REQUESTS: 'Trop de requêtes. Patientez un peu avant de réessayer.',
  INVALID_RESET_TOKEN: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  FRIEND_REQUEST_PENDING: 'Votre demande d’ami est déjà en attente.',
  ALREADY_FRIENDS: 'Vous êtes déjà amis.',
  FRIEND_REQUEST_NOT_PENDING: 'Cette demande d’ami n’est plus en attente.',
  MEMBER_SUSPENDED:
    'Votre compte est suspendu par les modérateurs : vous ne pouvez ni publier, ni commenter, ni écrire.',
  REPORT_NOT_OPEN: 'Ce signalement a déjà été traité.',
  TOO_MANY_IMAGES: 'Trop de photos : une publication en porte au plus 10, un message au plus 4.',
  SERVICE_UNAVAILABLE: 'Le service est brièvement indisponible. Réessayez dans un instant.',
  MEDIA_STORE_UNAVAILABLE: 'Les fichiers sont brièvement indisponibles. Réessayez dans un instant.',
  INTERNAL_ERROR: 'Une erreur s’est produite de notre côté.',
  INVALID_CURRENT_PASSWORD: 'Le mot de passe actuel est incorrect.',
  INVALID_EMAIL_TOKEN: 'Ce lien de confirmation est invalide ou a expiré.',
  REAUTHENTICATION_REQUIRED: 'Reconnectez-vous, puis supprimez votre compte dans les 5 minutes.',
  ODOMETER_OUT_OF_ORDER: 'Ce relevé du compteur ne suit pas l’ordre des autres entrées de cette voiture.',
  ODOMETER_JUMP: 'Ce relevé du compteur suppose plus de 2 000 par jour depuis le précédent : confirmez-le.',
  IMPORT_FORMAT_UNKNOWN:
    'Ce fichier n’est pas dans un format que Paddock sait lire. Paddock lit les exports de : ' +
    'Spritmonitor (site : Mon compte › Télécharger les données › CSV), ' +
    'aCar (Menu › Sauvegarde/Restauration › Exporter en CSV), ' +
    'Drivvo (Menu › Paramètres › Exporter les données › CSV), ' +
    'Fuelly (site : un véhicule › Pleins ou Entretiens › Exporter en CSV ; appli : Réglages › Exporter), ' +
    'Fuelio (Menu › Sauvegarde › Exporter en CSV), ' +
    'LubeLogger (un véhicule › onglet Carburant, Entretien, Réparations, Améliorations ou Taxes › Exporter), ' +
    'Hammond (Réglages › Sauvegarde : le fichier de base de données) et Paddock (une voiture › Exporter). ' +
    'Ou indiquez le format avec « format ».',
  CAR_MEMBER_NOT_FRIEND: 'Vous ne pouvez partager une voiture qu’avec un ami.',
  CAR_MEMBER_EXISTS: 'Ce membre est déjà invité sur cette voiture, ou la partage déjà.',
  CAR_INVITE_NOT_PENDING: 'Cette invitation a déjà été acceptée.',
  CAR_TRANSFER_PENDING: 'Cette voiture est déjà proposée à quelqu’un : annulez d’abord cette cession.',
  CAR_TRANSFER_NOT_PENDING: 'Cette cession a déjà reçu une réponse : elle n’est plus en attente.',
  IMPORT_TOO_MANY_ROWS: 'Ce fichier a trop de lignes : un import en lit au plus 20 000. Découpez-le.',
  IMPORT_FILE_NOT_TEXT:
    'Ce fichier n’est pas un fichier texte (CSV) que Paddock sait lire : c’est un tableur, une archive ou un PDF, ' +
    'ou son texte est coupé. Exportez-le de nouveau depuis l’application au format CSV et choisissez ce fichier, sans l’ouvrir dans un tableur avant.',
  IMPORT_FILE_UNREADABLE:
    'Ce fichier ne se lit pas comme un export du format choisi ou reconnu. Si vous avez choisi un format dans « Options de lecture », ' +
    'vérifiez qu’il correspond à l’application d’où vient le fichier ; sinon exportez-le de nouveau, sans le modifier.',
  CAR_LOG_LIMIT: 'Cette voiture a atteint le nombre maximal d’entrées (50 000).',
  WORK_LIMIT_REACHED: 'Ce travail a dépassé sa limite de temps ou de mémoire : il a été arrêté.',
  CAR_TRANSFER_DAILY_LIMIT: 'Vous avez proposé 10 voitures ces dernières 24 heures : réessayez demain.',
  CAR_TRANSFER_DECLINED_RECENTLY:
    'Ce membre a refusé cette voiture il y a moins de 7 jours : vous pourrez la lui proposer de nouveau ensuite.',
};

/** The server's fixed sentences. */
const BY_MESSAGE: Record<string, string> = {
  'Authentication required.': 'Veuillez vous connecter.',
  'Incorrect e-mail or password.': 'E-mail ou mot de passe incorrect.',
  'Invalid or expired access token.': 'Jeton d’accès invalide ou expiré.',
  'Your session has expired. Please sign in again.': 'Votre session a expiré. Veuillez vous reconnecter.',
  'Some fields are missing or invalid.': 'Certains champs sont manquants ou invalides.',
  'The request body is not valid JSON.': 'Le corps de la requête n’est pas du JSON valide.',
  'The request body is too large.': 'Le corps de la requête est trop volumineux.',
  'This content type is not supported here.': 'Ce type de contenu n’est pas accepté ici.',
  'Something went wrong on our side.': 'Une erreur s’est produite de notre côté.',
  'The service is briefly unavailable. Please try again in a moment.':
    'Le service est brièvement indisponible. Réessayez dans un instant.',
  'Files are briefly unavailable. Please try again in a moment.':
    'Les fichiers sont brièvement indisponibles. Réessayez dans un instant.',
  'This account already exists.': 'Ce compte existe déjà.',
  'This username is already taken.': 'Ce nom d’utilisateur est déjà pris.',
  'This id is already in use.': 'Cet identifiant est déjà utilisé.',
  // car-equipment.ts
  'This equipment is mounted already.': 'Cet équipement est déjà monté.',
  'This equipment is not mounted.': 'Cet équipement n’est pas monté.',
  'A car holds at most 50 sets of equipment.': 'Une voiture a au plus 50 équipements.',
  'A set keeps at most 200 mountings.': 'Un équipement garde au plus 200 montages.',
  'This reset link is invalid or has expired. Please ask for a new one.':
    'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  'You are not allowed to do that.': 'Vous n’avez pas le droit de faire cela.',
  'You can only chat with your friends.': 'Vous ne pouvez discuter qu’avec vos amis.',
  'You can only write to your friends.': 'Vous ne pouvez écrire qu’à vos amis.',
  'This image could not be read.': 'Cette image n’a pas pu être lue.',
  'Send this upload as multipart/form-data.': 'Envoyez ce fichier en multipart/form-data.',
  'Send the avatar as multipart/form-data.': 'Envoyez l’avatar en multipart/form-data.',
  'Send one image only.': 'Envoyez une seule image.',
  'Too many files or fields in this upload.': 'Trop de fichiers ou de champs dans cet envoi.',
  'Your avatar is being changed from another device: try again.':
    'Votre avatar est en train de changer depuis un autre appareil : réessayez.',
  'This friendship is changing right now: try again.': 'Cette amitié est en train de changer : réessayez.',
  'A request with this Idempotency-Key is still being processed. Try again shortly.':
    'Une requête avec cette clé d’idempotence est encore en cours. Réessayez bientôt.',
  'This Idempotency-Key was already used for a different request.':
    'Cette clé d’idempotence a déjà servi pour une autre requête.',
};

/** `${what} not found.` (errors.ts notFound): the things, in French, with their gender. */
const THINGS: Record<string, string> = {
  Resource: 'Élément introuvable.',
  User: 'Membre introuvable.',
  Member: 'Membre introuvable.',
  Car: 'Voiture introuvable.',
  'Car log': 'Entrée du carnet introuvable.',
  Reminder: 'Rappel introuvable.',
  Equipment: 'Équipement introuvable.',
  'History link': 'Lien d’historique introuvable.',
  Post: 'Publication introuvable.',
  Comment: 'Commentaire introuvable.',
  File: 'Fichier introuvable.',
  Image: 'Image introuvable.',
  Avatar: 'Avatar introuvable.',
  Message: 'Message introuvable.',
  Notification: 'Notification introuvable.',
  Friend: 'Ami introuvable.',
  'Friend request': 'Demande d’ami introuvable.',
  'Chat group': 'Groupe de discussion introuvable.',
  'Chat room': 'Salon de discussion introuvable.',
  'Chat message': 'Message de discussion introuvable.',
  'Legal document': 'Document juridique introuvable.',
};

function french(code: ErrorCode, message: string): string {
  const fixed = BY_MESSAGE[message];
  if (fixed) return fixed;
  const missing = /^(.+) not found\.$/.exec(message);
  if (code === 'NOT_FOUND' && missing) return THINGS[missing[1]!] ?? BY_CODE.NOT_FOUND;
  // car-logs-service.ts odometerError()
  const order = /^The odometer reading (\d+) is (lower|higher) than (\d+) on ([\d-]+)\.$/.exec(message);
  if (order) {
    const side = order[2] === 'lower' ? 'inférieur' : 'supérieur';
    return `Le relevé du compteur ${order[1]} est ${side} à celui de ${order[3]} du ${order[4]}.`;
  }
  const jump = /^The odometer reading (\d+) means (\d+) (\S+) a day since (\d+) on ([\d-]+)\.$/.exec(message);
  if (jump)
    return `Le relevé du compteur ${jump[1]} suppose ${jump[2]} ${jump[3]} par jour depuis ${jump[4]} le ${jump[5]}.`;
  // rate-limit.ts retryMessage()
  const wait = /^Too many requests\. Please wait (\d+) (second|seconds|minutes) before trying again\.$/.exec(
    message,
  );
  if (wait) {
    const n = Number(wait[1]);
    const unit = wait[2] === 'minutes' ? 'minutes' : n === 1 ? 'seconde' : 'secondes';
    return `Trop de requêtes. Patientez ${n} ${unit} avant de réessayer.`;
  }
  return BY_CODE[code] ?? message;
}

/** The message for `locale` (null: the request named none and the member chose none: English). */
export function localizedMessage(code: string, message: string, locale: ServerLocale | null): string {
  if (locale !== 'fr-FR') return message;
  return french(code as ErrorCode, message);
}

/**
 * The language a member chose (users.language), or null. The HTTP layer knows no feature: the
 * accounts feature's lookup is handed to it at build time (app.ts, registerErrorHandling).
 */
export type MemberLanguage = (memberId: string) => Promise<ServerLocale | null>;

/**
 * The language of an error answer: the best of Accept-Language that the server speaks, else the
 * language the signed-in member chose, else null (English, as always).
 */
export async function errorLocale(
  request: FastifyRequest,
  memberLanguage: MemberLanguage | undefined,
): Promise<ServerLocale | null> {
  const asked = matchAcceptLanguage(request.headers['accept-language']);
  if (asked) return asked;
  const memberId = (request.member as { id?: string } | null | undefined)?.id;
  if (!memberId || !memberLanguage) return null;
  try {
    return await memberLanguage(memberId);
  } catch {
    return null; // the database is down: the 503 goes out in English
  }
}
