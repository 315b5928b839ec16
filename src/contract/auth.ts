import { Type, type Static } from 'typebox';
import { CurrentUser } from './user';

export const USERNAME_PATTERN = '^[A-Za-z0-9_.-]{3,30}$';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const SignupBody = Type.Object(
  {
    id: Type.Optional(Type.String({ format: 'uuid' })),
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
    username: Type.String({ pattern: USERNAME_PATTERN }),
    firstName: Type.String({ minLength: 1, maxLength: 80 }),
    lastName: Type.String({ minLength: 1, maxLength: 80 }),
    city: Type.Optional(Type.String({ maxLength: 120 })),
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
