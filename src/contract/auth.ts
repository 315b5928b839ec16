import { Type, type Static } from 'typebox';
import { CurrentUser } from './user';

import {
  CITY_MAX,
  EMAIL_MAX,
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PERSON_NAME_MAX,
  USERNAME_PATTERN,
} from './constants';

export { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN };

export const SignupBody = Type.Object(
  {
    id: Type.Optional(Type.String({ format: 'uuid' })),
    email: Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX }),
    password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
    username: Type.String({ pattern: USERNAME_PATTERN }),
    firstName: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX }),
    lastName: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX }),
    city: Type.Optional(Type.String({ maxLength: CITY_MAX })),
    acceptedTermsVersion: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
        description:
          'The version of the terms of use (GET /legal/terms) the new member accepted; recorded with the date. Older clients omit it.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const AuthSession = Type.Object({
  token: Type.String(),
  refreshToken: Type.String(),
  user: CurrentUser,
});
export type AuthSession = Static<typeof AuthSession>;

export const RefreshBody = Type.Object(
  { refreshToken: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);
export type RefreshBody = Static<typeof RefreshBody>;

/** The spec reads both `accessToken` and `token`: they carry the same value. */
export const RefreshResult = Type.Object({
  accessToken: Type.String(),
  token: Type.String(),
  refreshToken: Type.String(),
});
export type RefreshResult = Static<typeof RefreshResult>;

export const ForgotPasswordBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 512 }),
    newPassword: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** Logout takes no body; a refresh token, when sent, has its family revoked too. */
export const LogoutBody = Type.Object(
  { refreshToken: Type.Optional(Type.String({ maxLength: 512 })) },
  { additionalProperties: false },
);
export type LogoutBody = Static<typeof LogoutBody>;

export const ValidateResetTokenResult = Type.Object({ valid: Type.Literal(true) });
export type ValidateResetTokenResult = Static<typeof ValidateResetTokenResult>;

/** forgot-password and reset-password answer a sentence to show as it is. */
export const MessageResult = Type.Object({ message: Type.String() });
export type MessageResult = Static<typeof MessageResult>;

/** A configured outside sign-in provider: `name` is the path segment of /auth/{name}. */
export const AuthProvider = Type.Object({ name: Type.String(), label: Type.String() });
export type AuthProvider = Static<typeof AuthProvider>;

/** Codes the server puts in `/auth/callback#error=<CODE>` when an outside sign-in fails. */
export const EXTERNAL_SIGN_IN_ERRORS = [
  'PROVIDER_UNAVAILABLE',
  'ACCESS_DENIED',
  'INVALID_STATE',
  'SIGN_IN_FAILED',
  'EMAIL_REQUIRED',
  'EMAIL_NOT_VERIFIED',
] as const;
export type ExternalSignInError = (typeof EXTERNAL_SIGN_IN_ERRORS)[number];

export const LEGAL_TYPES = ['terms', 'privacy'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];
export const LegalDocument = Type.Object({
  type: Type.String(),
  locale: Type.String(),
  title: Type.String(),
  updatedAt: Type.String(),
  /** Plain paragraphs; rendered as text, never as HTML. */
  paragraphs: Type.Array(Type.String()),
});
export type LegalDocument = Static<typeof LegalDocument>;
