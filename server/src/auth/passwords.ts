import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import argon2 from 'argon2';
import type * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../src/contract/auth';
import { badRequest } from '../http/errors';

/** OWASP / ASVS appendix C: argon2id, m = 19 MiB (configurable upwards), t = 2, p = 1. */
export const ARGON2_TIME_COST = 2;
export const ARGON2_PARALLELISM = 1;

// Loaded once, on the first sign-up or reset (not at start-up: the package holds several MiB of
// word lists): about 49k of the most used passwords, compared case-insensitively.
let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    (
      createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof zxcvbnCommon
    ).dictionary.passwords.map((p) => p.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** The rules beyond the schema's length check; `field` names the body field in the error. */
export function assertAcceptablePassword(password: string, field: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    throw badRequest('Some fields are missing or invalid.', [
      { field, message: `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` },
    ]);
  }
  if (isCommonPassword(password)) {
    throw badRequest('This password is too common.', [
      { field, message: 'is among the most common passwords; choose another one' },
    ]);
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** false for a wrong password and for a digest that cannot be read. */
  verify(digest: string, password: string): Promise<boolean>;
  needsRehash(digest: string): boolean;
  /**
   * A digest at the configured cost with a random salt and a random hash: verifying any password
   * against it costs exactly a real verify and never succeeds. No hashing, so start-up does not pay
   * for it (a real hash of a random password took ~50 ms and 19 MiB before the first listen).
   */
  dummyDigest(): string;
}

/** PHC string encoding, as argon2.hash writes it: standard base64 without padding. */
const phcBase64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
const ARGON2_SALT_BYTES = 16;
const ARGON2_HASH_BYTES = 32;
/** 0x13, the only version argon2.hash writes. */
const ARGON2_VERSION = 19;

/** argon2 runs on the libuv thread pool, so hashing never blocks the event loop. */
export function createPasswordHasher(memoryKiB: number): PasswordHasher {
  const options = {
    type: argon2.argon2id,
    memoryCost: memoryKiB,
    timeCost: ARGON2_TIME_COST,
    parallelism: ARGON2_PARALLELISM,
  };
  return {
    hash: (password) => argon2.hash(password, options),
    async verify(digest, password) {
      try {
        return await argon2.verify(digest, password);
      } catch {
        return false;
      }
    },
    needsRehash: (digest) => argon2.needsRehash(digest, options),
    dummyDigest: () =>
      `$argon2id$v=${ARGON2_VERSION}$m=${memoryKiB},t=${ARGON2_TIME_COST},p=${ARGON2_PARALLELISM}` +
      `$${phcBase64(randomBytes(ARGON2_SALT_BYTES))}$${phcBase64(randomBytes(ARGON2_HASH_BYTES))}`,
  };
}
